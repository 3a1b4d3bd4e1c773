"""Why an action is illegal, naming the rule of the Royal Rulebook that forbids it, in words.

A player reads these: they cite the seed's numbered rules and never a contributor's decision code (the
pass refusal is decision 2.3, worded under rule 2, Turn Order).
"""

from __future__ import annotations

from collections.abc import Sequence

from regalia.core.game import short

from .board import LEAPS, NAMES, SIDE_NAMES, chebyshev
from .notation import FREE, PASS, parse_squares
from .rules import blocked
from .state import BattleState

SHAPE = "moves are written like e4-e5 (a commander's leap f1-f3), frees like 'free d3', or 'pass'"


def why_illegal(state: BattleState, action: object, legal: Sequence[str]) -> str:
    if not isinstance(action, str):
        return f"{short(action)} is not an action of The Gold Battle: {SHAPE}"
    if state.outcome is not None:
        return "Rule 1: the battle is over"
    side = SIDE_NAMES[state.side]
    if state.frees:
        if not action.startswith(FREE):
            return (f"Rule 9: {side} first returns a freed soldier to the board "
                    f"({', '.join(legal[:4])}{' ...' if len(legal) > 4 else ''})")
        return (f"Rule 9: {short(action)} is not a legal tile: a freed soldier returns to an empty start "
                "square of its side's soldiers, or if none is empty, to an empty square of its home ranks")
    if action == PASS:
        return f"Rule 2: {side} has a legal move and must make it (a side passes only when it cannot move)"
    if action.startswith(FREE):
        return "Rule 9: a soldier is freed only when your move destroys an enemy tower"
    squares = parse_squares(action)
    if squares is None:
        return f"{short(action)} is not an action of The Gold Battle: {SHAPE}"
    frm, to = squares
    mover = state.side
    if state.commanders[mover] == frm:
        unit = "commander"
    elif state.soldiers[mover] >> frm & 1:
        unit = "soldier"
    else:
        return f"Rule 2: it is {side}'s turn and {NAMES[frm]} holds no {side} unit"
    distance = chebyshev(frm, to)
    if unit == "soldier" and distance != 1:
        return "Rule 3: a soldier moves exactly 1 square"
    if unit == "commander":
        leap = next((middle for middle, target in LEAPS[frm] if target == to), None)
        if distance != 1 and leap is None:
            return "Rule 3: a commander moves 1 or 2 squares in a straight line"
        if leap is not None and blocked(state) >> leap & 1:
            return (f"Rule 3: a 2-square commander move cannot pass through a blocked or occupied "
                    f"middle tile ({NAMES[leap]})")
    bit = 1 << to
    if state.forests & bit:
        return "Rule 4: forests are blocked tiles"
    if (state.towers[0] | state.towers[1]) & bit:
        return "Rule 4: towers are blocked tiles"
    if (state.mines[0] | state.mines[1]) & bit:
        return "Rule 4: gold mines are blocked tiles"
    return f"Rule 4: units cannot move onto occupied squares ({NAMES[to]} is occupied)"
