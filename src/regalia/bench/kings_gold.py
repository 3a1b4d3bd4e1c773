"""King's Gold benchmarks: rules speed against OpenSpiel, and the strength of the computer captains.

``regalia bench kings-gold`` prints one table:

- **speed**: random-play steps per second through the public Match API, beside OpenSpiel's C++
  ``backgammon`` and ``pig`` driven from the same Python loop (regalia.bench._speed), with the ratios;
- **analysis**: exact, luck-free figures of each captain's rolling rule (P(King's Ransom) per turn,
  expected score swing per turn);
- **decision time**: the hard captain's mean, p99 and max ms per decision, measured serially, by the
  wall clock and by CPU time (on a shared, loaded machine the wall clock also counts waiting for a core);
- **strength**: win shares with 95% Wilson intervals over matches with the seats rotated (2 captains:
  hard-medium, medium-easy, easy-random; 4 captains: hard against three mediums);
- **ceiling**: dice luck caps any edge, so an all-seeing captain that reads the match's generator (this
  benchmark only: it knows every coming throw and plays the turn's best line) is measured against medium,
  and hard's edge over medium is reported as a share of that ceiling.

Matches are spread over the machine's cores; every match has a fixed seed.
"""

from __future__ import annotations

import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from regalia.ai import load_agent
from regalia.ai.agent import Agent
from regalia.core.game import CHANCE, JSON, Game
from regalia.core.match import Match
from regalia.games import load_game

from ._speed import openspiel_steps_per_second, regalia_steps_per_second

GAME = "kings-gold"
PAIRINGS: list[tuple[str, ...]] = [("hard", "medium"), ("medium", "easy"), ("easy", "random"),
                                   ("hard", "medium", "medium", "medium"), ("hard", "easy")]
TARGETS = {("hard", "medium"): 0.60, ("medium", "easy"): 0.60, ("easy", "random"): 0.80,
           ("hard", "medium", "medium", "medium"): 0.40}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


class Oracle(Agent):
    """Benchmark-only all-seeing captain: copies the match's generator to see every coming throw.

    On each rolling decision it tries every line of play for the rest of its turn against the dice that
    will really fall and takes the one with the best realized score swing (Crests and Cannons as the hard
    captain plays them). It reads what no real player may: it exists only to measure the luck ceiling.
    """

    name = "oracle"

    def choose(self, match: Match) -> str:
        from regalia.games.kings_gold.heuristics import exact
        from regalia.games.kings_gold.state import CHOOSE

        game: Any = match.game
        state, seat = match.state, match.to_move
        legal = match.legal_actions()
        if state.phase != CHOOSE or len(legal) == 1:  # only the rolling decisions need foresight
            return exact(game.cfg, state)
        before = game.scores(state)
        others = [t for t in range(game.players) if t != seat]

        def realized(s: Any, rng: Any) -> float:
            while True:
                mover = game.to_move(s)
                if mover == CHANCE:
                    s = game.apply(s, game.sample_chance(s, rng))
                    continue
                if mover != seat or s.seat != seat:
                    after = game.scores(s)
                    return after[seat] - before[seat] - sum(after[t] - before[t] for t in others) / len(others)
                if s.phase == CHOOSE:
                    return max(realized(game.apply(s, a), rng.copy()) for a in game.legal_actions(s))
                s = game.apply(s, exact(game.cfg, s))

        rng = match._rng  # the all-seeing part: the very generator the match will throw with
        return max(legal, key=lambda a: realized(game.apply(state, a), rng.copy()))

    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        raise NotImplementedError("the oracle needs the match itself")


def _agent(level: str, seed: str) -> Agent:
    return Oracle(seed) if level == "oracle" else load_agent(GAME, level, seed=seed)


