"""Drawbridge, gates and ram: a state machine per baron that kills whatever stands in its way (GC-7, GC-8).

::

    bridge:  up --5--> down --7--> up          (a knight on box 2 dies whenever the bridge moves)
    gates:   closed --6 (ram on bridge)--> open --7--> closed   (a knight on box 1 dies when they close)
             any --catapult hit in column 0--> destroyed         (never closes again; bridge still works)
    ram:     home (3-4) --1 move point, bridge down, box 2 empty--> bridge (2-3)
             bridge --1 move point, box 4 empty--> home;  --6 or 7--> home (a knight on box 4 dies)
"""

from __future__ import annotations

from ..mat import MAT
from ..state import (
    CLOSED,
    DESTROYED,
    DOWN,
    EMPTY,
    HOME,
    ON_BRIDGE,
    OPEN,
    UP,
    Baron,
    GoldCrownState,
    baron_with,
)
from .board import kill


def with_baron(state: GoldCrownState, seat: int, **changes: object) -> GoldCrownState:
    barons = list(state.barons)
    barons[seat] = baron_with(barons[seat], changes)
    return state.with_(barons=tuple(barons))


def boxes(state: GoldCrownState, seat: int) -> tuple[int, int, int, int]:
    """Numbered boxes 1 (gate), 2 (drawbridge), 3, 4 of the seat's face."""
    return MAT.numbered[state.barons[seat].face]


def ram_boxes(baron: Baron) -> tuple[int, int]:
    one, two, three, four = MAT.numbered[baron.face]
    return (three, four) if baron.ram == HOME else (two, three)


def gate_passable(baron: Baron) -> bool:
    """Box 1 can be crossed (and stood on) only with the bridge down and the gates open or destroyed."""
    return baron.bridge == DOWN and baron.gates != CLOSED


def drop_bridge(state: GoldCrownState, seat: int) -> GoldCrownState:
    """Spin 5: the spy drops the drawbridge (a knight on box 2 is crushed)."""
    if state.barons[seat].bridge == DOWN:
        return state
    state = kill(state, [boxes(state, seat)[1]])
    return with_baron(state, seat, bridge=DOWN)


def ram_opens_gates(state: GoldCrownState, seat: int) -> GoldCrownState:
    """Spin 6: if the ram is on the drawbridge the gates crash open and the ram rolls back to 3-4."""
    baron = state.barons[seat]
    if baron.ram != ON_BRIDGE:
        return state
    state = kill(state, [boxes(state, seat)[3]])
    return with_baron(state, seat, ram=HOME, gates=OPEN if baron.gates == CLOSED else baron.gates)


def close_gates(state: GoldCrownState, seat: int) -> GoldCrownState:
    """Spin 7: the ram is pushed off the bridge, the gates close (unless destroyed), the bridge rises."""
    baron = state.barons[seat]
    if baron.ram == HOME and baron.bridge == UP and baron.gates != OPEN:
        return state  # all of it is where spin 7 puts it already: nothing moves, nobody is crushed
    one, two, _, four = boxes(state, seat)
    crushed = []
    if baron.ram == ON_BRIDGE:
        crushed.append(four)
    if baron.gates == OPEN:
        crushed.append(one)
    if baron.bridge == DOWN:
        crushed.append(two)
    state = kill(state, crushed)
    return with_baron(state, seat, ram=HOME, bridge=UP, gates=CLOSED if baron.gates == OPEN else baron.gates)


def ram_problem(state: GoldCrownState, seat: int, forward: bool) -> str | None:
    """Why the ram cannot shift now (GC-10), or None."""
    baron = state.barons[seat]
    _, two, _, four = boxes(state, seat)
    if forward:
        if baron.ram == ON_BRIDGE:
            return "the ram is already on the drawbridge"
        if baron.bridge != DOWN:
            return "The ram rule: the ram can move onto the drawbridge only once it is lowered (spin 5)"
        if state.board[two] != EMPTY:
            return "The ram rule: box 2 is occupied, so the ram cannot move onto the drawbridge"
        return None
    if baron.ram == HOME:
        return "the ram is already home on boxes 3 and 4"
    if state.board[four] != EMPTY:
        return "The ram rule: box 4 is occupied, so the ram cannot roll back"
    return None


def shift_ram(state: GoldCrownState, seat: int, forward: bool) -> GoldCrownState:
    return with_baron(state, seat, ram=ON_BRIDGE if forward else HOME)


def destroy_gates(state: GoldCrownState, seat: int) -> GoldCrownState:
    """A boulder in column 0: the doors are gone for good; the drawbridge still works (§1.7)."""
    return with_baron(state, seat, gates=DESTROYED)

