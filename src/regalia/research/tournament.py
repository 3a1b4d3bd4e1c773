"""Round-robin tournaments between computer levels, with seats rotated and an Elo table.

Every group of ``players`` distinct agents (every pair, in a two-seat game) plays ``games`` matches;
match ``k`` of a group turns the seating by ``k`` seats, so each agent sits in each seat equally often
when ``games`` is a multiple of ``players`` (seat advantage cancels out). Match seeds run ``seed,
seed+1, ...`` over the whole plan. The results are fitted by ``ratings.fit``.

    Group (a, b), games=4:   seats (a, b) (b, a) (a, b) (b, a)      seeds s, s+1, s+2, s+3
    Group (a, c), games=4:   seats (a, c) (c, a) (a, c) (c, a)      seeds s+4 ...
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regalia.games import game_class, load_game

from .agents import level_specs
from .backends import make_backend
from .plan import MatchSpec, Record, Setup
from .ratings import PairwiseScores, Rating, fit
from .runner import Progress, run_plan


@dataclass
class TournamentResult:
    game: str
    players: int
    agents: list[str]
    games_per_group: int
    matches: int
    ratings: list[Rating]
    scores: PairwiseScores
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "agents": self.agents,
            "games_per_group": self.games_per_group,
            "matches": self.matches,
            "ratings": [vars(r) for r in self.ratings],
            "pairwise": {a: {b: self.scores.share(a, b) for b in self.agents if b != a} for a in self.agents},
            "seconds": self.seconds,
        }


def default_players(game_id: str) -> int:
    """Two seats where the game allows (Elo compares pairs), else the game's smallest count."""
    return max(2, game_class(game_id).min_players)


def plan_round_robin(agents: Sequence[str], players: int, games: int, seed: int = 0) -> list[MatchSpec]:
    if len(set(agents)) != len(agents):
        raise ValueError("--agents names an agent twice")
    if len(agents) < max(players, 2):
        raise ValueError(f"a round robin of {players}-seat matches needs at least {max(players, 2)} agents")
    specs: list[MatchSpec] = []
    for group in itertools.combinations(agents, players):
        for k in range(games):
            shift = k % players
            specs.append(MatchSpec(len(specs), seed + len(specs), tuple(group[shift:] + group[:shift])))
    return specs


def rate(agents: Sequence[str], records: list[Record]) -> tuple[list[Rating], PairwiseScores]:
    scores = PairwiseScores(agents)
    for record in records:
        scores.add_match(record["seats"], record["winners"])
    return fit(scores), scores


def tournament(game_id: str, agents: Sequence[str], games: int, *, players: int | None = None,
               seed: int = 0, options: dict[str, Any] | None = None, backend: str = "local",
               workers: int | None = None, address: str | None = None, out: Path | str | None = None,
               progress: Progress | None = None) -> TournamentResult:
    """A round robin between ``agents`` (computer level names), ``games`` matches per group.

    ``players`` defaults to two seats when the game allows it (the pairwise comparison Elo is built on),
    else to the game's smallest count.
    """
    opts = dict(options or {})
    if players is not None:
        opts["players"] = players
    elif "players" not in opts:
        opts["players"] = default_players(game_id)
    game = load_game(game_id, **opts)
    known = level_specs(game)
    for agent in agents:
        if agent not in known:
            raise ValueError(f"unknown level {agent!r} for {game_id}; levels: {', '.join(known)}")
    specs = plan_round_robin(agents, game.players, games, seed)
    header = {"kind": "tournament", "agents": list(agents), "games": games, "seed": seed}
    start = time.perf_counter()
    records = run_plan(Setup.of(game), specs, make_backend(backend, workers, address), out=out,
                       header=header, progress=progress)
    ratings, scores = rate(agents, records)
    return TournamentResult(game_id, game.players, list(agents), games, len(records), ratings, scores,
                            time.perf_counter() - start)
