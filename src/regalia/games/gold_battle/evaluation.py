"""The heuristic value of a battle for search: material, mines, mine pressure, commander safety, towers.

Each term is counted for both sides and the difference, in "soldiers", is squashed by a logistic into a
win chance per seat in [0, 1]. Every term is a handful of bitboard operations (``board.crowding`` gives
"touching 2+ soldiers" for the whole board at once), because search calls this at every leaf.
The weights were set by hand and checked in self-play (``regalia bench gold-battle``).
"""

from __future__ import annotations

import math
from functools import lru_cache

from .board import REACH, SQUARES, chebyshev, crowding
from .state import BattleState

SOLDIER = 1.0
MINE_HELD = 3.0
"""Per enemy home mine owned: a third of the way to the mines victory."""
MINE_THREAT = (0.6, 1.4)
"""Per enemy mine this side presses and the enemy does not contest (enemy to move, this side to move)."""
TOWER_DOWN = 0.6
TOWER_THREAT = 0.3
"""Per enemy tower already touched by 2+ of this side's soldiers: one step from falling."""
DOOMED = (0.8, 0.3)
"""Per own soldier where the enemy's next move captures it (enemy to move, this side to move)."""
COMMANDER_DANGER = 2.5
"""The enemy commander next to ours while an enemy soldier is one step from joining it (rule 6)."""
ADVANCE = 0.05
"""Per square a soldier stands closer to the enemy's mines: a gentle pull towards the fight."""
SCALE = 3.0

NEAR: tuple[int, ...] = tuple(
    sum(1 << b for b in range(SQUARES) if 0 < chebyshev(a, b) <= 2) for a in range(SQUARES)
)
"""Squares within 2 (Chebyshev) of each square, as bitboards."""


@lru_cache(maxsize=64)
def rings(targets: int) -> tuple[int, ...]:
    """Bitboards of the squares at distance 1, 2, ... (Chebyshev) from the nearest of ``targets``."""
    squares = [sq for sq in range(SQUARES) if targets >> sq & 1]
    found: list[int] = []
    for sq in range(SQUARES):
        if not squares:
            break
        distance = min(chebyshev(sq, t) for t in squares)
        while len(found) < distance:
            found.append(0)
        if distance:
            found[distance - 1] |= 1 << sq
    return tuple(found)


_DISTANCE_BITS: dict[int, tuple[int, int, int, int]] = {}


def distance_bits(targets: int) -> tuple[int, int, int, int]:
    """The distance to the nearest of ``targets`` in binary, bit by bit: bitboard ``k`` holds the squares
    whose distance has bit ``k`` set, so the distances of a set add up in four popcounts."""
    found = _DISTANCE_BITS.get(targets)
    if found is None:
        planes = [0, 0, 0, 0]
        for distance, ring in enumerate(rings(targets), start=1):
            for k in range(4):
                if distance >> k & 1:
                    planes[k] |= ring
        found = (planes[0], planes[1], planes[2], planes[3])
        if len(_DISTANCE_BITS) >= 256:
            _DISTANCE_BITS.clear()
        _DISTANCE_BITS[targets] = found
    return found


def side_score(state: BattleState, side: int, crowds: tuple[tuple[int, int, int], ...]) -> float:
    enemy = 1 - side
    soldiers, commander = state.soldiers[side], state.commanders[side]
    foe_commander = state.commanders[enemy]
    mine, foe = crowds[side], crowds[enemy]
    reach = REACH[commander]
    foe_reach = REACH[foe_commander]
    to_move = state.side == side
    foe_mines, foe_towers = state.mines[enemy], state.towers[enemy]
    score = (SOLDIER * soldiers.bit_count()
             + MINE_HELD * (state.mines[side] & state.home_mines[enemy]).bit_count()
             + TOWER_DOWN * (2 - foe_towers.bit_count())
             + TOWER_THREAT * (foe_towers & mine[1]).bit_count()
             + MINE_THREAT[to_move] * (foe_mines & (mine[1] | reach) & ~(foe[1] | foe_reach)).bit_count()
             - DOOMED[to_move] * (soldiers & (foe[1] | foe_reach)).bit_count())
    if foe_mines:
        d0, d1, d2, d3 = distance_bits(foe_mines)
        score -= ADVANCE * ((soldiers & d0).bit_count() + 2 * (soldiers & d1).bit_count()
                            + 4 * (soldiers & d2).bit_count() + 8 * (soldiers & d3).bit_count())
    if foe_commander >= 0 and reach >> foe_commander & 1 and NEAR[commander] & state.soldiers[enemy]:
        score -= COMMANDER_DANGER
    return score


_CROWDS: dict[int, tuple[int, int, int]] = {}


def crowds_of(soldiers: int) -> tuple[int, int, int]:
    """``crowding`` of a side's soldiers, remembered: search's sibling leaves share one side's soldiers."""
    found = _CROWDS.get(soldiers)
    if found is None:
        if len(_CROWDS) >= 4096:
            _CROWDS.clear()
        found = _CROWDS[soldiers] = crowding(soldiers)
    return found


def evaluate(state: BattleState) -> list[float]:
    """[Red's, Blue's] chance to win as judged from the position alone."""
    crowds = (crowds_of(state.soldiers[0]), crowds_of(state.soldiers[1]))
    diff = side_score(state, 0, crowds) - side_score(state, 1, crowds)
    red = 1.0 / (1.0 + math.exp(-diff / SCALE))
    return [red, 1.0 - red]
