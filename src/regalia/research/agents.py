"""Computer players for a game *object*, not only a registered id.

``regalia.ai.load_agent`` looks levels up through the registry. Research code also runs games that are
not registered (the test toys, a rules variant under study), so it builds the same ``LevelAgent`` from
the game's class: the levels are the defaults plus what the class declares.
"""

from __future__ import annotations

from typing import Any

from regalia.ai import DEFAULT_LEVELS, LevelAgent
from regalia.ai.agent import Agent
from regalia.core.game import Game


def level_specs(game: Game | type[Game]) -> dict[str, dict[str, Any]]:
    """Every computer level of the game: name -> spec (the same merge as ``regalia.ai.levels``)."""
    cls = game if isinstance(game, type) else type(game)
    return {**DEFAULT_LEVELS, **cls.agent_levels()}


def make_agent(game: Game, level: str | Agent, seed: int | str = 0) -> Agent:
    """The computer player ``level`` of ``game`` (an Agent passes through unchanged)."""
    if isinstance(level, Agent):
        return level
    specs = level_specs(game)
    if level not in specs:
        raise ValueError(f"unknown level {level!r} for {game.id}; levels: {', '.join(specs)}")
    return LevelAgent(game.id, level, specs[level], seed=seed)
