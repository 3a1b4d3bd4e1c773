"""The heuristic value of a battle for search: material, mines, mine pressure, commander safety, towers.

Each term is counted for both sides and the difference, in "soldiers", is squashed by a logistic into a
win chance per seat in [0, 1]. The weights were set by hand and checked in self-play (bench/gold_battle).
"""

from __future__ import annotations

import math

from .board import ADJACENT, SQUARES, chebyshev, squares_of
from .rules import commander_beside, mine_pressure
from .state import BattleState

SOLDIER = 1.0
MINE_HELD = 3.0
"""Per enemy home mine owned: a third of the way to the mines victory."""
MINE_THREAT = 1.0
"""Per enemy mine this side presses and the enemy does not contest: it flips on this side's next move."""
TOWER_DOWN = 0.6
DOOMED = 0.7
"""Per own soldier standing where the enemy's next move captures it (rule 5 on the enemy's turn)."""
COMMANDER_DANGER = 2.5
"""The enemy commander next to ours while an enemy soldier can step beside it (rule 6)."""
ADVANCE = 0.04
"""Per square a soldier stands closer to the enemy's home mines: a gentle pull towards the fight."""
SCALE = 3.0

DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(chebyshev(a, b) for b in range(SQUARES)) for a in range(SQUARES)
)

NEAR: tuple[int, ...] = tuple(
    sum(1 << b for b in range(SQUARES) if 0 < DISTANCE[a][b] <= 2) for a in range(SQUARES)
)
"""Squares within 2 (Chebyshev) of each square, as bitboards."""


def side_score(state: BattleState, side: int) -> float:
    enemy = 1 - side
    soldiers, commander = state.soldiers[side], state.commanders[side]
    foe_soldiers, foe_commander = state.soldiers[enemy], state.commanders[enemy]
    score = SOLDIER * soldiers.bit_count()
    score += MINE_HELD * (state.mines[side] & state.home_mines[enemy]).bit_count()
    score += TOWER_DOWN * (2 - state.towers[enemy].bit_count())
    targets = squares_of(state.mines[enemy])
    for mine in targets:
        if mine_pressure(mine, soldiers, commander) and not mine_pressure(mine, foe_soldiers, foe_commander):
            score += MINE_THREAT
    reach = ADJACENT[foe_commander] if foe_commander >= 0 else 0
    rest = soldiers
    while rest:
        low = rest & -rest
        rest ^= low
        sq = low.bit_length() - 1
        if reach >> sq & 1 or (ADJACENT[sq] & foe_soldiers).bit_count() >= 2:
            score -= DOOMED
        if targets:
            row = DISTANCE[sq]
            score -= ADVANCE * min(row[m] for m in targets)
    if commander >= 0 and commander_beside(commander, foe_commander) and _soldier_can_join(commander, foe_soldiers):
        score -= COMMANDER_DANGER
    return score


def _soldier_can_join(commander: int, foe_soldiers: int) -> bool:
    """Whether an enemy soldier is within 2 squares of the commander (one step from completing rule 6)."""
    return bool(NEAR[commander] & foe_soldiers)


def evaluate(state: BattleState) -> list[float]:
    """[Red's, Blue's] chance to win as judged from the position alone."""
    diff = side_score(state, 0) - side_score(state, 1)
    red = 1.0 / (1.0 + math.exp(-diff / SCALE))
    return [red, 1.0 - red]