def play_chunk(levels: tuple[str, ...], seeds: list[int]) -> dict[str, Any]:
    """Matches with the agents rotated round the seats; wins per level and hard's decision times."""
    game = load_game(GAME, players=len(levels))
    n = len(levels)
    wins = {level: 0.0 for level in levels}
    times: list[float] = []
    cpu_times: list[float] = []  # CPU time: what the wall clock shows minus waiting for a shared machine
    margins: list[float] = []  # the lead level's score minus the mean of the others, per match
    for seed in seeds:
        shift = seed % n
        order = levels[-shift:] + levels[:-shift] if shift else levels
        agents = [_agent(level, f"{seed}:{s}") for s, level in enumerate(order)]
        match = game.new_match(seed=seed)
        while not match.is_over:
            seat = match.to_move
            assert seat is not None
            start, cpu = time.perf_counter(), time.process_time()
            action = agents[seat].choose(match)
            if order[seat] == "hard":
                times.append(time.perf_counter() - start)
                cpu_times.append(time.process_time() - cpu)
            match.play(action)
        for w in match.winners:
            wins[order[w]] += 1 / len(match.winners)
        scores = match.scores
        lead = order.index(levels[0])
        margins.append(scores[lead] - (sum(scores) - scores[lead]) / (n - 1))
    return {"wins": wins, "times": times, "cpu_times": cpu_times, "margins": margins}


def play_batch(levels: tuple[str, ...], matches: int, first_seed: int, workers: int) -> dict[str, Any]:
    chunks = [list(range(first_seed + i, first_seed + matches, workers)) for i in range(workers)]
    total: dict[str, Any] = {"wins": {level: 0.0 for level in levels}, "times": [], "margins": []}
    if workers == 1:
        results = [play_chunk(levels, chunks[0])]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_chunk, [levels] * workers, chunks))
    for part in results:
        for level, w in part["wins"].items():
            total["wins"][level] += w
        total["times"] += part["times"]
        total["margins"] += part["margins"]
    return total


