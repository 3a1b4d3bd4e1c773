"""The Battle Chronicle: the log lines of a move, read off the states before and after it.

    Red soldier e4-e5 captures Blue soldier f6
    Blue tower c11 destroyed
    Red frees a soldier to d3
    Red takes the gold mine at f9
"""

from __future__ import annotations

from .board import NAMES, SIDE_NAMES, squares_of
from .notation import FREE_OF, MOVE_OF, PASS
from .state import BattleState

REASONS = {
    "repetition": "the same position for the third time",
    "quiet": "60 plies without a capture, tower, mine or freeing",
    "cap": "the 300-ply limit",
    "passes": "both sides passed",
}


def chronicle(before: BattleState, action: str, after: BattleState) -> list[str]:
    side = before.side
    if after.quiet == before.quiet + 1 and after.outcome is None and action != PASS and not before.frees:
        # the common case: a plain move and nothing else happened (its line remembered per side and unit).
        # The quiet count went on, so nothing was captured, destroyed, taken or freed (each resets it).
        commander = after.commanders[side] != before.commanders[side]
        plain = _PLAIN[side][commander]
        line = plain.get(action)
        if line is None:
            line = plain[action] = f"{SIDE_NAMES[side]} {'commander' if commander else 'soldier'} {action}"
        return [line]
    name = SIDE_NAMES[side]
    lines: list[str] = []
    if action == PASS:
        lines.append(f"{name} has no legal move and passes")
    elif before.frees:
        lines.append(f"{name} frees a soldier to {NAMES[FREE_OF[action]]}")
    else:
        frm, to = divmod(MOVE_OF[action], len(NAMES))
        unit = "commander" if before.commanders[side] == frm else "soldier"
        line = f"{name} {unit} {action}"
        victims = _captures(before, after, 1 - side, frm, to)
        if victims:
            line += " captures " + victims
        lines.append(line)
        own = _captures(before, after, side, frm, to)
        if own:
            lines.append(f"{name} loses {own}")
        for tower in squares_of(before.towers[1 - side] & ~after.towers[1 - side]):
            lines.append(f"{SIDE_NAMES[1 - side]} tower {NAMES[tower]} destroyed")
    for mine in squares_of(after.mines[side] & ~before.mines[side]):
        lines.append(f"{name} takes the gold mine at {NAMES[mine]}")
    if after.outcome is not None:
        lines.append(_ending(after))
    return lines


_PLAIN: tuple[tuple[dict[str, str], dict[str, str]], ...] = (({}, {}), ({}, {}))
"""The line of a plain move, by side, then soldier (False) or commander (True), then move text."""


def _captures(before: BattleState, after: BattleState, side: int, frm: int, to: int) -> str:
    """The units of ``side`` removed by this move, as "Blue soldier f6" / "Blue soldiers f6, g7"."""
    soldiers = before.soldiers[side]
    if soldiers >> frm & 1:
        soldiers ^= (1 << frm) | (1 << to)
    lost = squares_of(soldiers & ~after.soldiers[side])
    parts = []
    if lost:
        noun = "soldier" if len(lost) == 1 else "soldiers"
        parts.append(f"{SIDE_NAMES[side]} {noun} " + ", ".join(NAMES[sq] for sq in lost))
    if before.commanders[side] >= 0 and after.commanders[side] < 0:
        square = to if before.commanders[side] == frm else before.commanders[side]
        parts.append(f"the {SIDE_NAMES[side]} commander {NAMES[square]}")
    return " and ".join(parts)


def _ending(state: BattleState) -> str:
    assert state.outcome is not None
    winner, reason = state.outcome
    if winner < 0:
        return f"The battle is drawn: {REASONS.get(reason, reason)}"
    name = SIDE_NAMES[winner]
    if reason == "commander":
        return f"{name} captures the enemy commander and wins the battle"
    if reason == "mines":
        return f"{name} holds all the enemy gold mines and wins the battle"
    return f"{name} wins on adjudication at the 300-ply limit"
