"""Single steps of a knight (GC-9 … GC-13): the move points are spent one step at a time.

A step goes to one of the 8 neighbouring boxes and costs one point. On the battlefield a knight stays on
his own side (the separators and the corner squeeze are closed, GC-11). The stone outline is crossed only
through the gate (box 2 <-> box 1 with the bridge down and the gates open or destroyed), orthogonally
through a breach of one's own boulders, or through a breached tower triangle (GC-12); scaling is a spin,
not a step. Inside, every masonry box connects to its neighbours (GC-13), under the rules of the King's
men (chambers.py) and of treachery (treachery.py).
"""

from __future__ import annotations

from ..mat import FIELD, GATE, MAT, SQUARES, THRONE_ROOM, TOWER_GUARD
from ..notation import MOVE, STEP
from ..state import EMPTY, GUARD, GoldCrownState, knight
from . import chambers
from .apparatus import gate_passable, ram_boxes
from .board import positions, with_board
from .treachery import attack_problem

NEIGHBOURS = tuple(frozenset(n) for n in MAT.neighbours)
FRONT = tuple({stone: front for stone, front in MAT.stone[f].values()} for f in range(4))
"""Per face: stone-line box -> the battlefield box orthogonally in front of it (the breach crossing)."""
GATE_FACE = {MAT.numbered[f][0]: f for f in range(4)}


def breach_open(state: GoldCrownState, seat: int, stone: int) -> bool:
    """Your own breach, or a tower triangle breached by anyone (both sides may enter it, §1.7)."""
    if stone in state.barons[seat].breaches:
        return True
    return MAT.kind[stone] == TOWER_GUARD and any(stone in b.breaches for b in state.barons)


def step_problem(state: GoldCrownState, seat: int, a: int, b: int) -> str | None:
    """Why the knight on ``a`` may not step to ``b`` now, or None when the step is legal."""
    if state.board[a] != knight(seat):
        return f"you have no knight on {SQUARES[a]}"
    if b not in NEIGHBOURS[a]:
        return f"GC-9: {SQUARES[a]} and {SQUARES[b]} are not adjoining boxes (a step goes to one of the 8 neighbours)"
    kind_a, kind_b = MAT.kind[a], MAT.kind[b]
    if kind_a == FIELD and kind_b == FIELD:
        return field_problem(state, seat, a, b)
    if kind_a == FIELD or kind_b == FIELD:
        problem = crossing_problem(state, seat, a, b)
        if problem:
            return problem
    return target_problem(state, seat, a, b)


def field_problem(state: GoldCrownState, seat: int, a: int, b: int) -> str | None:
    if MAT.face[a] != MAT.face[b]:
        return "GC-11: a knight never moves into another baron's battlefield"
    if state.board[b] != EMPTY:
        return f"{SQUARES[b]} is occupied (GC-9: no stacking, no passing through)"
    if b in ram_boxes(state.barons[seat]):
        return f"the ram stands on {SQUARES[b]}"
    if b == MAT.shield[MAT.face[b]]:
        return f"the Baron never leaves his shield box {SQUARES[b]}: no knight may stand on it"
    return None


def crossing_problem(state: GoldCrownState, seat: int, a: int, b: int) -> str | None:
    """GC-12: the ways across the stone outline."""
    baron = state.barons[seat]
    field, stone = (a, b) if MAT.kind[a] == FIELD else (b, a)
    if MAT.face[field] != baron.face:
        return "GC-12: knights leave the castle only onto their own battlefield"
    one, two = MAT.numbered[baron.face][:2]
    if (field, stone) == (two, one):
        if gate_passable(baron):
            return None
        return ("GC-12: the gate is crossed only with the drawbridge lowered (spin 5) and the gates open "
                "(spin 6) or destroyed")
    if FRONT[baron.face].get(stone) == field and breach_open(state, seat, stone):
        return None
    return ("GC-12: the stone outline is crossed only by scaling (spins 10, 11), through your gate, or "
            "straight through a breach of your boulders")


def target_problem(state: GoldCrownState, seat: int, a: int, b: int) -> str | None:
    """The rules of the box stepped onto (inside the castle, or back onto the battlefield)."""
    kind = MAT.kind[b]
    if kind in THRONE_ROOM:
        return "GC-19: the throne room is entered only by storming it with 6 knights in one turn ('storm')"
    if kind == GATE and b != a:
        face = GATE_FACE[b]
        owners = [x for x in state.barons if x.face == face]
        if not owners or not gate_passable(owners[0]):
            return f"GC-10: box 1 ({SQUARES[b]}) holds a knight only while the drawbridge is down and the gates open"
    if MAT.chamber[b] >= 0:
        return chambers.enter_problem(state, seat, a, b)
    piece = state.board[b]
    if piece == EMPTY:
        return None
    if piece == GUARD:
        return chambers.tower_guard_problem(state, seat, a, b)
    if piece == knight(seat):
        return f"your own knight already stands on {SQUARES[b]} (GC-9: no stacking)"
    return attack_problem(state, seat, a, b)


