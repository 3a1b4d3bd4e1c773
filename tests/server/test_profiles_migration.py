"""The records' Alembic revision: it makes exactly the tables the code declares, and goes down again."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from regalia.records import RecordsBase
from regalia.server import notes, seat_players  # noqa: F401  (their tables join Base.metadata)
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


def test_a_database_of_an_older_release_is_brought_up_with_its_matches_playable(tmp_path: Path):
    """A server of revision 0003 (before invites, kept leaver rules and presence) left a match in play."""
    from datetime import UTC, datetime

    from regalia.server.app import create_app
    from tests.server.conftest import serve
    from tests.server.toys import toy_catalog

    url = f"sqlite:///{tmp_path / 'old.db'}"
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, "0003")
    engine = create_engine(url)
    now = datetime.now(UTC)
    with engine.begin() as db:
        db.exec_driver_sql(
            "INSERT INTO matches (id, game, options, seed, seed_commitment, created_at, updated_at, version, is_over)"
            " VALUES ('old1', 'pig', '{}', 's', 'c', ?, ?, 0, 0)", (now, now))
        db.exec_driver_sql("INSERT INTO seats (match_id, seat, kind) VALUES ('old1', 0, 'human'), ('old1', 1, 'human')")
    engine.dispose()
    for server in serve(create_app(url, catalog=toy_catalog(), bot_pause=0.0)):  # upgrades at start
        info = server.http.get("/api/matches/old1").json()
        assert [(s["open"], s["invite_only"]) for s in info["seats"]] == [(True, False), (True, False)]
        assert info["leavers"]["grace"] == 60.0  # no rule kept: the server's default
        claimed = server.http.post("/api/matches/old1/seats/1/claim")  # open to anyone, as it was
        assert claimed.status_code == 200
        player = server.ws("old1")
        assert player.hello(claimed.json()["token"])["seats"] == [1]
        player.close()
