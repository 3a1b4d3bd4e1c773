"""Turn-based matches (issue #45): a time per move kept with the match, on a controllable clock.

The server's turn-based clock is a ``HandWallClock`` here: time moves when a test says so, and the
server's loop (ticking every 20 ms of real time) calls whatever deadline has passed on it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from regalia.server.app import create_app
from regalia.server.broker import MemoryBroker
from regalia.server.migrate import upgrade
from regalia.server.models import ActionRow, ChatRow, PlayRow
from regalia.server.notes import NoteRow
from regalia.server.referee import HandClock
from regalia.server.store import Store
from regalia.server.turn_based import LAPSES_GONE, HandWallClock
from tests.server.conftest import LiveServer, serve
from tests.server.toys import toy_catalog

DAY = 86400
HOT_SEAT = [{"kind": "human"}, {"kind": "human"}]
VERSUS_COMPUTER = [{"kind": "human"}, {"kind": "computer"}]


def app_on(db: str, clock: HandWallClock, broker: Any = None) -> Any:
    app = create_app(db, catalog=toy_catalog(), bot_pause=0.0, broker=broker)
    app.state.turns.clock = clock
    app.state.turns.tick_seconds = 0.02
    app.state.referee.clock = HandClock()  # the real-time leaver watch never runs out on its own here
    return app


@pytest.fixture
def site(tmp_path: Path) -> Iterator[LiveServer]:
    clock = HandWallClock()
    for live in serve(app_on(f"sqlite:///{tmp_path / 'turns.db'}", clock)):
        live.clock = clock  # type: ignore[attr-defined]
        yield live


def new_match(site: LiveServer, seats: list[dict[str, Any]], pace: int | None = DAY, **extra: Any) -> dict:
    response = site.http.post("/api/matches", json={"game": "pig", "options": {"target": 100}, "seats": seats,
                                                    "pace": pace,
                                                    **extra})
    assert response.status_code == 201, response.text
    return response.json()


def info(site: LiveServer, match_id: str) -> dict[str, Any]:
    return site.http.get(f"/api/matches/{match_id}").json()


def wait(predicate: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "the server did not get there in time"
        time.sleep(0.02)


def rows(site: LiveServer, model: Any, match_id: str) -> list[Any]:
    async def read() -> list[Any]:
        store = Store(site.app.state.store.url)
        try:
            async with store.sessions() as session:
                return list((await session.scalars(select(model).where(model.match_id == match_id))).all())
        finally:
            await store.close()
    return asyncio.run(read())


def deadline_of(site: LiveServer, match_id: str) -> datetime | None:
    found = info(site, match_id)
    return datetime.fromisoformat(found["deadline"]) if found.get("deadline") else None


def test_a_turn_based_match_keeps_its_time_per_move_and_gives_the_seat_to_move_a_deadline(site):
    created = new_match(site, HOT_SEAT)
    wait(lambda: deadline_of(site, created["match"]) is not None)
    found = info(site, created["match"])
    assert found["pace"] == DAY and found["to_move"] == 0 and found["seconds_left"] == DAY
    assert deadline_of(site, created["match"]) == site.clock.now() + timedelta(days=1)


def test_a_time_per_move_not_offered_is_refused_with_the_choices(site):
    response = site.http.post("/api/matches", json={"game": "pig", "pace": 60})
    assert response.status_code == 422 and "3600" in response.text


def test_a_real_time_match_has_no_deadline(site):
    created = new_match(site, HOT_SEAT, pace=None)
    found = info(site, created["match"])
    assert found["pace"] is None and found["deadline"] is None


def test_a_move_in_time_starts_the_next_turn_s_clock_and_nothing_is_played_for_anyone(site):
    created = new_match(site, HOT_SEAT)
    match_id = created["match"]
    wait(lambda: deadline_of(site, match_id) is not None)
    player = site.ws(match_id)
    player.hello(*created["tokens"].values())
    player.wait_for(lambda s: s["seats"] == [0, 1])
    site.clock.advance(DAY - 1)  # type: ignore[attr-defined]
    time.sleep(0.2)  # ten ticks: a second is left, nothing is called
    assert info(site, match_id)["version"] == 0
    player.act("stop", seat=0, version=0)
    player.wait_for(lambda s: s["version"] == 1)
    deadlines = [f for f in player.frames if f.get("type") == "deadline"]
    wait(lambda: info(site, match_id)["to_move"] == 1 and info(site, match_id)["seconds_left"] == DAY)
    assert deadlines and deadlines[0]["pace"] == DAY
    assert not [r for r in rows(site, ActionRow, match_id) if r.stand_in]
    assert rows(site, ChatRow, match_id) == [] and rows(site, NoteRow, match_id) == []


def test_a_lapse_is_played_by_the_computer_as_a_leaver_s_turn_and_written_in_the_log(site):
    created = new_match(site, HOT_SEAT)
    match_id = created["match"]
    wait(lambda: deadline_of(site, match_id) is not None)
    site.clock.advance(DAY + 1)  # type: ignore[attr-defined]  # nobody at the table: the time runs out
    wait(lambda: info(site, match_id)["to_move"] == 1 and info(site, match_id)["version"] > 0)
    actions = rows(site, ActionRow, match_id)
    assert actions and all(r.stand_in and r.seat == 0 for r in actions)
    notes = [r.text for r in rows(site, NoteRow, match_id)]
    assert notes == [f"Time ran out for Seat 1: the computer played the turn (1 of {LAPSES_GONE} in a row)."]
    assert rows(site, ChatRow, match_id) == []  # a line of the match's log, not of the table talk
    assert rows(site, PlayRow, match_id)[0].lapses == {"0": 1}
    assert info(site, match_id)["seconds_left"] == DAY  # the next seat's day starts now


def test_three_lapses_in_a_row_and_the_person_is_treated_as_gone_until_they_come_back(site):
    created = new_match(site, VERSUS_COMPUTER)
    match_id = created["match"]
    for lapse in range(1, LAPSES_GONE + 1):
        wait(lambda: deadline_of(site, match_id) is not None and info(site, match_id)["to_move"] == 0)
        before = info(site, match_id)["version"]
        site.clock.advance(DAY + 1)  # type: ignore[attr-defined]
        wait(lambda b=before: info(site, match_id)["version"] > b and info(site, match_id)["to_move"] in (0, None))
        if lapse < LAPSES_GONE:
            assert rows(site, PlayRow, match_id)[0].lapses == {"0": lapse}
    live = site.app.state.hub.live[match_id]
    assert 0 in live.left and 0 in live.away  # gone: every table shows them away
    assert "3 of 3 in a row; the computer now plays for them" in rows(site, NoteRow, match_id)[-1].text
    player = site.ws(match_id)  # they come back: the seat is theirs again
    player.hello(created["tokens"]["0"])
    live = site.app.state.hub.live[match_id]
    wait(lambda: 0 not in live.left and 0 not in live.away)
    state = player.wait_for(lambda s: s["legal"] or s["view"]["is_over"])
    if state["legal"]:
        player.act("stop", seat=0, version=state["version"])  # their own move: the count starts again
        wait(lambda: rows(site, PlayRow, match_id)[0].lapses == {"0": 0})


def test_a_person_away_from_a_turn_based_table_is_not_replaced_after_the_real_time_grace(site):
    created = new_match(site, HOT_SEAT)
    match_id = created["match"]
    site.app.state.referee.clock.advance(3600)  # an hour away: the real-time rule would have replaced them
    time.sleep(0.3)
    assert info(site, match_id)["version"] == 0


def test_a_restart_in_the_middle_keeps_the_deadline_and_calls_it_with_nobody_at_the_table(tmp_path: Path):
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    clock = HandWallClock()
    for first in serve(app_on(db, clock)):
        created = new_match(first, HOT_SEAT, pace=3600)
        match_id = created["match"]
        wait(lambda f=first, m=match_id: deadline_of(f, m) is not None)
        kept = deadline_of(first, match_id)
        clock.advance(1800)
    for second in serve(app_on(db, clock)):
        assert deadline_of(second, match_id) == kept and info(second, match_id)["seconds_left"] == 1800
        assert match_id not in second.app.state.hub.live  # not loaded: nobody has opened it since
        clock.advance(1801)
        wait(lambda s=second, m=match_id: info(s, m)["version"] > 0)
        assert all(r.stand_in for r in rows(second, ActionRow, match_id))


def test_two_instances_agree_on_one_deadline_and_call_one_lapse(tmp_path: Path):
    db = f"sqlite:///{tmp_path / 'shared.db'}"
    upgrade(db)
    bus: list[MemoryBroker] = []
    clock = HandWallClock()
    runs = [serve(app_on(db, clock, MemoryBroker(bus))) for _ in range(2)]
    a, b = (next(run) for run in runs)
    try:
        created = new_match(a, HOT_SEAT)
        match_id = created["match"]
        wait(lambda: deadline_of(a, match_id) is not None)
        watcher = b.ws(match_id)  # B has the match in play too
        watcher_a = a.ws(match_id)
        assert deadline_of(b, match_id) == deadline_of(a, match_id)
        clock.advance(DAY + 1)
        wait(lambda: info(a, match_id)["to_move"] == 1)
        time.sleep(0.3)  # both instances ticked many times over the passed deadline
        notes = rows(a, NoteRow, match_id)
        assert len(notes) == 1  # one lapse, claimed by one instance
        assert rows(a, PlayRow, match_id)[0].lapses == {"0": 1}
        watcher.wait_for(lambda s: s["version"] == info(a, match_id)["version"])
        assert deadline_of(a, match_id) == deadline_of(b, match_id)
        watcher_a.wait_for(lambda s: s["version"] == info(a, match_id)["version"])
        # the lapse is a line of the log on both instances, whichever claimed it, where it happened
        assert full_log(watcher) == full_log(watcher_a) and len(lapses_in(full_log(watcher))) == 1
        assert full_log(watcher)[0] == notes[0].text
        watcher.close()
        watcher_a.close()
    finally:
        for run in runs:
            next(run, None)


def test_a_lapse_in_a_hidden_card_match_tells_the_table_nothing_of_any_hand(site):
    """The note and the deadline frames name a seat and a time, never a card (High Card: hidden hands)."""
    response = site.http.post("/api/matches", json={"game": "high-card", "seats": HOT_SEAT, "pace": 3600})
    match_id = response.json()["match"]
    spectator = site.ws(match_id)
    wait(lambda: deadline_of(site, match_id) is not None)
    site.clock.advance(3601)  # type: ignore[attr-defined]
    wait(lambda: info(site, match_id)["version"] > 0)
    notes = [r.text for r in rows(site, NoteRow, match_id)]
    assert notes == [f"Time ran out for Seat 1: the computer played the turn (1 of {LAPSES_GONE} in a row)."]
    spectator.wait_for(lambda s: s["version"] > 0)
    deadlines = [f for f in spectator.frames if f["type"] == "deadline"]
    assert deadlines and all(set(f) == {"type", "match", "pace", "seat", "deadline", "seconds_left"} for f in deadlines)
    spectator.close()


def test_the_rematch_of_a_turn_based_match_is_turn_based_too(site):
    response = site.http.post("/api/matches", json={"game": "pig", "options": {"target": 5}, "seats": HOT_SEAT,
                                                    "pace": 43200})
    created = response.json()
    player = site.ws(created["match"])
    player.hello(*created["tokens"].values())
    while True:
        state = player.wait_for(lambda s: s["seats"] and (s["legal"] or s["view"]["is_over"]))
        if state["view"]["is_over"]:
            break
        action = "roll" if state["view"]["turn"] == 0 else "stop"
        player.conn.send(json.dumps({"type": "act", "seat": state["seat"], "version": state["version"],
                                     "action": action}))
        player.wait_for(lambda s, v=state["version"]: s["version"] > v)
    player.close()
    again = site.http.post(f"/api/matches/{created['match']}/rematch",
                           json={"seat_tokens": list(created["tokens"].values())}).json()
    assert info(site, again["match"])["pace"] == 43200


def test_an_open_seat_s_clock_starts_when_someone_takes_it(site):
    created = new_match(site, [{"kind": "open"}, {"kind": "human"}])  # the open seat moves first
    match_id = created["match"]
    time.sleep(0.2)
    assert deadline_of(site, match_id) is None  # nobody to wait for yet
    site.http.post(f"/api/matches/{match_id}/seats/0/claim")
    wait(lambda: deadline_of(site, match_id) is not None)
    assert info(site, match_id)["to_move"] == 0


def full_log(player: Any) -> list[str]:
    """The match's log as one connection has been sent it (each update: its lines from ``log_start``)."""
    log: list[str] = []
    for frame in player.frames:
        if frame.get("type") == "update":
            log[frame["log_start"]:] = frame["log"]
    return log


