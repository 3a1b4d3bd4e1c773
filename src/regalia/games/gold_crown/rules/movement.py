"""Single steps of a knight (GC-9 … GC-13): the move points are spent one step at a time.

A step goes to one of the 8 neighbouring boxes and costs one point. On the battlefield a knight stays on
his own side (the separators and the corner squeeze are closed, GC-11). The stone outline is crossed only
through the gate (box 2 <-> box 1 with the bridge down and the gates open or destroyed), orthogonally
through a breach of one's own boulders, or through a breached tower triangle (GC-12); scaling is a spin,
not a step. Inside, every masonry box connects to its neighbours (GC-13), under the rules of the King's
men (chambers.py) and of treachery (treachery.py).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from functools import reduce
from operator import iadd
from typing import Any

from ..mat import FIELD, GATE, MAT, SQUARES, THRONE_ROOM, TOWER_GUARD
from ..notation import MOVE, STEP
from ..state import (
    CHANGED,
    DEPTH,
    EMPTY,
    FACTS,
    GUARD,
    HOME,
    MOVER,
    ON_BRIDGE,
    PARENT,
    TRAIL_CUT,
    GoldCrownState,
    Trail,
    draft,
    knight,
    trail,
)
from . import chambers
from .apparatus import gate_passable, ram_boxes
from .board import positions
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
        return f"You have no knight on {SQUARES[a]}"
    if b not in NEIGHBOURS[a]:
        return f"The movement rule: {SQUARES[a]} and {SQUARES[b]} are not adjoining boxes (a step goes to one of the 8 neighbours)"
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
        return "The movement rule: a knight never moves into another baron's battlefield"
    if state.board[b] != EMPTY:
        return f"The movement rule: {SQUARES[b]} is occupied (no two knights share a box, none passes through another)"
    if b in ram_boxes(state.barons[seat]):
        return f"The movement rule: the ram stands on {SQUARES[b]}"
    if b == MAT.shield[MAT.face[b]]:
        return f"The Baron never leaves his shield box {SQUARES[b]}: no knight may stand on it"
    return None


def crossing_problem(state: GoldCrownState, seat: int, a: int, b: int) -> str | None:
    """GC-12: the ways across the stone outline."""
    baron = state.barons[seat]
    field, stone = (a, b) if MAT.kind[a] == FIELD else (b, a)
    if MAT.face[field] != baron.face:
        return "The castle wall rule: knights leave the castle only onto their own battlefield"
    one, two = MAT.numbered[baron.face][:2]
    if (field, stone) == (two, one):
        if not gate_passable(baron):
            return ("The drawbridge rule: the gate is crossed only with the drawbridge lowered (spin 5) and the gates open "
                    "(spin 6) or destroyed")
        if a == one and two in ram_boxes(baron):  # back out of the gate: the ram may have come onto the bridge
            return f"The movement rule: the ram stands on {SQUARES[two]}"
        return None
    if FRONT[baron.face].get(stone) == field and breach_open(state, seat, stone):
        return None
    return ("The castle wall rule: the stone outline is crossed only by scaling (spins 10, 11), through your gate, or "
            "straight through a breach of your boulders")


def target_problem(state: GoldCrownState, seat: int, a: int, b: int) -> str | None:
    """The rules of the box stepped onto (inside the castle, or back onto the battlefield)."""
    kind = MAT.kind[b]
    if kind in THRONE_ROOM:
        return "The throne room rule: the throne room is entered only by storming it with 6 knights in one turn ('storm')"
    if kind == GATE and b != a:
        face = GATE_FACE[b]
        owners = [x for x in state.barons if x.face == face]
        if not owners or not gate_passable(owners[0]):
            return f"The drawbridge rule: box 1 ({SQUARES[b]}) holds a knight only while the drawbridge is down and the gates open"
    if MAT.chamber[b] >= 0:
        return chambers.enter_problem(state, seat, a, b)
    piece = state.board[b]
    if piece == EMPTY:
        return None
    if piece == GUARD:
        return chambers.tower_guard_problem(state, seat, a, b)
    if piece == knight(seat):
        return f"The movement rule: your own knight already stands on {SQUARES[b]}"
    return attack_problem(state, seat, a, b)


def step(state: GoldCrownState, seat: int, a: int, b: int) -> GoldCrownState:
    """The state after a legal step (a guard or rival on ``b`` is removed; one point is spent)."""
    board = state.board
    target = board[b]
    attackers = state.attackers
    if a in attackers or (target != EMPTY and target != GUARD):
        attackers = (attackers - {a, b}) | {b}
    old = state.cache
    cells = old.pop("cells", None)  # a bytearray equal to the board, moved on from state to state (state.CARRIED)
    if cells is None:
        cells = bytearray(board)
    cells[a] = EMPTY
    cells[b] = seat + 1  # knight(seat)
    new = draft(state)
    new.board = bytes(cells)
    new.attackers = attackers
    new.points = state.points - 1
    counts = old.get("counts")
    if counts is not None and target != EMPTY:  # the count of whoever stood on b drops by one
        fixed = list(counts)
        fixed[-1 if target == GUARD else target - 1] -= 1
        counts = tuple(fixed)
    parent = old.get("trail")
    if parent is not None and (parent[DEPTH] + 1) % TRAIL_CUT:  # trail(parent, (a, b), seat), inline
        node = [parent, (a, b), parent[DEPTH] + 1, seat, {}]
    else:
        node = trail(parent, (a, b), seat)
    new.cache = {"counts": counts, "trail": node, "cells": cells}
    new.__class__ = GoldCrownState  # seal(new), inline
    after: GoldCrownState = new
    if CHAMBER[b] >= 0:
        after = chambers.settle(after, seat, CHAMBER[b])
    if state.before is not None or chambers.watched(state, seat, a, b):  # an assault or a crowded chamber
        after = chambers.track(state, after, seat, a, b)
    return after


CHAMBER = MAT.chamber


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
BORDER = tuple(bool(OTHER[a]) for a in range(len(MAT.kind)))
"""Boxes from which a knight has steps besides his battlefield steps to check in full (castle boxes and the
battlefield boxes at the stone outline)."""
NEAR_RAM = frozenset(a for f in range(4) for a in range(len(MAT.kind))
                     if set(SAME_FIELD[a]) & set(MAT.numbered[f][1:]))
"""Battlefield boxes next to a box the ram may stand on (2, 3, 4): only their steps ask where the ram is."""


def steps(state: GoldCrownState, seat: int) -> list[tuple[int, int]]:
    """Every legal step of the seat's knights, in box order."""
    return [STEP[name] for name in step_names(state, seat)]


