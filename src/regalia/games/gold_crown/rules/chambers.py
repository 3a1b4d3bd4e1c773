"""The King's men: tower guards, chambers and the throne room (GC-14 … GC-19, GC-22).

::

    tower guard  --a knight on a curved box of that tower + another steps on the guard-->  gone   (GC-14)
    both guards at the ends of your wall gone  -->  your knights may enter chambers          (GC-15)
    King's chamber --knight inside + another steps on the guard box--> yours                 (GC-16)
    your chamber  --in one turn d+1 of a rival's knights enter, d of them onto your d men--> his  (GC-22)
    3 chambers + 6 knights next to the throne + 6 move points --storm--> the Crown           (GC-19)

At most two knights rest in a chamber (GC-17): during his move a knight may pass through any chamber along
empty boxes, but the turn may not end with three in one, nor with a knight of his in a rival's chamber but
as the finished assault that takes it (GC-22). Both are judged when the turn ends (``close_march``): a turn
that breaks them is undone to the state before its first step into such a chamber (``state.before``), and
the rule is named in the log. Ownership stays while a chamber is empty (GC-18).
"""

from __future__ import annotations

from ..mat import CHAMBERS, MAT, SQUARES
from ..state import EMPTY, GUARD, KING, MARCH, GoldCrownState, knight
from .treachery import attack_problem

CAPACITY = 2
THRONE_MEN = 6
CHAMBERS_FOR_THRONE = 3
COLOURS = ("Gold", "Silver", "Crimson", "Azure")
CHAMBER_WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south",
                 "SW": "south-west", "W": "west", "NW": "north-west"}
"""How a player reads each chamber's name."""


def chamber_name(chamber: int) -> str:
    """``the north chamber``: the words a player reads."""
    return f"the {CHAMBER_WORDS[CHAMBERS[chamber]]} chamber"


def towers_cleared(state: GoldCrownState, seat: int) -> bool:
    """GC-15: both tower guards at the ends of the seat's wall are gone."""
    return all(state.board[MAT.tower_guard[t]] != GUARD for t in MAT.near_towers[state.barons[seat].face])


def tower_guard_problem(state: GoldCrownState, seat: int, a: int, b: int) -> str | None:
    """GC-14: the guard falls to a knight stepping on him while another stands on a curved box of his tower."""
    mine = knight(seat)
    if any(state.board[c] == mine for c in MAT.tower_curved[MAT.tower[b]] if c != a):
        return None
    return (f"The tower rule: the tower guard on {SQUARES[b]} is attacked by 2 men: another of your knights must stand on a "
            "curved box of that tower")


def knights_in(state: GoldCrownState, chamber: int) -> list[int]:
    return [b for b in MAT.chamber_boxes[chamber] if state.board[b] not in (EMPTY, GUARD)]


def enter_problem(state: GoldCrownState, seat: int, a: int, b: int) -> str | None:
    """Why the knight on ``a`` may not step onto chamber box ``b``, or None."""
    chamber = MAT.chamber[b]
    if MAT.chamber[a] != chamber and not towers_cleared(state, seat):
        return ("The chamber rule: your knights may enter the chambers only once both tower guards at the ends of your wall are "
                "gone")
    board, mine = state.board, knight(seat)
    piece = board[b]
    if piece == mine:
        return f"The movement rule: your own knight already stands on {SQUARES[b]}"
    if piece == GUARD:
        if any(board[x] == mine for x in MAT.chamber_boxes[chamber] if x != a):
            return None
        return ("The chamber rule: the chamber guard may be attacked only while another of your knights is already in the "
                "chamber (two men take a King's chamber)")
    if piece != EMPTY:
        return attack_problem(state, seat, a, b)
    return None


def settle(state: GoldCrownState, seat: int, chamber: int) -> GoldCrownState:
    """Ownership after a step into ``chamber``: a King's chamber whose guard is gone with only the seat's knights
    in it is the seat's (GC-16). A rival's chamber changes hands only when the turn ends (``close_march``)."""
    if state.chambers[chamber] != KING:
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


def rival_held(state: GoldCrownState, seat: int, chamber: int) -> bool:
    holder = state.chambers[chamber]
    return holder != KING and holder != seat