def step(state: GoldCrownState, seat: int, a: int, b: int) -> GoldCrownState:
    """The state after a legal step (a guard or rival on ``b`` is removed; one point is spent)."""
    target = state.board[b]
    attackers = state.attackers
    if a in attackers or target not in (EMPTY, GUARD):
        attackers = (attackers - {a, b}) | {b}
    after = with_board(state, {a: EMPTY, b: knight(seat)}, attackers=attackers, points=state.points - 1)
    table = state.cache.get("field steps")
    if table is not None and table[0] == seat:
        after.cache["field steps from"] = (table, a, b)
    if MAT.chamber[b] >= 0:
        after = chambers.settle(after, seat, MAT.chamber[b])
    return after


SAME_FIELD = tuple(
    tuple(b for b in MAT.neighbours[a] if MAT.kind[a] == MAT.kind[b] == FIELD and MAT.face[a] == MAT.face[b]
          and b != MAT.shield[MAT.face[b]])
    for a in range(len(MAT.kind))
)
"""Battlefield steps that only need an empty box (the fast path of move generation)."""
def _crossings(a: int) -> tuple[int, ...]:
    """From a battlefield box, the castle boxes a step could ever reach (its gate or stone-line box)."""
    face = MAT.face[a]
    one, two = MAT.numbered[face][:2]
    return tuple(b for b in MAT.neighbours[a]
                 if MAT.kind[b] != FIELD and ((a, b) == (two, one) or FRONT[face].get(b) == a))


OTHER = tuple(
    _crossings(a) if MAT.kind[a] == FIELD else MAT.neighbours[a] for a in range(len(MAT.kind))
)
"""Every other step worth checking in full: crossings of the stone outline and steps inside the castle
(battlefield steps into a separator or another face are never legal, GC-11)."""


SAME_FIELD_NAMED = tuple(tuple((b, f"move {SQUARES[a]}-{SQUARES[b]}") for b in SAME_FIELD[a])
                         for a in range(len(MAT.kind)))


def steps(state: GoldCrownState, seat: int) -> list[tuple[int, int]]:
    """Every legal step of the seat's knights, in box order."""
    return [STEP[name] for name in step_names(state, seat)]


def step_names(state: GoldCrownState, seat: int) -> list[str]:
    """Every legal step in notation (``move e7-e6``), in box order (knight by knight, each knight's
    battlefield steps first, then his crossings and castle steps): the hot path of move generation."""
    mine = knight(seat)
    board = state.board
    table = _field_steps(state, seat)
    found: list[str] = []
    extend, append = found.extend, found.append
    for a in sorted(table):
        extend(table[a])
        for b in OTHER[a]:
            if board[b] != mine and step_problem(state, seat, a, b) is None:
                append(MOVE[a, b])
    return found


FieldSteps = tuple[int, dict[int, list[str]]]
"""(seat, his knight's box -> that knight's legal battlefield steps): they need only an empty box that the
ram does not hold, so after one step a -> b only the knight on b and his neighbours of a and b change."""


def _field_steps(state: GoldCrownState, seat: int) -> dict[int, list[str]]:
    cached: FieldSteps | None = state.cache.get("field steps")
    if cached is not None and cached[0] == seat:
        return cached[1]
    board, mine = state.board, knight(seat)
    blocked = ram_boxes(state.barons[seat])
    origin: tuple[FieldSteps, int, int] | None = state.cache.get("field steps from")
    if origin is not None:
        (_, parent), a, b = origin
        table = parent.copy()
        del table[a]
        for k in (b, *SAME_FIELD[a], *SAME_FIELD[b]):
            if board[k] == mine:
                table[k] = [name for c, name in SAME_FIELD_NAMED[k] if board[c] == EMPTY and c not in blocked]
    else:
        table = {k: [name for c, name in SAME_FIELD_NAMED[k] if board[c] == EMPTY and c not in blocked]
                 for k in positions(board, mine)}
    state.cache["field steps"] = (seat, table)
    return table


__all__ = ["step", "step_problem", "steps", "step_names"]
