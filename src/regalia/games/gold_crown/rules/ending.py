"""Retreat, passing, and the ways a siege ends (GC-24, GC-25, the round cap).

* Retreat: with 8 knights or fewer a baron may skip his spin and gather them on the last-row boxes next to
  his Baron; afterwards he may pass each turn or resume (spin) whenever he likes.
* While every surviving baron is retreated each may pass twice; a third pass gives the King the battle.
* The King also wins the moment every baron has fewer than 6 knights (``winners`` is then empty), and when
  the siege outlasts ``max_rounds`` rounds (our cap: the directions allow an endless stand-off).
* A baron with no knight left is skipped.
"""

from __future__ import annotations

from ..mat import MAT
from ..state import EMPTY, OVER, START, GoldCrownState, knight, maker
from .apparatus import with_baron
from .board import positions, with_board
from .chambers import THRONE_MEN, close_march

RETREAT_LIMIT = 8
"""Fewer than 9 men (GC-24)."""
PASS_LIMIT = 2


def kings_victory(state: GoldCrownState) -> GoldCrownState:
    """GC-25: the King wins as soon as every baron has fewer than 6 knights."""
    state.count(0)  # the counts, once per state
    if state.phase != OVER and max(state.cache["counts"][:-1]) < THRONE_MEN:
        return state.with_(phase=OVER, winner=None, ending="king")
    return state


def end_turn(state: GoldCrownState, max_rounds: int) -> GoldCrownState:
    """Hand the spinner to the next baron who still has knights; a new round after the last one. A turn that
    stepped into a rival's or a full chamber is judged first (GC-17, GC-22: ``chambers.close_march``)."""
    if state.before is not None:
        state = close_march(state, state.order[state.turn])
    counts = state.cache.get("counts")  # kings_victory, inline
    if counts is None:
        state.count(0)
        counts = state.cache["counts"]
    if state.phase == OVER:
        return state
    if max(counts[:-1]) < THRONE_MEN:
        return state.with_(phase=OVER, winner=None, ending="king")
    order = state.order
    n, turn, round_ = len(order), state.turn, state.round
    for _ in range(n):
        turn += 1
        if turn == n:
            turn, round_ = 0, round_ + 1
        if counts[order[turn]] > 0:
            break
    if round_ > max_rounds:  # lifted after the last round: the match lasted max_rounds rounds, not one more
        return state.with_(phase=OVER, winner=None, ending="siege")
    cache = state.cache
    return _next_turn(state, turn, round_, {"counts": counts, "trail": cache.get("trail"),
                                            "cells": cache.pop("cells", None)})


NOBODY: frozenset[int] = frozenset()
_next_turn = maker(("turn", "round"), phase=START, spin=0, points=0, casualties=0, aim=-1, attackers=NOBODY,
                   entered=(), before=None)
"""``_next_turn(state, turn, round, cache)``: the next baron's turn begins (nothing spun, no points, no attacks)."""


def may_retreat(state: GoldCrownState, seat: int) -> bool:
    return not state.barons[seat].retreated and 0 < state.count(seat) <= RETREAT_LIMIT


def retreat(state: GoldCrownState, seat: int) -> GoldCrownState:
    """Pick up every knight and place them on the last row next to the Baron."""
    mine = knight(seat)
    changes = {b: EMPTY for b in positions(state.board, mine)}
    for box in MAT.retreat[state.barons[seat].face][: len(changes)]:
        changes[box] = mine
    state = with_board(state, changes)
    return with_baron(state, seat, retreated=True)


def all_retreated(state: GoldCrownState) -> bool:
    return all(b.retreated for s, b in enumerate(state.barons) if state.count(s) > 0)


def pass_turn(state: GoldCrownState, seat: int) -> GoldCrownState:
    """A retreated baron passes; the third pass while all are retreated hands the battle to the King."""
    if not all_retreated(state):
        return state
    passes = state.barons[seat].passes + 1
    state = with_baron(state, seat, passes=passes)
    if passes > PASS_LIMIT:
        return state.with_(phase=OVER, winner=None, ending="passes")
    return state


def resume(state: GoldCrownState, seat: int) -> GoldCrownState:
    """A retreated baron spins again: the retreat (and everyone's pass count) is over."""
    state = with_baron(state, seat, retreated=False)
    for s, baron in enumerate(state.barons):
        if baron.passes:
            state = with_baron(state, s, passes=0)
    return state