def watched(state: GoldCrownState, seat: int, a: int, b: int) -> bool:
    """Whether the step a -> b must be followed to the turn's end: into a rival's chamber, or into a chamber
    that already holds two knights (GC-17, GC-22)."""
    chamber = MAT.chamber[b]
    if chamber < 0 or MAT.chamber[a] == chamber:
        return False
    return rival_held(state, seat, chamber) or len(knights_in(state, chamber)) >= CAPACITY


def track(state: GoldCrownState, after: GoldCrownState, seat: int, a: int, b: int) -> GoldCrownState:
    """``after`` (the state after the step a -> b from ``state``) with the turn's assault record brought up
    to date: the snapshot to undo to is taken before the first watched step, and each knight that entered a
    rival's chamber is followed to his new box."""
    entered = [(c, b if k == a else k) for c, k in state.entered]
    chamber = MAT.chamber[b]
    if chamber >= 0 and MAT.chamber[a] != chamber and rival_held(state, seat, chamber):
        entered.append((chamber, b))
    return after.with_(before=state if state.before is None else state.before, entered=tuple(sorted(entered)))


def march_problem(state: GoldCrownState, seat: int) -> tuple[str, int] | None:
    """Why the turn may not end as it stands (GC-17, GC-22), with the chamber concerned, or None. Only a turn
    that stepped into a watched chamber (``state.before``) is looked at."""
    before = state.before
    if before is None:
        return None
    board, then, mine = state.board, before.board, knight(seat)
    for chamber, boxes in enumerate(MAT.chamber_boxes):
        inside = [b for b in boxes if board[b] not in (EMPTY, GUARD)]
        if len(inside) > CAPACITY:
            return (f"The chamber rule: no more than two knights may rest in {chamber_name(chamber)}; a knight "
                    "may only pass through it during his move", chamber)
        if not rival_held(state, seat, chamber):
            continue
        resting = sum(1 for b in inside if board[b] == mine)
        left = len(inside) - resting
        d = sum(1 for b in boxes if then[b] not in (EMPTY, GUARD, mine))
        if not resting and left == d:
            continue  # passed through, or never entered: no assault
        came = sum(1 for c, _ in state.entered if c == chamber)
        if left == 0 and came >= d + 1 and resting >= min(d + 1, CAPACITY):
            continue
        return f"The Treachery rule: {assault_words(state, chamber, d)}", chamber
    return None


def assault_words(state: GoldCrownState, chamber: int, d: int) -> str:
    """What an assault on ``chamber`` with ``d`` defenders takes, in a player's words."""
    whose = f"{COLOURS[state.chambers[chamber]]}'s {chamber_name(chamber)[4:]}"
    if d == 0:
        return f"one of your knights takes {whose}, which stands empty, by ending his move in it"
    if d == 1:
        return (f"to take {whose} from its one defender, two of your knights must enter it in the same turn: "
                "one steps onto the defender's box and the other ends on a free box of the chamber")
    return (f"to take {whose} from its two defenders, three of your knights must enter it in the same turn: "
            "two step onto the defenders' boxes and the third enters and leaves again during the move "
            "(no more than two knights rest in a chamber)")


def close_march(state: GoldCrownState, seat: int) -> GoldCrownState:
    """The end of a turn that stepped into a watched chamber: undone to ``state.before`` if it breaks GC-17
    or leaves an assault unfinished; else every rival chamber the seat's knights now hold alone is his (GC-22)."""
    if march_problem(state, seat) is not None:
        undone = state.before
        assert undone is not None
        return undone
    board, mine = state.board, knight(seat)
    chambers = list(state.chambers)
    for chamber, boxes in enumerate(MAT.chamber_boxes):
        if rival_held(state, seat, chamber) and any(board[b] == mine for b in boxes):
            chambers[chamber] = seat
    return state.with_(chambers=tuple(chambers), before=None, entered=())


def settled(state: GoldCrownState) -> GoldCrownState:
    """A marching state as the end of the turn would leave it (what a plan is worth if it stops here)."""
    if state.before is None or state.phase != MARCH:
        return state
    return close_march(state, state.order[state.turn])


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
        return "The throne room rule: you must capture 3 chambers to gain entry to the throne room"
    if state.count(seat) < THRONE_MEN:
        return "The throne room rule: a baron having fewer than 6 knights cannot capture the Crown"
    if state.points < THRONE_MEN:
        return "The throne room rule: the throne room must be attacked with 6 men during one turn: it takes 6 move points"
    if storm_plan(state, seat) is None:
        return "The throne room rule: 6 of your knights must stand next to the throne room to storm it"
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
