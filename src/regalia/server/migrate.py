"""Bring a database to the newest schema with the packaged Alembic migrations (idempotent)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from .store import sync_url

MIGRATIONS = Path(__file__).with_name("migrations")


def upgrade(url: str) -> None:
    """``alembic upgrade head`` on ``url`` (any SQLAlchemy URL; async drivers are swapped for sync)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    command.upgrade(config, "head")