def lapses_in(log: list[str]) -> list[str]:
    return [line for line in log if line.startswith("Time ran out")]


def play_a_turn(player: Any) -> None:
    """Seat 2's person rolls once and stops (or the roll ended the turn)."""
    state = player.wait_for(lambda s: s["legal"] or s["view"]["is_over"])
    if state["view"]["is_over"]:
        return
    player.act("roll" if state["view"]["turn"] == 0 else "stop")


def test_a_lapse_and_the_seat_treated_as_gone_are_lines_of_the_match_log_every_seat_sees_kept_and_replayed(
        tmp_path: Path):
    """Seat 1's time runs out three turns in a row: each lapse is a line of the match's log, sent to Seat 2's
    person and to a spectator as to Seat 1's own; the third says Seat 1 is treated as gone. The lines are kept
    with the match: a restarted server's log has them where they were, and the replay shows each at the end of
    the step it followed. The server writes who lapsed, never a rule."""
    db = f"sqlite:///{tmp_path / 'notes.db'}"
    clock = HandWallClock()
    said = [f"Time ran out for Seat 1: the computer played the turn ({n} of {LAPSES_GONE} in a row)."
            for n in range(1, LAPSES_GONE)]
    said.append(f"Time ran out for Seat 1: the computer played the turn ({LAPSES_GONE} of {LAPSES_GONE} in a row; "
                "the computer now plays for them until they come back).")
    for first in serve(app_on(db, clock)):
        created = new_match(first, HOT_SEAT)
        match_id = created["match"]
        spectator = first.ws(match_id)
        two = first.ws(match_id)
        two.hello(created["tokens"]["1"])
        for _lapse in range(LAPSES_GONE):
            wait(lambda f=first, m=match_id: deadline_of(f, m) is not None and info(f, m)["to_move"] == 0)
            clock.advance(DAY + 1)
            two.wait_for(lambda s: s["legal"])  # the computer has played Seat 1's turn: Seat 2 to move
            while two.state["legal"]:
                play_a_turn(two)
                two.wait_for(lambda s: s["legal"] or s["view"]["to_move"] != 1)
        assert lapses_in(full_log(two)) == said
        spectator.wait_for(lambda _s, p=spectator: len(lapses_in(full_log(p))) == LAPSES_GONE)
        assert lapses_in(full_log(spectator)) == said
        one = first.ws(match_id)
        one.hello(created["tokens"]["0"])  # Seat 1's person comes back and reads the log
        assert lapses_in(full_log(one)) == said
        kept = full_log(one)
        for log in (full_log(spectator), full_log(two)):  # each as far as it was sent: the same lines
            assert log[:len(kept)] == kept[:len(log)]
        assert [r.text for r in rows(first, ChatRow, match_id)] == []  # the log's, not the table talk's
        for player in (one, two, spectator):
            player.close()
    for second in serve(app_on(db, clock)):
        again = second.ws(match_id)  # replayed from the store: each note back where it was
        assert full_log(again)[:len(kept)] == kept
        again.close()
        both = second.ws(match_id)
        both.hello(*created["tokens"].values())
        while not both.state["view"]["is_over"]:  # played to the end: a replay is of a finished match
            play_a_turn(both)
            both.wait_for(lambda s: s["legal"] or s["view"]["is_over"])
        both.close()
        steps = second.http.get(f"/api/matches/{match_id}/replay").json()["steps"]
        assert [line for step in steps for line in step["log"]][:len(kept)] == kept
        noted = [step for step in steps if lapses_in(step["log"])]
        assert [lapses_in(step["log"]) for step in noted] == [[line] for line in said]
        assert noted[0]["version"] == 0  # Seat 1's first turn lapsed before anyone moved
        assert all(step["log"][-1] in said and step["seat"] == 1 for step in noted[1:])  # after Seat 2's move
