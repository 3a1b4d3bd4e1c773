"""The view as planes for learning agents: 11 planes of 121 squares, then 6 scalars (1337 floats).

Planes: Red soldiers, Blue soldiers, Red commander, Blue commander, Red towers, Blue towers, mines owned
by Red, mines owned by Blue, forests, Red's home mines, Blue's home mines. Scalars: side to act (1 =
Blue), frees pending, Red and Blue soldiers held captive (/8), quiet plies (/60), plies (/300).
"""

from __future__ import annotations

from .board import SQUARES
from .rules import PLY_CAP, QUIET_LIMIT
from .state import BattleState

PLANES = 11
SIZE = PLANES * SQUARES + 6


def _plane(board: int) -> list[float]:
    return [float(board >> sq & 1) for sq in range(SQUARES)]


def encode(state: BattleState) -> list[float]:
    commanders = [1 << c if c >= 0 else 0 for c in state.commanders]
    vector: list[float] = []
    for board in (*state.soldiers, *commanders, *state.towers, *state.mines, state.forests, *state.home_mines):
        vector += _plane(board)
    vector += [float(state.side), float(state.frees), state.captured[0] / 8, state.captured[1] / 8,
               state.quiet / QUIET_LIMIT, state.ply / PLY_CAP]
    return vector
