"""match_play.hints: the host allowed hints at set-up (every person taking a seat agrees by taking it)

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("match_play", sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("match_play") as batch:
        batch.drop_column("hints")
