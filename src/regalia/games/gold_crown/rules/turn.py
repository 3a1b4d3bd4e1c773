"""A turn of Gold Crown, from the spin to the last move point (GC-2 … GC-9).

::

    opening (chance: everyone spins, ties spin again) --> start
    start --spin--> spinning (chance) --1-4, 8, 9 with men in the line of fire--> casualties? --> next baron
                                     --5, 6, 7--> apparatus --> next baron ("if you cannot comply your turn is over")
                                     --10, 11, 12 with a choice--> choice --scale--> next baron
                                                                         --fire--> scatter (chance) --> next baron
                                                                         --march--v
                                     --otherwise N move points------------------> march --points spent / end--> next baron
    start --retreat / pass--> next baron
"""

from __future__ import annotations

from functools import partial, reduce
from operator import iadd

from ..mat import MAT, SQUARES
from ..notation import FIRE, LOSE, STEP, parse, scale_name
from ..spinner import ARCHERS, SCATTER, SPIN_OUTCOMES
from ..state import (
    CASUALTIES,
    CHOICE,
    DEPTH,
    DOWN,
    EMPTY,
    GUARD,
    HOME,
    MARCH,
    OPENING,
    OVER,
    SPINNING,
    START,
    TRAIL_CUT,
    GoldCrownState,
    maker,
    stepped,
    trail,
)
from ..state import SCATTER as SCATTER_PHASE
from . import apparatus, attacks, chambers, ending, movement, paths
from .board import kill
from .movement import _JOINS as JOINS
from .movement import JOINED, _march, step_names


def opening_spin(state: GoldCrownState, spin: int) -> GoldCrownState:
    """GC-2: everyone spins; the highest plays first; ties spin again among themselves."""
    index = next(i for i, g in enumerate(state.groups) if len(g) > 1)
    group = state.groups[index]
    spins = (*state.opening, spin)
    if len(spins) < len(group):
        return state.with_(opening=spins)
    split = tuple(tuple(s for s, v in zip(group, spins, strict=True) if v == value)
                  for value in sorted(set(spins), reverse=True))
    groups = state.groups[:index] + split + state.groups[index + 1:]
    if all(len(g) == 1 for g in groups):
        return state.with_(groups=(), opening=(), order=tuple(g[0] for g in groups), phase=START)
    return state.with_(groups=groups, opening=())


def spinner_seat(state: GoldCrownState) -> int:
    """The seat whose spin is in the air (during the opening too)."""
    if state.phase == OPENING:
        group = next(g for g in state.groups if len(g) > 1)
        return group[len(state.opening)]
    return state.seat


def resolve_spin(state: GoldCrownState, spin: int, max_rounds: int) -> GoldCrownState:
    """Carry out the spinner's instruction for the baron to move."""
    seat = state.order[state.turn]
    if spin in ARCHERS:
        hit = attacks.in_row(state, seat, spin)
        if not hit:
            return _marching(state, spin)
        if len(hit) <= spin:
            return ending.end_turn(kill(state, hit, spin=spin), max_rounds)
        return state.with_(spin=spin, phase=CASUALTIES, casualties=spin)
    if spin in (8, 9):
        kinds = attacks.WALL_KINDS if spin == 8 else attacks.DECK_AND_TOWERS
        hit = attacks.on_kinds(state, seat, kinds)
        if hit:
            return ending.end_turn(kill(state, hit, spin=spin), max_rounds)
        return _marching(state, spin)
    if spin in (10, 11) and attacks.scalers(state, seat, spin):
        return state.with_(spin=spin, phase=CHOICE)
    if spin == 12 and state.barons[seat].boulders > 0:
        return state.with_(spin=spin, phase=CHOICE)
    if spin > 7:
        return _marching(state, spin)
    state = state.with_(spin=spin)
    if spin == 5:
        return ending.end_turn(apparatus.drop_bridge(state, seat), max_rounds)
    if spin == 6:
        return ending.end_turn(apparatus.ram_opens_gates(state, seat), max_rounds)
    return ending.end_turn(apparatus.close_gates(state, seat), max_rounds)


def _marching(state: GoldCrownState, spin: int) -> GoldCrownState:
    """``state.with_(spin=spin, phase=MARCH, points=spin)`` in one generated call (the commonest spin result)."""
    cache = state.cache
    return _MARCHING(state, spin, spin, {"counts": cache.get("counts"), "trail": cache.get("trail"),
                                         "cells": cache.pop("cells", None)})


_MARCHING = maker(("spin", "points"), phase=MARCH)
_SPINNING = maker((), phase=SPINNING)


