"""The agent protocol: a computer player decides from its seat's view, never from the match's state."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from regalia.core.errors import IllegalAction
from regalia.core.game import JSON, Game
from regalia.core.match import Match
from regalia.core.rng import Rng


class Agent(ABC):
    """A computer player. ``choose(match)`` reads only ``match.view(seat)`` and the legal actions."""

    name: str = "agent"

    def __init__(self, seed: int | str = 0, **params: Any) -> None:
        self.seed = seed
        self.rng = Rng(seed).derive(f"agent:{type(self).__name__}")
        self.params = params

    def choose(self, match: Match) -> str:
        """An action for ``match.to_move``, decided from that seat's view only."""
        seat = match.to_move
        if seat is None:
            raise IllegalAction("the match is over: there is nothing to choose")
        view = match.view(seat)
        legal = match.legal_actions()
        action = self.decide(match.game, view, seat, legal)
        if action not in legal:
            raise RuntimeError(f"{self.name} chose {action!r}, which is not legal")
        return action

    @abstractmethod
    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        """Choose one of ``legal`` from ``view`` (the only thing an agent may know)."""
