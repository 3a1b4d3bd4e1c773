"""Small pure helpers on the board (bytes) shared by every rules module."""

from __future__ import annotations

from collections.abc import Iterable

from ..state import EMPTY, GUARD, GoldCrownState, knight, trail


def changed(board: bytes, changes: dict[int, int]) -> bytes:
    """A new board with ``changes`` (box -> piece) applied."""
    cells = bytearray(board)
    for box, piece in changes.items():
        cells[box] = piece
    return bytes(cells)


def with_board(state: GoldCrownState, changes: dict[int, int], **more: object) -> GoldCrownState:
    """The state with ``changes`` (box -> piece) on its board and ``more`` fields; the knight counts are
    carried over, corrected for what changed, instead of being counted again on the new board."""
    board = state.board
    cells = state.cache.pop("cells", None)  # a bytearray equal to the board, moved on (state.CARRIED)
    if cells is None:
        cells = bytearray(board)
    for box, piece in changes.items():
        cells[box] = piece
    new = state.with_(board=bytes(cells), **more)
    new.cache["cells"] = cells
    counts = state.cache.get("counts")
    if counts is not None:
        fixed = list(counts)
        for box, piece in changes.items():
            old = board[box]
            if old != piece:
                if old != EMPTY:
                    fixed[-1 if old == GUARD else old - 1] -= 1
                if piece != EMPTY:
                    fixed[-1 if piece == GUARD else piece - 1] += 1
        new.cache["counts"] = tuple(fixed)
    new.cache["trail"] = trail(state.cache.get("trail"), tuple(changes))
    return new


def positions(board: bytes, piece: int) -> list[int]:
    """Every box holding ``piece``, in box order (found by the board's own C search: the hot path)."""
    found = []
    box = -1
    index = board.index
    try:
        while True:
            box = index(piece, box + 1)
            found.append(box)
    except ValueError:
        return found


def kill(state: GoldCrownState, boxes: Iterable[int], **more: object) -> GoldCrownState:
    """Remove whatever knight or guard stands on ``boxes`` (the apparatus, arrows and boulders do this);
    ``more``: other fields to change in the same copy."""
    board = state.board
    hit = {b: EMPTY for b in boxes if board[b] != EMPTY}
    if not hit:
        return state.with_(**more) if more else state
    attackers = state.attackers
    return with_board(state, hit, attackers=attackers - hit.keys() if attackers else attackers, **more)


def own(state: GoldCrownState, seat: int, box: int) -> bool:
    return state.board[box] == knight(seat)


def rival(state: GoldCrownState, seat: int, box: int) -> bool:
    piece = state.board[box]
    return piece not in (EMPTY, GUARD, knight(seat))
