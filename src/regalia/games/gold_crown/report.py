"""The log as a battle report: each action, then what it did (deaths, apparatus, breaches, chambers)."""

from __future__ import annotations

from .mat import CHAMBERS, FACES, MAT, SQUARES
from .rules.attacks import landing
from .rules.turn import spinner_seat
from .spinner import SCATTER, SPIN_TABLE
from .state import OPENING, OVER, SPINNING, GoldCrownState
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
            line = kept[action] = f"{NAMES[seat][face]}: {action}"
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
            lines.append("Order of play: " + ", ".join(COLOURS[s] for s in after.order) + ".")
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
            lines.append(f"{name}'s drawbridge is now {new.bridge}.")
        if old.gates != new.gates:
            lines.append(f"{name}'s gates are now {new.gates}.")
        if old.ram != new.ram:
            lines.append(f"{name}'s ram is now {new.ram}.")
        if old.breaches != new.breaches:
            for box in set(new.breaches) - set(old.breaches):
                lines.append(f"{name} breaches the stone line at {SQUARES[box]}.")
        if new.retreated and not old.retreated:
            lines.append(f"{name} retreats to the last row.")
    guards = 0 if same_board else was[-1] - now[-1]
    if guards > 0 and after.phase != OVER:
        lines.append(f"{guards} King's guard{'s' if guards > 1 else ''} slain.")
    if before.chambers is not after.chambers:
        for chamber, (held, holder) in enumerate(zip(before.chambers, after.chambers, strict=True)):
            if held != holder:
                lines.append(f"{COLOURS[holder]} captures the {CHAMBERS[chamber]} chamber.")
    if after.phase == OVER and before.phase != OVER:
        lines.append(ENDINGS[after.ending](after))
    return lines


ENDINGS = {
    "crown": lambda s: f"{COLOURS[s.winner]} storms the throne room and takes the Gold Crown: the new King!",
    "king": lambda s: "Every baron has fewer than 6 knights: the King wins. Beheaded at sunrise.",
    "passes": lambda s: "All barons retreated and passed too often: the King wins the battle.",
    "siege": lambda s: "The siege has lasted too long: the barons give up and the King wins.",
}
