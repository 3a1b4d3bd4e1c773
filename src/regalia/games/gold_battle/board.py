"""The battlefield: 11 x 11 squares, their names, and the neighbour tables every rule is built on.

Squares are numbered ``rank_index * 11 + file_index`` (a1 = 0, k1 = 10, a2 = 11, ..., k11 = 120), and a
set of squares is a Python int used as a bitboard (bit ``sq`` set = square in the set). Everything
geometric is computed once, at import, into tuples indexed by square:

* ``NEIGHBOURS[sq]``  the up-to-8 squares touching ``sq`` (orthogonally or diagonally): one step of a
  soldier or a commander, and the "adjacent (including diagonals)" of rules 5 to 10;
* ``ADJACENT[sq]``    the same set as a bitboard, so "how many enemy soldiers touch this square" is
  ``(ADJACENT[sq] & soldiers).bit_count()``;
* ``LEAPS[sq]``       (middle, target) pairs of a commander's 2-square move along one of the 8 lines
  (decision 2.3: knight-like offsets have no single middle tile and are not moves).

The standard layout of decision 2.2, Red (Crimson Knights) at the bottom::

    11 . . t . . c . . t . .
    10 . m . . . . . . . m .
     9 . s s s . m . s s s .
     8 . . . . s . s . . . .
     7 . . F . . . . . F . .
     6 . . . . . F . . . . .
     5 . . F . . . . . F . .
     4 . . . . S . S . . . .
     3 . S S S . M . S S S .
     2 . M . . . . . . . M .
     1 . . T . . C . . T . .
       a b c d e f g h i j k

    C/c commander  S/s soldier  M/m gold mine (owner)  T/t tower  F forest   upper case Red, lower Blue
"""

from __future__ import annotations

from typing import TypeAlias

Square: TypeAlias = int
Bitboard: TypeAlias = int

SIZE = 11
SQUARES = SIZE * SIZE
FILES = "abcdefghijk"
RED, BLUE = 0, 1
SIDES = (RED, BLUE)
SIDE_NAMES = ("Crimson", "Azure")
"""The sides' short names in every text a player reads (log, refusals, view): the seed's table calls the
armies the Crimson Knights and the Azure Lords; "Red"/"Blue" remain only in contributors' comments."""
ARMY_NAMES = ("Crimson Knights", "Azure Lords")

_STEPS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def square(file: int, rank: int) -> Square:
    """The square at 0-based ``file`` (a = 0) and ``rank`` (rank 1 = 0)."""
    return rank * SIZE + file


def file_of(sq: Square) -> int:
    return sq % SIZE


def rank_of(sq: Square) -> int:
    return sq // SIZE


def _name(sq: Square) -> str:
    return f"{FILES[sq % SIZE]}{sq // SIZE + 1}"


NAMES: tuple[str, ...] = tuple(_name(sq) for sq in range(SQUARES))
SQUARE_OF: dict[str, Square] = {name: sq for sq, name in enumerate(NAMES)}


def bit(sq: Square) -> Bitboard:
    return 1 << sq


def squares_of(board: Bitboard) -> list[Square]:
    """The squares of a bitboard, lowest first."""
    found = []
    while board:
        low = board & -board
        found.append(low.bit_length() - 1)
        board ^= low
    return found


def bits(squares: list[str] | tuple[str, ...]) -> Bitboard:
    """A bitboard from square names."""
    board = 0
    for name in squares:
        board |= 1 << SQUARE_OF[name]
    return board


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < SIZE and 0 <= rank < SIZE


def _neighbours(sq: Square) -> tuple[Square, ...]:
    f, r = file_of(sq), rank_of(sq)
    return tuple(square(f + df, r + dr) for df, dr in _STEPS if _on_board(f + df, r + dr))


def _leaps(sq: Square) -> tuple[tuple[Square, Square], ...]:
    f, r = file_of(sq), rank_of(sq)
    return tuple(
        (square(f + df, r + dr), square(f + 2 * df, r + 2 * dr))
        for df, dr in _STEPS
        if _on_board(f + 2 * df, r + 2 * dr)
    )


