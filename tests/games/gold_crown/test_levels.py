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