def step_names(state: GoldCrownState, seat: int) -> list[str]:
    """Every legal step in notation (``move e7-e6``), in box order (knight by knight, each knight's
    battlefield steps first, then his crossings and castle steps): the hot path of move generation.

    These crossings and castle steps are kept on the board's trail node too (``facts[seat + INSIDE]``, with
    the barons, chambers and attackers they were found for): after a step of the seat's own from one
    battlefield box to another they hold again for every knight inside not next to either box and for every
    knight at the stone outline but the one who moved, since such a step depends on the board only inside the
    castle (its target, the chambers and what is next to them, the towers) and next to the knight, and on the
    barons, chambers and attackers (the same objects). When the step was between two ``FAR`` boxes and his
    knights at the outline and inside are the same (the table's ``border`` list itself), the whole record
    holds and is handed on as it is: ``(barons, chambers, attackers, border, steps by knight, the knights with
    any, in box order)``."""
    boxes, parts, border, _, _ = _march(state, seat)
    if border:
        node = state.cache["trail"]  # (_march made it)
        barons, held, attackers = state.barons, state.chambers, state.attackers
        kept: dict[int, list[str]] | None = None
        parent = node[PARENT]
        a = b = -1
        hits: tuple[tuple[int, list[str]], ...] | list[tuple[int, list[str]]]
        if parent is not None and node[MOVER] == seat:
            a, b = node[CHANGED]
            if IS_FIELD[a] and IS_FIELD[b]:
                known = parent[FACTS].get(seat + INSIDE)
                if known is not None and known[0] is barons and known[1] is held and known[2] is attackers:
                    if known[3] is border and FAR[a] and FAR[b]:
                        # the same knights at the outline and inside, and nothing next to any of them changed
                        node[FACTS][seat + INSIDE] = known
                        hits = known[5]
                        if not hits:
                            n = len(parts)  # _join(parts), inline
                            return _JOINS[n](parts) if n < JOINED else reduce(iadd, parts, [])  # type: ignore[no-any-return]
                        joined = parts.copy()
                        for k, found in hits:
                            i = bisect_left(boxes, k)
                            joined[i] = parts[i] + found
                        return _join(joined)
                    kept = known[4]
        board, mine = state.board, seat + 1
        opened = None
        inside: dict[int, list[str]] = {}
        hits = []
        for k in border:
            if IS_FIELD[k]:
                if opened is None:
                    opened = _open_stones(state, seat)
                if not opened:
                    found = NONE
                elif kept is not None and k != b and k in kept:  # his crossings: he did not move
                    found = kept[k]
                else:
                    found = [MOVE[k, c] for c in OTHER[k] if c in opened and board[c] != mine
                             and step_problem(state, seat, k, c) is None]
            else:
                if kept is not None and k in kept and k not in CLOSE[a] and k not in CLOSE[b]:
                    found = kept[k]
                else:
                    found = [MOVE[k, c] for c in OTHER[k] if board[c] != mine and step_problem(state, seat, k, c) is None]
            inside[k] = found
            if found:
                hits.append((k, found))
        node[FACTS][seat + INSIDE] = (barons, held, attackers, border, inside, tuple(hits))
        if hits:
            joined = parts.copy()
            for k, found in hits:
                i = bisect_left(boxes, k)
                joined[i] = parts[i] + found
            return _join(joined)
    n = len(parts)  # _join(parts), inline
    return _JOINS[n](parts) if n < JOINED else reduce(iadd, parts, [])  # type: ignore[no-any-return]


