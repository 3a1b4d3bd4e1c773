"""The log as a battle report in sentences: each action (its notation in brackets), then what it did (deaths,
apparatus, breaches, chambers, a turn undone)."""

from __future__ import annotations

from .mat import FACES, MAT, SQUARES
from .notation import STEP, parse, parse_path
from .rules import apparatus, movement
from .rules.attacks import landing
from .rules.chambers import chamber_name, march_problem
from .rules.turn import spinner_seat
from .spinner import SCATTER, SPIN_TABLE
from .state import (
    DESTROYED,
    DOWN,
    HOME,
    KING,
    MARCH,
    ON_BRIDGE,
    OPEN,
    OPENING,
    OVER,
    SPINNING,
    UP,
    GoldCrownState,
)
from .state import SCATTER as SCATTER_PHASE

COLOURS = ("Gold", "Silver", "Crimson", "Azure")


def baron_name(state: GoldCrownState, seat: int) -> str:
    return f"{COLOURS[seat]} ({FACES[state.barons[seat].face]})"


def describe(before: GoldCrownState, action: str, after: GoldCrownState) -> list[str]:
    phase = before.phase
    if phase not in CHANCE_PHASES:  # a baron's own action
        seat = before.order[before.turn]
        face = before.barons[seat].face
        kept = _ACTION_LINES[seat][face]
        line = kept.get(action)
        if line is None:
            if len(kept) >= ACTION_LINES_KEPT:
                kept.clear()
            line = kept[action] = action_line(NAMES[seat][face], action)
        if phase == MARCH and after.phase != MARCH:  # the turn ends here: was it undone?
            undone = undo_line(before, seat, action)
            if undone:
                more = consequences(before, after)
                return [line, undone, *more]
        if before.barons is after.barons and before.chambers is after.chambers and after.phase != OVER:
            counts, now = before.cache.get("counts"), after.cache.get("counts")  # (consequences' fast path)
            if counts is not None and (counts is now or counts == now):  # a step without a casualty
                return [line]
        lines = [line]
    elif phase == SPINNING:
        seat = before.order[before.turn]
        face = before.barons[seat].face
        kept = _SPIN_LINES[seat][face]
        line = kept.get(action)
        if line is None:
            spin = int(action.split()[1])
            line = kept[action] = f"{NAMES[seat][face]} spins {spin}: {SPIN_TABLE[spin]}."
        if (before.board is after.board and before.barons is after.barons and before.chambers is after.chambers
                and after.phase != OVER):  # nothing happened yet (consequences' first test)
            return [line]
        lines = [line]
    elif phase == OPENING:
        seat = spinner_seat(before)
        spin = int(action.split()[1])
        lines = [f"{baron_name(before, seat)} spins {spin} for the order of play."]
        if after.order:
            lines.append("The order of play is " + ", then ".join(COLOURS[s] for s in after.order) + ".")
    else:
        seat = before.seat
        du, dv = SCATTER[action]
        box = landing(before.barons[seat].face, before.aim, du, dv)
        where = "off the mat" if box is None else f"on {SQUARES[box]} ({MAT.kind[box]})"
        hit = after.barons[seat].boulders < before.barons[seat].boulders
        lines = [f"The boulder drifts {action.split(' ', 1)[1]} and lands {where}: {'a hit' if hit else 'a miss'}."]
    more = consequences(before, after)
    if more:
        lines += more
    return lines


def action_line(name: str, action: str) -> str:
    """A baron's action as a sentence, its notation in brackets: ``Gold (South) moves a knight from e7 to e6
    (move e7-e6).``"""
    parsed = parse(action)
    path = parse_path(action)
    verb, boxes = parsed if parsed is not None else ("march", path) if path is not None else (action, ())
    where = [SQUARES[b] for b in boxes]
    if verb == "march" and path is not None:
        what = (f"marches a knight {len(where) - 1} boxes from {where[0]} to {where[-1]}"
                f" by {', '.join(where[1:-1])}")
    elif verb == "move" and len(where) == 2:
        what = f"moves a knight from {where[0]} to {where[1]}"
    elif verb == "lose":
        what = f"gives up the knight on {where[0]} to the archers"
    elif verb == "scale":
        what = ("sends the knight on " + " and the knight on ".join(where) + " up the castle's stone line")
    elif verb == "fire":
        what = f"fires the catapult at {where[0]}"
    else:
        what = SIMPLE_WORDS.get(verb, "plays")
    return f"{name} {what} ({action})."


SIMPLE_WORDS = {
    "spin": "spins the arrow", "retreat": "declares retreat", "pass": "passes the turn",
    "march": "takes the move points", "ram": "rolls the ram onto the drawbridge",
    "ram back": "rolls the ram back to boxes 3 and 4", "storm": "storms the throne room with six knights",
    "end": "ends the turn",
}


