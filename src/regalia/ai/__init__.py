"""Computer players: generic search over the core protocol, configured per game by level.

    >>> from regalia.ai import load_agent
    >>> agent = load_agent("gold-battle", "hard", seed=3)
    >>> action = agent.choose(match)

A game declares its levels in ``Game.agent_levels()`` as specs naming an algorithm of this package
(``random``, ``policy``, ``mcts``, ``ismcts``, ``alphabeta``, ``expectimax``, ...) and its parameters.
"""

from __future__ import annotations

import importlib
from typing import Any

from regalia.core.game import JSON, Game
from regalia.core.match import Match
from regalia.games import game_class

from .agent import Agent

ALGORITHMS: dict[str, str] = {
    "random": "regalia.ai.random_agent:RandomAgent",
    "policy": "regalia.ai.policy:PolicyAgent",
    "mcts": "regalia.ai.mcts:MCTSAgent",
    "ismcts": "regalia.ai.ismcts:ISMCTSAgent",
    "alphabeta": "regalia.ai.alphabeta:AlphaBetaAgent",
    "expectimax": "regalia.ai.expectimax:ExpectimaxAgent",
}

STANDARD_LEVELS = ("random", "easy", "medium", "hard")
DEFAULT_LEVELS: dict[str, dict[str, Any]] = {
    "random": {"algorithm": "random"},
    "uct": {"algorithm": "mcts", "seconds": 1.0, "exploration": 1.4},
}


def algorithm(name: str) -> type[Agent]:
    if name not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {name!r}; algorithms: {', '.join(ALGORITHMS)}")
    module_name, _, attr = ALGORITHMS[name].partition(":")
    cls: type[Agent] = getattr(importlib.import_module(module_name), attr)
    return cls


def levels(game_id: str) -> dict[str, dict[str, Any]]:
    """Every level of a game: name -> spec."""
    cls = game_class(game_id)
    return {**DEFAULT_LEVELS, **cls.agent_levels()}


class LevelAgent(Agent):
    """The agent behind a level name; builds its algorithm on first use."""

    def __init__(self, game_id: str, level: str, spec: dict[str, Any], seed: int | str = 0,
                 **overrides: Any) -> None:
        super().__init__(seed)
        self.game_id = game_id
        self.level = level
        self.name = level
        params = {**spec, **overrides}
        self.inner = algorithm(params.pop("algorithm"))(seed=seed, **params)
        self.inner.name = level

    def choose(self, match: Match) -> str:
        if match.game.id != self.game_id:
            raise ValueError(f"this agent plays {self.game_id}, not {match.game.id}")
        return self.inner.choose(match)

    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        return self.inner.decide(game, view, seat, legal)


def load_agent(game_id: str, level: str, seed: int | str = 0, **overrides: Any) -> Agent:
    """A computer player of ``game_id`` at ``level`` (random, easy, medium, hard, uct, ...)."""
    found = levels(game_id)
    if level not in found:
        raise ValueError(f"unknown level {level!r} for {game_id}; levels: {', '.join(found)}")
    return LevelAgent(game_id, level, found[level], seed=seed, **overrides)


__all__ = ["Agent", "load_agent", "levels", "algorithm", "STANDARD_LEVELS"]
