"""What a siege position is worth to each baron: the computer barons' game knowledge.

A baron's raw worth adds up, in knights' worth:

* each knight, by how far along the road into the castle he is: on the battlefield by his distance (in steps)
  to the nearest way in — a breach of his, the open gate, a scaling box (10, 11); inside by his distance to
  the next objective (his two tower guards, then a King's chamber, then the throne);
* minus the knights the next spin is expected to cost him (archers on rows 1-4, 8 on the wall, 9 on deck and
  towers: each 1/12) and rivals standing next to his men once treachery is on;
* plus chambers held, tower guards gone, breaches made, the gate apparatus, boulders in hand.

``values`` turns the raw worths into one number per seat in [0, 1]: a logistic of the lead over the best rival.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from functools import lru_cache

from .mat import CASTLE, DECK, FIELD, GATE, MAT, THRONE_ROOM, TOWER, TOWER_GUARD, WALL
from .rules.apparatus import gate_passable
from .rules.board import positions
from .rules.chambers import CHAMBERS_FOR_THRONE, held, towers_cleared
from .rules.treachery import treachery_on
from .state import CLOSED, DESTROYED, DOWN, EMPTY, GUARD, KING, ON_BRIDGE, OVER, Baron, GoldCrownState, knight

LEADERS = 9
"""Only the most advanced knights count for progress: six men take the throne and a few more clear the towers; the rest wait out of range."""
SCALE = 12.0
TOWER_CLEARED = 12.0
"""A tower guard gone: worth more than the men inside lose when their objective moves on to the chambers."""
CHAMBER_WORTH = tuple(12.0 if len(boxes & MAT.next_to_throne) >= 2 else 7.0 for boxes in MAT.chamber_boxes)
"""A side chamber opens onto the throne room along a whole side (room for both its knights at the storm);
a corner chamber touches it only at its guard box."""
BESIEGING = 3.0
"""Each of (at most) two knights in a chamber the King still holds: the second makes the capture possible."""
TOWER_SIEGE = 1.5
"""Each of (at most) two knights on the curved boxes of a near tower whose guard still stands: two there and
the guard falls to a single step (GC-14). Without it the step onto the tower was worth no more than any
step of a knight nearer his objective, and a baron with few move points to spare walked round it for
rounds (medium vs easy, strength seed 151: the siege hit the round cap)."""
STORM_READY = 5.0
"""Each of the six men standing at the throne room's door once three chambers are held."""
RISK = 0.3
"""A knight in the archers' rows (1-4), on the wall, the deck or a tower dies on 1 spin in 12 of every turn
he stays there, and he usually stays about three: a quarter of what one more knight is worth to his baron
(much when he is one of the last six who can take the Crown, little while the army is large)."""
CROWDED = 0.5
"""What each knight beyond ``n`` in archers' row ``n`` adds to the exposure (a spin of ``n`` kills ``n`` there, so
a single turn's risk stops at ``n`` men; but the reserve stays for many turns and every further spin of ``n``
takes ``n`` more). At 0 the planner filled a row with a dozen men for a faint pull towards the way in and lost
four at a time to the archers (hard vs medium, strength match 13: eleven of North's men in row 4)."""


NEAR, FAR = 12.0, 24.0
"""Steps inside the castle over which a knight feels his objective: strongly within 12, faintly up to 24 (the
longest walk, from a gate round the siege deck to the far chambers, is about 20: with no pull at all beyond
12 steps, knights stood still)."""
ARRIVED, LAST_STEPS = 7.5, 0.6
"""Inside, within the last few steps of his objective, each step nearer is worth ``LAST_STEPS`` (up to
``ARRIVED`` on it; farther out the gentle slope above, about 0.23 a step). Steeper than a battlefield step
(0.5): on the gentle slope alone the reserve's steps towards a breach outbid a man's last steps onto a tower
or to a chamber, and the beam never kept the step that led there (medium vs easy, strength match 19: a man
waited on a tower for thirty rounds for the comrade on the deck two steps away, and the siege hit the cap).
A man in a chamber stays worth more than one beside it (7.0 and the chamber's own worth)."""
STORMING_CAUTION = 0.5
"""Three chambers held, the last men hurry to the door: half the usual fear of the archers (with the full fear,
a step from the gate onto the siege deck cost more than it brought, and the planner never made the walk)."""
DOOR_PULL = 0.6
"""Three chambers held: worth a step nearer the throne room's door within the last few steps (0.15 a step
farther out). Steeper than a battlefield step (0.5): with 0.25 a step, the planner spent a turn's points
walking the reserve across the battlefield while the men inside, three steps from the door, waited on the
wall to be shot (medium vs easy, strength match 19: the cap)."""
PATIENT_UNTIL, PRESSING_FROM = 40, 80
"""Rounds: full caution until the 40th, then less and less, down to a fifth from the 80th on."""


