"""The database locked, full or gone: a clear message, nothing corrupted, play resumes when it returns.

* locked: a real second SQLite connection holds an exclusive transaction past the server's busy timeout;
* full / gone: the store's writes and reads fail with the driver's own error (a failing store: a full
  disk cannot be made in a test container without root mounts);
* a missing directory at start: the server refuses to start and says which database it could not open.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager

import pytest
from sqlalchemy.exc import OperationalError

from regalia.server.app import create_app
from regalia.server.faults import UNAVAILABLE

from .inproc import InProcess, in_process


@pytest.fixture
def app(tmp_path):
    yield from in_process(tmp_path / "faults.db")


@contextmanager
def hot_seat(app: InProcess):
    """A Pig match whose two seats one socket holds: (created, socket, first state)."""
    created = app.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}], target=100)
    with app.client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "hello", "tokens": list(created["tokens"].values())})
        yield created, ws, ws.receive_json()


def act(ws, state, action="roll"):
    ws.send_json({"type": "act", "seat": state["seat"], "version": state["version"], "action": action})
    return ws.receive_json()


def stored_versions(path) -> list[int]:
    with sqlite3.connect(path) as conn:
        return [v for (v,) in conn.execute("SELECT version FROM actions ORDER BY match_id, version")]


def test_a_locked_database_refuses_the_action_clearly_changes_nothing_and_play_resumes(app, tmp_path):
    with hot_seat(app) as (created, ws, state):
        state = act(ws, state)
        before = app.snapshot(created["match"])
        locker = sqlite3.connect(tmp_path / "faults.db", isolation_level=None, timeout=0)
        locker.execute("BEGIN EXCLUSIVE")
        try:
            refusal = act(ws, state)  # waits out the server's busy_timeout (5 s), then gives up
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        assert refusal["type"] == "refused" and UNAVAILABLE in refusal["reason"], refusal
        assert app.snapshot(created["match"]) == before
        again = act(ws, state)
        assert again["type"] == "update" and again["version"] == state["version"] + 1
        assert stored_versions(tmp_path / "faults.db") == [0, 1]


def test_a_full_or_vanished_database_is_a_clear_refusal_and_a_503_and_nothing_is_corrupted(app, tmp_path):
    with hot_seat(app) as (created, ws, state):
        state = act(ws, state)
        state = act(ws, state)
        before = app.snapshot(created["match"])
        store = app.hub.store
        full = OperationalError("INSERT INTO actions", {}, sqlite3.OperationalError("database or disk is full"))

        async def fail(*_args, **_kwargs):
            raise full

        with pytest.MonkeyPatch.context() as patch:
            for method in ("_write", "load_match", "create_match", "list_matches", "claim_seat"):
                patch.setattr(store, method, fail)
            refusal = act(ws, state)
            assert refusal["type"] == "refused" and UNAVAILABLE in refusal["reason"], refusal
            assert app.snapshot(created["match"]) == before  # the unsaved action is taken back, from memory
            for response in (app.client.post("/api/matches", json={"game": "pig"}),
                             app.client.get("/api/matches?open=1"),
                             app.client.get(f"/api/matches/{created['match']}")):
                assert response.status_code == 503 and response.json()["detail"] == UNAVAILABLE
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["version"] == state["version"]  # the table still shows the true state
        again = act(ws, state, "stop")
        assert again["type"] == "update" and again["version"] == state["version"] + 1
        assert stored_versions(tmp_path / "faults.db") == [0, 1, 2]
        assert app.client.post("/api/matches", json={"game": "pig"}).status_code == 201


def test_a_database_in_a_missing_directory_stops_the_server_with_its_name(tmp_path):
    from fastapi.testclient import TestClient

    url = f"sqlite:///{tmp_path / 'no' / 'such' / 'dir' / 'x.db'}"
    with pytest.raises(OperationalError, match="unable to open database file"), \
            TestClient(create_app(url, bot_pause=0.0)):
        pass
