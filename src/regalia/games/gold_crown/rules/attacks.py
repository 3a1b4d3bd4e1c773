"""What the spinner does to a baron's knights: archers, killings, scaling, and the catapult.

* 1-4 (GC-4): the King's archers shoot at row N of your battlefield: N of your knights there die (all of
  them if fewer; you choose which when more); an empty row gives N move points instead.
* 8, 9 (GC-5): every one of your knights on a wall box dies (8), or on a siege-deck or tower box (9); with
  none there you get 8 or 9 move points.
* 10, 11 (GC-6): one row-1 knight climbs onto the siege deck box in front of him, or up to two row-2
  knights onto the wall boxes in front of them — or the move points.
* 12 (GC-6, §1.7): fire a boulder at a castle box; it scatters; a hit breaks the stone line in the column it
  fell in (column 0 destroys the gates) and knocks down whoever stands on a near tower box it hits.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from math import gcd
from operator import itemgetter

from ..mat import CASTLE, DECK, MAT, TOWER, TOWER_GUARD, WALL, coords, index, on_mat, to_frame, to_world
from ..state import EMPTY, GoldCrownState, knight
from .apparatus import destroy_gates, with_baron
from .board import kill, with_board

ROWS = tuple(tuple(tuple(b for b in range(len(MAT.kind)) if MAT.face[b] == f and MAT.row[b] == r)
                   for r in range(max(MAT.row) + 1)) for f in range(4))
"""Per face and row: the row's boxes in box order."""


SPANS = tuple(tuple(slice(boxes[0], boxes[-1] + 1, gcd(*(b - boxes[0] for b in boxes)) or 1) if boxes else slice(0, 0)
                    for boxes in rows) for rows in ROWS)
"""Per face and row: a slice of the board over the row's boxes (a straight line of the mat, every box of the
row on it; a few more where the row has a gap): a row without any of a seat's knights is found by one C
search."""


def in_row(state: GoldCrownState, seat: int, row: int) -> list[int]:
    """The seat's knights in row ``row`` of his own battlefield (numbered boxes 2-4 included)."""
    board, mine = state.board, seat + 1
    face = state.barons[seat].face
    rows = ROWS[face]
    if not 0 <= row < len(rows) or mine not in board[SPANS[face][row]]:
        return []
    return [b for b in rows[row] if board[b] == mine]


_OF_KINDS: dict[frozenset[str], tuple[tuple[int, ...], Callable[[bytes], tuple[int, ...]]]] = {}
"""Per set of kinds: its boxes, and a getter of their pieces (``itemgetter``: one C call for all of them)."""


def on_kinds(state: GoldCrownState, seat: int, kinds: frozenset[str]) -> list[int]:
    known = _OF_KINDS.get(kinds)
    if known is None:
        boxes = tuple(b for b in range(len(MAT.kind)) if MAT.kind[b] in kinds)
        getter = itemgetter(*boxes) if len(boxes) > 1 else lambda board: tuple(board[b] for b in boxes)
        known = _OF_KINDS[kinds] = (boxes, getter)
    boxes, pieces = known
    board, mine = state.board, knight(seat)
    if mine not in pieces(board):
        return []
    return [b for b in boxes if board[b] == mine]


WALL_KINDS = frozenset({WALL})
DECK_AND_TOWERS = frozenset({DECK, TOWER, TOWER_GUARD})


def scalers(state: GoldCrownState, seat: int, spin: int) -> list[tuple[int, ...]]:
    """The scaling choices of spin 10 (one row-1 knight) or 11 (one or two row-2 knights)."""
    face, board, mine = state.barons[seat].face, state.board, knight(seat)
    ready = [b for b, ahead in (CLIMBS_10 if spin == 10 else CLIMBS_11)[face] if board[b] == mine and board[ahead] == EMPTY]
    choices: list[tuple[int, ...]] = [(b,) for b in ready]
    if spin == 11:
        choices += list(combinations(ready, 2))
    return choices


CLIMBS_10 = tuple(tuple(sorted(MAT.scale_deck[f].items())) for f in range(4))
"""Per face: (row-1 box, the siege-deck box in front of it), in box order."""
CLIMBS_11 = tuple(tuple(sorted(MAT.scale_wall[f].items())) for f in range(4))
"""Per face: (row-2 box, the wall box in front of it), in box order."""


def scale(state: GoldCrownState, seat: int, spin: int, climbers: tuple[int, ...]) -> GoldCrownState:
    face = state.barons[seat].face
    table = MAT.scale_deck[face] if spin == 10 else MAT.scale_wall[face]
    changes = {}
    for b in climbers:
        changes[b] = EMPTY
        changes[table[b]] = knight(seat)
    return with_board(state, changes)


def landing(face: int, aim: int, du: int, dv: int) -> int | None:
    """Where a boulder aimed at ``aim`` lands after scattering (du, dv) in the firer's frame, or None off the mat."""
    u, v = to_frame(face, *coords(aim))
    x, y = to_world(face, u + du, v + dv)
    return index(x, y) if on_mat(x, y) else None


def fire(state: GoldCrownState, seat: int, aim: int, du: int, dv: int, misses_lost: bool = False) -> GoldCrownState:
    """Resolve a boulder (§1.7): a hit breaches the landing column on the firer's face; a miss comes back
    (or, in the ``misses_lost`` variant, is gone too)."""
    baron = state.barons[seat]
    box = landing(baron.face, aim, du, dv)
    if box is None or MAT.kind[box] not in CASTLE:
        return with_baron(state, seat, boulders=baron.boulders - 1) if misses_lost else state
    state = with_baron(state, seat, boulders=baron.boulders - 1)
    if MAT.tower[box] >= 0 and MAT.tower[box] in MAT.near_towers[baron.face]:
        state = kill(state, [box])
    column = to_frame(baron.face, *coords(box))[0]
    if column == 0:
        return destroy_gates(state, seat)
    stone = MAT.stone[baron.face][column][0]
    if stone in baron.breaches:
        return state
    return with_baron(state, seat, breaches=tuple(sorted((*baron.breaches, stone))))


__all__ = ["in_row", "on_kinds", "scalers", "scale", "fire", "landing", "WALL_KINDS", "DECK_AND_TOWERS"]
