"""Table talk (issue #45): players talk, spectators read, limits refused with a reason, text kept as text."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regalia.server import chat as chat_module
from regalia.server.app import create_app
from regalia.server.broker import MemoryBroker
from regalia.server.migrate import upgrade
from regalia.server.protocol import CHAT_TEXT_LIMIT, Chat
from tests.server.conftest import LiveServer, Player, serve
from tests.server.toys import toy_catalog
from tests.trust.inproc import InProcess, in_process

HOT_SEAT = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = Path(tmp_path_factory.mktemp("chat")) / "chat.db"
    yield from serve(create_app(f"sqlite:///{db}", catalog=toy_catalog(), bot_pause=0.0))


def new_match(site: LiveServer, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    response = site.http.post("/api/matches", json={"game": "pig", "seats": seats, **extra})
    assert response.status_code == 201, response.text
    return response.json()


def next_of(player: Player, kind: str, timeout: float = 10) -> dict[str, Any]:
    """The next frame of ``kind`` this player receives (frames already read are skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        frame = player.receive(timeout=max(0.01, deadline - time.monotonic()))
        if frame["type"] == kind:
            return frame


def seated(site: LiveServer, created: dict[str, Any], *seats: int) -> Player:
    player = site.ws(created["match"])
    player.hello(*(created["tokens"][str(s)] for s in seats))
    player.wait_for(lambda s: s["seats"] == list(seats))
    return player


def say(player: Player, **message: Any) -> dict[str, Any]:
    player.conn.send(json.dumps({"type": "say", **message}))
    while True:
        frame = player.receive()
        if frame["type"] in ("chat", "refused"):
            return frame


def talk(site: LiveServer, match_id: str) -> dict[str, Any]:
    return site.http.get(f"/api/matches/{match_id}/chat").json()


def test_players_talk_and_every_connection_at_the_table_hears_it_as_the_protocol_says(site):
    created = new_match(site, [{"kind": "human", "name": "Anne"}, {"kind": "open"}], private=True)
    anne = seated(site, created, 0)
    watcher = site.ws(created["match"])
    frame = say(anne, text="  Hello,\nfriends  ")
    Chat.model_validate(frame)
    assert frame["lines"][-1] | {"at": None} == {"n": 1, "seat": 0, "name": "Anne", "kind": "say",
                                                 "text": "Hello, friends", "at": None}
    assert next_of(watcher, "chat")["lines"][-1]["text"] == "Hello, friends"
    assert [line["text"] for line in talk(site, created["match"])["lines"]] == ["Hello, friends"]


def test_a_quick_phrase_is_one_message_of_its_set_words(site):
    created = new_match(site, HOT_SEAT)
    player = seated(site, created, 0, 1)
    for key, words in [("good_luck", "Good luck"), ("well_played", "Well played"), ("your_turn", "Your turn"),
                       ("thanks", "Thanks")]:
        line = say(player, phrase=key)["lines"][-1]
        assert (line["kind"], line["text"]) == ("phrase", words)
    refused = say(player, phrase="you_lose")
    assert refused["type"] == "refused" and "phrase" in refused["reason"]


def test_a_spectator_reads_but_may_not_write(site):
    created = new_match(site, HOT_SEAT)
    spectator = site.ws(created["match"])
    refused = say(spectator, text="hi")
    assert refused["type"] == "refused" and "spectators may read the table talk but not write" in refused["reason"]
    assert talk(site, created["match"])["lines"] == []


def test_limits_are_refused_with_their_reason_and_keep_nothing(site, monkeypatch):
    created = new_match(site, HOT_SEAT)
    player = seated(site, created, 0, 1)
    long = say(player, text="x" * (CHAT_TEXT_LIMIT + 1))
    assert long["type"] == "refused"
    assert long["reason"] == f"message too long: at most {CHAT_TEXT_LIMIT} characters (yours has {CHAT_TEXT_LIMIT + 1})"
    empty = say(player, text=" \n ")
    assert empty["type"] == "refused" and "empty" in empty["reason"]
    for n in range(chat_module.RATE_MESSAGES):
        assert say(player, text=f"line {n}")["type"] == "chat"
    fast = say(player, text="one more")
    assert fast["type"] == "refused" and fast["reason"].startswith("too fast: at most 5 messages in 10 seconds")
    assert len(talk(site, created["match"])["lines"]) == chat_module.RATE_MESSAGES

    other = new_match(site, HOT_SEAT)
    second = seated(site, other, 0, 1)
    monkeypatch.setattr(chat_module, "MATCH_LINES", 2)
    assert say(second, text="a")["type"] == "chat" and say(second, text="b")["type"] == "chat"
    full = say(second, text="c")
    assert full["type"] == "refused" and "this match's table talk is full" in full["reason"]
    assert len(talk(site, other["match"])["lines"]) == 2


def test_markup_is_kept_and_sent_as_the_text_it_is(site):
    created = new_match(site, HOT_SEAT)
    player = seated(site, created, 0, 1)
    markup = '<img src=x onerror="alert(1)"><b>bold</b>'
    assert say(player, text=markup)["lines"][-1]["text"] == markup
    assert talk(site, created["match"])["lines"][-1]["text"] == markup


def test_talk_is_off_with_strangers_until_the_host_turns_it_on(site):
    created = new_match(site, [{"kind": "human"}, {"kind": "open"}])  # a public open seat: strangers
    assert talk(site, created["match"])["on"] is False
    host = seated(site, created, 0)
    refused = say(host, text="hello")
    assert refused["type"] == "refused" and "table talk is off" in refused["reason"]
    claimed = site.http.post(f"/api/matches/{created['match']}/seats/1/claim").json()
    stranger = site.ws(created["match"])
    stranger.hello(claimed["token"])
    stranger.conn.send('{"type": "chat", "on": true}')
    assert "only the match's host" in next_of(stranger, "refused")["reason"]
    host.conn.send('{"type": "chat", "on": true}')
    switched = next_of(host, "chat")
    assert switched["on"] and switched["host"] and switched["may_write"]
    assert say(host, text="welcome")["type"] == "chat"
    assert talk(site, created["match"])["on"] is True


def test_private_and_computer_matches_talk_from_the_start_and_a_host_may_turn_it_off(site):
    assert talk(site, new_match(site, [{"kind": "human"}, {"kind": "open"}], private=True)["match"])["on"]
    assert talk(site, new_match(site, [{"kind": "human"}, {"kind": "computer"}])["match"])["on"]
    off = new_match(site, HOT_SEAT, chat=False)
    assert talk(site, off["match"])["on"] is False


def test_a_line_said_on_one_instance_reaches_a_table_on_the_other(tmp_path: Path):
    db = f"sqlite:///{tmp_path / 'shared.db'}"
    upgrade(db)
    bus: list[MemoryBroker] = []
    runs = [serve(create_app(db, catalog=toy_catalog(), bot_pause=0.0, broker=MemoryBroker(bus)))
            for _ in range(2)]
    a, b = (next(run) for run in runs)
    try:
        created = new_match(a, HOT_SEAT)
        speaker = seated(a, created, 0, 1)
        listener = b.ws(created["match"])
        say(speaker, text="across")
        assert next_of(listener, "chat")["lines"][-1]["text"] == "across"
    finally:
        for run in runs:
            next(run, None)


# ----- fuzzing the new messages (the shape of tests/trust/test_fuzz.py) --------------------------------

text_values = st.one_of(st.text(max_size=400), st.text(alphabet="<>&\"'\x00\n\u202e/script", max_size=40),
                        st.integers(), st.none(), st.lists(st.text(max_size=5), max_size=3))


@st.composite
def talk_messages(draw: Any) -> str:
    """A ``say`` or ``chat`` message, each field possibly wrong, missing or extra."""
    message: dict[str, Any] = {"type": draw(st.sampled_from(["say", "chat", "SAY", "talk"]))}
    if draw(st.booleans()):
        message["text"] = draw(text_values)
    if draw(st.booleans()):
        message["phrase"] = draw(st.one_of(st.sampled_from(["good_luck", "well_played", "your_turn", "thanks",
                                                            "insult"]), text_values))
    if draw(st.booleans()):
        message["on"] = draw(st.one_of(st.booleans(), text_values))
    if draw(st.integers(0, 9)) == 0:
        message[draw(st.text(max_size=8))] = draw(text_values)
    return json.dumps(message)


def fuzz_talk(app: InProcess, match_id: str, tokens: list[str]) -> None:
    with app.client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        ws.receive_json()
        if tokens:
            ws.send_json({"type": "hello", "tokens": tokens})
            ws.receive_json()
        before = app.snapshot(match_id)

        @settings(max_examples=300, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(message=talk_messages())
        def one(message: str) -> None:
            ws.send_text(message)
            answer = ws.receive_json()
            assert answer["type"] in ("chat", "refused"), answer
            if answer["type"] == "refused":
                assert len(answer["reason"]) > 5
            else:
                assert tokens, "a spectator's message was taken"
                Chat.model_validate(answer)
            assert app.snapshot(match_id) == before

        one()


def test_fuzz_talk_messages_get_one_answer_each_change_no_match_and_keep_only_plain_lines(tmp_path: Path):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("regalia.server.app.LOOPBACK", frozenset({"testclient"}))
        patch.setattr(chat_module, "RATE_MESSAGES", 10_000)  # every well-formed line reaches the store
        for app in in_process(tmp_path / "fuzz.db"):
            created = app.new_match("pig", seats=HOT_SEAT)
            match_id = created["match"]
            fuzz_talk(app, match_id, list(created["tokens"].values()))  # a player
            fuzz_talk(app, match_id, [])  # a spectator
            lines = app.client.get(f"/api/matches/{match_id}/chat").json()["lines"]
            assert lines
            for line in lines:
                assert 0 < len(line["text"]) <= CHAT_TEXT_LIMIT and line["seat"] in (0, 1)
                assert not any(ord(c) < 32 for c in line["text"])
