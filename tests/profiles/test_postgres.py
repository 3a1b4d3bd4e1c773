"""The records flow on PostgreSQL (psycopg 3, async): a throwaway cluster, or REGALIA_PG_URL if set.

SQLite is the embedded default; this proves the same tables and queries (UPDATE ... RETURNING for
single-use codes, SELECT ... FOR UPDATE around rating updates, JSON, aware datetimes) on the production
database. scripts/test installs PostgreSQL; the cluster lives in a temporary folder for this module only.
"""

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

from regalia.ratings.multiplayer import computer_player_id
from regalia.records import (
    create_profile,
    create_tables,
    issue_sign_in_code,
    profile_page,
    record_result,
    redeem_sign_in_code,
)
from regalia.records.tables import RecordsBase

pytestmark = pytest.mark.anyio


def _pg_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    if not found:
        pytest.fail("PostgreSQL server binaries are missing: run scripts/setup.sh (apt postgresql) "
                    "or set REGALIA_PG_URL")
    return found[-1].parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def pg_url():
    if os.environ.get("REGALIA_PG_URL"):
        yield os.environ["REGALIA_PG_URL"]
        return
    pg, port = _pg_bin(), _free_port()
    folder = Path(tempfile.mkdtemp(prefix="regalia-pg-"))
    as_pg = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if as_pg:
        shutil.chown(folder, "postgres")
    data = folder / "data"
    subprocess.run([*as_pg, pg / "initdb", "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8",
                    "--locale=C.UTF-8", "--no-sync"], check=True, capture_output=True)
    options = (f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
               "-c synchronous_commit=off -c full_page_writes=off")
    subprocess.run([*as_pg, pg / "pg_ctl", "-D", data, "-l", folder / "log", "-w", "-o", options, "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_pg, pg / "pg_ctl", "-D", data, "-m", "fast", "-w", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def pg_sessions(pg_url):
    engine = create_async_engine(pg_url)
    async with engine.begin() as conn:
        await conn.run_sync(RecordsBase.metadata.drop_all)
    await create_tables(engine)
    yield async_sessionmaker(engine, expire_on_commit=False)
    await engine.dispose()


async def test_records_flow_on_postgresql(pg_sessions, clock):
    hard = computer_player_id("kings-gold", "hard")
    async with pg_sessions.begin() as s:
        anne = await create_profile(s, "Anne Bonny", clock=clock)
        mary = await create_profile(s, "Mary Read", clock=clock)
        code = await issue_sign_in_code(s, anne.profile.id, clock=clock)
    async with pg_sessions.begin() as s:
        again = await redeem_sign_in_code(s, code, clock=clock)
    assert again.profile.id == anne.profile.id
    result = {"winners": [0], "scores": [80, 30, 12], "badges": ["Gold Pirate King", "Bronze Anchor", None]}
    async with pg_sessions.begin() as s:
        done = await record_result(s, "kings-gold", [anne.profile.id, mary.profile.id, hard], result,
                                   match_id="pg1", options={"players": 3}, clock=clock)
    assert done.changes[anne.profile.id].delta > 0
    async with pg_sessions() as s:
        page = await profile_page(s, anne.profile.id, clock=clock)
    assert page.best_badge == "Gold Pirate King" and page.history[0].finished_at == clock()
    assert page.history[0].extras["badges"][0] == "Gold Pirate King"


async def test_concurrent_results_for_one_player_all_count_on_postgresql(pg_sessions, clock):
    import asyncio

    from regalia.records.tables import RatingRow

    hard = computer_player_id("kings-gold", "hard")
    async with pg_sessions.begin() as s:
        people = [(await create_profile(s, f"Captain {i}", clock=clock)).profile.id for i in range(6)]

    async def one(person):
        async with pg_sessions.begin() as s:
            await record_result(s, "kings-gold", [hard, person], {"winners": [0], "scores": [40, 10]}, clock=clock)

    await asyncio.gather(*(one(p) for p in people))

    async def again(match_id):  # the same match reported twice at once: recorded once
        async with pg_sessions.begin() as s:
            return await record_result(s, "kings-gold", [hard, people[0]], {"winners": [1], "scores": [0, 9]},
                                       match_id=match_id, clock=clock)

    first, second = await asyncio.gather(again("twice"), again("twice"))
    async with pg_sessions() as s:
        row = await s.get(RatingRow, (hard, "kings-gold"))
    assert row.games == 7 and row.wins == 6
    assert sorted([first.already_recorded, second.already_recorded]) == [False, True]
