"""Two real ``regalia serve`` processes sharing one PostgreSQL and one Redis play the same match."""

from __future__ import annotations

import threading
from typing import Any

from tests.server.conftest import Player


def wait_version(player: Player, version: int) -> dict[str, Any]:
    return player.wait_for(lambda state: state["version"] >= version, timeout=15)


def play_one_match_across(a, b) -> tuple[int, int]:
    """Seat 0 plays on instance A, seat 1 on instance B, to the end; returns (moves, moves the rival heard)."""
    created = a.new_match("kings-gold", seats=[{"kind": "human"}, {"kind": "human"}])
    match_id, tokens = created["match"], created["tokens"]
    on_a, on_b = a.ws(match_id), b.ws(match_id)
    on_a.hello(tokens["0"])
    on_b.hello(tokens["1"])
    players = {0: on_a, 1: on_b}
    version, moves_seen_by_rival = 0, 0
    while True:
        for player in players.values():
            assert wait_version(player, version)["version"] == version
        if on_a.state["view"]["is_over"]:
            break
        mover = on_a.state["view"]["to_move"]
        assert on_b.state["view"]["to_move"] == mover  # both instances agree on whose turn it is
        acting, rival = players[mover], players[1 - mover]
        action = acting.state["legal"][0]
        reply = acting.act(action, seat=mover)
        assert reply["type"] == "update" and reply["version"] == version + 1, reply
        seen = wait_version(rival, version + 1)  # the other instance heard it through Redis
        assert seen["log"] or seen["last"] is not None
        if seen["last"] is not None and seen["last"].get("action") == action:
            moves_seen_by_rival += 1
        version += 1
    assert on_a.state["view"]["winners"] == on_b.state["view"]["winners"]
    assert on_a.state["seed"] == on_b.state["seed"] is not None  # revealed at the end on both
    summary = b.http.get(f"/api/matches/{match_id}").json()
    assert summary["is_over"] and summary["version"] == version
    return version, moves_seen_by_rival


def test_a_human_on_each_instance_plays_kings_gold_to_the_end(two_instances):
    # The server deals from a secret seed, and about 1 deal in 25 ends within 20 moves when every player takes the
    # first legal action: matches are played until more than 20 moves have crossed between the instances.
    a, b = two_instances
    moves, heard, matches = 0, 0, 0
    while moves <= 20:
        played, seen = play_one_match_across(a, b)
        moves, heard, matches = moves + played, heard + seen, matches + 1
        assert matches <= 10
    assert heard > 0


def test_two_racing_actions_one_per_instance_exactly_one_lands(two_instances):
    a, b = two_instances
    created = a.new_match("kings-gold", seats=[{"kind": "human"}, {"kind": "human"}])
    match_id, tokens = created["match"], created["tokens"]
    twins = [a.ws(match_id), b.ws(match_id)]  # the same seat, held on both instances
    for twin in twins:
        twin.hello(tokens["0"], tokens["1"])
    mover = twins[0].state["view"]["to_move"]
    action = twins[0].state["legal"][0]
    start = threading.Barrier(2)

    def race(twin: Player) -> None:
        start.wait()
        twin.act(action, seat=mover, version=0)

    threads = [threading.Thread(target=race, args=(twin,)) for twin in twins]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(15)
    for twin in twins:  # the loser hears both the winner's update and its own refusal, in either order
        wait_version(twin, 1)
        drain(twin)
    refusals = [f for twin in twins for f in twin.frames if f["type"] == "refused"]
    assert len(refusals) == 1, [twin.frames[2:] for twin in twins]
    assert "stale action" in refusals[0]["reason"]
    assert all(twin.state["version"] == 1 for twin in twins)
    summary = a.http.get(f"/api/matches/{match_id}").json()
    assert summary["version"] == 1  # one action stored, not two


def drain(player: Player, quiet: float = 0.5) -> None:
    """Read frames until none comes for ``quiet`` seconds."""
    while True:
        try:
            player.receive(timeout=quiet)
        except TimeoutError:
            return
