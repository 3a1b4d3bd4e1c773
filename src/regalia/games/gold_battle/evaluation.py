"""The heuristic value of a battle for search: material, mines, mine pressure, commander safety, towers.

Each term is counted for both sides and the difference, in "soldiers", is squashed by a logistic into a
win chance per seat in [0, 1]. Every term is a handful of bitboard operations (``board.crowding`` gives
"touching 2+ soldiers" for the whole board at once), because search calls this at every leaf.
The weights were set by hand and checked in self-play (``regalia bench gold-battle``).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

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


_ADVANCE: dict[int, dict[int, int]] = {}
"""Per enemy mines, per soldiers: ``advance``. At most 16 x 2048 entries (about 2.5 MB): a search meets a
few mine patterns, and a server's matches share the start's."""


def advance(soldiers: int, targets: int) -> int:
    """The soldiers' summed distances to the nearest of ``targets`` (``side_score``'s ADVANCE term, before
    its weight), remembered per targets and soldiers: sibling leaves share one side's soldiers."""
    d0, d1, d2, d3 = distance_bits(targets)
    found = ((soldiers & d0).bit_count() + 2 * (soldiers & d1).bit_count()
             + 4 * (soldiers & d2).bit_count() + 8 * (soldiers & d3).bit_count())
    sums = _ADVANCE.get(targets)
    if sums is None:
        if len(_ADVANCE) >= 16:
            _ADVANCE.clear()
        sums = _ADVANCE[targets] = {}
    elif len(sums) >= 2048:
        sums.clear()
    sums[soldiers] = found
    return found


_CROWDS: dict[int, tuple[int, int, int]] = {}


def crowds_of(soldiers: int) -> tuple[int, int, int]:
    """``crowding`` of a side's soldiers, remembered: search's sibling leaves share one side's soldiers."""
    found = _CROWDS.get(soldiers)
    if found is None:
        if len(_CROWDS) >= 4096:
            _CROWDS.clear()
        found = _CROWDS[soldiers] = crowding(soldiers)
    return found


_JUDGED: dict[tuple[Any, ...], float] = {}
"""Red's chance per position judged lately (search meets the same leaves again: transpositions, and each
deeper iteration). The key is every field ``evaluate`` reads, compared in full on a hit: exact."""
_JUDGED_SIZE = 16384
"""About 300 bytes an entry: at most ~5 MB (65536 entries found 46% of a 100,000-node search's leaves
again, 16384 found 38%)."""


def evaluate(state: BattleState) -> list[float]:
    """[Red's, Blue's] chance to win as judged from the position alone (remembered per position)."""
    key = (state.soldiers, state.commanders, state.towers, state.mines, state.home_mines, state.side)
    chance = _JUDGED.get(key)
    if chance is None:
        if len(_JUDGED) >= _JUDGED_SIZE:
            _JUDGED.clear()
        chance = _JUDGED[key] = judge(state)
    return [chance, 1.0 - chance]


def judge(state: BattleState) -> float:
    """Red's chance to win in ``state``: ``side_score`` for each side, written out for both sides at once
    (search calls this at every new leaf): the same terms, the same floating-point operations in the same
    order, so the very same values as ``reference_evaluate``.
    """
    red, blue = state.soldiers
    red_commander, blue_commander = state.commanders
    red_mines, blue_mines = state.mines
    red_towers, blue_towers = state.towers
    red_home, blue_home = state.home_mines
    crowds = _CROWDS
    red_crowd = crowds.get(red)
    if red_crowd is None:
        red_crowd = crowds_of(red)
    blue_crowd = crowds.get(blue)
    if blue_crowd is None:
        blue_crowd = crowds_of(blue)
    red_two, blue_two = red_crowd[1], blue_crowd[1]
    red_reach, blue_reach = REACH[red_commander], REACH[blue_commander]
    red_to_move = state.side == 0
    red_pressed = red_two | red_reach  # squares Red presses (rule 10) and threatens (rules 5, 8)
    blue_pressed = blue_two | blue_reach

    threat = blue_mines & red_pressed
    doomed = red & blue_pressed
    red_score = (SOLDIER * red.bit_count()
                 + MINE_HELD * (red_mines & blue_home).bit_count()
                 + TOWER_DOWN * (2 - blue_towers.bit_count())
                 + TOWER_THREAT * (blue_towers & red_two).bit_count()
                 + MINE_THREAT[red_to_move] * (threat ^ (threat & blue_pressed)).bit_count()
                 - DOOMED[red_to_move] * doomed.bit_count())
    if blue_mines:
        sums = _ADVANCE.get(blue_mines)
        distance = None if sums is None else sums.get(red)
        if distance is None:
            distance = advance(red, blue_mines)
        red_score -= ADVANCE * distance
    if blue_commander >= 0 and red_reach >> blue_commander & 1 and NEAR[red_commander] & blue:
        red_score -= COMMANDER_DANGER

    threat = red_mines & blue_pressed
    doomed = blue & red_pressed
    blue_to_move = not red_to_move
    blue_score = (SOLDIER * blue.bit_count()
                  + MINE_HELD * (blue_mines & red_home).bit_count()
                  + TOWER_DOWN * (2 - red_towers.bit_count())
                  + TOWER_THREAT * (red_towers & blue_two).bit_count()
                  + MINE_THREAT[blue_to_move] * (threat ^ (threat & red_pressed)).bit_count()
                  - DOOMED[blue_to_move] * doomed.bit_count())
    if red_mines:
        sums = _ADVANCE.get(red_mines)
        distance = None if sums is None else sums.get(blue)
        if distance is None:
            distance = advance(blue, red_mines)
        blue_score -= ADVANCE * distance
    if red_commander >= 0 and blue_reach >> red_commander & 1 and NEAR[blue_commander] & red:
        blue_score -= COMMANDER_DANGER

    return 1.0 / (1.0 + math.exp(-(red_score - blue_score) / SCALE))


def reference_evaluate(state: BattleState) -> list[float]:
    """``evaluate`` term by term through ``side_score`` (the readable form; tests check they agree)."""
    crowds = (crowds_of(state.soldiers[0]), crowds_of(state.soldiers[1]))
    diff = side_score(state, 0, crowds) - side_score(state, 1, crowds)
    red = 1.0 / (1.0 + math.exp(-diff / SCALE))
    return [red, 1.0 - red]
