"""Nim, a toy with a known value for testing search: whoever takes the last object wins.

With two players a position is lost for the player to move exactly when the heaps' XOR is 0 (Bouton
1901), so the one winning move is known. Actions are ``"<heap>:<count>"``, e.g. ``"1:2"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regalia.core import Game, Rng


@dataclass(frozen=True)
class NimState:
    heaps: tuple[int, ...]
    seat: int
    last: int | None = None  # the seat that took the last object


class Nim(Game):
    id = "nim"
    title = "Nim"
    min_players, max_players, default_players = 2, 3, 2
    max_plies = 100

    def __init__(self, heaps: tuple[int, ...] = (3, 4, 5), **options: Any) -> None:
        super().__init__(**options)
        self.heaps = heaps

    def initial_state(self) -> NimState:
        return NimState(self.heaps, 0)

    def to_move(self, state: NimState) -> int | None:
        return None if not any(state.heaps) else state.seat

    def legal_actions(self, state: NimState) -> list[str]:
        return [f"{i}:{k}" for i, h in enumerate(state.heaps) for k in range(1, h + 1)]

    def apply(self, state: NimState, action: str) -> NimState:
        i, k = (int(x) for x in action.split(":"))
        heaps = list(state.heaps)
        heaps[i] -= k
        return NimState(tuple(heaps), (state.seat + 1) % self.players, state.seat)

    def scores(self, state: NimState) -> list[float]:
        return [1.0 if s in self.winners(state) else 0.0 for s in range(self.players)]

    def winners(self, state: NimState) -> list[int]:
        return [state.last] if not any(state.heaps) and state.last is not None else []

    def view(self, state: NimState, seat: int | None) -> dict[str, Any]:
        return {"heaps": list(state.heaps), "seat": state.seat, "last": state.last}

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> NimState:
        return NimState(tuple(view["heaps"]), view["seat"], view["last"])
