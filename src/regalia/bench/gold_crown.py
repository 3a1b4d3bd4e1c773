"""Gold Crown benchmarks: random-play speed against OpenSpiel, the hard baron's turn time, and strength.

``regalia bench gold-crown`` prints:

* random-play steps/s and mean match length through the public Match API, next to OpenSpiel's C++
  ``breakthrough(rows=11,columns=11)`` driven from the same Python loop (bench/_speed.py); goal: at least
  0.3x its steps/s; and the same two loops timed in CPU seconds, taking turns (``cpu_ratio``: steadier than
  the wall clock while other programs load the machine);
* the hard baron's mean and worst time per turn (all decisions of one baron's turn together; goal <= 2 s).

Strength runs report the hero's share of all matches with its 95% (Wilson) interval and split by face
(``hero as South``: his wins in the even matches; ``hero as North``: in the odd ones), and count the wins of
each seat whoever played it (a fair pair of levels shows no side's advantage). They also count the matches that hit the round cap (``capped``; goal 0: every level brings a match
to its end, none drifts into the King's victory through passivity) and the King's victories by how they came
(``king``: every baron below 6 knights; ``passes``; ``siege``: the cap).

Where the random-play ratio stands (0.27-0.28x in CPU time, goal 0.3x), measured with ``cpu_ratio(8.0)``
three times each, 2026-11-30: the rules as they are 0.268-0.277x; the same with core's ``Match.play`` stripped
of every check (no legality scan, no list copy: an upper bound for any change to ``core/match.py``) 0.289-0.293x;
``movement.py`` compiled by mypyc 0.229-0.241x, and ``movement``, ``turn`` and ``report`` compiled by Cython
as they are (untyped) 0.264-0.266x: compiled as plain Python they are slower than CPython 3.11's own
interpreter; the cyclic garbage collector switched off: no change. What is left would take typed native code.

Strength runs are long; run them explicitly (two barons, faces alternated: the hero is South in even matches
and North in odd ones; a King's victory counts for nobody)::

    python -m regalia.bench.gold_crown strength --hero medium --field easy --matches 400
    python -m regalia.bench.gold_crown strength --hero hard --field medium --matches 400 --workers 16
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from regalia.ai import load_agent
from regalia.ai.arena import play_match
from regalia.core.rng import Rng
from regalia.games import load_game

from ._speed import openspiel_steps_per_second, regalia_steps_per_second

GAME = "gold-crown"
OPENSPIEL = "breakthrough(rows=11,columns=11)"


def speed_rows(seconds: float) -> list[dict[str, Any]]:
    ours = regalia_steps_per_second(GAME, seconds)
    rows = [ours]
    theirs = openspiel_steps_per_second(OPENSPIEL, seconds)
    if theirs is None:
        rows.append({"engine": f"open_spiel {OPENSPIEL}", "steps/s": "not installed (pip install open-spiel)"})
    else:
        rows.append(theirs)
        ours["ratio"] = ours["steps/s"] / theirs["steps/s"]
        ours["goal"] = ">= 0.3"
        rows.append(cpu_ratio(seconds))
    return rows


def cpu_ratio(seconds: float, rounds: int = 4) -> dict[str, Any]:
    """The same two random-play loops timed in this process's CPU seconds (steadier than the wall clock on
    a loaded machine), taking turns in ``rounds`` slices of ``seconds / rounds`` each so that a change of
    load falls on both alike."""
    import pyspiel  # type: ignore[import-not-found]

    game = load_game(GAME)
    theirs_game = pyspiel.load_game(OPENSPIEL)
    ours_rng, theirs_rng = Rng("bench"), Rng("bench")
    ours_steps = theirs_steps = 0
    ours_cpu = theirs_cpu = 0.0
    seed = 0
    for _ in range(rounds):
        started = time.process_time()
        while time.process_time() - started < seconds / rounds:
            match = game.new_match(seed=seed)
            seed += 1
            while not match.is_over:
                match.play(ours_rng.choice(match.legal_actions()))
            ours_steps += match.steps
        ours_cpu += time.process_time() - started
        started = time.process_time()
        while time.process_time() - started < seconds / rounds:
            state = theirs_game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(theirs_rng.choice(state.legal_actions()))
                theirs_steps += 1
        theirs_cpu += time.process_time() - started
    ours, theirs = ours_steps / ours_cpu, theirs_steps / theirs_cpu
    return {"engine": "CPU time (both loops, taking turns)", "regalia steps/cpu-s": ours,
            "open_spiel steps/cpu-s": theirs, "ratio": ours / theirs, "goal": ">= 0.3"}


def turn_times(matches: int, max_rounds: int) -> dict[str, Any]:
    """Seconds per turn of the hard baron (every decision from his spin to his turn's end) against medium,
    by wall clock and by this process's CPU time (the CPU figure does not count other programs' load)."""
    game = load_game(GAME, max_rounds=max_rounds)
    wall: list[float] = []
    cpu: list[float] = []
    for i in range(matches):
        agents = [load_agent(GAME, "hard", seed=f"t{i}"), load_agent(GAME, "medium", seed=f"t{i}:1")]
        match = game.new_match(seed=f"turns:{i}")
        turn_wall = turn_cpu = 0.0
        while not match.is_over:
            seat = match.to_move
            assert seat is not None
            start, start_cpu = time.perf_counter(), time.process_time()
            action = agents[seat].choose(match)
            if seat == 0:
                turn_wall += time.perf_counter() - start
                turn_cpu += time.process_time() - start_cpu
            match.play(action)
            if seat == 0 and (match.to_move != 0 or match.is_over) and action != "spin":
                wall.append(turn_wall)
                cpu.append(turn_cpu)
                turn_wall = turn_cpu = 0.0
    wall.sort()
    cpu.sort()

    def p99(values: list[float]) -> float:
        return values[int(0.99 * (len(values) - 1))] if values else 0.0

    return {"engine": "hard baron's turn", "turns": len(wall), "mean s": sum(wall) / max(len(wall), 1),
            "p99 s": p99(wall), "max s": wall[-1] if wall else 0.0,
            "mean cpu s": sum(cpu) / max(len(cpu), 1), "p99 cpu s": p99(cpu), "max cpu s": cpu[-1] if cpu else 0.0,
            "goal": "<= 2 s"}


def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    rows = speed_rows(1.0 if quick else 10.0)
    rows.append(turn_times(1 if quick else 4, 20 if quick else 100))
    return "Gold Crown: random-play speed vs OpenSpiel, hard baron's turn time", rows


def duel(args: tuple[str, str, int, int]) -> tuple[int, str, list[int], str, int]:
    """One match: (index, winner's level or 'king', winners, ending, rounds). The match of ``index`` is
    the same in every run (its seeds are ``strength:{index}``): a capped match can be replayed alone."""
    hero, field, index, max_rounds = args
    game = load_game(GAME, max_rounds=max_rounds)
    levels = [hero, field] if index % 2 == 0 else [field, hero]
    agents = [load_agent(GAME, level, seed=f"strength:{index}:{seat}") for seat, level in enumerate(levels)]
    match = play_match(game, agents, seed=f"strength:{index}")
    winners = match.winners
    who = levels[winners[0]] if winners else "king"
    return index, who, winners, match.state.ending, match.state.round


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class _Serial:
    """``map`` in this process (the pool's interface, for one worker)."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Any, jobs: list[Any], chunksize: int = 1) -> Any:
        return map(fn, jobs)


def strength(hero: str, field: str, matches: int, workers: int, max_rounds: int,
             progress: bool = False, first: int = 0) -> dict[str, Any]:
    """``matches`` matches, indices ``first``, ``first + 1``, ... (see ``duel``)."""
    jobs = [(hero, field, i, max_rounds) for i in range(first, first + matches)]
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(workers) if workers > 1 else _Serial() as pool:
        for result in pool.map(duel, jobs, chunksize=1):
            results.append(result)
            if progress:
                print(*result, f"{time.perf_counter() - start:.0f}s", flush=True)
    hero_wins = sum(1 for r in results if r[1] == hero)
    field_wins = sum(1 for r in results if r[1] == field and field != hero)
    kings = sum(1 for r in results if r[1] == "king")
    capped = sum(1 for r in results if r[3] == "siege")
    decided = hero_wins + field_wins
    low, high = wilson(hero_wins, matches)
    faces = {}
    for name, parity in (("South", 0), ("North", 1)):
        mine = [r for r in results if r[0] % 2 == parity]
        faces[f"hero as {name}"] = f"{sum(1 for r in mine if r[1] == hero)}/{len(mine)}"
    return {"hero": hero, "field": field, "matches": matches, "hero wins": hero_wins, "field wins": field_wins,
            "king wins": kings, "capped": capped, "capped goal": 0,
            "capped matches": sorted(r[0] for r in results if r[3] == "siege"),
            "king wins by ending": {e: sum(1 for r in results if r[1] == "king" and r[3] == e)
                                    for e in ("king", "passes", "siege")},
            "hero share of all": hero_wins / matches, "95% interval": (round(low, 4), round(high, 4)),
            **faces, "seat 0 (South) wins": sum(1 for r in results if r[2] == [0]),
            "seat 1 (North) wins": sum(1 for r in results if r[2] == [1]),
            "hero share of decided": hero_wins / decided if decided else 0.0,
            "mean rounds": sum(r[4] for r in results) / matches, "seconds": time.perf_counter() - start}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m regalia.bench.gold_crown")
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("strength")
    s.add_argument("--hero", default="medium")
    s.add_argument("--field", default="easy")
    s.add_argument("--matches", type=int, default=400)
    s.add_argument("--workers", type=int, default=1)
    s.add_argument("--max-rounds", type=int, default=100)
    s.add_argument("--first", type=int, default=0, help="index of the first match (replay a capped one alone)")
    sub.add_parser("speed")
    args = parser.parse_args()
    if args.what == "strength":
        print(strength(args.hero, args.field, args.matches, args.workers, args.max_rounds, progress=True,
                       first=args.first))
    else:
        print(run(quick=False))


if __name__ == "__main__":
    main()
