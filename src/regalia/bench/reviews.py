"""Hints and reviews (issue 44): how long a hint takes, and a typical match's whole review.

``regalia bench reviews`` prints one table, a row per game:

- **hint**: wall-clock ms per hint (mean, p99, max) over the decisions of seeded matches between medium
  players, each hint computed as the server does (``hint_for_match``: the seat's view only). Goals: King's
  Gold within 50 ms, The Gold Battle within 1 s (hard's time cap);
- **review**: the wall-clock seconds of ``review_match`` on one such match (its decisions, the seconds per
  decision). Goal: a typical match within a minute on the 2-core machine.

Wall-clock figures: report them with the load average (``uptime``) of the moment. ``--quick`` reviews a
short piece of each match and times fewer hints.
"""

from __future__ import annotations

import os
import time
from typing import Any

from regalia.ai import load_agent
from regalia.ai.hint import hint_for_match
from regalia.ai.review import review_match
from regalia.games import load_game

GAMES = [("kings-gold", 2, 50.0), ("gold-battle", 2, 1000.0), ("crown-the-queen", 3, None), ("gold-crown", 2, None)]
"""(game, seats, the hint's goal in ms)"""


def play(game_id: str, players: int, seed: int, limit: int | None = None) -> Any:
    game = load_game(game_id, players=players)
    match = game.new_match(seed=seed)
    agents = [load_agent(game_id, "medium", seed=s) for s in range(players)]
    while not match.is_over and (limit is None or len(match.actions) < limit):
        seat = match.to_move
        assert seat is not None
        match.play(agents[seat].choose(match))
    return match


def hint_times(game_id: str, players: int, seed: int, hints: int) -> list[float]:
    """ms per hint at the first ``hints`` decisions with a choice of a seeded match."""
    game = load_game(game_id, players=players)
    match = game.new_match(seed=seed)
    agents = [load_agent(game_id, "medium", seed=s) for s in range(players)]
    times: list[float] = []
    while not match.is_over and len(times) < hints:
        seat = match.to_move
        assert seat is not None
        if len(match.legal_actions()) > 1:
            started = time.perf_counter()
            hint_for_match(match, seat)
            times.append(1000 * (time.perf_counter() - started))
        match.play(agents[seat].choose(match))
    return times


def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    rows = []
    for game_id, players, goal in GAMES:
        hints = 5 if quick else (30 if game_id == "gold-battle" else 200)
        times = sorted(hint_times(game_id, players, seed=11, hints=hints))
        match = play(game_id, players, seed=11, limit=40 if quick else None)
        started = time.perf_counter()
        review = review_match(match)
        seconds = time.perf_counter() - started
        decisions = len(review.decisions) + len(review.unvalued)
        rows.append({
            "game": game_id, "hints": len(times),
            "hint mean ms": sum(times) / max(len(times), 1),
            "hint p99 ms": times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0,
            "hint max ms": times[-1] if times else 0.0,
            "hint goal ms": "-" if goal is None else f"{goal:.0f}",
            "review decisions": decisions, "review s": seconds,
            "review ms/decision": 1000 * seconds / max(decisions, 1),
            "review goal": "60 s",
        })
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"Hints and reviews (medium players' matches, seed 11; load average {load:.2f})", rows)