def legal_actions(state: GoldCrownState) -> list[str]:
    """Every legal action of the baron to move, in a new list each call (the caller may keep or change it).
    Not kept on the state: a match asks once per state and keeps its own copy, and a marching state's steps
    are joined from the step table that its board's trail node keeps (``movement.step_names``)."""
    phase = state.phase
    if phase == MARCH:
        seat = state.order[state.turn]
        boxes, parts, border, _, _ = _march(state, seat)
        if border:  # his crossings and castle steps too
            found = step_names(state, seat)
        else:  # his battlefield steps alone: ``step_names`` without a second look at the table
            n = len(parts)
            found = JOINS[n](parts) if n < JOINED else reduce(iadd, parts, [])
        baron = state.barons[seat]
        if baron.ram == HOME:  # apparatus.ram_problem, forward and back
            if baron.bridge == DOWN and state.board[BRIDGE_BOX[baron.face]] == EMPTY:
                found.append("ram")
        elif state.board[RAM_TAIL_BOX[baron.face]] == EMPTY:
            found.append("ram back")
        if (state.points >= THRONE_MEN and state.chambers.count(seat) >= CHAMBERS_FOR_THRONE
                and chambers.storm_problem(state, seat) is None):
            found.append("storm")
        found.append("end")
        return found
    seat = state.seat
    if phase == START:
        if state.barons[seat].retreated:
            return ["spin", "pass"]
        if 0 < state.count(seat) <= ending.RETREAT_LIMIT:  # ending.may_retreat
            return ["spin", "retreat"]
        return ["spin"]
    if phase == CASUALTIES:
        return [LOSE[b] for b in attacks.in_row(state, seat, state.spin)]
    if phase == CHOICE:
        if state.spin == 12:
            return list(FIRE_OR_MARCH)
        return [scale_name(c) for c in attacks.scalers(state, seat, state.spin)] + ["march"]
    return []


BRIDGE_BOX = tuple(MAT.numbered[f][1] for f in range(4))
"""Per face: box 2 (the drawbridge), where the ram's head goes."""
RAM_TAIL_BOX = tuple(MAT.numbered[f][3] for f in range(4))
"""Per face: box 4, where the ram's tail goes back to."""
THRONE_MEN = chambers.THRONE_MEN
CHAMBERS_FOR_THRONE = chambers.CHAMBERS_FOR_THRONE
FIRE_OR_MARCH = (*(FIRE[b] for b in MAT.masonry), "march")
"""A 12's choices: fire at any masonry box, or march."""


def apply(state: GoldCrownState, action: str, max_rounds: int, misses_lost: bool = False) -> GoldCrownState:
    """The state after a legal action or chance outcome (the input is never changed)."""
    return apply_with(max_rounds, misses_lost, state, action)


def apply_with(max_rounds: int, misses_lost: bool, state: GoldCrownState, action: str) -> GoldCrownState:
    """``apply`` with the options first, for ``functools.partial``: the game binds its options once and
    each step is one call into the rules."""
    phase = state.phase
    if phase == MARCH:
        pair = STEP.get(action)
        if pair is not None:  # the common case: one step of one knight (one move point)
            a, b = pair
            struck = state.board[b]
            if struck == EMPTY and CHAMBER[b] < 0 and a not in state.attackers and state.before is None:
                # ``movement.step`` inline for a step onto an empty box outside the chambers (nothing struck,
                # no attacker, the counts unchanged): the commonest step of all
                old = state.cache
                cells = old.pop("cells", None)  # the moving bytearray (state.CARRIED)
                if cells is None:
                    cells = bytearray(state.board)
                seat = state.order[state.turn]
                cells[a] = EMPTY
                cells[b] = seat + 1  # knight(seat)
                points = state.points - 1
                parent = old.get("trail")
                if parent is not None and (parent[DEPTH] + 1) % TRAIL_CUT:  # trail(parent, (a, b), seat), inline
                    node = [parent, pair, parent[DEPTH] + 1, seat, {}]
                else:
                    node = trail(parent, pair, seat)
                state = stepped(state, bytes(cells), points, {"counts": old.get("counts"), "trail": node,
                                                              "cells": cells})
                if points <= 0:  # the turn ends with the last point
                    return ending.end_turn(state, max_rounds)
                return state
            state = movement.step(state, state.order[state.turn], a, b)
            if struck != EMPTY and struck != GUARD and state.before is None:  # (an assault: at the turn's end)
                state = ending.kings_victory(state)
                if state.phase == OVER:
                    return state
            if state.points <= 0:  # the turn ends with the last point
                return ending.end_turn(state, max_rounds)
            return state
    elif phase == SPINNING:
        return resolve_spin(state, SPINS.get(action) or int(action.split()[1]), max_rounds)
    elif phase == START and action == "spin" and not state.barons[state.order[state.turn]].retreated:
        cache = state.cache
        return _SPINNING(state, {"counts": cache.get("counts"), "trail": cache.get("trail"),
                                 "cells": cache.pop("cells", None)})
    if phase == OPENING:
        return opening_spin(state, int(action.split()[1]))
    if phase == SCATTER_PHASE:
        du, dv = SCATTER[action]
        return ending.end_turn(attacks.fire(state, state.seat, state.aim, du, dv, misses_lost), max_rounds)
    parsed = parse(action)
    if parsed is None and phase == MARCH:  # a march along a path: its steps, one after the other
        return paths.march(state, action, partial(apply_with, max_rounds, misses_lost))
    assert parsed is not None, action
    verb, boxes = parsed
    seat = state.seat
    if verb == "spin":
        if state.barons[seat].retreated:
            state = ending.resume(state, seat)
        return state.with_(phase=SPINNING)
    if verb == "retreat":
        return ending.end_turn(ending.retreat(state, seat), max_rounds)
    if verb == "pass":
        state = ending.pass_turn(state, seat)
        return state if state.phase == OVER else ending.end_turn(state, max_rounds)
    if verb == "lose":
        state = kill(state, boxes).with_(casualties=state.casualties - 1)
        return ending.end_turn(state, max_rounds) if state.casualties == 0 else state
    if verb == "scale":
        return ending.end_turn(attacks.scale(state, seat, state.spin, boxes), max_rounds)
    if verb == "fire":
        return state.with_(phase=SCATTER_PHASE, aim=boxes[0])
    if verb == "march":
        return state.with_(phase=MARCH, points=state.spin)
    if verb == "end":
        return ending.end_turn(state, max_rounds)
    if verb == "storm":
        return chambers.storm(state, seat).with_(phase=OVER, winner=seat, ending="crown")
    if verb == "move":
        struck = state.board[boxes[1]] not in (EMPTY, GUARD)
        state = movement.step(state, seat, *boxes)
        if struck and state.before is None:
            state = ending.kings_victory(state)
            if state.phase == OVER:
                return state
    else:
        state = apparatus.shift_ram(state, seat, forward=verb == "ram").with_(points=state.points - 1)
    if state.points <= 0:
        return ending.end_turn(state, max_rounds)
    return state


