"""Leak tests: random matches of every game, every frame to every seat checked.

Three sizes of the same oracle (``regalia.bench.leaks``, re-exported by ``tests.trust.frames``):

* here, in-process: frames made by the hub's one outbound function (``update_for``) for a few hundred
  matches, and a few matches of every game through the web app (a socket per seat and a spectator);
* over real WebSockets on a real server (``test_frames_over_real_websockets_...``);
* ``regalia bench leaks``: >= 1,000 matches of every game through the web app (the README has the figures).
"""

from __future__ import annotations

import json
import os

import pytest

from regalia import games
from regalia.bench import leaks
from regalia.core.rng import Rng
from tests.server.conftest import server  # noqa: F401  (the real server fixture)

from .frames import check_frames, live_match, play

# (game, options, matches): sized so the whole file runs in under 60 s on 2 loaded cores (the secrecy oracle tries every
# legal action at every step). LEAK_SCALE=N multiplies every count for a long local run.
CASES = [
    ("kings-gold", {"players": 2}, 16),
    ("kings-gold", {"players": 2, "mode": "duel"}, 20),
    ("kings-gold", {"players": 4}, 6),
    ("crown-the-queen", {"players": 3}, 24),
    ("crown-the-queen", {"players": 5}, 8),
    ("gold-battle", {}, 50),
    ("gold-crown", {"players": 3, "max_rounds": 10}, 60),
]


def play_and_check(game_id: str, options: dict, seed: int, views_every: int) -> int:
    game = games.game_class(game_id)(**options)
    match = game.new_match(seed=f"leak:{seed}")
    live = live_match(match)
    rng = Rng(f"leak-test:{game_id}:{seed}")
    frames = check_frames(live, rng)
    step = 0
    while not match.is_over:
        secret = play(live, rng.choice(match.legal_actions()))
        step += 1
        if secret or step % views_every == 0 or match.is_over:
            frames += check_frames(live, rng, secret)
    return frames


@pytest.mark.parametrize(("game_id", "options", "matches"), CASES,
                         ids=[f"{g}-{'-'.join(f'{k}{v}' for k, v in o.items())}" for g, o, _ in CASES])
def test_every_frame_to_every_seat_holds_only_what_that_seat_may_know(game_id, options, matches):
    views_every = 4
    matches *= int(os.environ.get("LEAK_SCALE", "1"))
    frames = sum(play_and_check(game_id, options, seed, views_every) for seed in range(matches))
    assert frames > matches


def test_every_frame_received_through_the_web_app_holds_only_what_its_seat_may_know():
    """The bench's own harness, small: every game and variant through the ASGI app, every frame received."""
    rows = leaks.measure(matches=4)
    assert {r["game"] for r in rows} == set(leaks.VARIANTS)
    for row in rows:
        assert row["leaks"] == 0, row
        assert row["matches"] == 4 and row["frames checked"] > row["actions"] > 0, row


def test_the_oracle_catches_a_frame_that_shows_another_seat_s_hand():
    """A check that can fail: the frame of seat 1 given seat 0's view is caught by rules 1 and 2."""
    game = games.game_class("crown-the-queen")(players=3)
    live = live_match(game.new_match(seed="oracle"))
    frame = json.loads(leaks.frame_for(live, 1))
    frame["view"] = live.match.view(0)
    with pytest.raises(leaks.Leak, match="not the seat's"):
        leaks.check_frame(live, 1, frame, Rng("oracle"))


def test_frames_over_real_websockets_hold_no_card_of_another_seat(server):  # noqa: F811
    """High Card over a real server: each seat on its own socket, plus a spectator, for 20 matches."""
    for number in range(20):
        created = server.new_match("high-card", seats=[{"kind": "human"}] * 3, players=3)
        sockets = {seat: server.ws(created["match"]) for seat in range(3)}
        for seat, player in sockets.items():
            player.hello(created["tokens"][str(seat)])
        watcher = server.ws(created["match"])
        for _ in range(3):
            mover = next(s for s, p in sockets.items() if p.state["legal"])
            sockets[mover].act(("hold", "fold")[number % 2 if mover else 0])
            for player in [*sockets.values(), watcher]:
                player.wait_for(lambda s, v=sockets[mover].state["version"]: s["version"] >= v)
        for seat, player in [*sockets.items(), (None, watcher)]:
            updates = [f for f in player.frames if f["type"] == "update"]
            assert updates[-1]["view"]["is_over"] and updates[-1]["seed"]
            for frame in updates:
                if frame["view"]["is_over"]:
                    continue
                assert frame["seed"] is None
                shown = [s for s, card in enumerate(frame["view"]["cards"]) if card is not None]
                assert shown == ([] if frame["seat"] is None else [frame["seat"]]), (seat, frame)
            player.close()
