"""A full disk, as real as the machine allows: the real SQLite engine says "database or disk is full"
through the real store, and the player is told clearly, nothing is corrupted, play resumes with space.

Two ways to fill the disk, both real for SQLite (no store method is replaced):

* ``tmpfs``: the database lives on a small RAM file system mounted for the test, and a filler file takes
  every free byte, so the engine's own write gets ENOSPC (needs the right to mount: root in a container);
* ``max_page_count``: SQLite's own cap on the file, put on every connection the server's pool hands out
  (``PRAGMA max_page_count``), so the engine returns SQLITE_FULL as when a disk runs out.

``test_a_full_disk_...`` takes the realest the machine allows (tmpfs where mounting works, else the cap);
``test_a_database_at_its_page_cap_...`` always takes the cap, so each way runs wherever it can.
"""

from __future__ import annotations

import contextlib
import errno
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from regalia.server import app as server_app
from regalia.server.faults import UNAVAILABLE

from .inproc import InProcess, in_process

FILLER_CHUNK = 1 << 16
NO_CAP = 1_073_741_823  # SQLite's default max_page_count


class Disk:
    """Where the database goes, and how to fill and free the space it lives in."""

    how = ""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def attach(self, app: InProcess) -> None:
        """Called once the server runs on ``folder / 'full.db'``."""

    def fill(self) -> None:
        raise NotImplementedError

    def free(self) -> None:
        raise NotImplementedError


class TmpfsDisk(Disk):
    how = "tmpfs"

    def fill(self) -> None:
        with open(self.folder / "filler", "ab", buffering=0) as filler:
            chunk = FILLER_CHUNK
            while chunk:
                try:
                    filler.write(b"\0" * chunk)
                except OSError as exc:
                    assert exc.errno == errno.ENOSPC, exc
                    chunk //= 2  # take the last crumbs too
        assert shutil.disk_usage(self.folder).free < FILLER_CHUNK

    def free(self) -> None:
        (self.folder / "filler").unlink()


class PageCapDisk(Disk):
    how = "max_page_count"

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.cap = NO_CAP

    def attach(self, app: InProcess) -> None:
        def cap_pages(dbapi_connection: Any, *_args: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute(f"PRAGMA max_page_count = {self.cap}")  # never below the pages in use
            cursor.close()

        event.listen(app.hub.store.engine.sync_engine, "checkout", cap_pages)

    def fill(self) -> None:
        with contextlib.closing(sqlite3.connect(self.folder / "full.db")) as conn:
            (self.cap,) = conn.execute("PRAGMA page_count").fetchone()

    def free(self) -> None:
        self.cap = NO_CAP


@contextlib.contextmanager
def tmpfs_or_none(folder: Path) -> Iterator[TmpfsDisk | None]:
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(folder)],
                             capture_output=True, check=False).returncode == 0 if shutil.which("mount") else False
    try:
        yield TmpfsDisk(folder) if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], check=False)


@contextlib.contextmanager
def hot_seat(app: InProcess) -> Iterator[tuple[dict, Any, dict]]:
    created = app.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}], target=100)
    with app.client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "hello", "tokens": list(created["tokens"].values())})
        yield created, ws, ws.receive_json()


def act(ws: Any, state: dict) -> dict:
    """Always "roll": a Pig match that only rolls never ends, so the disk runs out before the match does."""
    ws.send_json({"type": "act", "seat": state["seat"], "version": state["version"], "action": "roll"})
    return ws.receive_json()


def stored(path: Path, match_id: str) -> list[int]:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return [v for (v,) in conn.execute("SELECT version FROM actions WHERE match_id = ? ORDER BY version",
                                           (match_id,))]


def integrity(path: Path) -> str:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])


def play_through_a_full_disk(disk: Disk) -> None:
    db = disk.folder / "full.db"
    with pytest.MonkeyPatch.context() as patch:
        # the socket's message limit is not under test: a fast server reaches it (60 at once) before the disk fills
        patch.setattr(server_app, "LOOPBACK", server_app.LOOPBACK | {"testclient"})
        fill_and_free(disk, db)


def fill_and_free(disk: Disk, db: Path) -> None:
    with contextlib.contextmanager(in_process)(db) as app, hot_seat(app) as (created, ws, state):
        disk.attach(app)
        match_id = created["match"]
        for _ in range(3):
            state = act(ws, state)
            assert state["type"] == "update"
        disk.fill()
        # play on as a player would: every action the server acknowledges is stored, until one is refused
        acknowledged = state["version"]
        for _ in range(500):
            before = app.snapshot(match_id)
            answer = act(ws, state)
            if answer["type"] == "refused":
                break
            state = answer
            acknowledged = state["version"]
        else:
            pytest.fail(f"the disk ({disk.how}) never ran out in 500 actions")
        assert UNAVAILABLE in answer["reason"] and "full" in answer["reason"], answer
        assert app.snapshot(match_id) == before  # the refused action is taken back: memory is as stored
        ws.send_json({"type": "ping"})
        shown = ws.receive_json()
        assert shown["type"] == "update" and shown["version"] == acknowledged  # the table shows the truth
        assert stored(db, match_id) == list(range(acknowledged))  # every acknowledged action, nothing more
        # a new match is a few rows: it may still fit in pages the file already has; if not, a clear 503
        new = app.client.post("/api/matches", json={"game": "pig"})
        assert new.status_code == 201 or (new.status_code == 503 and new.json()["detail"] == UNAVAILABLE), new.text
        assert app.client.get(f"/api/matches/{match_id}").json()["version"] == acknowledged  # reads still work
        assert integrity(db) == "ok"

        disk.free()
        again = act(ws, state)
        assert again["type"] == "update" and again["version"] == acknowledged + 1, again
        for _ in range(5):
            again = act(ws, again)
            assert again["type"] == "update"
        assert stored(db, match_id) == list(range(again["version"]))
        assert app.client.post("/api/matches", json={"game": "pig"}).status_code == 201
    assert integrity(db) == "ok"


def test_a_full_disk_refuses_the_action_clearly_corrupts_nothing_and_play_resumes_with_space(tmp_path):
    with tmpfs_or_none(tmp_path / "disk") as tmpfs:
        play_through_a_full_disk(tmpfs or PageCapDisk(tmp_path / "disk"))


def test_a_database_at_its_page_cap_refuses_clearly_corrupts_nothing_and_play_resumes(tmp_path):
    (tmp_path / "disk").mkdir()
    play_through_a_full_disk(PageCapDisk(tmp_path / "disk"))