INSIDE = 4
"""``facts[seat + INSIDE]``: the crossings and castle steps of the seat's knights (see ``step_names``); the
step tables are ``facts[seat]``, seats 0-3."""
CLOSE = tuple(frozenset((a, *MAT.neighbours[a])) for a in range(len(MAT.kind)))
"""Each box and its neighbours."""
FAR = tuple(MAT.kind[a] == FIELD and not OTHER[a] and all(MAT.kind[c] == FIELD for c in MAT.neighbours[a])
            for a in range(len(MAT.kind)))
"""Battlefield boxes with no way across the stone outline and no castle box next to them: a step between two
of them changes no knight's crossings or castle steps but his own (and he is not at the outline)."""


def _joiner(n: int) -> Any:
    """``[*p[0], *p[1], ..., *p[n - 1]]`` as straight-line code: one LIST_EXTEND a knight, no call
    (``reduce(iadd, parts, [])`` makes one call a knight)."""
    names = [f"p{i}" for i in range(n)]
    code = (f"def join(parts):\n    {', '.join(names)}, = parts\n    return [{', '.join('*' + x for x in names)}]\n"
            if n else "def join(parts):\n    return []\n")
    scope: dict[str, Any] = {}
    exec(code, scope)  # noqa: S102 - code built from a count
    return scope["join"]


JOINED = len(MAT.dash) // 4 + 1
"""A baron's knights at the start, and one more."""
_JOINS = tuple(_joiner(n) for n in range(JOINED))
"""``_JOINS[n]`` joins n knights' lists end to end."""


def _join(parts: list[list[str]]) -> list[str]:
    """The knights' lists end to end."""
    n = len(parts)
    return _JOINS[n](parts) if n < JOINED else reduce(iadd, parts, [])  # type: ignore[no-any-return]


IS_FIELD = tuple(kind == FIELD for kind in MAT.kind)


def _open_stones(state: GoldCrownState, seat: int) -> frozenset[int]:
    """Castle boxes a battlefield knight of ``seat`` could step onto now (GC-12): his gate while it is
    passable, his breaches, and tower triangles anyone breached (``crossing_problem`` has the last word).
    Kept per barons (they change far less often than the board)."""
    barons = state.barons
    known = _OPENED.get(id(barons))
    if known is not None and known[0] is barons and seat in known[1]:
        return known[1][seat]  # type: ignore[no-any-return]
    baron = barons[seat]
    opened = {b for x in barons for b in x.breaches if MAT.kind[b] == TOWER_GUARD}
    opened.update(baron.breaches)
    if gate_passable(baron):
        opened.add(MAT.numbered[baron.face][0])
    if known is None or known[0] is not barons:
        if len(_OPENED) > 64:
            _OPENED.clear()
        known = _OPENED[id(barons)] = (barons, {})
    found = known[1][seat] = frozenset(opened)
    return found


_OPENED: dict[int, tuple[tuple[Any, ...], dict[int, frozenset[int]]]] = {}
"""id(barons) -> (barons, seat -> open stones); the barons tuple is kept so that its id is not reused."""


March = tuple[list[int], list[list[str]], list[int], tuple[int, int], list[int]]
"""A seat's knights' boxes in order, each knight's legal battlefield steps (in the same order), the knights on
``BORDER`` boxes, the boxes the ram held, and each knight's open neighbours as a bit mask (bit i: the i-th box
of ``SAME_FIELD`` is empty and free of the ram). Battlefield steps need only an empty box that the ram does
not hold, so after the board changes on a few boxes only the knights on them and next to them are looked at
again (a neighbour's bit flips: no board reads, and the steps come from ``PARTS`` by mask): the table is kept
on the board's trail (state.py) and brought up to date from the nearest board that has one."""

