"""Every level brings a match to its end: a fixed-seed match of each pair of computer barons finishes before
the round cap (no level drifts into the King's victory through passivity).

The seeds are those of the strength benchmark's first match (``strength:0``, bench/gold_crown.py); before the
levels pressed the siege, the easy-easy and medium-easy matches of that seed hit the 100-round cap.
"""

import pytest

from regalia.ai import load_agent
from regalia.ai.arena import play_match
from regalia.games.gold_crown import GoldCrown, planner

CAP = 100

PAIRS = [("easy", "easy"), ("medium", "easy"), ("hard", "medium")]


@pytest.mark.parametrize(("first", "second"), PAIRS, ids=lambda level: level)
def test_a_fixed_seed_match_of_each_level_pair_ends_before_the_cap(first, second):
    planner._PLANS.clear()  # plans cached by other tests' matches must not steer this one
    game = GoldCrown(max_rounds=CAP)
    agents = [load_agent("gold-crown", level, seed=f"strength:0:{seat}") for seat, level in enumerate((first, second))]
    match = play_match(game, agents, seed="strength:0")
    assert match.state.ending in ("crown", "king"), f"{first} vs {second}: {match.state.ending} after {match.state.round} rounds"
    assert match.state.round <= CAP


def test_a_knight_joins_his_comrade_on_the_tower_whose_guard_stands():
    """GC-14: two knights on the curved boxes and the guard falls to one step. With one point left the
    planner puts the second man on the tower (before, any step nearer an objective was worth as much, and a
    baron short of points walked round the tower for rounds); with two he also kills the guard."""
    from .position import GAME, marching

    knights = {0: ["q6", "o6", "j5", "h4"], 1: ["k17"]}
    assert planner.plan_turn(GAME, marching(knights, points=1), 0, 2)[0][0] in ("move o6-p6", "move o6-p5")
    plan = planner.plan_turn(GAME, marching(knights, points=2), 0, 1)[0]
    assert plan[0] in ("move o6-p6", "move o6-p5") and plan[1].endswith("-q5")
