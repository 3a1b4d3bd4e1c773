"""The Battle Chronicle: the log lines of a move, read off the states before and after it.

    Crimson soldier e4-e5 captures Azure soldier f6
    Azure commander f11-g11
    Crimson soldier e6, caught between d7 and f7, is captured
    Azure tower c11 destroyed
    Crimson frees a soldier to d3
    Crimson takes the gold mine at f9
"""

from __future__ import annotations

from .board import ADJACENT, NAMES, SIDE_NAMES, squares_of
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
        credited, caught = _captures(before, after, side, frm, to)
        if credited:
            line += " captures " + credited
        lines.append(line)
        lines.extend(caught)
        for tower in squares_of(before.towers[1 - side] & ~after.towers[1 - side]):
            lines.append(f"{SIDE_NAMES[1 - side]} tower {NAMES[tower]} destroyed")
    for mine in squares_of(after.mines[side] & ~before.mines[side]):
        lines.append(f"{name} takes the gold mine at {NAMES[mine]}")
    if after.outcome is not None:
        lines.append(_ending(after))
    return lines


_PLAIN: tuple[tuple[dict[str, str], dict[str, str]], ...] = (({}, {}), ({}, {}))
"""The line of a plain move, by side, then soldier (False) or commander (True), then move text."""


def _captures(before: BattleState, after: BattleState, side: int, frm: int, to: int) -> tuple[str, list[str]]:
    """The units this move removed: those the moved unit helped to catch, as "Azure soldier f6" /
    "Azure soldiers f6, g7" / "the Azure commander f6" (credited to the move), and a line for each other one.

    Under decision 2.4 a unit that stepped into a capture condition falls after its enemy's next move,
    wherever that move was made: the move did not take it, the units around it did. Such a unit gets its
    own line naming them: "Crimson soldier e6, caught between d7 and f7, is captured". (Under the
    simultaneous reading the mover's own units may fall the same way.)
    """
    soldiers = list(before.soldiers)
    commanders = list(before.commanders)
    if commanders[side] == frm:
        commanders[side] = to
    else:
        soldiers[side] ^= (1 << frm) | (1 << to)
    credited: list[str] = []
    caught: list[str] = []
    for victim in (1 - side, side):
        captor = 1 - victim
        lost = squares_of(soldiers[victim] & ~after.soldiers[victim])
        fallen = [(sq, "soldier") for sq in lost]
        if commanders[victim] >= 0 and after.commanders[victim] < 0:
            fallen.append((commanders[victim], "commander"))
        mine: list[int] = []
        groups: dict[str, list[str]] = {}
        for sq, unit in fallen:
            around = soldiers[captor] & ADJACENT[sq]
            if commanders[captor] >= 0 and ADJACENT[sq] >> commanders[captor] & 1:
                around |= 1 << commanders[captor]
            if captor == side and ADJACENT[sq] >> to & 1:
                if unit == "soldier":
                    mine.append(sq)
                else:
                    credited.append(f"the {SIDE_NAMES[victim]} commander {NAMES[sq]}")
                continue
            by = [NAMES[other] for other in squares_of(around)]
            if len(by) == 1:
                how = f"next to the {SIDE_NAMES[captor]} commander {by[0]}"
            else:
                how = f"caught between {', '.join(by[:-1])} and {by[-1]}"
            if unit == "commander":
                caught.append(f"The {SIDE_NAMES[victim]} commander {NAMES[sq]}, {how}, is captured")
            else:
                groups.setdefault(how, []).append(NAMES[sq])
        for how, names in groups.items():  # soldiers caught by the same units share a line
            if len(names) == 1:
                caught.append(f"{SIDE_NAMES[victim]} soldier {names[0]}, {how}, is captured")
            else:
                listed = f"{', '.join(names[:-1])} and {names[-1]}"
                caught.append(f"{SIDE_NAMES[victim]} soldiers {listed}, {how}, are captured")
        if mine:
            noun = "soldier" if len(mine) == 1 else "soldiers"
            credited.insert(0, f"{SIDE_NAMES[victim]} {noun} " + ", ".join(NAMES[sq] for sq in mine))
    return " and ".join(credited), caught


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
