"""Crown the Queen benchmarks: random-play speed, ISMCTS speed, and playing strength over rubbers.

``regalia bench crown-the-queen`` prints speed figures next to OpenSpiel's in the same run:

* random-play steps/s through our Match API and through the bare game API, against OpenSpiel's C++
  ``hearts`` driven from the same Python loop (bench/_speed.py);
* ISMCTS simulations/s on positions of real rubbers — the ``hard`` level as configured, and plain random
  rollouts to the end of the whole rubber (the conservative figure) — against OpenSpiel's Python ISMCTS
  (``open_spiel.python.algorithms.ismcts``) on ``hearts`` with random rollouts to the end of the deal;
* hard's decision time at its default budget.

The strength ladder (benchmarks/README.md) is longer; run it explicitly, on the CPU clock::

    REGALIA_AI_CLOCK=cpu python -m regalia.bench.crown_the_queen strength --hero medium --field easy --rubbers 2000
    REGALIA_AI_CLOCK=cpu python -m regalia.bench.crown_the_queen strength --hero easy --field random --rubbers 2000
    REGALIA_AI_CLOCK=cpu python -m regalia.bench.crown_the_queen strength --hero hard --field medium \
        --seed 2000 --rubbers 2000 --workers 2

Rubber ``i`` (``--seed`` + 0, 1, ...) is the match seed ``strength:i`` with the hero in seat ``i mod players``
and agent seeds ``i:seat``; a shared win counts 1/k.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any

from regalia.ai import load_agent
from regalia.ai.agent import Agent
from regalia.ai.arena import play_match
from regalia.ai.ismcts import ISMCTSAgent
from regalia.core.game import CHANCE
from regalia.core.match import Match
from regalia.core.rng import Rng
from regalia.games import load_game

from ._ledger import wilson
from ._speed import openspiel_steps_per_second, regalia_steps_per_second

GAME = "crown-the-queen"
SEARCH_ITERATIONS = 200
"""Iterations per timed decision in the simulations/s figure (a fixed budget, so the clock only measures)."""


# ----- speed --------------------------------------------------------------------------------------------

def game_api_steps_per_second(seconds: float, players: int = 3) -> dict[str, Any]:
    """The loop OpenSpiel's figure uses (legal actions, a random pick, apply), over our bare game API."""
    game = load_game(GAME, players=players)
    rng = Rng("bench")
    steps = matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.initial_state()
        while (mover := game.to_move(state)) is not None:
            if mover == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                state = game.apply(state, rng.choice(game.legal_actions(state)))
            steps += 1
        matches += 1
    elapsed = time.perf_counter() - start
    return {"engine": f"regalia {GAME} (game API)", "steps/s": steps / elapsed, "matches": matches,
            "mean steps": steps / max(matches, 1)}


def cpu_time_ratio(rounds: int = 10, matches: int = 6) -> dict[str, Any] | None:
    """Match API random play against OpenSpiel's C++ ``hearts``, both loops timed in this thread's CPU time.

    Wall-clock steps/s swing with the machine's load; CPU seconds do far less. The loops are those of
    ``bench/_speed.py`` (random legal actions; hearts' chance outcomes drawn by weight), interleaved in
    ``rounds`` short turns so that both see the same conditions. None without open-spiel installed.
    """
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = load_game(GAME, players=3)
    hearts = pyspiel.load_game("hearts")
    rng = Rng("bench")
    ours = theirs = 0
    our_time = their_time = 0.0
    seed = 0
    for _ in range(rounds):
        start = time.thread_time()
        for _ in range(matches):
            match = game.new_match(seed=seed)
            seed += 1
            while not match.is_over:
                match.play(rng.choice(match.legal_actions()))
            ours += match.steps
        our_time += time.thread_time() - start
        start = time.thread_time()
        for _ in range(matches * 4):  # a rubber is ~4 times as many steps as a deal of hearts
            state = hearts.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.weighted(state.chance_outcomes()))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                theirs += 1
        their_time += time.thread_time() - start
    return {"ours": ours / our_time, "theirs": theirs / their_time, "ratio": (ours / our_time) / (theirs / their_time)}


def sample_positions(count: int, players: int = 3, seed: int = 0) -> list[tuple[Match, int]]:
    """Decision points (a match and its seat to move) from rubbers between easy players."""
    game = load_game(GAME, players=players)
    rng = Rng(f"positions:{seed}")
    found: list[tuple[Match, int]] = []
    while len(found) < count:
        match = game.new_match(seed=f"positions:{seed}:{len(found)}")
        agents = [load_agent(GAME, "easy", seed=s) for s in range(players)]
        stop = rng.randbelow(120)
        while (seat := match.to_move) is not None and len(match.actions) < stop:
            match.play(agents[seat].choose(match))
        if seat is not None and len(match.legal_actions()) > 1:
            found.append((match, seat))
    return found


