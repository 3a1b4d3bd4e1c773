"""stand_ins: the gone people's seats a computer on some server instance plays, so every instance's tables
show them away

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "stand_ins",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("instance", sa.String(32), primary_key=True),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_stand_ins_seen_at", "stand_ins", ["seen_at"])


def downgrade() -> None:
    op.drop_index("ix_stand_ins_seen_at", "stand_ins")
    op.drop_table("stand_ins")
