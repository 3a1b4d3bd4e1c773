"""Two matches ending at once with the same player (a computer level) must both count: no lost update."""

import asyncio

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

from regalia.ratings.multiplayer import computer_player_id
from regalia.records import create_profile, create_tables, record_result
from regalia.records.tables import RatingRow

pytestmark = pytest.mark.anyio
HARD = computer_player_id("kings-gold", "hard")


def _like_the_server(dbapi_connection, _record):
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=5000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


async def test_concurrent_results_for_one_player_all_count(tmp_path, clock):
    engine = create_async_engine(f"sqlite+aiosqlite:///{tmp_path / 'records.db'}")
    event.listen(engine.sync_engine, "connect", _like_the_server)
    await create_tables(engine)
    sessions = async_sessionmaker(engine, expire_on_commit=False)
    async with sessions.begin() as s:
        people = [(await create_profile(s, f"Captain {i}", clock=clock)).profile.id for i in range(6)]

    async def one(person):
        async with sessions.begin() as s:
            await record_result(s, "kings-gold", [HARD, person], {"winners": [0], "scores": [40, 10]}, clock=clock)

    await asyncio.gather(*(one(p) for p in people))

    async def again(match_id):  # the same match reported twice at once: recorded once
        async with sessions.begin() as s:
            return await record_result(s, "kings-gold", [HARD, people[0]], {"winners": [1], "scores": [0, 9]},
                                       match_id=match_id, clock=clock)

    first, second = await asyncio.gather(again("twice"), again("twice"))
    async with sessions() as s:
        row = await s.get(RatingRow, (HARD, "kings-gold"))
    await engine.dispose()
    assert row.games == 7 and row.wins == 6
    assert sorted([first.already_recorded, second.already_recorded]) == [False, True]
