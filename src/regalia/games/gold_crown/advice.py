"""The aim of a baron's action, in the siege's own words: the hint's line for each legal action.

    March a knight toward the breach at g6 (move f4-g5)
    Through the open gate into the castle (move k5-k6)
    Take the tower guard on the south-east tower (move p6-q5)
    Into the south chamber to take it from the King, your second chamber (move j7-j8)
    Catapult the tower guard on the south-west tower (fire e5)
    Roll the ram onto the drawbridge: a 6 then crashes the gates open (ram)

Read off the position alone (the view rebuilds it exactly: the siege hides nothing), with the rules' and the
computer barons' own predicates: the ways in a knight on the battlefield heads for (a breach of his, the
open gate, the drawbridge behind smashed gates, the scaling boxes of 10 and 11: ``evaluation.entries``),
and the objectives inside (his wall's tower guards, then the King's chambers, then, three chambers held, the
throne room's door: ``evaluation.objectives``).

Where the action is the first step of the turn planner's plan for the spin's move points (``planner.plan_turn``
with the medium baron's beam), the line goes on with the whole plan, each knight by where his steps take him:
``...; the plan for your 3 move points: march 2 knights toward the breach at i7 and roll the ram onto the
drawbridge``.

Used by the hint (regalia.ai.hint) through the optional ``Game`` hook ``advice_line(state, action)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .evaluation import (
    GATE_AFTER_FIVE,
    GATE_OPEN,
    castle_distance,
    field_distance,
    full_chambers,
    gate_way,
    objectives,
)
from .mat import CASTLE, CHAMBER_GUARD, FIELD, MAT, TOWER, TOWER_GUARD, coords, to_frame
from .mat import SQUARES as NAMES
from .notation import parse, parse_path
from .rules.chambers import CHAMBERS_FOR_THRONE, THRONE_MEN, chamber_name, held
from .state import (
    CHOICE,
    CLOSED,
    DESTROYED,
    DOWN,
    EMPTY,
    GUARD,
    HOME,
    KING,
    MARCH,
    GoldCrownState,
    knight,
    owner,
)

if TYPE_CHECKING:
    from .game import GoldCrown

COLOURS = ("Gold", "Silver", "Crimson", "Azure")
TOWER_WORDS = ("south-east", "south-west", "north-west", "north-east")
"""The four towers by number (``MAT.tower``: the castle's quadrants SE, SW, NW, NE)."""
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
ARCHERS = 4
"""The King's archers reach rows 1 to 4 of a battlefield (spins 1-4)."""
PLAN_BEAM = 2
"""The planner's beam for the plan the hint tells (the medium baron's: a plan in well under 0.1 s)."""


def tower_name(tower: int) -> str:
    """``the south-east tower``."""
    return f"the {TOWER_WORDS[tower]} tower"


def advice_line(state: GoldCrownState, action: str, game: GoldCrown | None = None) -> str:
    """The action's aim as a sentence, its notation in brackets: ``Move a knight toward the breach at g6
    (move f4-g5)``; with ``game``, the planner's plan for the move points after the action it starts with."""
    line = f"{aim(state, action)} ({action})"
    if game is not None:
        planned = plan_words(game, state)
        if planned is not None and planned[0] == action:
            line += f"; {planned[1]}"
    return line


def plan_words(game: GoldCrown, state: GoldCrownState) -> tuple[str, str] | None:
    """(the first action, the words) of the turn planner's plan for the spin's move points: ``the plan for
    your 3 move points: march 2 knights toward the breach at i7``. On 10, 11 and 12 the plan is for the move
    points taken instead (its first action ``march``). None where no move points are to spend. Worked out once
    per state."""
    found = state.cache.get("advice_plan", False)
    if found is not False:
        return found  # type: ignore[no-any-return]
    from .planner import plan_turn

    found = None
    seat = state.seat
    start, first = state, None
    if state.phase == CHOICE and "march" in game.legal_actions(state):
        start, first = game.apply(state, "march"), "march"
    if start.phase == MARCH and start.seat == seat and start.points > 0:
        plan, _ = plan_turn(game, start, seat, PLAN_BEAM)
        told = _told(game, start, seat, plan)
        if plan and told:
            points = start.points
            found = (first or plan[0], f"the plan for your {points} move point{'s' if points != 1 else ''}: {told}")
    state.cache["advice_plan"] = found
    return found


def _told(game: GoldCrown, state: GoldCrownState, seat: int, plan: list[str]) -> str:
    """A plan in words: each knight by where his steps take him, knights with the same aim together, the ram
    and the storm."""
    paths: dict[int, list[int]] = {}  # a knight's box now -> his boxes this turn, first to last
    extra: list[str] = []
    node = state
    for action in plan:
        parsed = parse(action)
        if parsed is None or action == "end":
            break
        verb, boxes = parsed
        if verb == "move" and len(boxes) == 2:
            a, b = boxes
            paths[b] = [*paths.pop(a, [a]), b]
        elif verb in ("ram", "ram back", "storm"):
            extra.append(aim(state, action)[0].lower() + aim(state, action)[1:].split(":")[0])
        node = game.apply(node, action)
        if node.phase != MARCH or node.seat != seat:
            break
    groups: dict[str, int] = {}
    for path in sorted(paths.values()):
        words = _path_aim(state, seat, path)
        groups[words] = groups.get(words, 0) + 1
    told = []
    for words, count in groups.items():
        if words.startswith("march a knight "):
            men = "a knight" if count == 1 else f"{count} knights"
            told.append(f"march {men} {words[len('march a knight '):]}")
        else:
            told.append(words if count == 1 else f"{words} (x{count})")
    told += extra
    if len(told) <= 1:
        return "".join(told)  # nothing told: a plan that only ends the turn
    return f"{', '.join(told[:-1])} and {told[-1]}"


def _path_aim(state: GoldCrownState, seat: int, path: list[int]) -> str:
    """Where one knight's steps this turn take him, as a lower-case phrase."""
    for x, y in zip(path, path[1:], strict=False):
        if MAT.kind[x] == FIELD and MAT.kind[y] in CASTLE:
            return f"march a knight into the castle {_way_in(state, seat, y)}"
    words = step_aim(state, seat, path[0], path[-1], march=True)
    return words[0].lower() + words[1:]


def aim(state: GoldCrownState, action: str) -> str:
    """What ``action`` of the baron to move is for, in the siege's words (capitalized, no notation)."""
    seat = state.seat
    parsed = parse(action)
    path = parse_path(action)
    if path is not None:
        return step_aim(state, seat, path[0], path[-1], march=True)
    if parsed is None:
        return action
    verb, boxes = parsed
    if verb == "move" and len(boxes) == 2:
        return step_aim(state, seat, boxes[0], boxes[1])
    if verb == "fire":
        return fire_aim(state, seat, boxes[0])
    if verb == "scale":
        return scale_aim(state, seat, boxes)
    if verb == "lose":
        return f"Give up the knight on {NAMES[boxes[0]]} to the archers"
    if verb == "ram":
        return "Roll the ram onto the drawbridge: a 6 then crashes the gates open"
    if verb == "ram back":
        return "Roll the ram back to boxes 3 and 4, off the drawbridge"
    if verb == "storm":
        return f"Storm the throne room with {THRONE_MEN} knights and take the Gold Crown"
    if verb == "march":
        return f"Take the {state.spin} move points instead"
    if verb == "spin":
        return "Spin the arrow" + (f": {goal(state, seat)}" if goal(state, seat) else "")
    if verb == "end":
        points = state.points
        return f"End the turn, leaving {points} move point{'s' if points != 1 else ''} unused"
    if verb == "retreat":
        return "Retreat: your knights fall back to the last row by your Baron"
    if verb == "pass":
        return "Pass the turn and wait"
    return action


def goal(state: GoldCrownState, seat: int) -> str:
    """The siege's next aim for ``seat``, as a phrase: the stage his army has reached."""
    if held(state, seat) >= CHAMBERS_FOR_THRONE:
        return "three chambers are yours, the throne room is next"
    towers = _standing_towers(state, seat)
    if any(MAT.kind[b] in CASTLE for b in state.knights(seat)):
        if towers:
            return "your men inside go for " + " and ".join(f"the tower guard on {tower_name(t)}" for t in towers)
        return "your men inside go for the King's chambers"
    return "your knights go for a way into the castle"


# ----- a knight's step ------------------------------------------------------------------------------------


def step_aim(state: GoldCrownState, seat: int, a: int, b: int, march: bool = False) -> str:
    """What a knight's step (or march) from ``a`` to ``b`` is for."""
    board, kind = state.board, MAT.kind
    mover = "March a knight" if march else "Move a knight"
    target = board[b]
    if target not in (EMPTY, GUARD) and owner(target) != seat:
        chamber = MAT.chamber[b]
        where = f" in {COLOURS[owner(target)]}'s {chamber_name(chamber)[4:]}" if chamber >= 0 and \
            state.chambers[chamber] == owner(target) else ""
        return f"Strike down {COLOURS[owner(target)]}'s knight on {NAMES[b]}{where} (treachery)"
    if kind[b] == TOWER_GUARD and target == GUARD:
        return f"Take the tower guard on {tower_name(MAT.tower[b])}"
    chamber = MAT.chamber[b]
    if chamber >= 0:
        return _chamber_aim(state, seat, a, b, chamber, mover)
    if b in MAT.next_to_throne and held(state, seat) >= CHAMBERS_FOR_THRONE:
        ready = sum(1 for x in MAT.next_to_throne if board[x] == knight(seat) and x != a) + 1
        return f"To the throne room's door for the storm ({min(ready, THRONE_MEN)} of {THRONE_MEN} there)"
    if kind[a] == FIELD and kind[b] in CASTLE:
        return f"{mover} into the castle {_way_in(state, seat, b)}"
    if kind[a] in CASTLE and kind[b] == FIELD:
        return f"{mover} back out of the castle onto your battlefield"
    if kind[b] == FIELD:
        return _field_aim(state, seat, a, b, mover)
    return _inside_aim(state, seat, a, b, mover)


def _chamber_aim(state: GoldCrownState, seat: int, a: int, b: int, chamber: int, mover: str) -> str:
    name = chamber_name(chamber)
    holder = state.chambers[chamber]
    if holder == seat:
        return f"{mover} into your {name[4:]}"
    if holder == KING:
        nth = ORDINALS[min(held(state, seat), len(ORDINALS) - 1)]
        if MAT.kind[b] == CHAMBER_GUARD and state.board[b] == GUARD:
            return f"Take {name} from the King, your {nth} chamber"
        if MAT.chamber[a] == chamber:
            return f"{mover} across {name}"
        inside = sum(1 for x in MAT.chamber_boxes[chamber] if state.board[x] == knight(seat) and x != a)
        if inside:
            return f"{mover} into {name} beside your knight: a step onto its guard then takes it"
        return f"{mover} into {name}, the first of two knights to take it from the King"
    return f"Storm {COLOURS[holder]}'s {name[4:]}: treachery, one knight more than its defenders"


def _way_in(state: GoldCrownState, seat: int, b: int) -> str:
    """How a step from the battlefield onto ``b`` crosses the stone outline."""
    baron = state.barons[seat]
    if b == MAT.numbered[baron.face][0]:
        return "through the smashed gates" if baron.gates == DESTROYED else "through the open gate"
    if MAT.kind[b] == TOWER_GUARD:
        return f"through the breach at the white triangle of {tower_name(MAT.tower[b])}"
    return f"through the breach at {NAMES[b]}"


def _ways_in(state: GoldCrownState, seat: int) -> list[tuple[str, str, frozenset[int], int]]:
    """The ways in ``seat``'s knights may head for on his battlefield, best first: (toward ..., at ...,
    the boxes in front of it, the steps it counts as farther away: a way that waits for a spin). The same
    ways ``evaluation.approach`` values, and as it weighs them (a scaling box as two steps from a way in)."""
    baron = state.barons[seat]
    face = baron.face
    triangles = {b for x in state.barons for b in x.breaches if MAT.kind[b] == TOWER_GUARD}
    ways: list[tuple[str, str, frozenset[int], int]] = []
    for stone, front in sorted(MAT.stone[face].values()):
        if stone in baron.breaches and MAT.kind[stone] != TOWER_GUARD:
            name = f"the breach at {NAMES[stone]}"
            ways.append((f"toward {name}", f"up to {name}", frozenset({front}), 0))
        elif stone in triangles:
            name = f"the breached {tower_name(MAT.tower[stone])[4:]}"
            ways.append((f"toward {name}", f"up to {name}", frozenset({front}), 0))
    _, two, three, four = MAT.numbered[face]
    gate = gate_way(baron)
    if gate == GATE_OPEN:
        if baron.gates == CLOSED:  # the ram waits on the drawbridge for a 6 to crash the gates open
            ways.append(("toward the drawbridge, where the ram waits to crash the gates",
                         "beside the drawbridge, where the ram waits to crash the gates",
                         frozenset(x for x in MAT.neighbours[two] if MAT.kind[x] == FIELD
                                   and MAT.face[x] == face and x not in (three, four)), 1))
        else:
            ways.append(("toward the open gate", "onto the drawbridge at the open gate", frozenset({two}), 0))
    elif gate == GATE_AFTER_FIVE:
        beside = frozenset(x for x in MAT.neighbours[two] if MAT.kind[x] == FIELD and MAT.face[x] == face
                           and x not in (three, four))
        ways.append(("toward the drawbridge: the gates are smashed, a 5 lowers it",
                     "beside the drawbridge: the gates are smashed, a 5 lowers it", beside, 2))
    ways.append(("toward the stone line to scale it onto the siege deck on a 10",
                 "to the foot of the stone line to scale it onto the siege deck on a 10",
                 frozenset(MAT.scale_deck[face]), 2))
    ways.append(("toward the wall to scale it on an 11", "to the foot of the wall to scale it on an 11",
                 frozenset(MAT.scale_wall[face]), 2))
    return ways


def _field_aim(state: GoldCrownState, seat: int, a: int, b: int, mover: str) -> str:
    baron = state.barons[seat]
    face = baron.face
    _, two, _, _ = MAT.numbered[face]
    if a == two and baron.bridge == DOWN and baron.ram == HOME and baron.gates == CLOSED:
        return f"{mover} off the drawbridge, to clear it for the ram"
    best: tuple[int, int, str] | None = None
    for rank, (toward, arrive, fronts, extra) in enumerate(_ways_in(state, seat)):
        if not fronts:
            continue
        far = field_distance(face, fronts)
        if far[b] < far[a]:
            words = arrive if far[b] == 0 else toward
            if best is None or (far[b] + extra, rank) < best[:2]:
                best = (far[b] + extra, rank, words)
    if best is not None:
        return f"{mover} {best[2]}"
    row_a, row_b = MAT.row[a], MAT.row[b]
    if 1 <= row_a <= ARCHERS < row_b:
        return f"{mover} back out of the archers' reach"
    if 1 <= row_b <= ARCHERS and row_a > row_b:
        return f"{mover} forward into the archers' row {row_b}, nearer the castle"
    return f"{mover} from {NAMES[a]} to {NAMES[b]}"


def _standing_towers(state: GoldCrownState, seat: int) -> list[int]:
    face = state.barons[seat].face
    return [t for t in MAT.near_towers[face] if state.board[MAT.tower_guard[t]] == GUARD]


def _inside_aim(state: GoldCrownState, seat: int, a: int, b: int, mover: str) -> str:
    """A step between castle boxes: toward the tower guards, the chambers or the throne room's door."""
    board = state.board
    towers = _standing_towers(state, seat)
    if MAT.kind[b] == TOWER and MAT.tower[b] in towers:
        return (f"{mover} onto {tower_name(MAT.tower[b])} beside its guard: "
                "a second knight steps onto the guard and takes him")
    full = full_chambers(state, seat)
    targets = objectives(state, seat, full)
    near = castle_distance(targets, full)
    if near[b] >= near[a]:
        return f"{mover} from {NAMES[a]} to {NAMES[b]}"
    if towers:
        tower = min(towers, key=lambda t: castle_distance(
            frozenset((*MAT.tower_curved[t], MAT.tower_guard[t])), full)[b])
        return f"{mover} toward the tower guard on {tower_name(tower)}"
    if held(state, seat) >= CHAMBERS_FOR_THRONE and any(x in MAT.next_to_throne for x in targets):
        return f"{mover} toward the throne room's door for the storm"
    open_chambers = [c for c, holder in enumerate(state.chambers) if holder in (KING, seat)
                     and not MAT.chamber_boxes[c] <= full]
    if open_chambers:
        chamber = min(open_chambers, key=lambda c: castle_distance(MAT.chamber_boxes[c] - full, full)[b])
        if state.chambers[chamber] == KING:
            nth = ORDINALS[min(held(state, seat), len(ORDINALS) - 1)]
            return f"{mover} toward {chamber_name(chamber)}, to take it from the King (your {nth} chamber)"
        return f"{mover} toward your {chamber_name(chamber)[4:]}"
    if board[b] == EMPTY:
        return f"{mover} toward the throne room"
    return f"{mover} from {NAMES[a]} to {NAMES[b]}"


# ----- the spinner's special actions ----------------------------------------------------------------------


def fire_aim(state: GoldCrownState, seat: int, box: int) -> str:
    """What a boulder aimed at ``box`` is for: a tower guard knocked down, the gates smashed, a breach."""
    baron = state.barons[seat]
    face = baron.face
    if MAT.kind[box] in (TOWER, TOWER_GUARD) and MAT.tower[box] in MAT.near_towers[face]:
        piece = state.board[box]
        if piece == GUARD:
            return f"Catapult the tower guard on {tower_name(MAT.tower[box])}"
        if piece not in (EMPTY, GUARD) and owner(piece) != seat:
            return f"Catapult {COLOURS[owner(piece)]}'s knight on {tower_name(MAT.tower[box])}"
    u, _ = to_frame(face, *coords(box))
    if u == 0 and baron.gates != DESTROYED:
        return f"Catapult {NAMES[box]}, in the gate's column, to smash the gates for good"
    stone = MAT.stone[face].get(u)
    if stone is None:
        return f"Catapult a boulder at {NAMES[box]}"
    line = stone[0]
    if line in baron.breaches or (u == 0 and baron.gates == DESTROYED):
        return f"Catapult a boulder at {NAMES[box]} (its column is breached already)"
    if MAT.kind[line] == TOWER_GUARD:
        return f"Catapult {NAMES[box]} to breach {tower_name(MAT.tower[line])} at its white triangle"
    if line == box:
        return f"Catapult the stone line at {NAMES[box]} to breach it"
    return f"Catapult {NAMES[box]} to breach the stone line at {NAMES[line]}"


def scale_aim(state: GoldCrownState, seat: int, climbers: tuple[int, ...]) -> str:
    """Spin 10 (a row-1 knight onto the siege deck) or 11 (row-2 knights onto the wall)."""
    face = state.barons[seat].face
    onto = [MAT.scale_deck[face].get(c, MAT.scale_wall[face].get(c, c)) for c in climbers]
    deck = MAT.scale_deck[face].get(climbers[0]) is not None
    where = " and ".join(NAMES[b] for b in onto)
    if deck:
        return f"Scale the stone line onto the siege deck at {where}"
    knights = "a knight" if len(onto) == 1 else f"{len(onto)} knights"
    return f"Scale the wall with {knights}, onto {where}"
