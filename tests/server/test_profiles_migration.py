"""The records' Alembic revision: it makes exactly the tables the code declares, and goes down again."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from regalia.records import RecordsBase
from regalia.server import seat_players  # noqa: F401  (its table joins Base.metadata)
from regalia.server.migrate import MIGRATIONS, upgrade
from regalia.server.models import Base


def test_the_migrated_schema_is_the_declared_one(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'm.db'}"
    upgrade(url)
    upgrade(url)  # idempotent
    engine = create_engine(url)
    with engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), [Base.metadata, RecordsBase.metadata])
    engine.dispose()
    assert diff == []


def test_the_records_revision_goes_down_cleanly(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'd.db'}"
    upgrade(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url)
    command.downgrade(config, "0001")
    engine = create_engine(url)
    tables = set(inspect(engine).get_table_names())
    engine.dispose()
    assert {"matches", "seats", "actions"} <= tables
    assert not tables & {"profiles", "seat_players", "match_results"}