def strength_rows(matches: int, ceiling_matches: int, workers: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    edges: dict[str, float] = {}
    for levels in [*PAIRINGS, ("oracle", "medium")]:
        count = ceiling_matches if "oracle" in levels else matches
        start = time.perf_counter()
        result = play_batch(levels, count, first_seed=10_000, workers=workers)
        seconds = time.perf_counter() - start
        lead = levels[0]
        share = result["wins"][lead] / count
        lo, hi = wilson(result["wins"][lead], count)
        target = TARGETS.get(levels)
        times = result["times"]
        row = {"benchmark": "strength", "subject": f"{lead} vs {'+'.join(levels[1:])}",
               "figure": f"{share:.1%} wins", "detail": f"95% CI {lo:.1%}–{hi:.1%}, {count} matches, rotated",
               "target": f"≥ {target:.0%}" if target else "ceiling",
               "met": ("yes" if share >= target else "no") if target else "",
               "mean final margin": mean_interval(result["margins"]),
               "seconds": round(seconds, 1)}
        if times:
            row["hard ms/decision"] = time_summary(times) + " (parallel workers)"
        rows.append(row)
        if len(levels) == 2:
            edges[lead] = share - 0.5
    if "oracle" in edges and "hard" in edges and edges["oracle"] > 0:
        rows.append({"benchmark": "strength", "subject": "hard's edge over medium / ceiling",
                     "figure": f"{edges['hard'] / edges['oracle']:+.0%}",
                     "detail": f"hard {edges['hard']:+.1%} vs all-seeing {edges['oracle']:+.1%} (both vs medium)"})
    return rows


def time_summary(times: list[float]) -> str:
    """mean, p99 and max of decision times given in seconds, in milliseconds."""
    times = sorted(times)
    p99 = times[int(0.99 * (len(times) - 1))]
    return f"mean {1000 * sum(times) / len(times):.2f}, p99 {1000 * p99:.1f}, max {1000 * times[-1]:.1f} ms"


def decision_time_rows(matches: int) -> list[dict[str, Any]]:
    """The hard captain's time per decision, in one process with nothing else of ours running."""
    rows = []
    for levels in (("hard", "medium"), ("hard", "medium", "medium", "medium")):
        result = play_chunk(levels, list(range(50_000, 50_000 + matches)))
        times, cpu = result["times"], result["cpu_times"]
        for clock, values in (("wall", times), ("CPU", cpu)):
            rows.append({"benchmark": "decision time", "subject": f"hard, {len(levels)} captains, {clock} clock",
                         "figure": time_summary(values),
                         "detail": f"{len(values)} decisions, {matches} matches, serial",
                         "target": "≤ 50 ms", "met": "yes" if max(values) <= 0.050 else "no"})
    return rows


def mean_interval(values: list[float]) -> str:
    """Mean ± 1.96 standard errors."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return f"{mean:+.1f} ± {1.96 * math.sqrt(var / n):.1f}"


def analysis_rows(positions: int) -> list[dict[str, Any]]:
    """Luck-free measures of the rolling rules, computed exactly over dice pools.

    - P(King's Ransom) per turn from the opening table: five Coins take the whole Treasury (160 points
      at the start) and decide about three matches in four, so this bounds any fair captain's edge;
    - the expected score swing per turn (the hard captain's objective) of each rolling rule, Crests and
      Cannons resolved at best, averaged over turn-start positions met in hard-vs-medium matches.
    """
    from regalia.games.kings_gold import KingsGold
    from regalia.games.kings_gold.heuristics import cautious_keep, exact, lookahead
    from regalia.games.kings_gold.solver import TurnSolver
    from regalia.games.kings_gold.state import READY, position

    game = KingsGold(players=2)

    def rolling_rules(solver: TurnSolver) -> dict[str, Any]:
        return {
            "hard": solver.best_keep,
            "medium": lambda r, pool: solver.myopic_keep(pool),
            "easy": cautious_keep,
        }

    opening = TurnSolver(game.cfg, position(2))

    class RansomOnly(TurnSolver):
        """Values a final pool 1 if it is five Coins: ``value_of`` then gives P(King's Ransom)."""

        def final(self, pool: tuple[int, int, int, int]) -> float:
            return float(pool[2] == 5)

    ransom = RansomOnly(game.cfg, position(2))
    chase = {"chasing Coins only (the maximum)": lambda r, pool: None if pool[2] == 5 else (pool[0], 0, pool[2], 0),
             **rolling_rules(opening)}
    rows = [{"benchmark": "analysis", "subject": f"P(King's Ransom) per turn, opening: {name}",
             "figure": f"{ransom.value_of(rule):.2%}", "detail": "exact, over dice pools"}
            for name, rule in chase.items()]

    starts: list[Any] = []
    seed = 0
    while len(starts) < positions:
        match = game.new_match(seed=90_000 + seed)
        seed += 1
        while not match.is_over and len(starts) < positions:
            state = match.state
            if state.phase == READY:
                starts.append(state)
            match.play((exact if match.to_move == seed % 2 else lookahead)(game.cfg, state))
    totals = {name: 0.0 for name in rolling_rules(opening)}
    for state in starts:
        solver = TurnSolver(game.cfg, state)
        for name, rule in rolling_rules(solver).items():
            totals[name] += solver.value_of(rule)
    rows += [{"benchmark": "analysis", "subject": f"expected score swing per turn: {name}",
              "figure": f"{total / len(starts):+.2f} points",
              "detail": f"exact, mean over {len(starts)} turn starts from hard-vs-medium matches"}
             for name, total in totals.items()]
    return rows


def speed_rows(seconds: float) -> list[dict[str, Any]]:
    ours = regalia_steps_per_second(GAME, seconds, players=2)
    rows = [{"benchmark": "speed", "subject": ours["engine"], "figure": f"{ours['steps/s']:,.0f} steps/s",
             "detail": f"{ours['matches']} matches, {ours['mean steps']:.0f} steps each"}]
    for name in ("backgammon", "pig"):
        theirs = openspiel_steps_per_second(name, seconds)
        if theirs is None:
            rows.append({"benchmark": "speed", "subject": f"open_spiel {name}", "figure": "not installed",
                         "detail": "pip install .[bench]"})
            continue
        ratio = ours["steps/s"] / theirs["steps/s"]
        rows.append({"benchmark": "speed", "subject": theirs["engine"], "figure": f"{theirs['steps/s']:,.0f} steps/s",
                     "detail": f"King's Gold = {ratio:.2f}x this",
                     "target": "≥ 0.5x" if name == "backgammon" else "",
                     "met": ("yes" if ratio >= 0.5 else "no") if name == "backgammon" else ""})
    return rows


def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    workers = max(1, min(os.cpu_count() or 1, 8))
    matches = 40 if quick else 2000
    ceiling = 10 if quick else 400
    rows = speed_rows(1.0 if quick else 5.0)
    rows += analysis_rows(50 if quick else 500)
    rows += decision_time_rows(20 if quick else 200)
    rows += strength_rows(matches, ceiling, workers)
    return "King's Gold: speed and computer captains", rows
