"""The unit of bulk work: one match, fully determined by plain data, so any process can play it.

A ``Setup`` names the rules class and its options (not the registry id: research also runs unregistered
games, and a worker must rebuild exactly the game the driver resolved). A ``MatchSpec`` is one match:
its index in the plan, its seed, and the computer level of each seat. ``play`` turns the two into a
``record``, a small JSON-ready dict; records are what backends return and what results files hold.

Seeds follow ``regalia.ai.arena.run_batch`` exactly (match seed ``s``, seat ``k``'s agent seed
``"s:k"``), so a plan played by any backend gives the same records as the in-process batch.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from regalia.core.game import CHANCE, Game

from .agents import make_agent

Record = dict[str, Any]


@dataclass(frozen=True)
class Setup:
    """What a worker needs to rebuild the game: ``module:Class`` of the rules and their options."""

    game_id: str
    rules: str
    options: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game) -> Setup:
        kind = type(game)
        return cls(game.id, f"{kind.__module__}:{kind.__qualname__}", dict(game.options))

    def build(self) -> Game:
        """The game (cached per process: workers play many matches of one setup)."""
        key = (self.rules, tuple(sorted(self.options.items())))
        game = _GAMES.get(key)
        if game is None:
            module, _, name = self.rules.partition(":")
            game = _GAMES[key] = getattr(importlib.import_module(module), name)(**self.options)
        return game


_GAMES: dict[tuple[str, tuple[tuple[str, Any], ...]], Game] = {}


@dataclass(frozen=True)
class MatchSpec:
    """One planned match: its place in the plan, its seed, the level of each seat."""

    index: int
    seed: int
    seats: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "seed": self.seed, "seats": list(self.seats)}


def play(setup: Setup, spec: MatchSpec) -> Record:
    """Play one planned match to the end; the record says who sat where and what came of it."""
    game = setup.build()
    agents = [make_agent(game, level, seed=f"{spec.seed}:{s}") for s, level in enumerate(spec.seats)]
    match = game.new_match(seed=spec.seed)
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        match.play(agents[seat].choose(match), seat=seat)
    first = next((mover for mover, _ in match.history if mover != CHANCE), None)
    return {
        **spec.to_dict(),
        "winners": match.winners,
        "scores": match.scores,
        "plies": len(match.actions),
        "first": first,
    }


def play_many(setup: Setup, specs: list[MatchSpec]) -> list[Record]:
    """A chunk of matches (what a worker process or a Ray task is handed at once)."""
    return [play(setup, spec) for spec in specs]