NEIGHBOURS: tuple[tuple[Square, ...], ...] = tuple(_neighbours(sq) for sq in range(SQUARES))
ADJACENT: tuple[Bitboard, ...] = tuple(sum(1 << n for n in NEIGHBOURS[sq]) for sq in range(SQUARES))
LEAPS: tuple[tuple[tuple[Square, Square], ...], ...] = tuple(_leaps(sq) for sq in range(SQUARES))
BIT: tuple[Bitboard, ...] = (*(1 << sq for sq in range(SQUARES)), 0)
"""``1 << sq``, and 0 at index -1: a captured commander (square -1) stands nowhere."""
REACH: tuple[Bitboard, ...] = (*ADJACENT, 0)
"""``ADJACENT``, and 0 at index -1: a captured commander reaches nothing."""


def chebyshev(a: Square, b: Square) -> int:
    return max(abs(file_of(a) - file_of(b)), abs(rank_of(a) - rank_of(b)))


def home_ranks(side: int) -> Bitboard:
    """A side's three home ranks (Red 1-3, Blue 9-11): where a freed soldier may stand (decision 2.4)."""
    ranks = (0, 1, 2) if side == RED else (8, 9, 10)
    return sum(1 << square(f, r) for r in ranks for f in range(SIZE))


HOME_RANKS: tuple[Bitboard, Bitboard] = (home_ranks(RED), home_ranks(BLUE))
RED_HALF: Bitboard = sum(1 << sq for sq in range(SQUARES) if rank_of(sq) < 5)
BLUE_HALF: Bitboard = sum(1 << sq for sq in range(SQUARES) if rank_of(sq) > 5)
MIDDLE_RANK: Bitboard = sum(1 << square(f, 5) for f in range(SIZE))

# The standard layout (decision 2.2), per side (Red, Blue).
START_COMMANDERS = (SQUARE_OF["f1"], SQUARE_OF["f11"])
START_SOLDIERS: tuple[Bitboard, Bitboard] = (
    bits(("b3", "c3", "d3", "h3", "i3", "j3", "e4", "g4")),
    bits(("b9", "c9", "d9", "h9", "i9", "j9", "e8", "g8")),
)
START_MINES: tuple[Bitboard, Bitboard] = (bits(("b2", "j2", "f3")), bits(("b10", "j10", "f9")))
START_TOWERS: tuple[Bitboard, Bitboard] = (bits(("c1", "i1")), bits(("c11", "i11")))
START_FORESTS: Bitboard = bits(("c5", "i5", "f6", "c7", "i7"))

FULL: Bitboard = (1 << SQUARES) - 1
NOT_FILE_A: Bitboard = FULL & ~sum(1 << square(0, r) for r in range(SIZE))
NOT_FILE_K: Bitboard = FULL & ~sum(1 << square(SIZE - 1, r) for r in range(SIZE))


def crowding(units: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard]:
    """The squares touching at least 1, at least 2 and at least 3 of ``units``, all at once.

    Rules 5, 6, 8 and 10 all ask "how many of X's soldiers touch this square"; shifting the soldiers'
    bitboard in the 8 directions and adding the copies bit-parallel (a saturating counter in three
    bitboards) answers it for every square of the board in about forty int operations. (Unrolled: this
    runs once per move of every search.)
    """
    west = (units >> 1) & NOT_FILE_K  # each unit's square one file to the west, and so on
    east = (units << 1) & NOT_FILE_A
    one = west | east
    two = west & east
    near = (units << SIZE) & FULL  # then the three columns' squares one rank up, and one rank down
    three = two & near
    two |= one & near
    one |= near
    near = units >> SIZE
    three |= two & near
    two |= one & near
    one |= near
    near = (west << SIZE) & FULL
    three |= two & near
    two |= one & near
    one |= near
    near = west >> SIZE
    three |= two & near
    two |= one & near
    one |= near
    near = (east << SIZE) & FULL
    three |= two & near
    two |= one & near
    one |= near
    near = east >> SIZE
    three |= two & near
    two |= one & near
    one |= near
    return one, two, three