AFFECTS = tuple(tuple(k for k in range(len(MAT.kind)) if c in SAME_FIELD[k]) for c in range(len(MAT.kind)))
"""The boxes whose battlefield steps a change on box c can alter."""
BITS = tuple(tuple((c, 1 << i) for i, c in enumerate(SAME_FIELD[k])) for k in range(len(MAT.kind)))
"""Per box k: each battlefield neighbour with its bit in k's mask."""
FLIPS = tuple(tuple((k, 1 << SAME_FIELD[k].index(c)) for k in AFFECTS[c]) for c in range(len(MAT.kind)))
"""Per box c: the boxes whose masks have a bit for c, with that bit."""
PARTS: tuple[list[list[str] | None], ...] = tuple([None] * (1 << len(SAME_FIELD[k])) for k in range(len(MAT.kind)))
"""Per box k and mask: the battlefield steps of a knight there (filled when first needed, at most 39,584
lists in all; never mutated: tables share them)."""


def _shifted(a: int, b: int) -> tuple[tuple[int, int, int], ...]:
    """For a step a -> b: every box k but b whose mask has a bit for a or b, with the bits to set (a is
    empty now) and the mask that clears b's (taken now), in box order."""
    bits: dict[int, list[int]] = {}
    for k, bit in FLIPS[a]:
        if k != b:
            bits.setdefault(k, [0, 0])[0] |= bit
    for k, bit in FLIPS[b]:
        bits.setdefault(k, [0, 0])[1] |= bit
    return tuple((k, on, ~off) for k, (on, off) in sorted(bits.items()))


SHIFTED = tuple({b: _shifted(a, b) for b in MAT.neighbours[a]} for a in range(len(MAT.kind)))
"""``SHIFTED[a][b]``: the mask changes of a step a -> b (see ``_shifted``)."""
NEAR_HOME = tuple(frozenset(c for c in range(len(MAT.kind)) if MAT.kind[c] != FIELD or MAT.face[c] == f)
                  for f in range(4))
"""Per face: every box but the other faces' battlefields (a baron's knights never stand there, GC-11, and
no battlefield step of his starts or ends there)."""
WALK = 40
"""How many board changes back a table is looked for before it is computed afresh."""


_RAM_AT = {(f, ram): (MAT.numbered[f][2], MAT.numbered[f][3]) if ram == HOME else (MAT.numbered[f][1],
                                                                                      MAT.numbered[f][2])
           for f in range(4) for ram in (HOME, ON_BRIDGE)}
"""``ram_boxes`` by face and ram position."""
RAM_AT = tuple({ram: _RAM_AT[f, ram] for ram in (HOME, ON_BRIDGE)} for f in range(4))
"""``_RAM_AT`` by face, then by ram position (no key tuple to build per call; the same tuples)."""


def _mask(board: bytes, k: int, blocked: tuple[int, int]) -> int:
    """The open-neighbour mask of a knight on box k (see ``March``)."""
    m = 0
    for c, bit in BITS[k]:
        if board[c] == EMPTY:
            m |= bit
    if k in NEAR_RAM:
        for c, bit in BITS[k]:
            if c in blocked:
                m &= ~bit
    return m


def _part(k: int, m: int) -> list[str]:
    """``PARTS[k][m]``, made when first asked for."""
    found = PARTS[k][m]
    if found is None:
        found = PARTS[k][m] = [name for i, (_, name) in enumerate(SAME_FIELD_NAMED[k]) if m >> i & 1]
    return found


def _field_steps(board: bytes, k: int, blocked: tuple[int, int]) -> list[str]:
    """The legal battlefield steps of the knight on box k (never mutated: tables share them)."""
    return _part(k, _mask(board, k, blocked))


