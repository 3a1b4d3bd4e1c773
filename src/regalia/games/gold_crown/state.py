"""The state of a siege: plain, immutable data. Rules build new states; they never change one.

The board is ``bytes``: 441 boxes (see mat.py for the indexing), each holding ``EMPTY``, ``GUARD`` (a black King's
guard) or ``knight(seat)``. The rams are not on the board: each baron's apparatus (gates, bridge, ram) is a
small state machine of its own, kept in ``Baron``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final

EMPTY = 0
GUARD = 9
KING = -1
"""Owner of a chamber the King still holds (his guard stands in it)."""

# Gates, drawbridge and ram positions.
CLOSED, OPEN, DESTROYED = "closed", "open", "destroyed"
UP, DOWN = "up", "down"
HOME, ON_BRIDGE = "home", "bridge"
"""The ram on boxes 3-4, or on boxes 2-3 with its head on the lowered drawbridge."""

# Phases of a turn.
OPENING = "opening"      # chance: the spins that fix the order of play (GC-2)
START = "start"          # the baron to move spins, retreats or passes
SPINNING = "spinning"    # chance: the arrow is spinning
CASUALTIES = "casualties"  # the archers hit more knights than must die: the owner picks (GC-4)
CHOICE = "choice"        # 10, 11, 12: the special action or the move points (GC-6)
MARCH = "march"          # spending move points (GC-9)
SCATTER = "scatter"      # chance: where the boulder lands (§1.7)
OVER = "over"


def knight(seat: int) -> int:
    return seat + 1


def owner(piece: int) -> int:
    """The seat of a knight piece (undefined for EMPTY and GUARD)."""
    return piece - 1


@dataclass(frozen=True, slots=True)
class Baron:
    """One baron's side: his face of the castle, apparatus, boulders, breaches and retreat."""

    face: int
    gates: str = CLOSED
    bridge: str = UP
    ram: str = HOME
    boulders: int = 5
    breaches: tuple[int, ...] = ()
    """Stone-line boxes his boulders have broken (sorted). The gate is never here: it is ``DESTROYED``."""
    retreated: bool = False
    passes: int = 0
    """Passes made while every surviving baron was retreated (GC-24's two-pass limit)."""


@dataclass(frozen=True, slots=True)
class GoldCrownState:
    board: bytes
    """Indexing gives the same ints a tuple would; a new board is one copy of 441 bytes, not 441 pointers. (A
    tuple or list of ints given to the constructor or ``with_`` becomes bytes.)"""
    barons: tuple[Baron, ...]
    chambers: tuple[int, ...]
    """Owner of each chamber (index in mat.CHAMBERS): ``KING`` or a seat (GC-18: kept while empty)."""
    phase: str = OPENING
    order: tuple[int, ...] = ()
    """Seats in the order of play, fixed by the opening spins."""
    groups: tuple[tuple[int, ...], ...] = ()
    """During the opening: seats still tied, highest spins first (GC-2)."""
    opening: tuple[int, ...] = ()
    """During the opening: the spins of the first tied group so far."""
    turn: int = 0
    """Index in ``order`` of the baron to move."""
    round: int = 1
    spin: int = 0
    points: int = 0
    casualties: int = 0
    aim: int = -1
    attackers: frozenset[int] = frozenset()
    """Boxes of this turn's knights that already attacked a rival (one attack each, GC-21)."""
    entered: tuple[tuple[int, int], ...] = ()
    """(chamber, box) for each of this turn's knights that entered a rival's chamber, followed box by box as he
    moves on (GC-22: an assault on d defenders needs d + 1 different knights to enter), sorted."""
    before: GoldCrownState | None = None
    """The state just before this turn's first step into a rival's chamber or into a chamber already holding
    two knights (None until then): the turn is undone to it if it ends with an assault unfinished or more than
    two knights at rest in a chamber (GC-17, GC-22; ``rules.chambers.close_march``)."""
    winner: int | None = None
    ending: str = ""
    """How the match ended: ``crown`` (a baron's victory), ``king`` (GC-25), ``passes`` (GC-24), ``siege``
    (the round cap)."""
    cache: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """Derived facts (legal actions) computed once per state; never part of its value."""

    def __post_init__(self) -> None:
        if type(self.board) is not bytes:  # a board given as a tuple or list of ints (tests, tools)
            object.__setattr__(self, "board", bytes(self.board))

    @property
    def seat(self) -> int:
        return self.order[self.turn] if self.order else -1

    def with_(self, **changes: Any) -> GoldCrownState:
        """A copy with ``changes``: what ``dataclasses.replace`` does, without its per-call introspection
        (this is the hot path of every rule). The knight counts travel along while the board is unchanged.
        (Replaced below by generated straight-line code.)"""
        return replace(self, **changes)

    def knights(self, seat: int) -> list[int]:
        piece = knight(seat)
        return [b for b, p in enumerate(self.board) if p == piece]

    def count(self, seat: int) -> int:
        """The seat's knights on the board (computed once per state)."""
        counts = self.cache.get("counts")
        if counts is None:
            counts = self.cache["counts"] = self._counts()
        return counts[seat]

    def guards(self) -> int:
        """The King's guards still on the board."""
        counts = self.cache.get("counts")
        if counts is None:
            counts = self.cache["counts"] = self._counts()
        return counts[-1]

    def _counts(self) -> tuple[int, ...]:
        """Knights per seat, then the guards (kept up to date step by step by ``rules.board.with_board``)."""
        board = self.board
        return (*(board.count(knight(s)) for s in range(len(self.barons))), board.count(GUARD))



