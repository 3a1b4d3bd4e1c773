"""The uniformly random player: the floor every level is measured against."""

from __future__ import annotations

from regalia.core.game import JSON, Game

from .agent import Agent


class RandomAgent(Agent):
    name = "random"

    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        return self.rng.choice(legal)
