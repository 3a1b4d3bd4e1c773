"""Small pure helpers on the board tuple shared by every rules module."""

from __future__ import annotations

from collections.abc import Iterable

from ..state import EMPTY, GUARD, GoldCrownState, knight


def changed(board: tuple[int, ...], changes: dict[int, int]) -> tuple[int, ...]:
    """A new board with ``changes`` (box -> piece) applied."""
    cells = list(board)
    for box, piece in changes.items():
        cells[box] = piece
    return tuple(cells)


def positions(board: tuple[int, ...], piece: int) -> list[int]:
    """Every box holding ``piece``, in box order (found by the tuple's own C search: the hot path)."""
    found = []
    box = -1
    index = board.index
    try:
        while True:
            box = index(piece, box + 1)
            found.append(box)
    except ValueError:
        return found


def kill(state: GoldCrownState, boxes: Iterable[int]) -> GoldCrownState:
    """Remove whatever knight or guard stands on ``boxes`` (the apparatus, arrows and boulders do this)."""
    hit = {b: EMPTY for b in boxes if state.board[b] != EMPTY}
    if not hit:
        return state
    return state.with_(board=changed(state.board, hit), attackers=state.attackers - hit.keys())


def own(state: GoldCrownState, seat: int, box: int) -> bool:
    return state.board[box] == knight(seat)


def rival(state: GoldCrownState, seat: int, box: int) -> bool:
    piece = state.board[box]
    return piece not in (EMPTY, GUARD, knight(seat))
