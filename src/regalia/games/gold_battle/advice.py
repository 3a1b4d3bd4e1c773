"""What a move does, in the battle's own words: the hint's line for each legal action.

    Soldier e4-e5: captures the Azure soldier on f6 and guards your gold mine at f3
    Commander f1-f2: takes your commander out of danger and threatens the Azure soldier on e4

Everything is read off the position (the view rebuilds it exactly: the battle hides nothing), under the
resolution of decision 2.4 (``rules.play_move``):

* **gains** — the enemy soldiers and commander the move captures (rules 5, 6), the towers it destroys (rule 8),
  the gold mines it takes (rule 10), and the battle won;
* **danger** — what the enemy could take with one move of his if it were his turn now (``reach`` of the
  position with the turn handed over): the move **saves** each of your units, and **guards** each of your mines
  and towers, that stood in danger before it and stands in danger of no reply after it;
* **threats** — what your next move could take if the enemy did nothing, that you could not take before:
  the enemy units, towers and mines the move **threatens**.

Used by the hint (regalia.ai.hint) through the optional ``Game`` hook ``advice_line(state, action)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import BIT, NAMES, SIDE_NAMES, SQUARES, Bitboard, crowding, squares_of
from .notation import FREE_OF, MOVE_OF, PASS
from .rules import (
    STANDARD,
    Variant,
    captures_by,
    falling_towers,
    free_squares,
    moves,
    play_free,
    play_move,
    pressed,
)
from .state import BattleState

MOST_NAMED = 2
"""Squares named per kind of unit in one clause ("the Azure soldiers on f6, g7 and 2 more")."""
MOST_CLAUSES = 3
"""Clauses in one line: what it takes first, then what it saves, then what it threatens."""


@dataclass(frozen=True)
class Reach:
    """What one side could take with a single move: the enemy's soldiers, commander, towers and mines."""

    soldiers: Bitboard = 0
    commander: bool = False
    towers: Bitboard = 0
    mines: Bitboard = 0


def reach(state: BattleState, variant: Variant = STANDARD) -> Reach:
    """Everything the side to act in ``state`` could take with one move of its own (any of its moves)."""
    if state.outcome is not None or state.frees:
        return Reach()
    side, enemy = state.side, 1 - state.side
    foe, foe_towers, foe_mines = state.soldiers[enemy], state.towers[enemy], state.mines[enemy]
    foe_commander = state.commanders[enemy]
    # What stands caught already falls to almost any move (one that keeps its captors in place): read it
    # off the board. Anything more needs the moving unit to end beside it: only those moves are played.
    crowd, commander_square = crowding(state.soldiers[side]), state.commanders[side]
    soldiers, commander = captures_by(crowd, commander_square, foe, foe_commander)
    towers = falling_towers(foe_towers, crowd, commander_square)
    mines = foe_mines & pressed(crowd, commander_square) & ~pressed(crowding(foe), foe_commander)
    zone = crowding(foe | foe_towers | foe_mines | BIT[foe_commander])[0]
    for action in moves(state):
        code = MOVE_OF[action]
        if not zone >> code % SQUARES & 1:
            continue
        child = play_move(state, code, variant)
        soldiers |= foe & ~child.soldiers[enemy]
        towers |= foe_towers & ~child.towers[enemy]
        mines |= foe_mines & ~child.mines[enemy] & child.mines[side]
        commander = commander or (state.commanders[enemy] >= 0 and child.commanders[enemy] < 0)
    return Reach(soldiers, commander, towers, mines)


def handed_over(state: BattleState) -> BattleState:
    """The same position with the other side to move (a "pass" for reading threats; nothing resolved)."""
    return state.replace(side=1 - state.side, frees=0, passes=0)


def danger(state: BattleState, side: int, variant: Variant = STANDARD) -> Reach:
    """What ``side``'s enemy could take from ``side`` with one move, were it the enemy's turn now."""
    return reach(state if state.side != side else handed_over(state), variant)


def played(state: BattleState, action: str, variant: Variant = STANDARD) -> BattleState:
    """The position after ``action`` with any frees it earns placed as the computer places them (the enemy
    to move next, unless the battle is over)."""
    if action == PASS:
        return handed_over(state)
    if state.frees:
        after = play_free(state, FREE_OF[action], variant)
    else:
        after = play_move(state, MOVE_OF[action], variant)
    while after.frees and after.outcome is None:
        from .game import preferred_free_squares  # (game.py imports this module lazily)

        squares = preferred_free_squares(after) or free_squares(after, after.side)
        after = play_free(after, squares[0], variant)
    return after


