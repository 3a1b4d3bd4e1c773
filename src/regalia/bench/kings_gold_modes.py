"""King's Gold's other modes: the Captain's Duel's computer captains and the rules' speed in each mode.

``regalia bench kings_gold_modes`` prints one table:

- **speed**: random-play steps per second through the public Match API in each mode (standard, blitz,
  duel, duel with fast roll), timeouts excluded (random play never idles);
- **strength** in the Captain's Duel (KG-22): win shares with 95% Wilson intervals, seats rotated, for
  hard-medium, medium-easy, hard-easy, plus how often each level played its card;
- **decision time**: the Duel hard captain's mean, p99 and max ms per decision (wall clock, serial).

Every match has a fixed seed. Blitz captains are the standard ones (the clock is the referee's), so their
strength is the standard benchmark's (``regalia bench kings_gold``).
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from regalia.ai import load_agent
from regalia.core.rng import Rng
from regalia.games import load_game

from .kings_gold import mean_interval, time_summary, wilson

GAME = "kings-gold"
DUEL_PAIRINGS = [("hard", "medium"), ("medium", "easy"), ("hard", "easy")]
MODES: list[dict[str, Any]] = [{"mode": "standard"}, {"mode": "blitz"}, {"mode": "duel"},
                               {"mode": "duel", "fast_roll": True}]


def duel_chunk(levels: tuple[str, str], seeds: list[int]) -> dict[str, Any]:
    """Duels with the two levels alternating seats; wins, cards played and hard's decision times."""
    game = load_game(GAME, mode="duel")
    wins = {level: 0.0 for level in levels}
    played = {level: 0 for level in levels}
    times: list[float] = []
    margins: list[float] = []
    for seed in seeds:
        order = levels if seed % 2 == 0 else levels[::-1]
        agents = [load_agent(GAME, level, seed=f"{seed}:{s}") for s, level in enumerate(order)]
        match = game.new_match(seed=seed)
        while not match.is_over:
            seat = match.to_move
            assert seat is not None
            start = time.perf_counter()
            action = agents[seat].choose(match)
            if order[seat] == "hard":
                times.append(time.perf_counter() - start)
            match.play(action)
        for w in match.winners:
            wins[order[w]] += 1 / len(match.winners)
        for s, level in enumerate(order):
            played[level] += match.state.played[s]
        lead = order.index(levels[0])
        margins.append(match.scores[lead] - match.scores[1 - lead])
    return {"wins": wins, "played": played, "times": times, "margins": margins}


def strength_rows(matches: int, workers: int) -> list[dict[str, Any]]:
    rows = []
    for levels in DUEL_PAIRINGS:
        chunks = [list(range(20_000 + i, 20_000 + matches, workers)) for i in range(workers)]
        start = time.perf_counter()
        if workers == 1:
            parts = [duel_chunk(levels, chunks[0])]
        else:
            with ProcessPoolExecutor(workers) as pool:
                parts = list(pool.map(duel_chunk, [levels] * workers, chunks))
        wins = sum(p["wins"][levels[0]] for p in parts)
        played = {level: sum(p["played"][level] for p in parts) for level in levels}
        margins = [m for p in parts for m in p["margins"]]
        lo, hi = wilson(wins, matches)
        rows.append({"benchmark": "duel strength", "subject": f"{levels[0]} vs {levels[1]}",
                     "figure": f"{wins / matches:.1%} wins",
                     "detail": f"95% CI {lo:.1%}–{hi:.1%}, {matches} duels, seats alternated; cards played: "
                               + ", ".join(f"{lv} {played[lv] / matches:.0%}" for lv in levels),
                     "mean final margin": mean_interval(margins),
                     "seconds": round(time.perf_counter() - start, 1)})
    return rows


def decision_rows(matches: int) -> list[dict[str, Any]]:
    part = duel_chunk(("hard", "medium"), list(range(30_000, 30_000 + matches)))
    return [{"benchmark": "decision time", "subject": "duel hard (serial, wall clock)",
             "figure": time_summary(part["times"]), "detail": f"{len(part['times'])} decisions"}]


def speed_rows(seconds: float) -> list[dict[str, Any]]:
    rows = []
    for options in MODES:
        game = load_game(GAME, **options)
        rng, steps, seed = Rng("speed"), 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            match = game.new_match(seed=seed)
            while not match.is_over:
                match.play(rng.choice(match.legal_actions()))
            steps += match.steps
            seed += 1
        elapsed = time.perf_counter() - start
        name = ", ".join(f"{k}={v}" for k, v in options.items())
        rows.append({"benchmark": "speed", "subject": name, "figure": f"{steps / elapsed:,.0f} steps/s",
                     "detail": f"{seed} random matches through the Match API"})
    return rows


def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    workers = max(1, min(os.cpu_count() or 1, 8))
    rows = speed_rows(0.5 if quick else 3.0)
    rows += decision_rows(5 if quick else 100)
    rows += strength_rows(20 if quick else 1000, workers)
    return "King's Gold modes: Blitz and Captain's Duel", rows
