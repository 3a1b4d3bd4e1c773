"""match_play: turn-based time per move, its deadline and lapses, and the table talk's switch;
chat_lines: each match's table talk

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match_play",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("pace", sa.Integer(), nullable=True),
        sa.Column("chat", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("host_seat", sa.Integer(), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("turn_version", sa.Integer(), nullable=True),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lapses", sa.JSON(), nullable=False),
    )
    op.create_index("ix_match_play_deadline", "match_play", ["deadline"])
    op.create_table(
        "chat_lines",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_lines")
    op.drop_index("ix_match_play_deadline", "match_play")
    op.drop_table("match_play")
