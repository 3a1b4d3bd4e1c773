"""Rule 1 (rolling and locking), §2.4 (the turn loop), KG-6 (three Skulls end it), KG-15, KG-25."""

import pytest

from regalia.core import CHANCE, IllegalAction
from regalia.games.kings_gold.state import CHOOSE, READY, THROW

from .helpers import KingsGold, play, played, position

GAME = KingsGold(players=2)


def test_rule_1_turn_begins_with_all_five_dice_thrown():
    state = position(2)
    assert GAME.legal_actions(state) == ["roll"]
    state = play(GAME, state, "roll")
    assert GAME.to_move(state) == CHANCE and state.throwing == (0, 1, 2, 3, 4)
    state = play(GAME, state, "Coin Coin Cannon Crest Skull")
    assert state.phase == CHOOSE and state.rolls == 1


def test_rule_1_a_skull_is_locked_for_the_rest_of_the_turn():
    state = position(2, dice="Skull Coin Cannon Crest Coin")
    legal = GAME.legal_actions(state)
    assert "reroll 1" not in legal and all("1" not in a.split()[1:] for a in legal if a.startswith("reroll"))
    assert "Rolling & Locking: a Skull is locked" in GAME.why_illegal(state, "reroll 1 3")
    state = play(GAME, state, "reroll 3", "Skull")
    assert state.dice == (0, 2, 0, 3, 2) and "reroll 3" not in GAME.legal_actions(state)


def test_rule_1_holds_are_chosen_between_throws_and_only_rerolled_dice_change():
    state = position(2, dice="Coin Cannon Crest Coin Cannon")
    state = play(GAME, state, "reroll 2 5", "Coin Crest")
    assert state.dice == (2, 2, 3, 2, 3)
    assert state.held == (0, 2, 3)
    # KG-15: holds may change between throws: a die held before may now be re-thrown.
    state = play(GAME, state, "reroll 1", "Cannon")
    assert state.dice[0] == 1


def test_rule_1_at_most_three_throws_then_the_dice_are_final():
    state = position(2, dice="Coin Cannon Skull Coin Cannon", rolls=2)
    state, log = played(GAME, state, "reroll 2", "Coin")
    assert state.phase == READY and state.seat == 1  # resolved and passed on
    assert "third throw" in " ".join(log)


def test_rule_1_stopping_early_resolves_the_dice():
    state = position(2, dice="Coin Coin Cannon Skull Skull", coins=(0, 3))
    state = play(GAME, state, "stop")
    assert state.coins == (3, 2) and state.seat == 1


def test_kg_6_three_skulls_end_the_turn_by_themselves():
    state = position(2, dice="Skull Skull Coin Coin Coin", coins=(5, 0))
    state = play(GAME, state, "reroll 3", "Skull")
    assert state.phase == READY and state.seat == 1 and state.coins == (3, 0) and state.reserve == 2


def test_kg_15_at_least_one_die_must_be_rolled():
    state = position(2, dice="Coin Coin Cannon Crest Skull")
    for bare in ("reroll", "reroll "):
        assert GAME.why_illegal(state, bare) == "Rolling & Locking: a re-roll throws at least one die"
    match = GAME.new_match(seed=3)
    while match.to_move is not None and match.state.phase != CHOOSE:
        match.play(match.legal_actions()[0])
    before = match.to_json()
    with pytest.raises(IllegalAction, match="at least one die"):
        match.play("reroll")
    assert match.to_json() == before


def test_kg_15_each_die_once_by_number():
    state = position(2, dice="Coin Coin Cannon Crest Coin")
    for bad in ("reroll 6", "reroll 2 2", "reroll 5 1", "reroll x"):
        assert GAME.why_illegal(state, bad).startswith("Rolling & Locking: name the dice")


@pytest.mark.parametrize("face", ["Coin", "Cannon", "Crest"])
def test_kg_25_five_alike_end_the_rolling_at_once(face):
    state = position(2, dice=f"{face} {face} {face} {face} Cannon" if face != "Cannon" else
                     "Cannon Cannon Cannon Cannon Coin")
    state = play(GAME, state, "reroll 5", face)
    assert state.phase == READY and state.seat == 1  # the heist resolved, no further throw offered


def test_2_4_turn_loop_throw_lock_reroll_resolve_pass_clockwise():
    state = position(3, seat=2)
    state, log = played(GAME_3 := KingsGold(players=3), state, "roll", "Coin Skull Cannon Coin Crest",
                        "reroll 3", "Coin", "stop", "crest convert")
    assert state.seat == 0 and state.phase == READY  # clockwise: seat 2 passes to seat 0
    assert state.coins[2] == 2 and state.doubloons[2] == 1
    assert log[0] == "Calico rolls Coin Skull Cannon Coin Crest"
    assert GAME_3.to_move(position(3, seat=1)) == 1


def test_2_4_phase_2_no_reroll_or_stop_before_the_first_throw():
    state = position(2)
    assert GAME.why_illegal(state, "stop") == "Rolling & Locking: throw the dice first (roll)"
    assert "Initial All-Die Roll" in GAME.why_illegal(state, "reroll 1")
    state = play(GAME, state, "roll")
    assert GAME.to_move(state) == CHANCE and state.phase == THROW
