"""Fuzzing the WebSocket and HTTP interfaces with hypothesis: no crash, no 500, nothing changed, a reason.

Over 10,000 generated messages in all (the counts are the ``max_examples`` below), against the app
in-process. Each WebSocket message must get exactly one answer — a refusal naming its reason, or
(for a ``ping`` or an empty ``hello``) the unchanged state — and every match must be exactly as it was:
its full serialization (seed, actions, chance outcomes) and its seats. Generated messages include
wrong types, huge sizes, binary frames, wrong seats, stale versions and replays of accepted actions.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .inproc import InProcess, in_process

FUZZ = settings(max_examples=1000, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                       HealthCheck.function_scoped_fixture])

BATCH = 8
SOCKET_BATCHES = 400
"""Three sockets x 400 batches x 8 messages = 9,600 WebSocket messages, plus 1,400 HTTP requests."""

json_scalar = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False, allow_infinity=False),
                        st.text(max_size=30))
json_value = st.recursive(json_scalar, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=12)
types = st.sampled_from(["act", "hello", "ping", "level", "ACT", "", "update", "refused", "claim"])
versions = st.one_of(st.integers(-5, 50), st.integers(-2**70, 2**70), json_scalar)
seat_numbers = st.one_of(st.integers(-3, 20), json_scalar)
actions = st.one_of(st.sampled_from(["roll", "stop", "hold", "fold", "1", "6", "timeout"]), st.text(max_size=300),
                    json_value)


@st.composite
def shaped(draw: Any) -> Any:
    """A message shaped like the protocol's, with each field possibly wrong, missing or extra."""
    message: dict[str, Any] = {"type": draw(types)}
    if draw(st.booleans()):
        message["version"] = draw(versions)
    if draw(st.booleans()):
        message["seat"] = draw(seat_numbers)
    if draw(st.booleans()):
        message["action"] = draw(actions)
    if draw(st.booleans()):
        message["tokens"] = draw(st.one_of(st.lists(st.text(max_size=60), max_size=10), json_value))
    if draw(st.booleans()):
        message["level"] = draw(st.one_of(st.sampled_from(["random", "hard"]), json_value))
    if draw(st.integers(0, 9)) == 0:
        message[draw(st.text(max_size=8))] = draw(json_value)
    return message


frames = st.one_of(
    shaped().map(json.dumps),
    json_value.map(json.dumps),
    st.text(max_size=200),
    st.integers(4000, 20000).map(lambda n: json.dumps({"type": "act", "version": 0, "seat": 0, "action": "r" * n})),
    st.binary(max_size=64),
)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory):
    # the fuzzer sends far faster than the per-connection limit allows: exempt it, so every message
    # reaches the parser and the hub (the limit has its own tests in test_limits)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("regalia.server.app.LOOPBACK", frozenset({"testclient"}))
        for running in in_process(tmp_path_factory.mktemp("fuzz") / "fuzz.db"):
            running.client.app.state.match_quota.exempt = frozenset({"testclient"})
            yield running