def ismcts_simulations_per_second(seconds: float, **params: Any) -> dict[str, Any]:
    """Iterations per second of our ISMCTS on Crown the Queen positions (a fixed iteration budget each)."""
    positions = sample_positions(6)
    spec = {**load_game(GAME).agent_levels()["hard"], **params}
    spec.pop("algorithm")
    spec.update(seconds=None, iterations=SEARCH_ITERATIONS, samples=None, more_samples=None)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for match, _seat in positions:
            agent = ISMCTSAgent(seed=done, **spec)
            agent.choose(match)
            done += agent.last_iterations
    elapsed = time.perf_counter() - start
    rollout = spec.get("rollout_policy") or "random"
    until = "the deal's end" if spec.get("horizon") else f"depth {spec.get('rollout_depth')}"
    return {"engine": f"regalia ISMCTS ({'flat, ' if spec.get('flat') else ''}{rollout} rollouts to {until})",
            "simulations/s": done / elapsed}


def openspiel_ismcts_simulations_per_second(seconds: float, name: str = "hearts") -> dict[str, Any] | None:
    """OpenSpiel's Python ISMCTS with random rollouts on ``name``; None without open-spiel installed."""
    try:
        import numpy as np
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    random = np.random.RandomState(0)
    simulations = 100
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, random), 2.0, simulations, random_state=random)
    done = failed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(random.choice(actions, p=probs))
            elif len(state.legal_actions()) > 1 and time.perf_counter() - start < seconds:
                try:
                    state.apply_action(bot.step(state))
                except ValueError:  # open_spiel's sampler fails on rare hearts states; skip that search
                    failed += 1
                    state.apply_action(state.legal_actions()[0])
                    continue
                done += simulations
            else:
                state.apply_action(state.legal_actions()[0])
    elapsed = time.perf_counter() - start
    return {"engine": f"open_spiel python ISMCTS {name} (random rollouts)", "simulations/s": done / elapsed,
            "failed searches": failed}


def hard_decision_seconds(decisions: int = 12) -> dict[str, Any]:
    """Wall time per decision of the hard level at its default budget."""
    times = []
    for i, (match, _seat) in enumerate(sample_positions(decisions, seed=1)):
        agent = load_agent(GAME, "hard", seed=i)
        start = time.perf_counter()
        agent.choose(match)
        times.append(time.perf_counter() - start)
    return {"engine": "regalia hard (default budget)", "mean s/decision": sum(times) / len(times),
            "max s/decision": max(times)}


# ----- strength -----------------------------------------------------------------------------------------

AgentMaker = Callable[..., Agent]


def make_agent(level: str, seed: str, field: str | None = None, **params: Any) -> Agent:
    """A level of the game (``field``, what the others play, is for benchmark-only players that model it)."""
    return load_agent(GAME, level, seed=seed, **params)


def rubber_share(hero: str, field: str, index: int, players: int = 3, hero_params: dict[str, Any] | None = None,
                 maker: AgentMaker = make_agent) -> float:
    """Rubber ``index``: match seed ``strength:index``, the hero in seat ``index mod players`` against
    ``players - 1`` copies of ``field``, agent seeds ``index:seat``; the hero's share (a shared win 1/k)."""
    game = load_game(GAME, players=players)
    hero_seat = index % players
    agents = [maker(hero, f"{index}:{s}", field, **(hero_params or {})) if s == hero_seat
              else make_agent(field, f"{index}:{s}") for s in range(players)]
    match = play_match(game, agents, seed=f"strength:{index}")
    return 1 / len(match.winners) if hero_seat in match.winners else 0.0


def _rubber(job: tuple[str, str, int, int, dict[str, Any] | None, AgentMaker]) -> float:
    return rubber_share(*job)


