"""mail_notices: E-mail notices: a profile's verified address, its codes, and the notices sent

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05
"""

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass  # the tables are added by the work on issue 45 (a slot kept so two changes do not fork the chain)


def downgrade() -> None:
    pass
