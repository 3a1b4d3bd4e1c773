"""players' records: profiles, tokens, sign-in codes, badges, ratings, results; seat_players

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

from regalia.records.tables import RecordsBase

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

RECORDS_TABLES = ("profiles", "profile_tokens", "profile_sign_in_codes", "profile_badges", "player_ratings",
                  "player_rating_points", "match_results", "match_result_seats")
"""``regalia.records`` declares these with portable types only; they are created from its metadata as
declared at this revision (a later change to them gets its own revision)."""


def upgrade() -> None:
    tables = [RecordsBase.metadata.tables[name] for name in RECORDS_TABLES]
    RecordsBase.metadata.create_all(op.get_bind(), tables=tables, checkfirst=True)
    op.create_table(
        "seat_players",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("profile_id", sa.String(24), nullable=False),
    )
    op.create_index("ix_seat_players_profile_id", "seat_players", ["profile_id"])


def downgrade() -> None:
    op.drop_index("ix_seat_players_profile_id", "seat_players")
    op.drop_table("seat_players")
    tables = [RecordsBase.metadata.tables[name] for name in RECORDS_TABLES]
    RecordsBase.metadata.drop_all(op.get_bind(), tables=tables, checkfirst=True)
