"""The registry of games. Each entry is imported lazily, on first use (no import side effects)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from regalia.core.errors import UnknownGame
from regalia.core.game import Game
from regalia.core.replay import set_game_loader

REGISTRY: dict[str, str] = {
    "gold-crown": "regalia.games.gold_crown:GoldCrown",
    "gold-battle": "regalia.games.gold_battle:GoldBattle",
    "crown-the-queen": "regalia.games.crown_the_queen:CrownTheQueen",
    "kings-gold": "regalia.games.kings_gold:KingsGold",
}


def rulebook(cls: type[Game]) -> str | None:
    """The rulebook a game's package ships (``RULES.md``: the seed's rules with every reading chosen), or None."""
    from importlib import resources

    package = importlib.import_module(cls.__module__).__package__ or ""
    try:
        return resources.files(package).joinpath("RULES.md").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return None


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    has_chance: bool
    hidden_information: bool


def game_class(game_id: str) -> type[Game]:
    """The rules class of a registered game id."""
    if not isinstance(game_id, str) or game_id not in REGISTRY:
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(REGISTRY)}")
    module_name, _, attr = REGISTRY[game_id].partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise UnknownGame(f"game {game_id!r} is not available in this build") from exc
        raise
    cls: type[Game] = getattr(module, attr)
    return cls


def available_games() -> list[str]:
    """The registered game ids whose rules are present in this build."""
    ids = []
    for game_id in REGISTRY:
        try:
            game_class(game_id)
        except UnknownGame:
            continue
        ids.append(game_id)
    return ids


def list_games() -> list[GameInfo]:
    """Every available game with its name and player counts."""
    infos = []
    for game_id in available_games():
        cls = game_class(game_id)
        infos.append(
            GameInfo(cls.id, cls.title, cls.summary, cls.min_players, cls.max_players,
                     cls.has_chance, cls.hidden_information)
        )
    return infos


def load_game(game_id: str, **options: Any) -> Game:
    """The game ``game_id`` configured with ``options`` (ValueError names an unknown or bad option)."""
    return game_class(game_id)(**options)


set_game_loader(load_game)
