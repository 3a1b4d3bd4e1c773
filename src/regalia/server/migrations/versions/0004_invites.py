"""invites: a private match's open seat is taken only with its invite key (seats.invite_hash);
the rematch a match is of is looked up by the rematch (an index)

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
    op.create_index("ix_rematches_rematch_id", "rematches", ["rematch_id"])


def downgrade() -> None:
    op.drop_index("ix_rematches_rematch_id", "rematches")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")
