"""push_subscriptions: Web Push: the server's VAPID keys and each profile's push subscriptions

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_keys",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("private_key", sa.String(64), nullable=False),
        sa.Column("public_key", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("endpoint", sa.String(2048), nullable=False),
        sa.Column("profile_id", sa.String(24), nullable=False),
        sa.Column("p256dh", sa.String(100), nullable=False),
        sa.Column("auth", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_push_subscriptions_profile_id", "push_subscriptions", ["profile_id"])
    op.create_table(
        "push_turns",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("turn_version", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("push_turns")
    op.drop_index("ix_push_subscriptions_profile_id", "push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("push_keys")
