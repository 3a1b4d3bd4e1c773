"""Limits and abuse: floods, oversized frames, too many matches, tokens in logs, spectators, finished matches."""

from __future__ import annotations

import json
import logging
import time

import pytest
from websockets.exceptions import ConnectionClosed

from regalia.server.limits import LimitExceeded, MatchQuota, TokenBucket
from tests.server.conftest import server  # noqa: F401  (the real server fixture)

from .inproc import in_process


@pytest.fixture
def app(tmp_path):
    yield from in_process(tmp_path / "limits.db")


def test_token_bucket_allows_the_burst_then_the_rate():
    bucket = TokenBucket(rate=10, burst=5, tokens=5, updated=0.0)
    for _ in range(5):
        bucket.take(now=0.0)
    with pytest.raises(LimitExceeded, match="too many messages: at most 10 a second"):
        bucket.take(now=0.0)
    bucket.take(now=0.1)  # one more token a tenth of a second later
    with pytest.raises(LimitExceeded):
        bucket.take(now=0.1)


def test_match_quota_is_per_client_and_slides_with_the_minute():
    quota = MatchQuota(per_minute=2)
    quota.take("a", now=0)
    quota.take("a", now=1)
    quota.take("b", now=1)
    with pytest.raises(LimitExceeded, match="at most 2 a minute from one client; try again in 59 s"):
        quota.take("a", now=1)
    quota.take("a", now=60.5)


def test_a_flood_of_messages_on_one_socket_is_refused_with_a_reason_and_changes_nothing(app):
    created = app.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])
    with app.client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.receive_json()
        before = app.snapshot(created["match"])
        for _ in range(300):
            ws.send_json({"type": "act", "seat": 0, "version": 0, "action": "roll"})  # a spectator's, too
        answers = [ws.receive_json() for _ in range(300)]
    reasons = [a["reason"] for a in answers]
    assert any("too many messages" in r for r in reasons)
    assert all("too many messages" in r or "you do not hold Seat 1" in r for r in reasons)
    assert app.snapshot(created["match"]) == before


def test_new_matches_per_client_are_limited_with_a_429_and_a_reason(app):
    app.client.app.state.match_quota.per_minute = 3
    app.client.app.state.match_quota.made.clear()
    for _ in range(3):
        assert app.client.post("/api/matches", json={"game": "pig"}).status_code == 201
    refused = app.client.post("/api/matches", json={"game": "pig"})
    assert refused.status_code == 429 and "too many new matches" in refused.json()["detail"]


def test_a_frame_over_64_kib_is_dropped_by_the_real_server_which_keeps_serving(server):  # noqa: F811
    created = server.new_match("pig")
    player = server.ws(created["match"])
    player.conn.send(json.dumps({"type": "ping", "pad": "x" * 100_000}))
    with pytest.raises(ConnectionClosed):
        player.receive(timeout=5)
    assert server.ws(created["match"]).state["version"] == 0
    big = server.ws(created["match"])
    assert "message too long" in big.send(json.dumps({"type": "ping", "pad": "x" * 10_000}))["reason"]


def test_seat_tokens_are_unguessable_and_never_written_to_the_logs(app, caplog):
    caplog.set_level(logging.DEBUG)
    tokens: list[str] = []
    cards = app.new_match("high-card", seats=[{"kind": "human"}, {"kind": "open"}])
    tokens += cards["tokens"].values()
    claimed = app.client.post(f"/api/matches/{cards['match']}/seats/1/claim").json()
    tokens.append(claimed["token"])
    pig = app.new_match("pig", seats=[{"kind": "human"}, {"kind": "computer"}], target=10)
    tokens += pig["tokens"].values()
    for created, mine in ((cards, [cards["tokens"]["0"], claimed["token"]]), (pig, list(pig["tokens"].values()))):
        with app.client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
            ws.receive_json()
            ws.send_json({"type": "hello", "tokens": [mine[0][::-1]]})  # a wrong token: refused
            assert ws.receive_json()["type"] == "refused"
            ws.send_json({"type": "hello", "tokens": mine})
            state = ws.receive_json()
            for _ in range(200):
                if state["view"]["is_over"]:
                    break
                if state["legal"]:
                    ws.send_json({"type": "act", "seat": state["seat"], "version": state["version"],
                                  "action": state["legal"][0]})
                answer = ws.receive_json()
                if answer["type"] == "refused":  # faster than the per-connection limit: slow down
                    assert "too many messages" in answer["reason"], answer
                    time.sleep(0.2)
                    ws.send_json({"type": "ping"})
                    answer = ws.receive_json()
                state = answer
            assert state["view"]["is_over"]
    assert len(set(tokens)) == len(tokens) == 3 and all(len(t) >= 43 for t in tokens)  # 256 random bits
    assert caplog.records  # the server did log (so the check below means something)
    logged = caplog.text
    assert not [t for t in tokens if t in logged or t[:16] in logged]


def test_a_spectator_can_never_act_even_for_the_seat_to_move(app):
    created = app.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])
    with app.client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.receive_json()
        for message in ({"type": "act", "seat": 0, "version": 0, "action": "roll"},
                        {"type": "level", "seat": 1, "level": "random"}):
            ws.send_json(message)
            answer = ws.receive_json()
            assert answer["type"] == "refused" and ("you do not hold Seat 1" in answer["reason"]
                                                    or "only a player" in answer["reason"])
    assert app.hub.live[created["match"]].match.version == 0


def test_a_finished_match_can_never_be_changed(app):
    created = app.new_match("high-card", seats=[{"kind": "human"}, {"kind": "computer"}])
    with app.client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "hello", "tokens": [created["tokens"]["0"]]})
        state = ws.receive_json()
        ws.send_json({"type": "act", "seat": 0, "version": state["version"], "action": "hold"})
        while not state["view"]["is_over"]:
            state = ws.receive_json()
        before = app.snapshot(created["match"])
        for message in ({"type": "act", "seat": 0, "version": state["version"], "action": "hold"},
                        {"type": "act", "seat": 1, "version": state["version"], "action": "fold"},
                        {"type": "level", "seat": 1, "level": "random"}):
            ws.send_json(message)
            answer = ws.receive_json()
            assert answer["type"] == "refused", answer
            assert "over" in answer["reason"] or "do not hold" in answer["reason"], answer
        assert app.snapshot(created["match"]) == before
    claim = app.client.post(f"/api/matches/{created['match']}/seats/0/claim")
    assert claim.status_code in (404, 409)


def test_match_quota_leaves_this_machines_own_clients_alone():
    quota = MatchQuota(per_minute=1)
    for _ in range(5):
        quota.take("127.0.0.1", now=0)
    quota.take("10.0.0.7", now=0)
    with pytest.raises(LimitExceeded):
        quota.take("10.0.0.7", now=0)
