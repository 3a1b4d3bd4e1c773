"""leavers: the host's zombie mode is kept with the match (it was in one server's memory, lost on a restart)

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("leaver_grace", sa.Float(), nullable=True))
        batch.add_column(sa.Column("leaver_level", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("leaver_level")
        batch.drop_column("leaver_grace")
