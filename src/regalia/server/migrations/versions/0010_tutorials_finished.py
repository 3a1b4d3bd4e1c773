"""tutorials_finished: the games whose tutorial each profile has finished

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tutorials_finished",
        sa.Column("profile_id", sa.String(24), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tutorials_finished")
