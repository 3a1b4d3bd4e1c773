"""Alpha-beta's fixed-depth values on Gold Battle positions: a faster search may visit fewer nodes, never
reach a different value. Expected values were computed by the search of 66dc831 (before principal-variation
search); the moves too (the same move order, so equal-valued moves are met in the same order)."""

from __future__ import annotations

import pytest

from regalia.ai.alphabeta import Search
from regalia.core.rng import Rng

from .test_level_choices import position

CASES = [
    (0, 1, 'b3-a4', 0.5083325618141193),
    (0, 2, 'b3-a4', 0.5041665702187285),
    (0, 3, 'b3-a4', 0.5083325618141193),
    (0, 4, 'b3-a4', 0.5041665702187286),
    (1, 1, 'b8-b7', 0.5124973964842103),
    (1, 2, 'b8-b7', 0.5083325618141192),
    (1, 3, 'b8-b7', 0.5124973964842103),
    (1, 4, 'b8-b7', 0.5083325618141193),
    (2, 1, 'h2-g3', 0.45842951678320015),
    (2, 2, 'h2-g3', 0.4542946124155941),
    (2, 3, 'h2-g3', 0.45842951678320015),
    (2, 4, 'd3-c4', 0.39333064389178857),
    (3, 1, 'f7-e6', 0.49583342978127143),
    (3, 2, 'b9-a8', 0.49166743818588066),
    (3, 3, 'b9-a8', 0.49583342978127154),
    (3, 4, 'b9-a8', 0.42555748318834097),
    (4, 1, 'e2-d3', 0.5166604965694114),
    (4, 2, 'e2-d3', 0.5124973964842104),
    (4, 3, 'e2-d3', 0.5166604965694115),
    (4, 4, 'e2-d3', 0.5124973964842104),
    (5, 1, 'a7-a6', 0.5166604965694113),
    (5, 2, 'a7-a6', 0.5124973964842103),
    (5, 3, 'a7-a6', 0.5166604965694115),
    (5, 4, 'a7-a6', 0.5124973964842103),
]


@pytest.mark.parametrize(("seed", "depth", "move", "value"), CASES)
def test_a_fixed_depth_search_reaches_the_value_it_always_reached(seed, depth, move, value):
    match = position(seed)
    game, seat = match.game, match.to_move
    state = game.determinize(match.view(seat), seat, Rng("unused"))
    search = Search(game, seat, None, None)
    assert search.run(state, match.legal_actions(), depth) == (move, value, depth)
