"""Which games the server offers and who plays their computer seats.

The default catalog is the registry (``regalia.games``) and ``regalia.ai``; tests hand ``create_app`` a
catalog of toy games instead, so the server is exercised before (and apart from) any real game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from regalia.core.errors import UnknownGame
from regalia.core.game import JSON, Game


class Decider:
    """What a computer seat needs: ``decide(game, view, seat, legal)`` (``regalia.ai.Agent`` fits)."""

    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        raise NotImplementedError


@dataclass
class Catalog:
    games: Callable[[], list[type[Game]]]
    """The game classes offered, in lobby order."""
    levels: Callable[[str], list[str]]
    """The computer levels of a game id."""
    agent: Callable[[str, str, str], Any]
    """(game id, level, seed) -> an object with ``decide(game, view, seat, legal)``."""
    default_level: str = "medium"
    _classes: dict[str, type[Game]] = field(default_factory=dict)

    def game_class(self, game_id: object) -> type[Game]:
        if not self._classes:
            self._classes = {cls.id: cls for cls in self.games()}
        if not isinstance(game_id, str) or game_id not in self._classes:
            raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(self._classes)}")
        return self._classes[game_id]

    def load(self, game_id: str, **options: Any) -> Game:
        return self.game_class(game_id)(**options)


def present_games() -> list[type[Game]]:
    """The registered games whose rules import cleanly (one still being written is left out, not fatal)."""
    from regalia import games

    found = []
    for game_id in games.REGISTRY:
        try:
            found.append(games.game_class(game_id))
        except Exception:  # absent, or half-written in a working tree: the lobby offers the others
            continue
    return found


def default_catalog() -> Catalog:
    """The registered games that are present in this build, with ``regalia.ai``'s levels."""
    from regalia import ai

    def classes() -> list[type[Game]]:
        return present_games()

    return Catalog(
        games=classes,
        levels=lambda game_id: list(ai.levels(game_id)),
        agent=lambda game_id, level, seed: ai.load_agent(game_id, level, seed=seed),
    )
