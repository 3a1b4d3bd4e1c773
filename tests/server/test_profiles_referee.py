"""The referee (issue #7): a turn clock that plays a recorded timeout, and zombie mode for leavers.

Time is an input: most tests wind a ``HandClock`` instead of sleeping; one runs a real 0.3-second clock.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from regalia.server.models import ActionRow
from regalia.server.referee import HandClock
from regalia.server.store import Store
from tests.server.conftest import LiveServer, serve
from tests.server.test_profiles_api import auth, new_profile
from tests.server.test_profiles_toys import records_app

HOT_SEAT = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def wound(tmp_path_factory: pytest.TempPathFactory):
    clock = HandClock()
    for live in serve(records_app(Path(tmp_path_factory.mktemp("referee")) / "referee.db", clock)):
        live.clock = clock  # type: ignore[attr-defined]
        yield live


def clock_frames(player) -> list[dict]:
    return [f for f in player.frames if f.get("type") == "clock"]


def wait_clock(player) -> dict:
    while not clock_frames(player):
        player.receive()
    return clock_frames(player)[-1]


def wait_new_clock(player) -> dict:
    seen = len(clock_frames(player))
    while len(clock_frames(player)) == seen or clock_frames(player)[-1]["version"] != player.state["version"]:
        player.receive()
    return clock_frames(player)[-1]


def test_a_timed_turn_starts_a_countdown_sent_to_the_table(wound: LiveServer):
    created = wound.new_match("timed-pig", seats=HOT_SEAT, turn_seconds=10.0)
    player = wound.ws(created["match"])
    player.hello(*created["tokens"].values())
    frame = wait_clock(player)
    assert frame["seat"] == 0 and frame["seconds"] == 10.0 and 0 < frame["seconds_left"] <= 10.0


def test_an_untimed_game_has_no_clock(wound: LiveServer):
    created = wound.new_match("pig", seats=HOT_SEAT)
    player = wound.ws(created["match"])
    player.hello(*created["tokens"].values())
    player.act("roll")
    assert clock_frames(player) == [] and wound.app.state.referee.turns.get(created["match"]) is None


def test_when_time_is_up_the_clock_plays_a_recorded_timeout(wound: LiveServer):
    created = wound.new_match("timed-pig", seats=HOT_SEAT, turn_seconds=10.0)
    player = wound.ws(created["match"])
    player.hello(*created["tokens"].values())
    wait_clock(player)
    wound.clock.advance(9.5)  # type: ignore[attr-defined]
    player.send({"type": "ping"})
    assert player.state["version"] == 0  # half a second left: nothing is played
    wound.clock.advance(0.6)  # type: ignore[attr-defined]
    after = player.wait_for(lambda s: s["version"] == 1)
    assert after["last"] == {"seat": 0, "action": "timeout"} and after["view"]["seat_to_roll"] == 1
    assert any("Time!" in line for line in after["log"])
    assert wound.http.get(f"/api/matches/{created['match']}").json()["version"] == 1
    assert wait_new_clock(player)["seat"] == 1  # the next seat's turn has its own countdown


def test_a_timeout_replays_from_the_store(wound: LiveServer):
    created = wound.new_match("timed-pig", seats=HOT_SEAT, turn_seconds=10.0)
    player = wound.ws(created["match"])
    player.hello(*created["tokens"].values())
    wait_clock(player)
    wound.clock.advance(11)  # type: ignore[attr-defined]
    player.wait_for(lambda s: s["version"] == 1)
    player.close()
    hub = wound.app.state.hub
    hub.live.pop(created["match"])  # as after a restart: the match is replayed from its actions
    again = wound.ws(created["match"])
    assert again.state["version"] == 1 and again.state["last"] == {"seat": 0, "action": "timeout"}


def test_no_player_may_play_the_clock_s_action(wound: LiveServer):
    created = wound.new_match("timed-pig", seats=HOT_SEAT, turn_seconds=10.0)
    player = wound.ws(created["match"])
    player.hello(*created["tokens"].values())
    refused = player.act("timeout", seat=0, version=0)
    while refused["type"] != "refused":
        refused = player.receive()
    assert "'roll' or 'stop'" in refused["reason"] and player.state["version"] == 0


def test_a_real_clock_calls_time_without_anyone_acting(tmp_path: Path):
    for live in serve(records_app(tmp_path / "real.db")):
        created = live.new_match("timed-pig", seats=HOT_SEAT, turn_seconds=0.3)
        player = live.ws(created["match"])
        player.hello(*created["tokens"].values())
        after = player.wait_for(lambda s: s["version"] >= 1, timeout=10)
        assert after["last"]["action"] == "timeout"
        player.close()


def test_a_gone_player_s_seat_is_played_by_the_host_s_computer_level(wound: LiveServer):
    created = wound.new_match("pig", seats=HOT_SEAT)
    match_id, tokens = created["match"], created["tokens"]
    settings = wound.http.post(f"/api/matches/{match_id}/leavers",
                               json={"seat_token": tokens["0"], "grace": 30, "level": "other"})
    assert settings.status_code == 200, settings.text
    host = wound.ws(match_id)
    host.hello(tokens["0"])  # seat 1's player never came (or has gone)
    host.act("stop")
    assert host.state["view"]["seat_to_roll"] == 1
    wound.clock.advance(29)  # type: ignore[attr-defined]
    assert host.state["version"] == 1  # still within the grace period: nobody plays for seat 1
    wound.clock.advance(2)  # type: ignore[attr-defined]
    back = host.wait_for(lambda s: s["view"]["seat_to_roll"] == 0 or s["view"]["is_over"])
    assert back["version"] >= 2 and back["last"]["seat"] == 1


def host_alone(wound: LiveServer, grace: float, setter: str = "0") -> tuple[str, dict[str, str], Any]:
    """A two-person pig match with a leaver ``grace`` (set by seat ``setter``), where the host stops at
    once and Seat 2, whose person is not connected, is to move: (match id, tokens, the host's socket)."""
    created = wound.new_match("pig", seats=HOT_SEAT)
    match_id, tokens = created["match"], created["tokens"]
    wound.http.post(f"/api/matches/{match_id}/leavers", json={"seat_token": tokens[setter], "grace": grace})
    host = wound.ws(match_id)
    host.hello(tokens["0"])
    host.act("stop")
    return match_id, tokens, host


def test_a_player_who_returns_takes_the_seat_back(wound: LiveServer):
    match_id, tokens, host = host_alone(wound, 5, setter="1")
    returning = wound.ws(match_id)
    returning.hello(tokens["1"])
    wound.clock.advance(60)  # type: ignore[attr-defined]
    returning.act("roll")
    assert returning.state["last"] == {"seat": 1, "action": "roll"}  # the person, not a zombie, played it
    referee = wound.app.state.referee
    assert match_id not in referee.absent


def test_only_a_player_of_the_match_sets_the_leaver_rules(wound: LiveServer):
    created = wound.new_match("pig", seats=HOT_SEAT)
    answer = wound.http.post(f"/api/matches/{created['match']}/leavers", json={"seat_token": "x", "grace": 1})
    assert answer.status_code == 403
    bad_level = wound.http.post(f"/api/matches/{created['match']}/leavers",
                                json={"seat_token": created["tokens"]["0"], "grace": 1, "level": "godlike"})
    assert bad_level.status_code == 422


def test_the_clock_frame_is_plain_json_for_the_table(wound: LiveServer):
    created = wound.new_match("timed-pig", seats=HOT_SEAT, turn_seconds=10.0)
    live = wound.app.state.hub.live[created["match"]]
    frame = json.loads(wound.app.state.referee.clock_frame(live))
    assert set(frame) == {"type", "match", "seat", "version", "seconds", "seconds_left"}


def test_kg_20_kings_gold_blitz_the_referee_calls_time_on_an_injected_clock(tmp_path: Path, monkeypatch):
    from regalia.server.app import create_app

    monkeypatch.setattr("regalia.server.seats.new_seed", lambda: "kg-20-blitz")
    clock = HandClock()
    app = create_app(f"sqlite:///{tmp_path / 'kg.db'}", bot_pause=0.0)
    app.state.referee.clock = clock
    for live in serve(app):
        created = live.new_match("kings-gold", seats=HOT_SEAT, mode="blitz")
        table = live.ws(created["match"])
        table.hello(*created["tokens"].values())
        frame = wait_clock(table)
        assert frame["seconds"] == 10.0
        version = table.state["version"]
        clock.advance(10.01)
        after = table.wait_for(lambda s, seen=version: s["version"] > seen)
        assert after["last"]["action"] == "timeout"
        assert any("Time!" in line for line in after["log"])
        table.close()


def test_the_host_s_leaver_rule_is_kept_with_the_match_and_outlives_a_restart(tmp_path: Path):
    database = tmp_path / "restart.db"
    for first in serve(records_app(database, HandClock())):
        created = first.new_match("pig", seats=HOT_SEAT)
        match_id, tokens = created["match"], created["tokens"]
        first.http.post(f"/api/matches/{match_id}/leavers",
                        json={"seat_token": tokens["0"], "grace": 5, "level": "other"})
    clock = HandClock()
    for second in serve(records_app(database, clock)):  # a new server process on the same database
        host = second.ws(match_id)
        host.hello(tokens["0"])  # seat 2's player has gone
        host.act("stop")
        clock.advance(6)  # past the host's 5 s, far short of the server's default 60 s
        back = host.wait_for(lambda s: s["view"]["seat_to_roll"] == 0 or s["view"]["is_over"])
        assert back["last"]["seat"] == 1  # the computer played the gone seat
        host.close()


def test_a_rematch_keeps_the_host_s_leaver_rule(wound: LiveServer):
    created = wound.new_match("high-card", seats=HOT_SEAT)
    match_id, tokens = created["match"], created["tokens"]
    wound.http.post(f"/api/matches/{match_id}/leavers", json={"seat_token": tokens["1"], "grace": 12.5})
    wound.play_to_the_end(match_id, list(tokens.values()))
    rematch = wound.http.post(f"/api/matches/{match_id}/rematch", json={"seat_tokens": [tokens["0"]]}).json()
    assert wound.app.state.hub.live[rematch["match"]].leavers == (12.5, None)
    wound.app.state.hub.live.pop(rematch["match"])
    wound.http.get(f"/api/matches/{rematch['match']}/rematch")  # a store-only read: nothing loaded
    host = wound.ws(rematch["match"])  # loaded from the store, with the rule
    assert wound.app.state.hub.live[rematch["match"]].leavers == (12.5, None)
    host.close()


def test_a_seat_the_computer_plays_for_a_gone_person_shows_away_until_they_come_back(wound: LiveServer):
    match_id, tokens, host = host_alone(wound, 5)
    assert [p["away"] for p in host.state["players"]] == [False, False]
    wound.clock.advance(6)  # type: ignore[attr-defined]
    played = host.wait_for(lambda s: (s["last"] or {}).get("seat") == 1)
    assert [p["away"] for p in played["players"]] == [False, True]  # the table says who plays the seat now
    back = wound.ws(match_id)
    back.hello(tokens["1"])
    assert host.wait_for(lambda s: not s["players"][1]["away"])["players"][1]["away"] is False
    assert back.wait_for(lambda s: s["seats"] == [1])["players"][1]["away"] is False


def test_a_match_says_its_leaver_rule_the_host_s_or_the_server_s_default(wound: LiveServer):
    created = wound.new_match("pig", seats=HOT_SEAT)
    match_id = created["match"]
    levels = wound.http.get("/api/games").json()
    pig_levels = next(g["levels"] for g in levels if g["id"] == "pig")
    before = wound.http.get(f"/api/matches/{match_id}").json()["leavers"]
    assert before["grace"] == 60.0 and before["level"] in pig_levels  # the server's default
    wound.http.post(f"/api/matches/{match_id}/leavers",
                    json={"seat_token": created["tokens"]["0"], "grace": 15, "level": "other"})
    assert wound.http.get(f"/api/matches/{match_id}").json()["leavers"] == {"grace": 15.0, "level": "other"}
    listed = wound.http.get("/api/matches", params={"ids": match_id}).json()
    assert listed[0]["leavers"] == {"grace": 15.0, "level": "other"}


def test_a_person_who_leaves_for_good_is_played_by_the_computer_at_once_and_may_come_back(wound: LiveServer):
    created = wound.new_match("pig", seats=HOT_SEAT)
    match_id, tokens = created["match"], created["tokens"]
    friend = wound.ws(match_id)
    friend.hello(tokens["1"])
    host = wound.ws(match_id)
    host.hello(tokens["0"])
    assert "do not hold Seat 2" in host.send({"type": "leave", "seat": 1})["reason"]  # not theirs to leave
    assert host.send({"type": "leave", "seat": 9})["type"] == "refused"
    assert "malformed" in host.send({"type": "leave"})["reason"]
    host.send({"type": "leave", "seat": 0})  # the host leaves on their own turn: no grace is waited
    left = host.wait_for(lambda s: s["seats"] == [] and (s["last"] or {}).get("seat") == 0)
    assert left["legal"] == [] and left["players"][0]["away"] is True  # a spectator now; the computer plays
    assert friend.wait_for(lambda s: s["players"][0]["away"])["players"][0]["away"] is True
    back = wound.ws(match_id)
    back.hello(tokens["0"])  # the token still holds the seat: the person takes it back
    taken = back.wait_for(lambda s: s["seats"] == [0])  # (a computer's move may be told first)
    assert taken["players"][0]["away"] is False
    assert match_id in wound.app.state.hub.live and not wound.app.state.hub.live[match_id].left


def rated_pair(wound: LiveServer, game: str, **options: Any) -> tuple[str, dict[str, str], list[dict[str, Any]]]:
    """A match of two people, each with a profile attached to their seat: (match id, tokens, profiles)."""
    created = wound.new_match(game, seats=HOT_SEAT, **options)
    match_id, tokens = created["match"], created["tokens"]
    tag = "".join(ch for ch in match_id if ch.isalnum())[:8]  # an id may hold "-" and "_": not in a name
    people = [new_profile(wound, f"{game} {tag} {seat}") for seat in (0, 1)]
    for seat, me in enumerate(people):
        attached = wound.http.post(f"/api/matches/{match_id}/seats/{seat}/player",
                                   json={"seat_token": tokens[str(seat)]}, headers=auth(me["token"]))
        assert attached.status_code == 200, attached.text
    return match_id, tokens, people


def friend_leaves_high_card(server: LiveServer, bet: str = "hold") -> tuple[str, list[dict[str, Any]]]:
    """A rated High Card match of two people where the friend (Seat 2) leaves for good at once and the
    host bets ``bet``: the computer bets for the friend and the match ends. (match id, profiles)"""
    match_id, tokens, people = rated_pair(server, "high-card")
    friend = server.ws(match_id)
    friend.hello(tokens["1"])
    host = server.ws(match_id)
    host.hello(tokens["0"])
    friend.send({"type": "leave", "seat": 1})
    host.wait_for(lambda s: s["legal"])
    host.act(bet)
    host.wait_for(lambda s: s["view"]["is_over"])  # the computer said hold or fold for the gone friend
    return match_id, people


def test_a_person_who_leaves_and_is_gone_at_the_end_forfeits_whatever_the_computer_made_of_the_seat(
        wound: LiveServer):
    match_id, (_, friend_profile) = friend_leaves_high_card(wound)
    screen = wound.http.get(f"/api/matches/{match_id}/result").json()
    mine, theirs = screen["seats"]
    assert theirs["outcome"] == "forfeit" and theirs["place"] == 2  # even had the computer's card won
    assert mine["place"] == 1 and mine["outcome"] in ("win", "draw")  # a drawn match stays drawn (both fold)
    assert theirs["rating_after"] < theirs["rating_before"]
    assert screen["result"]["winners"] == screen["view"]["winners"]  # the game's own result is unchanged
    page = wound.http.get(f"/api/profiles/{friend_profile['profile']}").json()
    assert page["history"][0]["outcome"] == "forfeit"
    assert page["standings"][0]["losses"] == 1
    assert stored(wound, match_id) == ({1}, [1])  # from the stored actions: a restart keeps the forfeit


def test_a_person_who_comes_back_and_plays_on_is_rated_on_the_game_as_it_ends(wound: LiveServer):
    match_id, tokens, _ = rated_pair(wound, "pig", target=100)
    friend = wound.ws(match_id)
    friend.hello(tokens["1"])
    host = wound.ws(match_id)
    host.hello(tokens["0"])
    friend.send({"type": "leave", "seat": 1})
    host.wait_for(lambda s: s["seats"] == [0] and s["legal"])
    stopped = host.state["version"] + 1
    host.act("stop")  # Seat 2's turn: the computer plays it for the friend who left
    host.wait_for(lambda s: s["version"] > stopped and s["view"]["seat_to_roll"] == 0 and s["legal"])
    back = wound.ws(match_id)
    back.hello(tokens["1"])  # the friend is back, and plays every turn from now on
    while not host.state["view"]["is_over"]:
        host.wait_for(lambda s: s["view"]["is_over"] or s["legal"])
        if host.state["view"]["is_over"]:
            break
        host.act("stop")  # the host banks nothing: Seat 2 wins in the end
        state = back.wait_for(lambda s: s["view"]["is_over"] or s["legal"])
        while state["legal"]:
            state = back.act("roll" if state["view"]["turn"] < 20 else "stop")
            state = back.wait_for(lambda s: s["view"]["is_over"] or s["legal"] or s["view"]["seat_to_roll"] == 0)
        host.wait_for(lambda s: s["version"] >= back.state["version"])
    screen = wound.http.get(f"/api/matches/{match_id}/result").json()
    assert [s["outcome"] for s in screen["seats"]] == ["loss", "win"]
    forfeits, stood_in = stored(wound, match_id)
    assert forfeits == set() and stood_in and set(stood_in) == {1}  # the computer played a turn for Seat 2


def stored(wound: LiveServer, match_id: str) -> tuple[set[int], list[int]]:
    """Read afresh from the database, as after a restart: ``Store.forfeits`` and the seats of the actions
    a computer played for a gone person, in order."""
    async def read() -> tuple[set[int], list[int]]:
        store = Store(wound.app.state.hub.store.url)
        try:
            async with store.sessions() as session:
                stood_in = (await session.scalars(select(ActionRow.seat).where(
                    ActionRow.match_id == match_id, ActionRow.stand_in).order_by(ActionRow.version))).all()
            return await store.forfeits(match_id), list(stood_in)
        finally:
            await store.engine.dispose()
    return asyncio.run(read())
