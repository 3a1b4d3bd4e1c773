"""``regalia simulate`` on any backend: the same plan and summary as ``regalia.ai.arena.run_batch``.

The plan is run_batch's (match ``i`` has seed ``seed + i``; with ``rotate`` the agents turn by one seat
each match) and so is the summary (``BatchResult``), so ``--backend ray`` or ``--workers 4`` changes
how fast the answer comes, never the answer.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from regalia.ai.arena import BatchResult, seating
from regalia.games import load_game

from .backends import make_backend
from .plan import MatchSpec, Record, Setup
from .runner import Progress, run_plan


def plan_batch(games: int, seats: Sequence[str], seed: int = 0, rotate: bool = False) -> list[MatchSpec]:
    return [MatchSpec(i, seed + i, tuple(seating(seats, i, rotate))) for i in range(games)]


def summarize(game_id: str, players: int, seats: Sequence[str], records: list[Record],
              seconds: float) -> BatchResult:
    """The batch summary of records in plan order (shared wins count 1/k to each of k winners)."""
    result = BatchResult(game_id, len(records), players, list(seats), [0.0] * players)
    for record in records:
        result.add(record["winners"], record["seats"], record["plies"])
    result.seconds = seconds
    return result


def simulate(game_id: str, games: int, *, players: int | None = None, seats: Sequence[str] | None = None,
             seed: int = 0, rotate: bool = False, options: dict[str, Any] | None = None,
             backend: str = "local", workers: int | None = None, address: str | None = None,
             out: Path | str | None = None, progress: Progress | None = None) -> BatchResult:
    """A batch of computer-vs-computer matches on the chosen backend (see the module docstring)."""
    opts = dict(options or {})
    if players is not None:
        opts["players"] = players
    game = load_game(game_id, **opts)
    seat_levels = list(seats) if seats else ["random"] * game.players
    if len(seat_levels) != game.players:
        raise ValueError(f"--seats names {len(seat_levels)} agents for {game.players} seats")
    runner = make_backend(backend, workers, address)
    specs = plan_batch(games, seat_levels, seed, rotate)
    header = {"kind": "simulate", "seats": seat_levels, "seed": seed, "rotate": rotate}
    start = time.perf_counter()
    records = run_plan(Setup.of(game), specs, runner, out=out, header=header, progress=progress)
    return summarize(game_id, game.players, seat_levels, records, time.perf_counter() - start)
