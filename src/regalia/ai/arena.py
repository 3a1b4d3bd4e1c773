"""Matches between computer players: one match, or a batch with a summary (``regalia simulate``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from regalia.core.game import Game
from regalia.core.match import Match
from regalia.games import load_game

from . import load_agent
from .agent import Agent


def play_match(game: Game, agents: Sequence[Agent], seed: int | str) -> Match:
    """One match, each seat played by its agent."""
    match = game.new_match(seed=seed)
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        match.play(agents[seat].choose(match))
    return match


@dataclass
class BatchResult:
    game: str
    games: int
    players: int
    seats: list[str]
    wins: list[float]
    draws: int = 0
    mean_plies: float = 0.0
    seconds: float = 0.0
    level_wins: dict[str, float] = field(default_factory=dict)
    level_games: dict[str, int] = field(default_factory=dict)
    plies: int = 0

    def __post_init__(self) -> None:
        for level in self.seats:
            self.level_wins.setdefault(level, 0.0)
            self.level_games.setdefault(level, 0)

    def add(self, winners: Sequence[int], order: Sequence[str], plies: int) -> None:
        """Count one match: ``order`` names each seat's agent; shared wins count 1/k to each of k winners."""
        self.plies += plies
        if not winners:
            self.draws += 1
        for w in winners:
            self.wins[w] += 1 / len(winners)
            self.level_wins[order[w]] += 1 / len(winners)
        for level in order:
            self.level_games[level] += 1
        counted = sum(self.level_games.values()) // self.players
        self.mean_plies = self.plies / counted

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "seats": self.seats,
            "wins": self.wins,
            "draws": self.draws,
            "mean_plies": self.mean_plies,
            "seconds": self.seconds,
            "level_wins": self.level_wins,
        }


def run_batch(
    game_id: str,
    games: int,
    *,
    players: int | None = None,
    seats: Sequence[str] | None = None,
    seed: int = 0,
    rotate: bool = False,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> BatchResult:
    """``games`` matches with fixed seeds ``seed, seed+1, ...``; shared wins count 1/k to each winner.

    With ``rotate`` the list of agents turns by one seat each match, and ``level_wins`` gives each
    agent's wins wherever it sat (``wins`` stays per seat).
    """
    opts = dict(options or {})
    if players is not None:
        opts["players"] = players
    game = load_game(game_id, **opts)
    n = game.players
    seat_levels = list(seats) if seats else ["random"] * n
    if len(seat_levels) != n:
        raise ValueError(f"--seats names {len(seat_levels)} agents for {n} seats")
    result = BatchResult(game_id, games, n, seat_levels, [0.0] * n)
    start = time.perf_counter()
    for i in range(games):
        order = seating(seat_levels, i, rotate)
        agents = [load_agent(game_id, level, seed=f"{seed + i}:{s}") for s, level in enumerate(order)]
        match = play_match(game, agents, seed + i)
        result.add(match.winners, order, len(match.actions))
        if progress:
            progress(i + 1)
    result.seconds = time.perf_counter() - start
    return result


def seating(seats: Sequence[str], index: int, rotate: bool) -> list[str]:
    """The agents seat by seat in match ``index`` of a batch: turned by one seat a match with ``rotate``."""
    shift = index % len(seats) if rotate else 0
    return list(seats[-shift:]) + list(seats[:-shift]) if shift else list(seats)
