"""The position key behind repetition (GB-4) and the search's table tells every two positions apart."""

from __future__ import annotations

from regalia.games.gold_battle.board import SQUARE_OF
from regalia.games.gold_battle.game import GoldBattle
from regalia.games.gold_battle.state import position_key


def test_positions_with_a_soldier_sixty_one_squares_apart_have_different_keys():
    """Python hashes ints modulo 2**61 - 1: a1 (square 0) and g6 (square 61) once gave the same key."""
    assert SQUARE_OF["g6"] - SQUARE_OF["a1"] == 61
    start = GoldBattle().initial_state()
    blue = start.soldiers[1]
    on_a1 = start.replace(soldiers=(start.soldiers[0], blue | 1 << SQUARE_OF["a1"]))
    on_g6 = start.replace(soldiers=(start.soldiers[0], blue | 1 << SQUARE_OF["g6"]))
    assert hash((on_a1.soldiers, 0)) == hash((on_g6.soldiers, 0))  # the old key's flaw, still in hash()
    assert on_a1.key != on_g6.key


def test_the_key_is_the_same_for_the_same_position_however_it_was_reached():
    state = GoldBattle().initial_state()
    again = state.replace()
    assert state.key == again.key == position_key(state.soldiers, state.commanders, state.towers, state.mines,
                                                  state.captured, state.side, state.frees)
