"""What the page shows — and, the battle being of perfect information, everything there is.

The view carries the HUD (Mines Captured n/3, Captured Soldiers, towers standing, mine owners, the side
to move), ``in_danger`` (the squares of units standing in a capture condition: under the default reading
they fall after the enemy's next move if still caught, so the table marks them), plus the whole position, so ``state_from_view`` rebuilds the state exactly, history included.
"""

from __future__ import annotations

from typing import Any

from .board import ARMY_NAMES, NAMES, SIDE_NAMES, SIZE, square, squares_of
from .position import format_position, parse_position, piece_at
from .rules import endangered, mines_captured
from .state import BattleState


def battle_view(state: BattleState) -> dict[str, Any]:
    """The JSON-ready view of a state (the same for every seat and for spectators)."""
    sides = []
    for side in (0, 1):
        commander = state.commanders[side]
        sides.append({
            "name": SIDE_NAMES[side],
            "army": ARMY_NAMES[side],
            "mines_captured": mines_captured(state, side),
            "mines_to_win": state.home_mines[1 - side].bit_count(),
            "captured_soldiers": state.captured[1 - side],
            "soldiers": state.soldiers[side].bit_count(),
            "commander": NAMES[commander] if commander >= 0 else None,
            "towers": [NAMES[sq] for sq in squares_of(state.towers[side])],
        })
    owners = {NAMES[sq]: SIDE_NAMES[side] for side in (0, 1) for sq in squares_of(state.mines[side])}
    home = {NAMES[sq]: SIDE_NAMES[side] for side in (0, 1) for sq in squares_of(state.home_mines[side])}
    outcome = None
    if state.outcome is not None:
        winner, reason = state.outcome
        outcome = {"winner": winner if winner >= 0 else None, "reason": reason}
    return {
        "position": format_position(state),
        "board": board_rows(state),
        "side_to_act": SIDE_NAMES[state.side],
        "frees_pending": state.frees,
        "sides": sides,
        "mines": dict(sorted(owners.items())),
        "home_mines": dict(sorted(home.items())),
        "quiet_plies": state.quiet,
        "plies": state.ply,
        "seen": list(state.seen),
        "in_danger": [NAMES[sq] for sq in squares_of(endangered(state))] if outcome is None else [],
        "outcome": outcome,
    }


def board_rows(state: BattleState) -> list[str]:
    """The board as 11 strings of letters, rank 11 first (``.`` open ground)."""
    return ["".join(piece_at(state, square(f, r)) for f in range(SIZE)) for r in range(SIZE - 1, -1, -1)]


def state_from_view(view: dict[str, Any]) -> BattleState:
    """The exact state behind a view (nothing is hidden, so nothing is sampled)."""
    outcome = view.get("outcome")
    state = parse_position(view["position"], finished=outcome is not None)
    if outcome is not None:
        winner = outcome["winner"]
        return state.replace(seen=tuple(view["seen"]), outcome=(-1 if winner is None else winner, outcome["reason"]))
    return state.replace(seen=tuple(view["seen"]))
