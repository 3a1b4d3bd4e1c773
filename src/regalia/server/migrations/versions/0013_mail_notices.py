"""mail_notices: E-mail notices: a profile's verified address, its codes, and the notices sent

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mail_addresses",
        sa.Column("profile_id", sa.String(24), primary_key=True),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("pending", sa.String(254), nullable=True),
        sa.Column("code_hash", sa.String(64), nullable=True),
        sa.Column("code_expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("code_tries", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("unsubscribe", sa.String(64), nullable=True, unique=True),
        sa.Column("site", sa.String(200), nullable=True),
        sa.Column("digest_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "mail_notices",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("turn_version", sa.Integer(), primary_key=True),
        sa.Column("profile_id", sa.String(24), primary_key=True),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("mail_notices")
    op.drop_table("mail_addresses")
