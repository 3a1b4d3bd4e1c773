"""What each computer level chooses in fixed positions: search and rules may get faster, never different.

Each case is a position reached by seeded random plies from the start, searched by a level's agent with a
node budget (deterministic). Pinned: the move, the depth completed, the nodes searched and the value, so
move generation, move order, the evaluation and the search must all stay the same. Expected values were
computed before the speed work of this test's commit (with the rules and search of 7ae9a6f). Principal-
variation search (null windows) changed three node counts (medium 0: 3,917 -> 3,745, medium 3: 3,344 ->
3,454, hard 1: 113,791 -> 124,045), not a move, depth or value.
"""

from __future__ import annotations

import pytest

from regalia.ai import load_agent
from regalia.core.match import Match
from regalia.core.rng import Rng
from regalia.games.gold_battle import GoldBattle


def position(seed: int) -> Match:
    rng = Rng(f"pin:{seed}")
    match = GoldBattle().new_match(seed=seed)
    for _ in range(6 + 5 * seed):
        match.play(rng.choice(match.legal_actions()))
    assert not match.is_over
    return match


CASES = [
    ("easy", 0, 100_000, "d4-e5", 1, 54, 0.5083325618141193),
    ("easy", 1, 100_000, "i9-i8", 1, 56, 0.5124973964842103),
    ("easy", 2, 100_000, "d3-e4", 1, 52, 0.45842951678320015),
    ("easy", 3, 100_000, "g7-h6", 1, 53, 0.49583342978127143),
    ("easy", 4, 100_000, "a3-b4", 1, 52, 0.5166604965694114),
    ("easy", 5, 100_000, "d9-d8", 1, 48, 0.5166604965694113),
    ("medium", 0, 100_000, "d4-e5", 3, 3745, 0.5083325618141193),
    ("medium", 1, 100_000, "i9-i8", 3, 3510, 0.5124973964842103),
    ("medium", 2, 100_000, "d3-e4", 3, 3055, 0.45842951678320015),
    ("medium", 3, 100_000, "h9-h8", 3, 3454, 0.49583342978127154),
    ("medium", 4, 100_000, "a3-b4", 3, 3098, 0.5166604965694115),
    ("medium", 5, 100_000, "d9-d8", 3, 2717, 0.5166604965694115),
    ("hard", 0, 20_000, "d4-e5", 4, 20_000, 0.5041665702187286),
    ("hard", 2, 20_000, "d3-c4", 3, 20_000, 0.39333064389178857),
    ("hard", 3, 20_000, "b9-a8", 4, 20_000, 0.42555748318834097),
    ("hard", 5, 20_000, "d9-d8", 4, 20_000, 0.5166604965694115),
    ("hard", 1, 400_000, "f10-h8", 5, 124_045, 0.5662743941954391),  # hard's whole 5 plies
]


@pytest.mark.parametrize(("level", "seed", "budget", "move", "depth", "nodes", "value"), CASES)
def test_a_level_chooses_what_it_always_chose(level, seed, budget, move, depth, nodes, value):
    agent = load_agent("gold-battle", level, seed=7, nodes=budget)
    assert agent.choose(position(seed)) == move
    last = agent.inner.last  # type: ignore[attr-defined]
    assert (last["depth"], last["nodes"], last["value"]) == (depth, nodes, value)