@pytest.fixture(scope="module")
def table(app: InProcess):
    """A Pig match with a few actions played, and one of High Card against the computer."""
    pig = app.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])
    with app.client.websocket_connect(f"/ws/matches/{pig['match']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "hello", "tokens": list(pig["tokens"].values())})
        state = ws.receive_json()
        played = []
        for _ in range(3):
            message = {"type": "act", "version": state["version"], "seat": state["seat"], "action": "roll"}
            ws.send_json(message)
            state = ws.receive_json()
            played.append(message)
    cards = app.new_match("high-card", seats=[{"kind": "human"}, {"kind": "computer"}])
    return {"pig": pig, "cards": cards, "played": played}


def answer_is_a_reason_or_the_state(answer: dict[str, Any]) -> None:
    assert answer["type"] in ("refused", "update"), answer
    if answer["type"] == "refused":
        assert isinstance(answer["reason"], str) and len(answer["reason"]) > 5


def fuzz_socket(app: InProcess, match: dict[str, Any], tokens: list[str], messages: Any) -> None:
    match_id = match["match"]
    with app.client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        ws.receive_json()
        if tokens:
            ws.send_json({"type": "hello", "tokens": tokens})
            ws.receive_json()
        before = app.snapshot(match_id)

        @settings(FUZZ, max_examples=SOCKET_BATCHES)
        @given(batch=st.lists(messages, min_size=BATCH, max_size=BATCH))
        def one(batch: list[str | bytes]) -> None:
            for frame in batch:
                if isinstance(frame, bytes):
                    ws.send_bytes(frame)
                else:
                    ws.send_text(frame)
                answer_is_a_reason_or_the_state(ws.receive_json())
            assert app.snapshot(match_id) == before

        one()


def test_fuzz_a_player_socket_refuses_every_malformed_stale_or_replayed_message(app, table):
    # the player holds both seats of Pig: every *well-formed* act it could send is made stale or replayed
    replays = st.sampled_from(table["played"]).map(json.dumps)
    fuzz_socket(app, table["pig"], list(table["pig"]["tokens"].values()), st.one_of(frames, replays))


def test_fuzz_a_spectator_socket_can_never_act(app, table):
    live = app.hub.live[table["pig"]["match"]]
    current = st.builds(lambda seat, action: json.dumps({"type": "act", "version": live.match.version,
                                                         "seat": seat, "action": action}),
                        st.integers(0, 1), st.sampled_from(["roll", "stop"]))
    fuzz_socket(app, table["pig"], [], st.one_of(frames, current))


def test_fuzz_a_wrong_seat_on_a_hidden_card_match(app, table):
    # the client holds seat 0 of High Card; seat 1 is the computer's and must never be playable
    live = app.hub.live[table["cards"]["match"]]
    other_seat = st.builds(lambda action: json.dumps({"type": "act", "version": live.match.version,
                                                      "seat": 1, "action": action}),
                           st.sampled_from(["hold", "fold"]))
    # seat 0 is to move: keep its one legit act out, so nothing may change
    fuzz_socket(app, table["cards"], [table["cards"]["tokens"]["0"]], st.one_of(frames, other_seat).filter(
        lambda frame: not (isinstance(frame, str) and '"seat": 0' in frame and '"act"' in frame)))


# ----- HTTP -----------------------------------------------------------------------------------------

ids = st.one_of(st.text(alphabet=st.characters(codec="ascii", exclude_characters="/?#%"), min_size=1,
                        max_size=60), st.just("x" * 5000))


@FUZZ
@given(body=st.one_of(json_value, st.fixed_dictionaries(
    {"game": st.one_of(st.sampled_from(["pig", "high-card", "chess"]), json_value)},
    optional={"options": st.one_of(st.dictionaries(st.sampled_from(["target", "players", "x"]), json_value),
                                   json_value),
              "seats": st.one_of(st.lists(st.fixed_dictionaries({}, optional={
                  "kind": st.one_of(st.sampled_from(["human", "open", "computer", "god"]), json_value),
                  "level": json_value, "name": json_value}), max_size=6), json_value)})))
def test_fuzz_http_new_match_never_500_and_every_refusal_has_a_reason(app, table, body):
    before = app.snapshot(table["pig"]["match"])
    response = app.client.post("/api/matches", json=body)
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert response.json()["detail"]
    assert app.snapshot(table["pig"]["match"]) == before


@settings(FUZZ, max_examples=400)
@given(match_id=ids, seat=st.one_of(st.integers(-5, 20), st.text(max_size=5)),
       route=st.sampled_from(["", "/record", "/replay", "/seats/{seat}/claim"]))
def test_fuzz_http_match_routes_never_500_nor_change_a_match(app, table, match_id, seat, route):
    before = app.snapshot(table["pig"]["match"])
    path = f"/api/matches/{quote(match_id, safe='')}" + route.format(seat=quote(str(seat), safe=""))
    response = app.client.post(path) if "claim" in route else app.client.get(path)
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert response.json()["detail"]
    assert app.snapshot(table["pig"]["match"]) == before
