"""Alembic environment: the URL comes from the caller (``regalia.server.migrate``), never from a file."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, pool

from regalia.records import RecordsBase
from regalia.server import seat_players  # noqa: F401  (its table joins Base.metadata)
from regalia.server.models import Base

config = context.config
target_metadata = [Base.metadata, RecordsBase.metadata]


def run_migrations_online() -> None:
    connectable = config.attributes.get("connection")
    if connectable is not None:
        _run(connectable)
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "", poolclass=pool.NullPool)
    with engine.connect() as connection:
        _run(connection)
    engine.dispose()


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    # batch mode lets SQLite's limited ALTER TABLE take future column changes
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata,
                      literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