def undo_line(before: GoldCrownState, seat: int, action: str) -> str | None:
    """The sentence for a turn undone as it ended (an assault unfinished, a chamber over-full), or None."""
    if action == "end":
        last = before
    elif action in STEP:
        last = movement.step(before, seat, *STEP[action])
    elif parse_path(action) is not None:
        last = before
        path = parse_path(action) or ()
        for a, b in zip(path, path[1:], strict=False):
            last = movement.step(last, seat, a, b)
    elif action in ("ram", "ram back"):
        last = apparatus.shift_ram(before, seat, forward=action == "ram")
    else:
        return None
    problem = march_problem(last, seat)
    if problem is None:
        return None
    return (f"{problem[0]}; the turn ends with it broken, so {COLOURS[seat]}'s moves from his first step this "
            "turn into a rival's or a full chamber are undone.")


CHANCE_PHASES = frozenset({OPENING, SPINNING, SCATTER_PHASE})
_SPIN_LINES: tuple[tuple[dict[str, str], ...], ...] = tuple(tuple({} for _ in FACES) for _ in COLOURS)
"""The spinner's log line by seat, face and outcome."""
_ACTION_LINES: tuple[tuple[dict[str, str], ...], ...] = tuple(tuple({} for _ in FACES) for _ in COLOURS)
"""A baron's action's log line by seat, face and action: every live match shares these strings, so a match
in play holds a pointer a step for its log, not a new line (a siege is a thousand steps; a server holds
hundreds of sieges for as long as they last). One dict per seat and face, keyed by the action itself (no
key tuple to build and compare per step)."""
ACTION_LINES_KEPT = 2048
"""At most this many lines are kept per seat and face (about 0.2 MiB; a match uses one face per seat)."""
NAMES = tuple(tuple(f"{colour} ({face})" for face in FACES) for colour in COLOURS)
"""``baron_name`` by seat and face."""


def consequences(before: GoldCrownState, after: GoldCrownState) -> list[str]:
    lines: list[str] = []
    if before.barons is after.barons and before.chambers is after.chambers and after.phase != OVER:
        # a step without a casualty: the knight counts (kept up to date step by step) are unchanged
        if before.board is after.board:
            return lines
        counts = before.cache.get("counts")
        if counts is not None and counts == after.cache.get("counts"):
            return lines
    same_board = before.board is after.board or before.board == after.board
    same_barons = before.barons is after.barons
    if same_board and same_barons and before.chambers is after.chambers and after.phase != OVER:
        return lines  # the common case: a spin, a choice, the move points handed over
    was: tuple[int, ...] = ()
    now: tuple[int, ...] = ()
    if not same_board:  # the knight counts (and the guards', last), each computed once per state
        before.count(0)
        after.count(0)
        was, now = before.cache["counts"], after.cache["counts"]
    for seat, (old, new) in enumerate(zip(before.barons, after.barons, strict=True)):
        name = COLOURS[seat]
        lost = 0 if same_board else was[seat] - now[seat]
        if lost > 0:
            lines.append(f"{name} loses {lost} knight{'s' if lost > 1 else ''} ({now[seat]} left).")
        if old is new:
            continue
        if old.bridge != new.bridge:
            lines.append(f"{name}'s drawbridge {BRIDGE_WORDS[new.bridge]}.")
        if old.gates != new.gates:
            lines.append(f"{name}'s gates {GATE_WORDS.get(new.gates, 'close')}.")
        if old.ram != new.ram:
            lines.append(f"{name}'s ram {RAM_WORDS[new.ram]}.")
        if old.breaches != new.breaches:
            for box in set(new.breaches) - set(old.breaches):
                lines.append(f"{name} breaches the stone line at {SQUARES[box]}.")
        if new.retreated and not old.retreated:
            lines.append(f"{name} retreats to the last row.")
    guards = 0 if same_board else was[-1] - now[-1]
    if guards > 0 and after.phase != OVER:
        lines.append("A King's guard is slain." if guards == 1 else f"The King loses {guards} guards.")
    if before.chambers is not after.chambers:
        for chamber, (held, holder) in enumerate(zip(before.chambers, after.chambers, strict=True)):
            if held != holder:
                taken = "from the King" if held == KING else f"from {COLOURS[held]}"
                lines.append(f"{COLOURS[holder]} captures {chamber_name(chamber)} {taken}.")
    if after.phase == OVER and before.phase != OVER:
        lines.append(ENDINGS[after.ending](after))
    return lines


BRIDGE_WORDS = {DOWN: "comes down", UP: "is raised"}
GATE_WORDS = {OPEN: "crash open", DESTROYED: "are smashed for good"}
RAM_WORDS = {ON_BRIDGE: "rolls onto the drawbridge", HOME: "rolls back to boxes 3 and 4"}

ENDINGS = {
    "crown": lambda s: f"{COLOURS[s.winner]} storms the throne room and takes the Gold Crown: the new King!",
    "king": lambda s: "Every baron has fewer than 6 knights: the King wins. Beheaded at sunrise.",
    "passes": lambda s: "All barons retreated and passed too often: the King wins the battle.",
    "siege": lambda s: "The siege has lasted too long: the barons give up and the King wins.",
}
