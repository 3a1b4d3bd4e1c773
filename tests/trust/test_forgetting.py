"""Per-match state must not outlive the match: a server runs for months (the soak's promise, made exact).

A finished match leaves the hub, the referee and the scorekeeper's working tables once nobody is
connected to it — also when it ended with nobody watching (computers, or zombies for gone players) —
and the scorekeeper's memory of recorded matches is bounded.
"""

from __future__ import annotations

import time

import pytest

from regalia.server import scorekeeper as scorekeeper_module

from .inproc import InProcess, in_process


@pytest.fixture
def app(tmp_path):
    yield from in_process(tmp_path / "forget.db")


def wait_over(app: InProcess, match_id: str) -> None:
    for _ in range(2000):
        if app.client.get(f"/api/matches/{match_id}").json()["is_over"]:
            return
        time.sleep(0.01)
    pytest.fail(f"match {match_id} never ended")


def nothing_kept_about(app: InProcess, match_id: str) -> None:
    state = app.client.app.state  # type: ignore[attr-defined]
    referee, keeper = state.referee, state.scorekeeper
    for _ in range(500):  # the scorekeeper's and the zombie's tasks settle on the server's loop
        if match_id not in keeper.kept and match_id not in referee.zombies:
            break
        time.sleep(0.01)
    assert match_id not in app.hub.live
    assert match_id not in app.hub._loading
    for table in (referee.turns, referee.absent, referee.zombies, keeper.kept):
        assert match_id not in table


def test_a_match_the_computers_finish_with_nobody_watching_is_forgotten(app):
    ids = [app.new_match("pig", seats=[{"kind": "computer"}, {"kind": "computer"}], target=10)["match"]
           for _ in range(5)]
    for match_id in ids:
        wait_over(app, match_id)
    for match_id in ids:
        nothing_kept_about(app, match_id)
        assert app.client.get(f"/api/matches/{match_id}/record").status_code == 200  # replayed on demand


def test_a_match_finished_at_the_table_is_forgotten_when_its_players_leave(app):
    created = app.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}], target=5)
    with app.client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "hello", "tokens": list(created["tokens"].values())})
        state = ws.receive_json()
        for _ in range(3000):
            if state["view"]["is_over"]:
                break
            action = "stop" if "stop" in state["legal"] and state["version"] % 3 == 2 else "roll"
            ws.send_json({"type": "act", "seat": state["seat"], "version": state["version"], "action": action})
            state = ws.receive_json()
            assert state["type"] == "update", state
        assert created["match"] in app.hub.live  # still shown to its table
    nothing_kept_about(app, created["match"])


def test_a_match_the_zombies_finish_for_players_who_left_is_forgotten(app):
    created = app.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}], target=5)
    match_id, tokens = created["match"], list(created["tokens"].values())
    with app.client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        ws.receive_json()
        ws.send_json({"type": "hello", "tokens": tokens})
        ws.receive_json()
    answer = app.client.post(f"/api/matches/{match_id}/leavers", json={"seat_token": tokens[0], "grace": 0})
    assert answer.status_code == 200, answer.text
    app.hub._notify(app.hub.live[match_id])  # the referee looks again now that the grace is 0
    wait_over(app, match_id)
    nothing_kept_about(app, match_id)


def test_an_address_s_sign_in_attempts_are_forgotten_when_it_goes_quiet():
    from regalia.server.profiles_api import Attempts

    attempts = Attempts(limit=2, window=0.0)
    for number in range(10_050):
        attempts.allow(f"10.0.{number // 256}.{number % 256}")
    assert len(attempts.seen) <= 10_001


def test_the_scorekeeper_remembers_only_the_newest_recorded_matches(app, monkeypatch):
    monkeypatch.setattr(scorekeeper_module, "RECORDED_REMEMBERED", 3)
    keeper = app.client.app.state.scorekeeper  # type: ignore[attr-defined]
    ids = [app.new_match("pig", seats=[{"kind": "computer"}, {"kind": "computer"}], target=10)["match"]
           for _ in range(6)]
    for match_id in ids:
        wait_over(app, match_id)
        assert app.client.get(f"/api/matches/{match_id}/result").status_code == 200  # recorded
    assert len(keeper.recorded) <= 3
    again = app.client.get(f"/api/matches/{ids[0]}/result")  # forgotten, reloaded: recorded once, not twice
    assert again.status_code == 200 and len(again.json()["seats"]) == 2