_FIELDS = tuple(f.name for f in fields(GoldCrownState) if f.init)


class _Draft:
    """The state's slots without its frozen ``__setattr__``: a copy is filled in with plain attribute stores,
    then becomes a ``GoldCrownState`` (same layout), frozen like any other from then on."""

    __slots__ = GoldCrownState.__slots__


CARRIED = ("counts", "trail", "cells")
"""Cache entries that stay true while the board does not change: they travel along in ``with_`` (None
where not known). ``cells`` is a bytearray equal to the board that the next step may take and change into its own
board (``rules.movement.step``): it is *moved*, never shared — the state it leaves no longer has it (and
copies its board afresh if it is ever stepped from again)."""


Trail = list[Any]
"""The boards' family tree, for derived facts that can be brought up to date instead of recomputed:
``[parent, changed, depth, mover, facts]``. Each board change makes a node naming the boxes it changed
(``mover``: the seat whose step a -> b it was, else -1); states with the same board share one. ``facts``
holds what was computed for this node's board (the rules modules own their keys). Every ``TRAIL_CUT``
nodes the chain is cut ``TRAIL_CUT`` nodes back, so a state never keeps more than ``2 * TRAIL_CUT`` boards'
history alive, and a node's nearest ancestors stay reachable. (A plain list: one is made per step.)"""
PARENT: Final = 0
CHANGED: Final = 1
DEPTH: Final = 2
MOVER: Final = 3
FACTS: Final = 4
TRAIL_CUT = 16


def trail(parent: Trail | None, changed: tuple[int, ...], mover: int = -1) -> Trail:
    """A node for a board that differs from ``parent``'s on the boxes ``changed``."""
    if parent is None:
        return [None, changed, 0, mover, {}]
    depth = parent[DEPTH] + 1
    node = [parent, changed, depth, mover, {}]
    if depth % TRAIL_CUT == 0:
        old: Trail | None = node
        for _ in range(TRAIL_CUT):
            if old is None:
                break
            old = old[PARENT]
        if old is not None:
            old[PARENT] = None
    return node


