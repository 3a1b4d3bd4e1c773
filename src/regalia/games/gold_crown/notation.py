"""Gold Crown's notation: short commands a person can read and type.

=====================  ===========================================================
``spin``               spin the arrow (start of a turn)
``retreat``            skip the spin and retreat (8 knights or fewer, GC-24)
``pass``               a retreated baron passes his turn
``lose e8``            the archers hit more knights than must die: this one falls
``scale h6``           spin 10: the knight on h6 climbs onto the siege deck
``scale g5 j5``        spin 11: one or two row-2 knights climb onto the wall
``fire k11``           spin 12: aim a boulder at a castle box
``march``              take the move points of 10, 11 or 12 instead
``move e7-e6``         one step of one knight (1 move point)
``move e7-e6-e5``      one knight's march along a path, one point a box (the table's one gesture)
``ram`` / ``ram back`` roll the ram onto the lowered drawbridge / back to boxes 3-4 (1 point)
``storm``              six knights attack the throne room (6 points, GC-19)
``end``                end the turn, leaving any move points unused
=====================  ===========================================================

Chance outcomes: ``spin 7`` (the arrow) and ``scatter +1 -2`` (the boulder's drift: columns, depth).
Boxes are named by column ``a``..``u`` (west to east) and number ``1``..``21`` (south to north).
"""

from __future__ import annotations

from .mat import BOX, MAT, SQUARES

SIMPLE = ("spin", "retreat", "pass", "march", "ram", "ram back", "storm", "end")

MOVE: dict[tuple[int, int], str] = {
    (a, b): f"move {SQUARES[a]}-{SQUARES[b]}" for a in range(len(SQUARES)) for b in MAT.neighbours[a]
}
STEP: dict[str, tuple[int, int]] = {name: pair for pair, name in MOVE.items()}
FIRE: dict[int, str] = {b: f"fire {SQUARES[b]}" for b in MAT.masonry}
LOSE: dict[int, str] = {b: f"lose {SQUARES[b]}" for b in range(len(SQUARES)) if 1 <= MAT.row[b] <= 4}


def scale_name(boxes: tuple[int, ...]) -> str:
    return "scale " + " ".join(SQUARES[b] for b in boxes)


def parse(action: object) -> tuple[str, tuple[int, ...]] | None:
    """``(verb, boxes)`` for any well-formed action string, else None (never raises)."""
    if not isinstance(action, str) or len(action) > 40:
        return None
    if action in SIMPLE:
        return action, ()
    if action in STEP:
        return "move", STEP[action]
    verb, _, rest = action.partition(" ")
    names = rest.split()
    if verb == "move" and len(names) == 1 and names[0].count("-") == 1:
        names = names[0].split("-")
    if verb in ("move", "lose", "scale", "fire") and names and all(n in BOX for n in names):
        return verb, tuple(BOX[n] for n in names)
    return None


MAX_PATH = 13
"""A march names at most 13 boxes (12 move points)."""


def path_name(boxes: tuple[int, ...] | list[int]) -> str:
    return "move " + "-".join(SQUARES[b] for b in boxes)


def parse_path(action: object) -> tuple[int, ...] | None:
    """The boxes of a march ``move e7-e6-e5`` (three boxes or more), else None (never raises)."""
    if not isinstance(action, str) or not action.startswith("move ") or len(action) > 5 + 4 * MAX_PATH:
        return None
    names = action[5:].split("-")
    if not 3 <= len(names) <= MAX_PATH or not all(n in BOX for n in names):
        return None
    return tuple(BOX[n] for n in names)
