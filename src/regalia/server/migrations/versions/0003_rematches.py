"""rematches: a finished match and the one rematch started from it

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rematches",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rematch_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rematches")
