"""The hard captain's turn solver equals an independent brute-force expectimax over the rules themselves."""

import pytest

from regalia.core import CHANCE
from regalia.games.kings_gold.dice import count_faces, count_outcomes
from regalia.games.kings_gold.heuristics import POLICIES
from regalia.games.kings_gold.solver import TurnSolver, keeps

from .helpers import KingsGold, play, position


def brute_force(game, state, before=None):
    """Expected score swing of the rest of the turn, best play, by enumerating every action and throw.

    The swing is measured from the scores ``before`` (default: the scores in ``state``).
    """
    seat = state.seat
    before = before or game.scores(state)
    others = [t for t in range(game.players) if t != seat]
    memo = {}

    def value(s):
        if s.seat != seat or game.to_move(s) is None:
            after = game.scores(s)
            return after[seat] - before[seat] - sum(after[t] - before[t] for t in others) / len(others)
        if s in memo:
            return memo[s]
        if game.to_move(s) == CHANCE:
            v = sum(p * value(game.apply(s, o)) for o, p in game.chance_outcomes(s))
        else:
            v = max(value(game.apply(s, a)) for a in game.legal_actions(s))
        memo[s] = v
        return v

    return value(state)


CASES = [
    # (players, position keyword arguments)
    (2, dict(dice="Coin Coin Coin Cannon Skull", rolls=2)),
    (2, dict(dice="Coin Coin Coin Coin Crest", rolls=2, coins=(3, 4), record=(6, 1))),
    (3, dict(dice="Cannon Cannon Crest Skull Skull", rolls=1, coins=(2, 3, 1), shields=(0, 1, 0))),
    (3, dict(dice="Crest Crest Coin Cannon Skull", rolls=2, coins=(1, 2, 2), shields=(2, 1, 0),
             treasury=(1, 1), record=(4, 2))),
    (2, dict(dice="Skull Skull Coin Crest Cannon", rolls=1, coins=(5, 2), reserve=3)),
    (4, dict(dice="Cannon Cannon Cannon Coin Skull", rolls=2, coins=(0, 1, 2, 0), shields=(0, 1, 0, 2))),
]


@pytest.mark.parametrize(("players", "where"), CASES)
def test_hard_solver_value_equals_brute_force_optimum(players, where):
    game = KingsGold(players=players)
    state = position(players, **where)
    solver = TurnSolver(game.cfg, state)
    assert solver.after_throw(state.rolls, count_faces(state.dice)) == pytest.approx(brute_force(game, state))


@pytest.mark.parametrize(("players", "where"), CASES)
def test_hard_policy_chooses_an_optimal_action(players, where):
    game = KingsGold(players=players)
    state = position(players, **where)
    best = brute_force(game, state)
    action = POLICIES["exact"](game.cfg, state)
    assert brute_force(game, game.apply(state, action), game.scores(state)) == pytest.approx(best)


def test_hard_resolution_choices_are_optimal_and_aim_at_the_leader():
    game = KingsGold(players=3)
    state = play(game, position(3, dice="Cannon Cannon Skull Skull Coin", coins=(0, 3, 9)), "stop")
    assert POLICIES["exact"](game.cfg, state) == "fire 2"  # equal swing: the leader is hit (Technique 2)


def test_turn_value_from_the_first_throw_is_consistent():
    game = KingsGold(players=2)
    solver = TurnSolver(game.cfg, position(2))
    value = solver.turn_value()
    # A full Treasury makes five Coins (160 points) worth chasing: the turn is worth far more than a roll.
    assert value > 5
    assert value == pytest.approx(sum(p * solver.after_throw(1, pool) for pool, p in count_outcomes(5)))


def test_keeps_always_leave_a_die_to_throw_and_keep_the_skulls():
    for keep in keeps((2, 1, 1, 1)):
        assert keep[0] == 2 and sum(keep) < 5


@pytest.mark.parametrize("policy", ["cautious", "lookahead", "exact"])
def test_policies_always_play_legal_actions(policy):
    game = KingsGold(players=3)
    match = game.new_match(seed=21)
    while not match.is_over:
        action = game.policy(policy, match.state, match.to_move, None)
        assert action in match.legal_actions()
        match.play(action)


def test_hard_rolling_rule_is_the_optimum_and_weaker_rules_are_weaker_by_design():
    from regalia.games.kings_gold.heuristics import cautious_keep

    game = KingsGold(players=3)
    state = position(3, coins=(4, 6, 1), shields=(0, 1, 0), treasury=(35, 9), reserve=2, record=(8, 1))
    solver = TurnSolver(game.cfg, state)
    hard = solver.value_of(solver.best_keep)
    medium = solver.value_of(lambda r, pool: solver.myopic_keep(pool))
    easy = solver.value_of(cautious_keep)
    assert hard == pytest.approx(solver.turn_value())
    assert hard > medium > easy