def _march(state: GoldCrownState, seat: int) -> March:
    cache = state.cache
    node: Trail | None = cache.get("trail")
    if node is None:
        node = cache["trail"] = trail(None, ())
    facts = node[FACTS]
    baron = state.barons[seat]
    blocked = RAM_AT[baron.face][baron.ram]
    cached: March | None = facts.get(seat)
    if cached is not None and cached[3] is blocked:  # (one tuple per face and ram position: _RAM_AT)
        return cached
    board, mine = state.board, seat + 1
    parent = node[PARENT]
    moved: tuple[int, ...] | None = None
    if parent is not None and node[MOVER] == seat:
        cached = parent[FACTS].get(seat)
        if cached is not None and cached[3] is blocked:  # the common case: one step a -> b of his own
            moved = node[CHANGED]
    if moved is None:
        # walk back to the nearest table, setting aside the first step of his own on the way (the last
        # step of his previous turn, whose table was never asked for)
        changed: set[int] = set()
        own: tuple[int, ...] | None = None
        for _ in range(WALK):
            if own is None and node[MOVER] == seat:
                own = node[CHANGED]
            else:
                changed.update(node[CHANGED])
            node = node[PARENT]
            if node is None:
                break
            cached = node[FACTS].get(seat)
            if cached is not None:
                break
        if cached is not None:
            changed &= NEAR_HOME[baron.face]  # the other barons' battlefields are none of his concern
            if own is not None:
                if not changed and cached[3] is blocked:  # nothing else on his side: that one step alone
                    moved = own
                else:
                    changed.update(own)
    if moved is not None and cached is not None:
        a, b = moved
        boxes, parts, border, masks = cached[0].copy(), cached[1].copy(), cached[2], cached[4].copy()
        i = bisect_left(boxes, a)
        j = bisect_left(boxes, b)
        m = 0  # _mask(board, b, blocked), inline
        for c, bit in BITS[b]:
            if board[c] == EMPTY:
                m |= bit
        if b in NEAR_RAM:
            for c, bit in BITS[b]:
                if c in blocked:
                    m &= ~bit
        found = PARTS[b][m]
        if found is None:
            found = _part(b, m)
        if j == i + (b > a):  # no knight of his between a and b: b takes a's place in the box order
            boxes[i] = b
            masks[i] = m
            parts[i] = found
        else:
            del boxes[i], parts[i], masks[i]
            if j > i:
                j -= 1
            boxes.insert(j, b)
            masks.insert(j, m)
            parts.insert(j, found)
        for k, on, off in SHIFTED[a][b]:  # his knights next to a (a is empty now) or b (taken now)
            if board[k] == mine:
                i = bisect_left(boxes, k)
                m = (masks[i] | on) & off
                masks[i] = m
                found = PARTS[k][m]
                parts[i] = found if found is not None else _part(k, m)
        if BORDER[a] or BORDER[b]:
            border = [k for k in border if k != a]
            if BORDER[b]:
                insort(border, b)
        cached = facts[seat] = (boxes, parts, border, blocked, masks)
        return cached
    if cached is None:
        boxes = positions(board, mine)
        masks = [_mask(board, k, blocked) for k in boxes]
        parts = [_part(k, m) for k, m in zip(boxes, masks, strict=True)]
        border = [k for k in boxes if BORDER[k]]
        cached = facts[seat] = (boxes, parts, border, blocked, masks)
        return cached
    # the general case: the boxes in ``changed`` may hold anything now. His knights on them are taken in or
    # out of the table; then each changed box's bit is set again, as the board has it now, in the masks of his
    # knights next to it (every other bit of a mask is still right), and a knight new in the table gets his
    # whole mask
    if cached[3] is not blocked:  # the ram moved: its boxes changed too, as far as steps go
        changed.update(cached[3])
        changed.update(blocked)
    boxes, parts, border, masks = cached[0].copy(), cached[1].copy(), cached[2], cached[4].copy()
    moved_border = False
    arrived = []
    for c in changed:
        i = bisect_left(boxes, c)
        held = i < len(boxes) and boxes[i] == c
        if board[c] == mine:
            if not held:
                boxes.insert(i, c)
                parts.insert(i, NONE)
                masks.insert(i, 0)
                arrived.append(c)
                moved_border = moved_border or BORDER[c]
        elif held:
            del boxes[i], parts[i], masks[i]
            moved_border = moved_border or BORDER[c]
    for c in changed:
        if board[c] == EMPTY and c not in blocked:  # open: his neighbours may step there
            for k, bit in FLIPS[c]:
                if board[k] == mine:
                    i = bisect_left(boxes, k)
                    m = masks[i] | bit
                    if m != masks[i]:
                        masks[i] = m
                        parts[i] = _part(k, m)
        else:
            for k, bit in FLIPS[c]:
                if board[k] == mine:
                    i = bisect_left(boxes, k)
                    m = masks[i] & ~bit
                    if m != masks[i]:
                        masks[i] = m
                        parts[i] = _part(k, m)
    for c in arrived:
        i = bisect_left(boxes, c)
        masks[i] = m = _mask(board, c, blocked)
        parts[i] = _part(c, m)
    if moved_border:
        border = [k for k in boxes if BORDER[k]]
    cached = facts[seat] = (boxes, parts, border, blocked, masks)
    return cached


NONE: list[str] = []
"""A placeholder list (never mutated)."""


__all__ = ["step", "step_problem", "steps", "step_names"]
