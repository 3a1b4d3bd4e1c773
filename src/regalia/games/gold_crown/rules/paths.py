"""A knight's march along a path in one action (``move e7-e6-e5``): the table's one gesture.

The path is the same single steps (GC-9 … GC-17) made one after the other by one knight: each is checked by the
rules of a single step in the state the steps before it left (the passage through chambers included), and the
first that is not legal names its rule. The computer barons keep to the single steps ``legal_actions`` lists;
a path is accepted besides them (``GoldCrown.accepts``) and plays exactly as its steps would, in one version.

``reach`` lists, for each of the mover's knights, the boxes a path can reach with the move points left, each
with the box it is reached from (a shortest path; it runs over empty boxes and may end on any legal target).
"""

from __future__ import annotations

from collections.abc import Callable

from ..mat import MAT, SQUARES
from ..notation import MOVE, parse_path
from ..state import EMPTY, MARCH, GoldCrownState
from . import movement

Apply = Callable[[GoldCrownState, str], GoldCrownState]


def path_problem(state: GoldCrownState, action: object, apply: Apply,
                 legal: Callable[[GoldCrownState], list[str]]) -> str | None:
    """Why the path ``action`` may not be marched now (the rule of its first illegal step), or None."""
    boxes = parse_path(action)
    if boxes is None:
        return "a march names three or more boxes in a row, each next to the last, e.g. 'move e7-e6-e5'"
    if state.phase != MARCH:
        return "a march spends move points: first spin (or choose 'march' on a 10, 11 or 12)"
    steps = len(boxes) - 1
    if steps > state.points:
        return (f"The movement rule: each box costs one move point, and this path of {steps} boxes needs "
                f"{steps}; {state.points} {'is' if state.points == 1 else 'are'} left")
    seat = state.seat
    for i in range(steps):
        a, b = boxes[i], boxes[i + 1]
        name = MOVE.get((a, b))
        if name is None:
            return (f"The movement rule: {SQUARES[a]} and {SQUARES[b]} are not adjoining boxes (a step goes to "
                    "one of the 8 neighbours)")
        if state.phase != MARCH or state.seat != seat:
            return f"The march stops at {SQUARES[a]}: the turn is over there"
        if name not in legal(state):
            problem = movement.step_problem(state, seat, a, b)
            return (f"Step {i + 1} of the march ({SQUARES[a]}-{SQUARES[b]}): "
                    f"{problem or 'that step is not legal now'}")
        state = apply(state, name)
    return None


def march(state: GoldCrownState, action: str, apply: Apply) -> GoldCrownState:
    """The state after a legal path: its steps applied one after the other."""
    boxes = parse_path(action)
    assert boxes is not None, action
    for i in range(len(boxes) - 1):
        state = apply(state, MOVE[boxes[i], boxes[i + 1]])
    return state


def reach(state: GoldCrownState, seat: int) -> dict[str, str]:
    """Per knight of ``seat`` (box name): ``"d<p ..."``, every box d a march reaches now with the box p it is
    reached from (breadth first: the fewest steps). Only while he is marching; a knight with nowhere to go is
    left out. Each path is made of steps ``step_problem`` allows in the state the earlier steps leave."""
    if state.phase != MARCH or state.seat != seat or state.points < 2:
        return {}
    base = state.with_(board=state.board)  # a copy with a cache of its own (the match's trail is not touched)
    found: dict[str, str] = {}
    mine = seat + 1
    for k, piece in enumerate(state.board):
        if piece != mine:
            continue
        came: dict[int, int] = {k: -1}
        frontier = [(k, base)]
        while frontier:
            later = []
            for p, s in frontier:
                for c in MAT.neighbours[p]:
                    if c in came or movement.step_problem(s, seat, p, c) is not None:
                        continue
                    came[c] = p
                    if s.board[c] == EMPTY and s.points > 1:
                        after = movement.step(s, seat, p, c)
                        if after.phase == MARCH:
                            later.append((c, after))
            frontier = later
        del came[k]
        if came:
            found[SQUARES[k]] = " ".join(f"{SQUARES[d]}<{SQUARES[p]}" for d, p in came.items())
    return found


__all__ = ["path_problem", "march", "reach"]
