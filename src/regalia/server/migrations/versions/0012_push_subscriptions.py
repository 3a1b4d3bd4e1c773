"""push_subscriptions: Web Push: the server's VAPID keys and each profile's push subscriptions

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05
"""

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass  # the tables are added by the work on issue 45 (a slot kept so two changes do not fork the chain)


def downgrade() -> None:
    pass