SPINS = {name: int(name.split()[1]) for name, _ in SPIN_OUTCOMES}
CHAMBER = MAT.chamber


def why_illegal(state: GoldCrownState, action: object) -> str:
    """The rule that forbids ``action`` now (any garbage accepted)."""
    parsed = parse(action)
    if parsed is None:
        return (f"{str(action)[:40]!r} is not Gold Crown notation: spin, retreat, pass, lose e8, scale h6, "
                "fire k11, march, move e7-e6, ram, ram back, storm, end")
    verb, boxes = parsed
    phase, seat = state.phase, state.seat
    if phase == OVER:
        return "the siege is over"
    wanted = {START: "spin (or retreat / pass)", CASUALTIES: "choose a casualty ('lose ...')",
              CHOICE: "take the spin's choice ('scale ...', 'fire ...') or 'march'", MARCH: "spend move points"}
    need = {"spin": START, "retreat": START, "pass": START, "lose": CASUALTIES, "scale": CHOICE,
            "fire": CHOICE, "march": CHOICE, "move": MARCH, "ram": MARCH, "ram back": MARCH, "storm": MARCH,
            "end": MARCH}
    if need[verb] != phase:
        return f"{action!r} is not possible now: first {wanted.get(phase, 'wait for the spinner')}"
    if verb == "retreat":
        return "The retreat rule: only a baron with fewer than 9 knights may retreat (and only once until he resumes)"
    if verb == "pass":
        return "The retreat rule: only a retreated baron may pass his turn"
    if verb == "lose":
        return f"Spin {state.spin}: the archers shoot at row {state.spin}: choose a casualty among your knights there"
    if verb == "scale":
        return (f"Spin {state.spin} lets only {'one row-1 knight climb onto the siege deck' if state.spin == 10 else 'one or two row-2 knights climb onto the wall'} "
                "box straight in front of him, which must be empty")
    if verb == "fire":
        if state.spin != 12:
            return "Only a 12 fires the catapult (rule 12)"
        return "The catapult rule: the catapult is aimed at a box inside the castle's stone outline"
    if verb == "march":
        return "Only 10, 11 and 12 offer move points instead (rules 10 to 12)"
    if verb == "storm":
        return chambers.storm_problem(state, seat) or "The throne room rule: the throne cannot be stormed now"
    if verb in ("ram", "ram back"):
        return apparatus.ram_problem(state, seat, forward=verb == "ram") or "the ram cannot move now"
    if len(boxes) != 2:
        return "a move names two adjoining boxes, e.g. 'move e7-e6'"
    problem = movement.step_problem(state, seat, *boxes)
    return problem or f"the step {SQUARES[boxes[0]]}-{SQUARES[boxes[1]]} is not legal now"