def advice_line(state: BattleState, action: str, variant: Variant = STANDARD) -> str:
    """The move and what it does: ``Soldier e4-e5: captures the Azure soldier on f6 and guards your gold
    mine at f3`` (just the move when it neither takes, saves nor threatens anything)."""
    side = state.side
    if action == PASS:
        return "Pass: no unit can move"
    if state.frees:
        return f"Free a soldier to {NAMES[FREE_OF[action]]}"
    frm, to = divmod(MOVE_OF[action], SQUARES)
    moved = "Commander" if state.commanders[side] == frm else "Soldier"
    after = played(state, action, variant)
    clauses = gains(state, after, side, variant)
    if after.outcome is None:
        before = danger(state, side, variant)
        clauses += saves(state, after, side, frm, to, before, danger(after, side, variant))
        clauses += threats(state, after, side, variant)
    clauses = clauses[:MOST_CLAUSES]
    line = f"{moved} {action}"
    if clauses:
        line += ": " + _joined(clauses)
    return line


def gains(state: BattleState, after: BattleState, side: int, variant: Variant = STANDARD) -> list[str]:
    """What the move takes at once: "captures the Azure soldier on f6", "destroys the Azure tower on c11",
    "takes the gold mine at f9", and the battle won."""
    enemy = 1 - side
    name = SIDE_NAMES[enemy]
    found: list[str] = []
    if state.commanders[enemy] >= 0 and after.commanders[enemy] < 0:
        found.append(f"captures the {name} commander on {NAMES[state.commanders[enemy]]}")
    taken = state.soldiers[enemy] & ~after.soldiers[enemy]
    if taken:
        found.append(f"captures {_units(f'the {name} soldier', taken)}")
    fallen = state.towers[enemy] & ~after.towers[enemy]
    if fallen:
        found.append(f"destroys {_units(f'the {name} tower', fallen)}")
    if after.captured[side] < state.captured[side]:
        freed = state.captured[side] - after.captured[side]
        found.append("frees a captive soldier" if freed == 1 else f"frees {freed} captive soldiers")
    flipped = after.mines[side] & ~state.mines[side]
    if flipped:
        found.append(f"takes {_units('the gold mine', flipped, at='at')}")
    if after.outcome is not None and after.outcome[0] == side:
        found.append("wins the battle")
    return found


def saves(state: BattleState, after: BattleState, side: int, frm: int, to: int, before: Reach,
          now: Reach) -> list[str]:
    """Your units, towers and mines in danger before the move and in danger of no reply after it."""
    found: list[str] = []
    commander = state.commanders[side]
    if before.commander and not now.commander and after.commanders[side] >= 0:
        found.append("takes your commander out of danger" if commander == frm else "shields your commander")
    soldiers = before.soldiers
    if soldiers >> frm & 1:
        soldiers ^= (1 << frm) | (1 << to)  # the moved soldier stands on his new square
        if not now.soldiers >> to & 1:
            found.append(f"takes your soldier on {NAMES[frm]} out of danger")
        soldiers &= ~(1 << to)
    guarded = []
    saved = soldiers & ~now.soldiers & after.soldiers[side]
    if saved:
        guarded.append(_units("your soldier", saved))
    mines = before.mines & ~now.mines & after.mines[side]
    if mines:
        guarded.append(_units("your gold mine", mines, at="at"))
    towers = before.towers & ~now.towers & after.towers[side]
    if towers:
        guarded.append(_units("your tower", towers))
    if guarded:
        found.append("guards " + _joined(guarded))
    return found


def threats(state: BattleState, after: BattleState, side: int, variant: Variant = STANDARD) -> list[str]:
    """What the move threatens: the enemy units, towers and mines your next move could take (were the enemy
    to do nothing) that no move of yours could take before it."""
    enemy = 1 - side
    name = SIDE_NAMES[enemy]
    was, now = reach(state, variant) if state.side == side and not state.frees else Reach(), \
        danger(after, enemy, variant)
    aims: list[str] = []
    if now.commander and not was.commander:
        aims.append(f"the {name} commander")
    soldiers = now.soldiers & ~was.soldiers & after.soldiers[enemy]
    if soldiers:
        aims.append(_units(f"the {name} soldier", soldiers))
    towers = now.towers & ~was.towers & after.towers[enemy]
    if towers:
        aims.append(_units(f"the {name} tower", towers))
    mines = now.mines & ~was.mines & after.mines[enemy]
    if mines:
        aims.append(_units("the gold mine", mines, at="at"))
    return ["threatens " + _joined(aims)] if aims else []


def _units(noun: str, board: Bitboard, at: str = "on") -> str:
    """``the Azure soldier on f6``, ``the Azure soldiers on f6 and g7``, ``... on f6, g7 and 2 more``."""
    names = [NAMES[sq] for sq in squares_of(board)]
    if len(names) == 1:
        return f"{noun} {at} {names[0]}"
    plural = noun + "s"
    if len(names) > MOST_NAMED + 1:
        return f"{plural} {at} {', '.join(names[:MOST_NAMED])} and {len(names) - MOST_NAMED} more"
    return f"{plural} {at} {', '.join(names[:-1])} and {names[-1]}"


def _joined(clauses: list[str]) -> str:
    if len(clauses) == 1:
        return clauses[0]
    return f"{', '.join(clauses[:-1])} and {clauses[-1]}"
