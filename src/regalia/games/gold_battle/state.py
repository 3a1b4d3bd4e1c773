"""The state of a battle: plain, immutable data that hashes cheaply.

Every set of squares is a bitboard (see ``board.py``); pairs are indexed by side (Red = 0, Blue = 1).
``apply`` builds a new ``BattleState`` and never touches the old one, so search may keep any state:
treat the fields as read-only. (The class is not ``frozen`` only because a frozen dataclass takes five
times longer to build, and search builds hundreds of thousands.) The one mutable part is ``legal``, a
private cache of the legal actions; it is not compared, hashed or part of the position (nor is
``empty``, the open squares, derived from the rest).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .board import Bitboard, Square

NO_SQUARE = -1
"""A commander's square once it has been captured."""


@dataclass(slots=True, unsafe_hash=True)
class BattleState:
    soldiers: tuple[Bitboard, Bitboard]
    commanders: tuple[Square, Square]
    towers: tuple[Bitboard, Bitboard]
    """Towers still standing, by owner; a destroyed tower's square is open ground."""
    mines: tuple[Bitboard, Bitboard]
    """Gold mines by current owner."""
    home_mines: tuple[Bitboard, Bitboard]
    """Each side's home mines (the ones the enemy must take all of to win), fixed for a match."""
    forests: Bitboard
    captured: tuple[int, int]
    """How many of each side's soldiers the enemy holds captive (rule 9 can free them)."""
    side: int
    """The side to act: to move, or to free a soldier while ``frees`` > 0."""
    frees: int = 0
    """Soldiers ``side`` still places this turn after destroying towers (decision GB-1)."""
    quiet: int = 0
    """Plies since the last capture, tower destruction, mine flip or freeing (the 60-ply draw)."""
    ply: int = 0
    """Moves and passes played (the 300-ply cap); frees are part of the move that earned them."""
    passes: int = 0
    """Consecutive passes (two = a draw, decision GB-3)."""
    seen: tuple[int, ...] = ()
    """Position keys since the last capture or tower destruction, the current one last (repetition)."""
    empty: Bitboard = field(default=-1, compare=False, repr=False, hash=False)
    """The squares a unit may enter (rule 4: no forest, tower, mine or unit), or negative if not known:
    derived from the fields above and carried from move to move (``rules.empty_squares``); not compared,
    hashed or part of the position."""
    outcome: tuple[int, str] | None = None
    """(winning side, or -1 for a draw; the reason) once the battle is over."""
    legal: list[str] | None = field(default=None, compare=False, repr=False, hash=False)
    """The legal actions, once ``GoldBattle`` has listed them (a cache, not part of the position)."""

    def replace(self, **changes: Any) -> BattleState:
        """A new state with ``changes`` (and no cached legal actions or open squares: they belong to one
        state)."""
        fields = {name: getattr(self, name) for name in self.__dataclass_fields__ if name not in _DERIVED}
        fields.update(changes)
        return BattleState(**fields)

    @property
    def key(self) -> int:
        """The position key: squares, mine owners, towers, captives, side to act (not the history)."""
        return position_key(self.soldiers, self.commanders, self.towers, self.mines, self.captured,
                            self.side, self.frees)


_LOW = (1 << 61) - 1


def position_key(soldiers: tuple[Bitboard, Bitboard], commanders: tuple[Square, Square],
                 towers: tuple[Bitboard, Bitboard], mines: tuple[Bitboard, Bitboard], captured: tuple[int, int],
                 side: int, frees: int) -> int:
    """A 64-bit key of the position (repetition, GB-4, and the search's table).

    Python hashes an int modulo 2**61 - 1, so a 121-square bitboard hashed whole makes squares 61 apart
    alike: a soldier on a1 and one on g6 in otherwise equal positions had the same key (a false repetition
    could end a battle, and the search's table mixed the two). Each bitboard goes in as its low 61 and high
    60 bits, which hash to themselves: distinct positions then differ in the tuple hashed, and only the
    tuple hash's own 64-bit mixing can collide.
    """
    (s0, s1), (t0, t1), (m0, m1) = soldiers, towers, mines
    return hash((s0 & _LOW, s0 >> 61, s1 & _LOW, s1 >> 61, commanders, t0 & _LOW, t0 >> 61, t1 & _LOW, t1 >> 61,
                 m0 & _LOW, m0 >> 61, m1 & _LOW, m1 >> 61, captured, side, frees))


_DERIVED = ("legal", "empty")