def patience(state: GoldCrownState) -> float:
    """How much the archers' threat still counts. A long siege is lost to the round cap (the King's victory),
    so an army that hangs back out of range late in the siege must come forward and press it."""
    late = (state.round - PATIENT_UNTIL) / (PRESSING_FROM - PATIENT_UNTIL)
    return 1.0 - 0.8 * min(1.0, max(0.0, late))


def _distances(starts: frozenset[int], may_enter: Callable[[int], bool]) -> tuple[int, ...]:
    """Breadth-first steps from the nearest of ``starts`` to every box (99 where none can reach)."""
    dist = [99] * len(MAT.kind)
    queue: deque[int] = deque()
    for box in starts:
        dist[box] = 0
        queue.append(box)
    while queue:
        a = queue.popleft()
        for b in MAT.neighbours[a]:
            if dist[b] > dist[a] + 1 and may_enter(b):
                dist[b] = dist[a] + 1
                queue.append(b)
    return tuple(dist)


@lru_cache(maxsize=256)
def field_distance(face: int, entries: frozenset[int]) -> tuple[int, ...]:
    """Steps from every box of ``face``'s battlefield to the nearest entry box (99 elsewhere)."""
    return _distances(entries, lambda b: MAT.face[b] == face)


@lru_cache(maxsize=256)
def castle_distance(targets: frozenset[int], blocked: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """Steps inside the castle (throne room and ``blocked`` boxes excluded) to the nearest target."""
    return _distances(targets, lambda b: MAT.kind[b] in CASTLE and MAT.kind[b] not in THRONE_ROOM
                      and b not in blocked)


def full_chambers(state: GoldCrownState, seat: int) -> frozenset[int]:
    """Boxes of chambers a knight of ``seat`` cannot pass: two knights rest there already."""
    mine = knight(seat)
    board = state.board
    blocked = set()
    for boxes in MAT.chamber_boxes:
        inside = [b for b in boxes if board[b] not in (EMPTY, GUARD)]
        if len(inside) >= 2:
            blocked |= {b for b in boxes if board[b] != mine}
    return frozenset(blocked)


GATE_SHUT, GATE_OPEN, GATE_AFTER_FIVE = 0, 1, 2
"""How the gate stands as a way in for a baron (``entries``): no way in; a way in now (bridge down, gates open
or destroyed) or soon (the ram on the bridge waits for a 6); a way in after a 5 (gates destroyed, bridge up)."""


def gate_way(baron: Baron) -> int:
    """The gate as a way in for ``baron`` (``GATE_SHUT``, ``GATE_OPEN`` or ``GATE_AFTER_FIVE``). Destroyed gates
    behind a raised bridge are no way in yet: the spin of 5 that drops the bridge crushes whoever waits on box 2
    (before, such gates counted as open and men waited on box 2 to be crushed)."""
    if baron.bridge == DOWN and (baron.gates != CLOSED or baron.ram == ON_BRIDGE):
        return GATE_OPEN
    if baron.gates == DESTROYED:
        return GATE_AFTER_FIVE
    return GATE_SHUT


def entries(state: GoldCrownState, seat: int) -> tuple[int, tuple[int, ...], int, tuple[int, ...]]:
    """What decides the ways in for ``seat``: his face, his breaches, the gate (``gate_way``), breached tower
    triangles."""
    baron = state.barons[seat]
    triangles = tuple(sorted({b for x in state.barons for b in x.breaches if MAT.kind[b] == TOWER_GUARD}))
    return baron.face, baron.breaches, gate_way(baron), triangles


@lru_cache(maxsize=256)
def approach(face: int, breaches: tuple[int, ...], gate: int, triangles: tuple[int, ...]) -> tuple[float, ...]:
    """Worth of a knight on each battlefield box of ``face``: 4 in front of a real way in (a breach, the open
    gate), half a point less per step away down to 0.5 seven steps away, then a faint pull (``_WORTH_AT``);
    a scaling box counts as two steps from a way in (it needs a 10 or an 11), and so does a box beside the
    drawbridge's box 2 while destroyed gates wait behind a raised bridge (``GATE_AFTER_FIVE``: it needs a 5);
    box 2 itself is then worth nothing (the 5 that drops the bridge crushes him)."""
    fronts = {front for stone, front in MAT.stone[face].values() if stone in breaches or stone in triangles}
    _, two, three, four = MAT.numbered[face]
    if gate == GATE_OPEN:
        fronts.add(two)
    waiting = frozenset(MAT.scale_deck[face]) | frozenset(MAT.scale_wall[face])
    if gate == GATE_AFTER_FIVE:
        waiting |= frozenset(b for b in MAT.neighbours[two] if MAT.kind[b] == FIELD and MAT.face[b] == face
                             and b not in (three, four))
    near_scale = field_distance(face, waiting)
    near_entry = field_distance(face, frozenset(fronts)) if fronts else None
    table = []
    for box in range(len(MAT.kind)):
        d = near_scale[box] + 2
        if near_entry is not None:
            d = min(d, near_entry[box])
        if gate == GATE_AFTER_FIVE and box == two and (near_entry is None or near_entry[box] > 0):
            d = FAINT_UNTIL
        table.append(_WORTH_AT[min(d, FAINT_UNTIL)])
    return tuple(table)


FAINT_UNTIL = 24
"""Steps from a way in up to which a knight still feels it. Beyond seven steps the pull is faint (a quarter
point at eight, nothing at 24): the reserve keeps out of the archers' rows but drifts along the back rows
towards the way in. With no pull at all beyond eight steps, the men on the far corners of the back rows
never moved, and a baron who held three chambers with a dozen knights left lost them one by one to the
archers before six reached the throne room's door (medium vs easy, strength matches 19 and 44: the cap)."""
_WORTH_AT = tuple(4.0 - 0.5 * d if d <= 7 else 0.25 * (FAINT_UNTIL - d) / (FAINT_UNTIL - 8)
                  for d in range(FAINT_UNTIL + 1))
"""``approach``'s worth by steps away, as shared floats: a table of 441 fresh floats cost 14 KiB, one of
these 3.5 KiB (a server keeps hundreds of tables: the soak's memory grew with them)."""


def objectives(state: GoldCrownState, seat: int, blocked: frozenset[int] = frozenset()) -> frozenset[int]:
    """Where the knights inside should head now: the tower guards still standing at the ends of the seat's
    wall, then the chambers not lost to a rival, then — three chambers held — the free boxes next to the
    throne room (not those his own men hold already: a knight beside one of them is no nearer the door). Boxes
    of ``blocked`` (full chambers) are never a target: a knight parked next to a chamber that already holds two
    men would wait there for ever. A tower's curved boxes his own men hold are no target either (``worth``
    counts those men as arrived): a knight beside one was as near as one a step farther round, and no step
    towards the free curved box gained anything, so the beam dropped it (medium vs easy, strength match 19:
    one man waited on a tower for thirty rounds for a comrade on the deck beside him, and the siege hit the
    cap)."""
    board = state.board
    towers = [t for t in MAT.near_towers[state.barons[seat].face] if board[MAT.tower_guard[t]] == GUARD]
    if towers:
        mine = knight(seat)
        return frozenset(b for t in towers for b in (*MAT.tower_curved[t], MAT.tower_guard[t]) if board[b] != mine)
    if held(state, seat) >= CHAMBERS_FOR_THRONE:
        doorstep = frozenset(b for b in MAT.next_to_throne if board[b] == EMPTY) - blocked
        if doorstep:
            return doorstep
    targets = frozenset(b for c, owner in enumerate(state.chambers) if owner in (KING, seat)
                        for b in MAT.chamber_boxes[c]) - blocked
    return targets or MAT.next_to_throne


def worth(state: GoldCrownState, seat: int) -> float:
    """The raw worth of the position to ``seat`` (see the module docstring)."""
    board, baron, mine = state.board, state.barons[seat], knight(seat)
    face = baron.face
    on_field = approach(*entries(state, seat))
    full = full_chambers(state, seat)
    inside = castle_distance(objectives(state, seat, full), full)
    rows = [0] * 7
    wall = deck = 0
    progress = []
    threatened = 0
    rivals_on = treachery_on(state)
    chambers = held(state, seat)
    storming = chambers >= CHAMBERS_FOR_THRONE
    kinds, row_of, chamber_of = MAT.kind, MAT.row, MAT.chamber
    siege = {b for t in MAT.near_towers[face] if board[MAT.tower_guard[t]] == GUARD for b in MAT.tower_curved[t]}
    for box in positions(board, mine):
        kind = kinds[box]
        if kind == FIELD:
            rows[row_of[box]] += 1
            progress.append(on_field[box])
            continue
        if kind == WALL:
            wall += 1
        elif kind in (DECK, TOWER, TOWER_GUARD):
            deck += 1
        if box in MAT.next_to_throne:
            progress.append(8.5)
        elif storming:
            # Three chambers held: every man inside heads for a free box at the throne room's door, however
            # far round the castle it is (the held chambers may offer only five: the sixth must walk on), and
            # no longer lingers on the gate.
            d = inside[box]
            progress.append(max(3.5 + 0.15 * max(0.0, FAR - d), 8.5 - DOOR_PULL * d))
        elif chamber_of[box] >= 0:
            progress.append(7.0)
        else:
            d = 0 if box in siege else inside[box]
            progress.append(max(3.5 + 2.75 * max(0.0, 1.0 - d / NEAR) + 0.25 * max(0.0, 1.0 - d / FAR),
                                ARRIVED - LAST_STEPS * d) + (0.5 if kind == GATE else 0.0))
        if rivals_on and kind != GATE:
            threatened += any(board[n] not in (EMPTY, GUARD, mine) for n in MAT.neighbours[box])
    progress.sort(reverse=True)
    count = len(progress)
    value = 1.0 * count + 2.0 * min(count, 12) + 3.0 * min(count, 6)
    value += sum(progress[:LEADERS]) + 0.1 * sum(progress[LEADERS:])
    marginal = 6.0 if count <= 6 else (3.0 if count <= 12 else 1.0)
    exposure = (sum(min(n, rows[n]) + CROWDED * max(0, rows[n] - n) for n in range(1, 5)) + wall + deck) \
        * RISK * marginal * patience(state)
    if storming:
        exposure *= STORMING_CAUTION
    value -= exposure + threatened * 1.5
    value += sum(CHAMBER_WORTH[c] for c, owner in enumerate(state.chambers) if owner == seat)
    if towers_cleared(state, seat):
        for c, owner in enumerate(state.chambers):
            if owner == KING:
                value += BESIEGING * min(2, sum(1 for b in MAT.chamber_boxes[c] if board[b] == mine))
    if chambers >= CHAMBERS_FOR_THRONE:
        value += STORM_READY * min(6, sum(1 for b in MAT.next_to_throne if board[b] == mine))
    for t in MAT.near_towers[face]:
        if board[MAT.tower_guard[t]] != GUARD:
            value += TOWER_CLEARED
        else:
            value += TOWER_SIEGE * min(2, sum(1 for b in MAT.tower_curved[t] if board[b] == mine))
    value += 2.0 * len(baron.breaches) + (2.0 if baron.gates == DESTROYED else 0.0)
    value += 1.0 if gate_passable(baron) else (0.4 if baron.bridge == DOWN else 0.0)
    value += 0.5 * baron.boulders
    return value


def values(state: GoldCrownState) -> list[float]:
    """One value per seat in [0, 1] (1 for the new King, 0 for everyone once the match is over)."""
    n = len(state.barons)
    if state.phase == OVER:
        return [1.0 if s == state.winner else 0.0 for s in range(n)]
    raw = [worth(state, s) for s in range(n)]
    out = []
    for s in range(n):
        lead = raw[s] - max(raw[o] for o in range(n) if o != s)
        out.append(1.0 / (1.0 + math.exp(-lead / SCALE)))
    return out
