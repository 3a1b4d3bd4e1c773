"""The store's group commit on SQLite: many matches' actions in one transaction, each row exactly right.

A batch is written with multi-row statements (``INSERT ... VALUES (..), (..)`` and ``UPDATE ... FROM
(VALUES ...)``), split into statements of at most ``SQLITE_ROWS_PER_STATEMENT`` rows, so these tests
cross that size and check every stored row and every match's bookkeeping against what was appended.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from regalia.server import store as store_module
from regalia.server.migrate import upgrade
from regalia.server.store import Store, StoredMatch, StoredSeat


def stored_rows(path: Path) -> tuple[list[tuple[str, int, int, str]], dict[str, tuple[int, int, str | None]]]:
    with sqlite3.connect(path) as db:
        actions = db.execute("SELECT match_id, version, seat, action FROM actions ORDER BY match_id, version").fetchall()
        matches = {row[0]: row[1:] for row in db.execute("SELECT id, version, is_over, result FROM matches")}
    return actions, matches


@pytest.mark.parametrize("matches", [1, 3, store_module.SQLITE_ROWS_PER_STATEMENT + 7])
def test_a_batch_of_many_matches_stores_every_action_and_bumps_every_match(tmp_path: Path, matches: int) -> None:
    path = tmp_path / "batch.db"
    url = f"sqlite:///{path}"
    upgrade(url)
    ids = [f"m{i:03d}" for i in range(matches)]

    async def scenario() -> int:
        store = Store(url)
        await store.start()
        for match_id in ids:
            await store.create_match(StoredMatch(match_id, "pig", {}, "seed", "c", [StoredSeat(0, "human")], []))
        # three rounds, each one burst: every match's action waits in the queue together
        for version in range(3):
            last = version == 2
            await asyncio.gather(*(
                store.append(match_id, version, 0, f"act {version} of {match_id}", is_over=last and i % 2 == 0,
                             result={"winners": [0]} if last and i % 2 == 0 else None)
                for i, match_id in enumerate(ids)))
        commits = store.commits
        await store.close()
        return commits

    commits = asyncio.run(scenario())
    actions, bumped = stored_rows(path)
    assert actions == [(m, v, 0, f"act {v} of {m}") for m in ids for v in range(3)]
    for i, match_id in enumerate(ids):
        version, is_over, result = bumped[match_id]
        assert version == 3 and bool(is_over) == (i % 2 == 0)
        assert (result == '{"winners": [0]}') if i % 2 == 0 else result in (None, "null")
    assert commits <= 3 * matches and (matches == 1 or commits < 3 * matches)  # grouped, not one per action


def test_two_actions_of_one_match_in_one_batch_leave_the_later_version(tmp_path: Path) -> None:
    path = tmp_path / "twice.db"
    url = f"sqlite:///{path}"
    upgrade(url)

    async def scenario() -> None:
        store = Store(url)
        await store.start()
        await store.create_match(StoredMatch("x", "pig", {}, "seed", "c", [StoredSeat(0, "human")], []))
        await asyncio.gather(store.append("x", 0, 0, "roll"), store.append("x", 1, 0, "stop"))
        await store.close()

    asyncio.run(scenario())
    actions, bumped = stored_rows(path)
    assert actions == [("x", 0, 0, "roll"), ("x", 1, 0, "stop")]
    assert bumped["x"][0] == 2


@pytest.mark.parametrize("total", [0, 1, 2, 3, 7, 13, 64, 127, 128, 129, 300, 1000])
def test_a_batch_is_written_in_runs_of_powers_of_two_so_few_statement_texts_exist(total: int) -> None:
    """Every batch size maps onto statements of 128, 64, ..., 1 rows: all rows, in order, each once, and the
    driver never prepares (and keeps) more than eight texts of each kind, whatever sizes the load brings."""
    rows = [(i,) for i in range(total)]
    runs = list(store_module._runs(rows))
    assert [row for run in runs for row in run] == rows
    sizes = [len(run) for run in runs]
    assert all(size in {1 << k for k in range(8)} for size in sizes)
    assert sizes == sorted(sizes, reverse=True)
    assert len(runs) <= total // store_module.SQLITE_ROWS_PER_STATEMENT + 7 if total else runs == []
