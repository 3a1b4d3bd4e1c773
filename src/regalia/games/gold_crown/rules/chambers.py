"""The King's men: tower guards, chambers and the throne room (GC-14 … GC-19, GC-22).

::

    tower guard  --a knight on a curved box of that tower + another steps on the guard-->  gone   (GC-14)
    both guards at the ends of your wall gone  -->  your knights may enter chambers          (GC-15)
    King's chamber --knight inside + another steps on the guard box--> yours                 (GC-16)
    your chamber  --a rival brings a stronger force (d+1) and removes your d knights--> his  (GC-22)
    3 chambers + 6 knights next to the throne + 6 move points --storm--> the Crown           (GC-19)

At most two knights rest in a chamber at any moment (GC-17); ownership stays while it is empty (GC-18).
"""

from __future__ import annotations

from ..mat import MAT, SQUARES
from ..state import EMPTY, GUARD, KING, GoldCrownState, knight
from .treachery import attack_problem

CAPACITY = 2
THRONE_MEN = 6
CHAMBERS_FOR_THRONE = 3

CHAMBER_REACH = tuple(
    frozenset(boxes) | frozenset(n for b in boxes for n in MAT.neighbours[b]) for boxes in MAT.chamber_boxes
)
"""Each chamber's boxes and every box next to them: where a force for an assault is counted (GC-22)."""


def towers_cleared(state: GoldCrownState, seat: int) -> bool:
    """GC-15: both tower guards at the ends of the seat's wall are gone."""
    return all(state.board[MAT.tower_guard[t]] != GUARD for t in MAT.near_towers[state.barons[seat].face])


def tower_guard_problem(state: GoldCrownState, seat: int, a: int, b: int) -> str | None:
    """GC-14: the guard falls to a knight stepping on him while another stands on a curved box of his tower."""
    mine = knight(seat)
    if any(state.board[c] == mine for c in MAT.tower_curved[MAT.tower[b]] if c != a):
        return None
    return (f"GC-14: the tower guard on {SQUARES[b]} is attacked by 2 men: another of your knights must stand "
            "on a curved box of that tower")


def knights_in(state: GoldCrownState, chamber: int) -> list[int]:
    return [b for b in MAT.chamber_boxes[chamber] if state.board[b] not in (EMPTY, GUARD)]


def enter_problem(state: GoldCrownState, seat: int, a: int, b: int) -> str | None:
    """Why the knight on ``a`` may not step onto chamber box ``b``, or None."""
    chamber = MAT.chamber[b]
    if MAT.chamber[a] != chamber and not towers_cleared(state, seat):
        return ("GC-15: your knights may enter the chambers only once both tower guards at the ends of your "
                "wall are gone")
    board, mine = state.board, knight(seat)
    piece = board[b]
    if piece == mine:
        return f"your own knight already stands on {SQUARES[b]} (GC-9: no stacking)"
    holder = state.chambers[chamber]
    if piece == GUARD:
        if any(board[x] == mine for x in MAT.chamber_boxes[chamber] if x != a):
            return None
        return ("GC-16: the chamber guard may be attacked only while another of your knights is already in "
                "the chamber")
    if holder not in (KING, seat):
        defenders = sum(1 for x in knights_in(state, chamber) if board[x] != mine)
        force = sum(1 for x in CHAMBER_REACH[chamber] if board[x] == mine)
        if force < defenders + 1:
            return (f"GC-22: a rival's chamber with {defenders} defender(s) is assaulted only with a stronger "
                    f"force ({defenders + 1} of your knights in or next to it; you have {force})")
    if piece != EMPTY:
        return attack_problem(state, seat, a, b)
    if MAT.chamber[a] != chamber and len(knights_in(state, chamber)) >= CAPACITY:
        return "GC-17: never more than 2 knights may occupy one chamber"
    return None


def settle(state: GoldCrownState, seat: int, chamber: int) -> GoldCrownState:
    """Ownership after a step into ``chamber``: the guard gone or every rival gone makes it the seat's."""
    holder = state.chambers[chamber]
    if holder == seat:
        return state
    board, mine = state.board, knight(seat)
    if any(board[b] == GUARD for b in MAT.chamber_boxes[chamber]):
        return state
    inside = knights_in(state, chamber)
    if not inside or any(board[b] != mine for b in inside):
        return state
    chambers = list(state.chambers)
    chambers[chamber] = seat
    return state.with_(chambers=tuple(chambers))


def held(state: GoldCrownState, seat: int) -> int:
    return sum(1 for owner in state.chambers if owner == seat)


def storm_plan(state: GoldCrownState, seat: int) -> dict[int, int] | None:
    """Six of the seat's knights next to the throne room, each given a box of it, or None.

    The throne room is one hall of nine boxes: the six step in side by side and spread out inside, so any
    six knights at its door can storm it (the guards are swept away by the attack itself)."""
    mine = knight(seat)
    ready = [b for b in sorted(MAT.next_to_throne) if state.board[b] == mine]
    if len(ready) < THRONE_MEN:
        return None
    hall = sorted(MAT.throne)
    return dict(zip(ready[:THRONE_MEN], hall[:THRONE_MEN], strict=True))


def storm_problem(state: GoldCrownState, seat: int) -> str | None:
    """GC-19: who may storm the throne room, and when."""
    if held(state, seat) < CHAMBERS_FOR_THRONE:
        return "GC-19: you must capture 3 chambers to gain entry to the throne room"
    if state.count(seat) < THRONE_MEN:
        return "GC-25: a baron with fewer than 6 knights cannot capture the Crown"
    if state.points < THRONE_MEN:
        return "GC-19: the throne room must be attacked with 6 men in one turn: it takes 6 move points"
    if storm_plan(state, seat) is None:
        return "GC-19: 6 of your knights must stand next to the throne room to storm it"
    return None


def storm(state: GoldCrownState, seat: int) -> GoldCrownState:
    """The Baron's victory: six knights enter the throne room and every King's guard is removed."""
    plan = storm_plan(state, seat)
    assert plan is not None
    cells = bytearray(state.board)
    for b, p in enumerate(cells):
        if p == GUARD:
            cells[b] = EMPTY
    for source in plan:
        cells[source] = EMPTY
    for target in plan.values():
        cells[target] = knight(seat)
    return state.with_(board=bytes(cells), points=state.points - THRONE_MEN)