def _copier() -> Any:
    """``with_(self, **changes)`` and ``draft(self)``, generated as straight-line code over the fields: one plain
    attribute store each on a ``_Draft`` (about a quarter of the cost of ``object.__setattr__`` per field)."""
    copy = ["    new = new_(Draft)"] + [f"    new.{name} = self.{name}" for name in _FIELDS]
    lines = ["def with_(self, **changes):", *copy,
             "    if changes:",
             "        try:",
             "            for name, value in changes.items():",
             "                set_(new, name, value)",
             "        except AttributeError:",
             "            replace(self, **changes)  # raises the TypeError an unknown field deserves",
             "        if 'board' in changes:",
             "            if type(new.board) is not bytes:",
             "                new.board = bytes(new.board)",
             "            new.cache = {}",
             "            new.__class__ = GoldCrownState",
             "            return new",
             "    cache = self.cache",
             "    new.cache = {'counts': cache.get('counts'), 'trail': cache.get('trail'), 'cells': cache.pop('cells', None)}",
             "    new.__class__ = GoldCrownState",
             "    return new",
             "def draft(self):", *copy, "    return new"]
    scope: dict[str, Any] = {"new_": object.__new__, "Draft": _Draft, "GoldCrownState": GoldCrownState,
                             "set_": setattr, "replace": replace}
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the dataclass's own field names
    return scope["with_"], scope["draft"]


_with, _draft = _copier()
_with.__doc__ = GoldCrownState.with_.__doc__
GoldCrownState.with_ = _with  # type: ignore[method-assign]


class _BaronDraft:
    __slots__ = Baron.__slots__


_BARON_FIELDS = tuple(f.name for f in fields(Baron))
_BARON_NAMES = frozenset(_BARON_FIELDS)


def _baron_copier() -> Any:
    """``baron_with``: one plain slot store a field on a draft, as generated straight-line code (see ``_copier``)."""
    lines = ["def baron_with(baron, changes):",
             "    if not names.issuperset(changes):",
             "        return replace(baron, **changes)  # raises the TypeError an unknown field deserves",
             "    new = new_(Draft)",
             *(f"    new.{name} = baron.{name}" for name in _BARON_FIELDS),
             "    for name, value in changes.items():",
             "        set_(new, name, value)",
             "    new.__class__ = Baron",
             "    return new"]
    scope: dict[str, Any] = {"new_": object.__new__, "Draft": _BaronDraft, "Baron": Baron, "set_": setattr,
                             "replace": replace, "names": _BARON_NAMES}
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the dataclass's own field names
    return scope["baron_with"]


baron_with: Callable[[Baron, dict[str, Any]], Baron] = _baron_copier()
"""``dataclasses.replace(baron, **changes)`` by plain slot stores on a draft (see ``with_``)."""


draft: Callable[[GoldCrownState], Any] = _draft
"""``draft(state)``: a mutable copy of ``state`` (no cache yet) for a rule's hot path: set the fields that
change and the cache, then ``seal`` it. Never let a draft escape unsealed. (The generated copier itself: no
wrapper call.)"""


def maker(given: tuple[str, ...], **fixed: Any) -> Callable[..., GoldCrownState]:
    """``make(state, *given, cache)``: a copy of ``state`` with the fields named in ``given`` taken from the
    arguments, the fields in ``fixed`` set to those values and the cache given, every other field the same, as
    one generated call (a rule's hot path: no draft to fill in and seal, no field stored twice)."""
    unknown = (set(given) | set(fixed)) - set(_FIELDS)
    if unknown or set(given) & set(fixed):
        raise TypeError(f"maker: not a field, or given twice: {sorted(unknown or set(given) & set(fixed))}")
    lines = [f"def make(self, {', '.join((*given, 'cache'))}):", "    new = new_(Draft)"]
    for name in _FIELDS:
        value = name if name in given else f"fixed_{name}" if name in fixed else f"self.{name}"
        lines.append(f"    new.{name} = {value}")
    lines += ["    new.cache = cache", "    new.__class__ = GoldCrownState", "    return new"]
    scope: dict[str, Any] = {"new_": object.__new__, "Draft": _Draft, "GoldCrownState": GoldCrownState,
                             **{f"fixed_{name}": value for name, value in fixed.items()}}
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the dataclass's own field names
    return scope["make"]  # type: ignore[no-any-return]


stepped = maker(("board", "points"))
"""``stepped(state, board, points, cache)``: a plain step's new state (a new board, one move point less)."""


def seal(new: Any) -> GoldCrownState:
    """The finished draft as a (frozen) state."""
    new.__class__ = GoldCrownState
    return new  # type: ignore[no-any-return]
