"""The step table that move generation keeps up to date (rules/movement.py, on the board trail of state.py)
must always equal the rules themselves: at every marching position of fixed-seed random matches, the steps
offered are exactly those ``step_problem`` allows, in the same order as a table built from scratch."""

import pytest

from regalia.core import Rng
from regalia.games.gold_crown import GoldCrown
from regalia.games.gold_crown.mat import MAT
from regalia.games.gold_crown.notation import MOVE
from regalia.games.gold_crown.rules.board import positions
from regalia.games.gold_crown.rules.movement import step_names, step_problem
from regalia.games.gold_crown.state import MARCH, knight


def allowed(state, seat):
    """Every step the rules allow, straight from ``step_problem`` (no table)."""
    return {MOVE[a, b] for a in positions(state.board, knight(seat)) for b in MAT.neighbours[a]
            if step_problem(state, seat, a, b) is None}


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 1), (3, 2), (4, 3)])
def test_the_kept_step_table_matches_the_rules_at_every_marching_position(players, seed):
    game = GoldCrown(players=players)
    match = game.new_match(seed=f"steps:{seed}")
    rng = Rng(f"steps:{seed}")
    checked = 0
    while not match.is_over and len(match.history) < 1500:
        state = match.state
        if state.phase == MARCH:
            seat = state.seat
            kept = step_names(state, seat)
            fresh = state.with_(board=state.board)  # no cache, no trail: the table is built from scratch
            assert kept == step_names(fresh, seat)
            assert set(kept) == allowed(state, seat)
            checked += 1
        match.play(rng.choice(match.legal_actions()))
    assert checked > 100
