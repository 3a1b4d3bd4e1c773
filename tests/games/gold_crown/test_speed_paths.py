"""The speed paths of the rules give what the plain ones give: the spinner drawn by bisection equals
``Rng.weighted`` over the outcome table, and the board list that moves on from state to state (state.CARRIED)
never lets one state's step change another state's board (siblings stepped from the same state, a state
left behind by ``with_``)."""

import pytest

from regalia.core import Rng
from regalia.games.gold_crown import GoldCrown
from regalia.games.gold_crown.notation import STEP
from regalia.games.gold_crown.spinner import SCATTER_OUTCOMES, SPIN_OUTCOMES
from regalia.games.gold_crown.state import EMPTY, MARCH, SCATTER, SPINNING, knight


@pytest.mark.parametrize(("phase", "table"), [(SPINNING, SPIN_OUTCOMES), (SCATTER, SCATTER_OUTCOMES)])
def test_the_spinner_and_the_scatter_draw_what_rng_weighted_draws(phase, table):
    game = GoldCrown()
    state = game.initial_state().with_(phase=phase)
    ours, theirs = Rng("draws"), Rng("draws")
    drawn = [game.sample_chance(state, ours) for _ in range(5000)]
    assert drawn == [theirs.weighted(table) for _ in range(5000)]
    assert set(drawn) == {name for name, _ in table}


def _board_after(board, seat, action):
    a, b = STEP[action]
    cells = list(board)
    cells[a], cells[b] = EMPTY, knight(seat)
    return bytes(cells)


def marching(seed: str):
    """(game, state, its legal steps) at every march of a fixed-seed random match; the match plays on."""
    game = GoldCrown()
    match = game.new_match(seed=seed)
    rng = Rng(seed)
    while not match.is_over:
        state = match.state
        if state.phase == MARCH:
            yield game, state, [a for a in match.legal_actions() if a in STEP]
        match.play(rng.choice(match.legal_actions()))


def test_steps_from_one_state_never_share_a_board():
    checked = 0
    for game, state, steps in marching("siblings"):
        seat = state.seat
        board = state.board
        children = [(action, game.apply(state, action)) for action in steps[:3]]  # siblings
        for action, child in children:
            assert state.board == board
            assert child.board == _board_after(board, seat, action)
            if child.phase == MARCH and child.cache.get("cells") is not None:
                assert bytes(child.cache["cells"]) == child.board
        if children:  # a grandchild from the first sibling leaves the others as they were
            action, child = children[0]
            if child.phase == MARCH:
                grand = [a for a in game.legal_actions(child) if a in STEP]
                if grand:
                    after = game.apply(child, grand[0])
                    assert after.board == _board_after(child.board, seat, grand[0])
                    for other, sibling in children[1:]:
                        assert sibling.board == _board_after(board, seat, other)
        checked += 1
        if checked == 200:
            break
    assert checked >= 100


def test_a_state_left_behind_by_with_steps_from_its_own_board():
    checked = 0
    for game, state, moves in marching("left behind"):
        if len(moves) < 2:
            continue
        copy = state.with_(points=state.points)  # takes the board list along, if any
        first = game.apply(copy, moves[0])
        second = game.apply(state, moves[1])
        assert first.board == _board_after(state.board, state.seat, moves[0])
        assert second.board == _board_after(state.board, state.seat, moves[1])
        assert copy.board == state.board
        checked += 1
        if checked == 100:
            break
    assert checked >= 50
