"""Grab, a toy with a horizon trap for testing quiescence: a greedy grab that the opponent punishes.

Two seats alternate for ``plies`` plies; the higher score wins. On a turn a seat plays ``safe`` (+1 to its
score) or ``grab`` (+3, but it leaves an opening). Right after a grab the opponent may ``punish`` (+5 to
its own score) instead of its usual actions. ``grab`` and ``punish`` change the balance by more than a
plain move: they are the noisy actions. A search that stops right after a grab sees +3 and grabs; one
that looks at the noisy reply sees the punishment and plays safe.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from regalia.core import Game, Rng


@dataclass(frozen=True)
class GrabState:
    scores: tuple[int, int]
    seat: int
    ply: int
    opening: bool = False  # the last action was a grab


class Grab(Game):
    id = "grab"
    title = "Grab"
    max_plies = 100

    def __init__(self, plies: int = 6, noisy: bool = True, **options: Any) -> None:
        super().__init__(**options)
        self.plies = plies
        self.noisy = noisy

    def initial_state(self) -> GrabState:
        return GrabState((0, 0), 0, 0)

    def to_move(self, state: GrabState) -> int | None:
        return None if state.ply >= self.plies else state.seat

    def legal_actions(self, state: GrabState) -> list[str]:
        return ["safe", "grab", "punish"] if state.opening else ["safe", "grab"]

    def apply(self, state: GrabState, action: str) -> GrabState:
        gain = {"safe": 1, "grab": 3, "punish": 5}[action]
        scores = list(state.scores)
        scores[state.seat] += gain
        return GrabState((scores[0], scores[1]), 1 - state.seat, state.ply + 1, action == "grab")

    def noisy_actions(self, state: GrabState) -> list[str]:
        if not self.noisy or self.to_move(state) is None:
            return []
        return [a for a in ("punish", "grab") if a in self.legal_actions(state)]

    def evaluate(self, state: GrabState) -> list[float]:
        red = 1.0 / (1.0 + math.exp(-(state.scores[0] - state.scores[1]) / 4))
        return [red, 1.0 - red]

    def scores(self, state: GrabState) -> list[float]:
        return [float(s) for s in state.scores]

    def winners(self, state: GrabState) -> list[int]:
        a, b = state.scores
        return [] if a == b else [0 if a > b else 1]

    def view(self, state: GrabState, seat: int | None) -> dict[str, Any]:
        return {"scores": list(state.scores), "seat": state.seat, "ply": state.ply, "opening": state.opening}

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> GrabState:
        return GrabState((view["scores"][0], view["scores"][1]), view["seat"], view["ply"], view["opening"])