def strength(hero: str, field: str, rubbers: int, *, players: int = 3, seed: int = 0,
             hero_params: dict[str, Any] | None = None, progress: bool = False, workers: int = 1,
             maker: AgentMaker = make_agent) -> dict[str, Any]:
    """The hero's share of rubbers ``seed .. seed + rubbers - 1`` against ``players - 1`` copies of
    ``field``, seats rotated (``rubber_share``); ``workers`` processes play them."""
    jobs = [(hero, field, seed + i, players, hero_params, maker) for i in range(rubbers)]
    won = 0.0
    start = time.perf_counter()
    pool = Pool(workers) if workers > 1 else None
    try:
        shares = pool.imap(_rubber, jobs, chunksize=4) if pool is not None else map(_rubber, jobs)
        for i, share in enumerate(shares):
            won += share
            if progress and (i + 1) % 50 == 0:
                print(f"  {hero} vs {field}: {i + 1} rubbers, share {won / (i + 1):.3f}", flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    share = won / max(rubbers, 1)
    low, high = wilson(won, rubbers)
    return {"hero": hero, "field": f"{players - 1}× {field}", "rubbers": rubbers, "first": seed, "share": share,
            "95% ±": 1.96 * math.sqrt(share * (1 - share) / max(rubbers, 1)), "95% low": low, "95% high": high,
            "field's share": (1 - share) / (players - 1), "fair": 1 / players,
            "seconds": time.perf_counter() - start, **({"params": str(hero_params)} if hero_params else {})}


# ----- the bench ----------------------------------------------------------------------------------------

def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    seconds = 0.5 if quick else 5.0
    hearts = openspiel_steps_per_second("hearts", seconds)
    hearts_search = openspiel_ismcts_simulations_per_second(seconds * 2)
    theirs = hearts["steps/s"] if hearts else None
    their_search = hearts_search["simulations/s"] if hearts_search else None
    rows = [
        _against("random-play steps/s, Match API", regalia_steps_per_second(GAME, seconds, players=3)["steps/s"],
                 theirs, "hearts steps/s", "≥ 0.5×"),
        _against("random-play steps/s, game API", game_api_steps_per_second(seconds)["steps/s"],
                 theirs, "hearts steps/s", "≥ 0.5×"),
        _against("ISMCTS sims/s, hard's settings", ismcts_simulations_per_second(seconds)["simulations/s"],
                 their_search, "python ISMCTS hearts", "≥ 1×"),
        _against("ISMCTS sims/s, random rollouts to the rubber's end",
                 ismcts_simulations_per_second(seconds, rollout_policy=None, rollout_depth=None, flat=False,
                                               horizon=False)["simulations/s"],
                 their_search, "python ISMCTS hearts", "≥ 1×"),
    ]
    cpu = cpu_time_ratio(3 if quick else 10)
    if cpu is not None:
        rows.insert(1, _against("random-play steps/s, Match API, CPU time", cpu["ours"], cpu["theirs"],
                                "hearts steps/s, CPU time", "≥ 0.5×"))
    timing = hard_decision_seconds(3 if quick else 12)
    rows.append({"figure": "hard: mean seconds per decision", "regalia": timing["mean s/decision"],
                 "open_spiel": timing["max s/decision"], "against": "max seconds", "goal": "≤ 0.5 s"})
    sample = strength("medium", "easy", 6 if quick else 60)
    rows.append({"figure": f"medium's rubber share vs 2× easy ({sample['rubbers']} rubbers)",
                 "regalia": sample["share"], "open_spiel": sample["95% ±"], "against": "95% ±",
                 "goal": "> 1/3 (the ladder)"})
    return "Crown the Queen: speed against OpenSpiel, hard's timing, a strength sample", rows


def _against(figure: str, ours: float, theirs: float | None, what: str, goal: str) -> dict[str, Any]:
    return {"figure": figure, "regalia": ours, "open_spiel": theirs if theirs else "not installed",
            "against": what, "ratio": ours / theirs if theirs else "", "goal": goal}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["strength", "speed"])
    parser.add_argument("--hero", default="medium")
    parser.add_argument("--field", default="easy")
    parser.add_argument("--rubbers", type=int, default=300)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0, help="the first rubber")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None, help="hero search budget (no clock)")
    parser.add_argument("--params", default=None, help="JSON {hero parameters}, e.g. '{\"samples\": 16}'")
    args = parser.parse_args()
    if args.what == "speed":
        from rich.console import Console

        from . import print_table
        title, rows = run()
        print_table(Console(), title, rows)
        return
    params = {"iterations": args.iterations, "seconds": None} if args.iterations else None
    if args.params:
        import json

        params = {**(params or {}), **json.loads(args.params)}
    print(strength(args.hero, args.field, args.rubbers, players=args.players, seed=args.seed,
                   hero_params=params, progress=True, workers=args.workers), flush=True)


if __name__ == "__main__":
    main()
