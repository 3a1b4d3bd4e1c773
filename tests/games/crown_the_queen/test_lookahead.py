"""The rubber standing that hard's search scores a finished deal by (``game.rollout_cut``)."""

from __future__ import annotations

from regalia.games.crown_the_queen.lookahead import standing
from regalia.games.crown_the_queen.state import ACQUIRE, OVER

from .helpers import position


def test_standing_is_the_result_once_over_and_favours_the_leader_before():
    ahead = position([[], [], []], results=((100, 20, 30),), games=3)._replace(step=ACQUIRE)
    assert standing(ahead, 0) > 0.5 > standing(ahead, 1)
    over = ahead._replace(step=OVER, results=((100, 20, 30), (0, 0, 0), (0, 100, 0)))
    assert standing(over, 0) == 0.0 and standing(over, 1) == 1.0
