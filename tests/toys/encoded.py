"""The toy games of ``pig.py`` with the learning hooks (``action_space``, ``encode_view``) added.

The research layer (environments, trainers, simulation backends) is generic over the core protocol; these
toys let it be tested before and independently of the four real games. ``pig.py`` is shared with the
core's tests, so the hooks live here, in subclasses.
"""

from __future__ import annotations

from typing import Any

from tests.toys.pig import HighCard, Pig


class EncodedPig(Pig):
    """Pig with a two-action index space; the view is encoded as fractions of the target."""

    id = "pig"

    @classmethod
    def agent_levels(cls) -> dict[str, dict[str, Any]]:
        """Two known strategies besides ``random``: hold at 10 (good) and hold at 2 (timid)."""
        return {
            "hold-10": {"algorithm": "policy", "policy": "hold_at", "total": 10},
            "hold-2": {"algorithm": "policy", "policy": "hold_at", "total": 2},
        }

    def policy(self, name: str, state: Any, seat: int, rng: Any, **params: Any) -> str:
        if name != "hold_at":
            return super().policy(name, state, seat, rng, **params)
        return "roll" if state.turn < params["total"] else "stop"

    def action_space(self) -> list[str]:
        return ["roll", "stop"]

    def encode_view(self, view: dict[str, Any]) -> list[float]:
        """[turn total, own total, best rival total, one-hot of the seat to roll (max seats)], / target.

        ``seat`` is absent for a spectator's view: then "own" is seat 0.
        """
        target = self.options["target"]
        seat = view.get("seat") or 0
        totals = view["totals"]
        rivals = [t for s, t in enumerate(totals) if s != seat]
        to_roll = [0.0] * self.max_players
        to_roll[view["seat_to_roll"]] = 1.0
        return [view["turn"] / target, totals[seat] / target, max(rivals) / target, *to_roll]


class EncodedHighCard(HighCard):
    """High Card (hidden information) with the learning hooks: the encoding sees only the view."""

    id = "high-card"

    def action_space(self) -> list[str]:
        return ["hold", "fold"]

    def encode_view(self, view: dict[str, Any]) -> list[float]:
        """One-hot of the seat's own card (nine slots; zeros when unknown), then each seat's bet."""
        own = [0.0] * 9
        seat = view.get("seat")
        if seat is not None and seat < len(view["cards"]) and view["cards"][seat] is not None:
            own[view["cards"][seat] - 1] = 1.0
        bets = [0.0] * (2 * self.max_players)
        for s, bet in enumerate(view["bets"]):
            bets[2 * s + (bet == "fold")] = 1.0
        return own + bets
