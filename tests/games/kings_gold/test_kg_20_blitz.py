"""Blackbeard's Blitz (§2.6.2, KG-20): the timeout is a recorded input that only the referee's clock plays."""

import time

import pytest

from regalia.core.errors import IllegalAction
from regalia.games.kings_gold.blitz import deadline, expired, seconds_left, turn_of

from .helpers import KingsGold, position

BLITZ = KingsGold(mode="blitz")


def blitz_match(seed=1):
    match = BLITZ.new_match(seed=seed)
    assert match.legal_actions() == ["roll"]
    match.play("roll")
    return match


def test_kg_20_only_the_clock_plays_the_timeout_and_it_is_logged():
    match = blitz_match()
    seat, before = match.to_move, match.to_json()
    assert "timeout" not in match.legal_actions()
    with pytest.raises(IllegalAction, match="Blackbeard's Blitz"):
        match.play("timeout")
    with pytest.raises(IllegalAction, match="Blackbeard's Blitz"):
        match.play("timeout", seat=seat)
    assert match.to_json() == before
    match.play(BLITZ.clock_actions(match.state)[0], clock=True)
    assert match.actions[-1] == "timeout" and match.to_move != seat
    assert any(line.startswith("Time! ") and "10 seconds are up" in line for line in match.log)


def test_kg_20_the_clock_cannot_play_a_seats_action():
    match = blitz_match()
    with pytest.raises(IllegalAction, match="clock"):
        match.play("stop", clock=True)


def test_kg_20_replay_reproduces_the_timeout():
    match = blitz_match(seed=5)
    match.play("timeout", clock=True)
    match.play(match.legal_actions()[0])
    again = BLITZ.match_from_json(match.to_json())
    assert again.to_json() == match.to_json() and again.log == match.log
    assert BLITZ.match_from_json(match.record() | {"format": "regalia.record"}).log == match.log


def time_up(game, state):
    """The referee's timeout applied to a position: (state after, log lines)."""
    assert game.clock_actions(state) == ["timeout"]
    after = game.apply(state, "timeout")
    return after, game.describe(state, "timeout", after)


def test_kg_20_standard_mode_has_no_clock():
    game = KingsGold()
    match = game.new_match(seed=1)
    assert game.clock_actions(match.state) == [] and match.view(0)["clock"] is None
    with pytest.raises(IllegalAction):
        match.play("timeout", clock=True)


def test_kg_20_timeout_dice_showing_are_final_crests_convert_cannons_at_the_richest_unshielded():
    game = KingsGold(players=4, mode="blitz")
    state = position(4, dice="Coin Crest Cannon Cannon Coin", coins=(0, 3, 5, 5), shields=(0, 0, 1, 0))
    state, log = time_up(game, state)
    assert state.doubloons[0] == 1 and state.coins[0] == 1 + 2  # a Crest converted, a coin, 2 steals
    assert state.coins[3] == 3 and state.shields[2] == 1  # both Cannons at seat 3: most coins, no Shield
    assert log[0].startswith("Time! Anne's 10 seconds") and "Anne stops with" in log[1]


def test_kg_20_timeout_tie_goes_to_the_next_in_turn_order():
    game = KingsGold(players=4, mode="blitz")
    state = position(4, seat=2, dice="Cannon Skull Skull Coin Coin", coins=(4, 4, 0, 1))
    state, _ = time_up(game, state)
    assert state.coins == (3, 4, 3, 1)  # seats 0 and 1 tie on 4 coins: from seat 2 the order is 3, 0, 1


def test_kg_20_timeout_before_the_first_throw_passes_the_turn():
    game = KingsGold(mode="blitz")
    state, log = time_up(game, position(2))
    assert state.seat == 1 and state.phase == 1 and "never threw" in log[1]


def test_kg_20_view_shows_the_turn_timer_for_the_countdown():
    game = KingsGold(mode="blitz", turn_seconds=7)
    view = game.view(position(2, dice="Coin Coin Coin Skull Crest"), 1)
    assert view["clock"] == {"turn_seconds": 7, "turn": [1, 0], "running": True}
    assert deadline(view) == 7.0 and seconds_left(view, 2.5) == 4.5 and seconds_left(view, 9) == 0.0
    assert turn_of(view) == (1, 0) and not expired(view, 6.9) and expired(view, 7)
    assert deadline(KingsGold().view(position(2), 0)) is None


def referee(match, now, idle=lambda: None, budget_steps=400):
    """A server's Blitz loop in miniature: each seat idles; the referee calls time from ``now()``."""
    started, turn = now(), None
    for _ in range(budget_steps):
        if match.is_over:
            return
        view = match.view(None)
        if turn_of(view) != turn:
            turn, started = turn_of(view), now()
        if expired(view, now() - started):
            match.play(match.game.clock_actions(match.state)[0], clock=True)
        idle()


def test_kg_20_an_injected_clock_calls_time_on_every_idle_turn():
    ticks = iter(range(10**6))
    match = KingsGold(mode="blitz", navy_rounds=2).new_match(seed=3)
    referee(match, lambda: float(next(ticks)))
    assert match.is_over and match.actions == ["timeout"] * 4  # 2 rounds x 2 captains, nobody threw


def test_kg_20_a_real_clock_calls_time():
    match = KingsGold(mode="blitz", navy_rounds=1, turn_seconds=1).new_match(seed=3)
    # About 2 s of real waiting; the step budget is only a safety net, nothing about speed is asserted.
    referee(match, time.monotonic, idle=lambda: time.sleep(0.05), budget_steps=600)
    assert match.is_over and match.actions == ["timeout", "timeout"]


def test_kg_20_computer_captains_play_the_blitz_and_hard_is_still_the_exact_solver():
    from regalia.ai import load_agent
    from regalia.ai.arena import play_match
    from regalia.core.rng import Rng

    game = KingsGold(players=3, mode="blitz", fast_roll=True)
    agents = [load_agent("kings-gold", level, seed=s) for s, level in enumerate(["hard", "medium", "easy"])]
    match = play_match(game, agents, seed=4)
    assert match.is_over and "timeout" not in match.actions
    standard = KingsGold(players=3)
    for dice in ("Coin Coin Skull Cannon Crest", "Coin Coin Coin Coin Skull", "Cannon Crest Crest Skull Skull"):
        state = position(3, dice=dice, coins=(1, 4, 2))
        assert game.policy("exact", state, 0, Rng(0)) == standard.policy("exact", state, 0, Rng(0))


def test_kg_20_turn_seconds_for_the_servers_referee():
    game = KingsGold(mode="blitz", turn_seconds=8)
    assert game.turn_seconds(position(2)) == 8.0
    assert game.turn_seconds(position(2, dice="Coin Coin Cannon Skull Crest")) == 8.0
    assert game.turn_seconds(game.initial_state()) is None  # the roll-off: chance, no captain to time
    assert KingsGold().turn_seconds(position(2)) is None and KingsGold(mode="duel").turn_seconds(position(2)) is None
