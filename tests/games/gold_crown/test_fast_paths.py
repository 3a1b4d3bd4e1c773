"""The inline fast paths of the rules give what the plain rules give, at every step of fixed-seed random
matches: a plain step applied inline in ``turn.apply_with`` equals ``movement.step`` (and the end of the
turn after the last point); the archers' row searched as a board slice and the wall/deck killings read with
one ``itemgetter`` list the same knights as a look at every box; the crossings and castle steps kept on the
trail equal fresh ones; the legal actions are a new list each call."""

import json

import pytest

from regalia.core import Rng
from regalia.games.gold_crown import GoldCrown
from regalia.games.gold_crown.mat import FIELD, MAT
from regalia.games.gold_crown.notation import STEP
from regalia.games.gold_crown.rules import ending, movement
from regalia.games.gold_crown.rules.attacks import DECK_AND_TOWERS, ROWS, WALL_KINDS, in_row, on_kinds
from regalia.games.gold_crown.rules.board import positions
from regalia.games.gold_crown.state import EMPTY, MARCH, knight

from .regression import FIXTURE


def _fields(state):
    return (state.board, state.barons, state.chambers, state.phase, state.order, state.groups, state.opening,
            state.turn, state.round, state.spin, state.points, state.casualties, state.aim, state.attackers,
            state.winner, state.ending, state.cache.get("counts"))


def _positions(players: int, seed: str):
    """Every state of a fixed-seed random match (the match plays on)."""
    game = GoldCrown(players=players)
    match = game.new_match(seed=seed)
    rng = Rng(seed)
    while not match.is_over and match.steps < 3000:
        yield game, match.state
        match.play(rng.choice(match.legal_actions()))


@pytest.mark.parametrize(("players", "seed"), [(2, "fast:0"), (3, "fast:1"), (4, "fast:2")])
def test_a_plain_step_applied_inline_equals_the_rules_step(players, seed):
    checked = 0
    for game, state in _positions(players, seed):
        if state.phase != MARCH:
            continue
        seat = state.seat
        for action in [a for a in game.legal_actions(state) if a in STEP][:4]:
            a, b = STEP[action]
            if state.board[b] != EMPTY or MAT.chamber[b] >= 0 or a in state.attackers:
                continue
            expected = movement.step(state, seat, a, b)
            if expected.points <= 0:
                expected = ending.end_turn(expected, game.max_rounds)
            assert _fields(game.apply(state, action)) == _fields(expected)
            checked += 1
    assert checked > 200


@pytest.mark.parametrize(("players", "seed"), [(2, "rows:0"), (4, "rows:1")])
def test_the_archers_rows_and_the_killings_list_the_knights_a_plain_look_finds(players, seed):
    checked = 0
    for _, state in _positions(players, seed):
        for seat in range(players):
            mine = knight(seat)
            rows = ROWS[state.barons[seat].face]
            for row in range(6):
                plain = [b for b in rows[row] if state.board[b] == mine] if row < len(rows) else []
                assert in_row(state, seat, row) == plain
            for kinds in (WALL_KINDS, DECK_AND_TOWERS):
                plain = [b for b in range(len(MAT.kind)) if MAT.kind[b] in kinds and state.board[b] == mine]
                assert on_kinds(state, seat, kinds) == plain
                checked += bool(plain)
    assert checked > 0


def test_the_legal_actions_are_a_new_list_each_call():
    for game, state in _positions(2, "lists:0"):
        if state.phase == MARCH:
            first = game.legal_actions(state)
            kept = list(first)
            first.clear()
            assert game.legal_actions(state) == kept
            assert game.legal_actions(state) is not game.legal_actions(state)


@pytest.mark.parametrize("index", [0, 1, 2])
def test_the_kept_crossings_and_castle_steps_equal_fresh_ones_in_the_computer_barons_matches(index):
    """The recorded computer-baron matches reach the towers, chambers and treachery (random play rarely
    does): at every march the steps offered from the kept tables equal those of a state built afresh."""
    pinned = json.loads(FIXTURE.read_text())["agents"][index]
    spec = pinned["spec"]
    game = GoldCrown(players=spec["players"])
    match = game.new_match(seed=spec["seed"])
    inside = 0
    for action in pinned["actions"]:
        state = match.state
        if state.phase == MARCH:
            seat = state.seat
            kept = movement.step_names(state, seat)
            assert kept == movement.step_names(state.with_(board=state.board), seat)  # no cache, no trail
            inside += any(MAT.kind[b] != FIELD for b in positions(state.board, knight(seat)))
        match.play(action)
    assert inside > 20
