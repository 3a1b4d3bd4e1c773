"""Crown the Queen benchmarks: random-play speed, ISMCTS speed, and playing strength over rubbers.

``regalia bench crown-the-queen`` prints speed figures next to OpenSpiel's in the same run:

* random-play steps/s through our Match API and through the bare game API, against OpenSpiel's C++
  ``hearts`` driven from the same Python loop (bench/_speed.py);
* ISMCTS simulations/s on positions of real rubbers — the ``hard`` level as configured, and plain random
  rollouts to the end of the whole rubber (the conservative figure) — against OpenSpiel's Python ISMCTS
  (``open_spiel.python.algorithms.ismcts``) on ``hearts`` with random rollouts to the end of the deal;
* hard's decision time at its default budget.

Strength runs are longer; run them explicitly::

    python -m regalia.bench.crown_the_queen strength --hero medium --field easy --rubbers 2000
    python -m regalia.bench.crown_the_queen strength --hero all-seeing --field easy --rubbers 300
    python -m regalia.bench.crown_the_queen ceiling --field medium --rubbers 300 --iterations 200

    python -m regalia.bench.crown_the_queen strength --hero oracle --field medium --rubbers 2000
    python -m regalia.bench.crown_the_queen paired --hero hard --field medium --rubbers 100 \
        --variants '{"2 SE": {"prior_margin": 2.0}, "1 SE": {"prior_margin": 1.0}}'
    python -m regalia.bench.crown_the_queen belief --field medium --rubbers 15
    python -m regalia.bench.crown_the_queen strength --hero oracle --field medium --rubbers 1000 \
        --params '{"samples": 64, "margin": 2}'

``paired`` plays variants of a level on the same rubbers and reports paired differences; ``belief`` how
many of the others' hidden cards the seat's belief gets right, against a uniform redeal.

Seats rotate (the hero sits at seat ``i mod 3`` in rubber ``i``); a shared win counts 1/k. ``oracle`` (in
bench/crown_the_queen_ceiling.py) is the strongest all-seeing player: by default it foresees the draws
(the match's chance stream) and plays rollouts of the true future with the field's policy as its model of
the opponents (~99%); with ``--params '{"samples": 64, "margin": 2}'`` it is the pack-blind ceiling, which
sees every hand and the pack's cards but draws its own futures — the ceiling the deal's luck leaves
(40.6% of 2,000 rubbers against two mediums, 46.3% of 1,000 against two easies). ``all-seeing``
is a benchmark-only player that searches the true state (it knows every hand and the pack) with the hard
level's search: its share is the ceiling that the deal's luck leaves to any player. ``all-seeing-medium``
is a cheap one: medium's heuristic fed the true pack and the next player's hand.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from regalia.ai import load_agent
from regalia.ai.agent import Agent
from regalia.ai.arena import play_match
from regalia.ai.ismcts import ISMCTSAgent
from regalia.core.game import CHANCE, JSON, Game
from regalia.core.match import Match
from regalia.core.rng import Rng
from regalia.games import load_game

from ._ledger import mean_and_se
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

class _Seeing(Agent):
    """A benchmark-only player that reads the match's true state: it is handed the match, never a view."""

    def choose(self, match: Match) -> str:
        legal = match.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = match.to_move
        assert seat is not None
        return self.choose_seeing(match, seat, legal)

    def choose_seeing(self, match: Match, seat: int, legal: list[str]) -> str:
        raise NotImplementedError

    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        raise RuntimeError("the all-seeing player needs the match, not a view")


class AllSeeing(_Seeing):
    """Benchmark-only: the hard level's search run on the TRUE state (every hand and the pack known).

    It breaks the rule every real player obeys, on purpose: its share of rubbers measures the ceiling
    that the deal's luck leaves to any strategy against the same opponents.
    """

    name = "all-seeing"

    def __init__(self, seed: int | str = 0, **params: Any) -> None:
        super().__init__(seed)
        spec = {**load_game(GAME).agent_levels()["hard"], **params}
        spec.pop("algorithm")
        self.search = ISMCTSAgent(seed=seed, **spec)

    def choose_seeing(self, match: Match, seat: int, legal: list[str]) -> str:
        return self.search.search(match.game, lambda rng: match.state, seat, legal)


class AllSeeingMedium(_Seeing):
    """Benchmark-only: medium's race heuristic fed the true state — the pack it will draw from, not the
    pool of unseen cards, and the next player's hand.

    It keeps a passed card as medium does, but counts copies in the pack itself, and also keeps any card
    it needs when the pack holds nothing it can lay now; it passes the card it needs least and, among
    those, the one the next player (whose hand it sees) can use least. A cheap second ceiling: what
    perfect information is worth to the heuristic.
    """

    name = "all-seeing-medium"

    def choose_seeing(self, match: Match, seat: int, legal: list[str]) -> str:
        return _seeing_medium(match.state, seat)


def _seeing_medium(state: Any, seat: int) -> str:
    from collections import Counter

    from regalia.games.crown_the_queen.cards import wanted, without
    from regalia.games.crown_the_queen.heuristics import SCARCE, need, reachable_up_to
    from regalia.games.crown_the_queen.rules import KEEP, PASS_PREFIX, SWAP
    from regalia.games.crown_the_queen.state import ACQUIRE

    hand, procession = state.hands[seat], state.processions[seat]
    pack = Counter(state.pack)
    if state.step == ACQUIRE:
        card = state.passed
        if card in wanted(procession):
            return KEEP
        worth = need(card, procession, hand)
        if worth == 0:
            return SWAP
        reachable = reachable_up_to(card, procession, pack + Counter(hand))
        if not any(pack[w] for w in wanted(procession)):
            return KEEP if reachable else SWAP  # no draw can be laid now: hold what will be needed
        return KEEP if worth >= 0.5 and pack[card] <= SCARCE and reachable else SWAP
    following = (seat + 1) % state.players
    after, held = state.processions[following], state.hands[following]

    def harm(card: str) -> float:
        return 2.0 if card in wanted(after) else need(card, after, held)

    return PASS_PREFIX + min(dict.fromkeys(hand), key=lambda c: (need(c, procession, without(hand, c)), harm(c)))


def make_agent(level: str, seed: str, field: str | None = None, **params: Any) -> Agent:
    if level == "oracle":  # the all-seeing ceiling player (bench/crown_the_queen_ceiling.py)
        from .crown_the_queen_ceiling import Oracle

        # Its rollouts model the field exactly where it plays a heuristic they can afford (easy, race); the
        # medium level's trees are modelled by the race, as in hard's rollouts.
        return Oracle(seed=seed, **{"model": field if field in ("easy", "race") else "race", **params})
    if level == "all-seeing":
        return AllSeeing(seed=seed, **params)
    if level == "all-seeing-medium":
        return AllSeeingMedium(seed=seed)
    return load_agent(GAME, level, seed=seed, **params)


def strength(hero: str, field: str, rubbers: int, *, players: int = 3, seed: int = 0,
             hero_params: dict[str, Any] | None = None, progress: bool = False) -> dict[str, Any]:
    """The hero's share of rubbers won against ``players - 1`` copies of ``field``, seats rotated."""
    game = load_game(GAME, players=players)
    won = 0.0
    start = time.perf_counter()
    for i in range(rubbers):
        hero_seat = i % players
        agents = [make_agent(hero, f"{seed + i}:{s}", field, **(hero_params or {})) if s == hero_seat
                  else make_agent(field, f"{seed + i}:{s}") for s in range(players)]
        match = play_match(game, agents, seed=f"strength:{seed + i}")
        if hero_seat in match.winners:
            won += 1 / len(match.winners)
        if progress and (i + 1) % 50 == 0:
            print(f"  {hero} vs {field}: {i + 1} rubbers, share {won / (i + 1):.3f}", flush=True)
    share = won / max(rubbers, 1)
    margin = 1.96 * math.sqrt(share * (1 - share) / max(rubbers, 1))
    return {"hero": hero, "field": f"{players - 1}× {field}", "rubbers": rubbers, "share": share,
            "95% ±": margin, "fair": 1 / players, "seconds": time.perf_counter() - start,
            **({"params": str(hero_params)} if hero_params else {})}


def against_ceiling(field: str, rubbers: int, *, players: int = 3, seed: int = 0,
                    hero_params: dict[str, Any] | None = None, progress: bool = False) -> dict[str, Any]:
    """Hard and the all-seeing player, each against ``players - 1`` copies of ``field``, rubber by rubber.

    Both play the same rubbers (same seeds, same seat): rubber ``i`` is played once with hard in the
    hero's seat and once with the all-seeing player there, so the two shares are compared on equal luck.
    ``fraction`` is hard's edge over a fair share as a fraction of the all-seeing player's edge.
    """
    game = load_game(GAME, players=players)
    won = {"hard": 0.0, "all-seeing": 0.0}
    start = time.perf_counter()
    for i in range(rubbers):
        hero_seat = i % players
        for hero in won:
            agents = [make_agent(hero, f"{seed + i}:{s}", **(hero_params or {})) if s == hero_seat
                      else make_agent(field, f"{seed + i}:{s}") for s in range(players)]
            match = play_match(game, agents, seed=f"strength:{seed + i}")
            if hero_seat in match.winners:
                won[hero] += 1 / len(match.winners)
        if progress and (i + 1) % 10 == 0:
            print(f"  {i + 1} rubbers vs {field}: " + ", ".join(f"{h} {w / (i + 1):.3f}" for h, w in won.items()),
                  flush=True)
    fair = 1 / players
    share = {h: w / max(rubbers, 1) for h, w in won.items()}
    ceiling_edge = share["all-seeing"] - fair
    return {"field": f"{players - 1}× {field}", "rubbers": rubbers, "hard": share["hard"],
            "all-seeing": share["all-seeing"], "fair": fair,
            "fraction of the ceiling's edge": (share["hard"] - fair) / ceiling_edge if ceiling_edge > 0 else None,
            "seconds": time.perf_counter() - start, **({"params": str(hero_params)} if hero_params else {})}


def paired(variants: dict[str, dict[str, Any]], hero: str, field: str, rubbers: int, *, players: int = 3,
           seed: int = 0, margin: float = 2.0) -> dict[str, Any]:
    """Variants of the hero level (its parameters) on the SAME rubbers — same seeds, same hero seat, so
    the same first deal — rubber by rubber; each later variant against the first, paired.

    Luck dominates a rubber, so only paired differences show a few points in a few hundred rubbers:
    ``better`` says whether a variant is ahead of the first by more than ``margin`` standard errors
    (``core.stats.clearly_better``).
    """
    from regalia.core.stats import clearly_better

    game = load_game(GAME, players=players)
    won: dict[str, list[float]] = {name: [] for name in variants}
    for i in range(seed, seed + rubbers):
        hero_seat = i % players
        for name, params in variants.items():
            agents = [make_agent(hero, f"{i}:{s}", field, **params) if s == hero_seat
                      else make_agent(field, f"{i}:{s}") for s in range(players)]
            match = play_match(game, agents, seed=f"strength:{i}")
            won[name].append(1 / len(match.winners) if hero_seat in match.winners else 0.0)
    names = list(variants)
    row: dict[str, Any] = {"hero": hero, "field": f"{players - 1}× {field}", "rubbers": rubbers}
    for name in names:
        row[name] = sum(won[name]) / max(rubbers, 1)
    for name in names[1:]:
        mean, se = mean_and_se([a - b for a, b in zip(won[name], won[names[0]], strict=True)])
        row[f"{name} - {names[0]}"] = mean
        row[f"paired SE ({name})"] = se
        row[f"{name} better"] = clearly_better(won[name], won[names[0]], margin)
    return row


def belief_accuracy(rubbers: int, field: str = "medium", worlds: int = 10, seed: int = 0) -> dict[str, Any]:
    """How many of the others' hidden hand cards a world gets right, per sampler (3 players).

    At each decision of a medium hero (seat 0) against ``field``, once the game has a record, ``worlds``
    worlds are drawn from what the hero may see — uniformly (``view.resample_hidden``) and by belief
    (``belief.believe``) and by the particle filter (``particles.sampler``, one filter run per decision) — and
    each world's hands of the two others are compared with the true ones:
    the mean number of cards right, out of 6.
    """
    from collections import Counter

    from regalia.games.crown_the_queen import belief, particles, view

    game = load_game(GAME, players=3)
    samplers: dict[str, Any] = {
        "uniform": lambda state, seat, rng: lambda r: view.resample_hidden(state, seat, r),
        "belief": lambda state, seat, rng: lambda r: belief.believe(state, seat, r),
        "particles": particles.sampler,  # the filter runs once per decision, then deals each world
    }
    right = dict.fromkeys(samplers, 0.0)
    decisions = 0
    for r in range(seed, seed + rubbers):
        match = game.new_match(seed=f"belief:{r}")
        agents = [load_agent(GAME, "medium" if s == 0 else field, seed=f"{r}:{s}") for s in range(3)]
        while not match.is_over:
            seat = match.to_move
            assert seat is not None
            state = match.state
            if seat == 0 and state.record:
                for name, prepare in samplers.items():
                    rng = Rng(decisions)
                    sample = prepare(state, seat, rng)
                    for _ in range(worlds):
                        world = sample(rng)
                        right[name] += sum(sum((Counter(world.hands[s]) & Counter(state.hands[s])).values())
                                           for s in (1, 2)) / worlds
                decisions += 1
            match.play(agents[seat].choose(match))
    return {"field": f"medium vs 2× {field}", "rubbers": rubbers, "decisions": decisions,
            **{f"{name}: cards right of 6": total / max(decisions, 1) for name, total in right.items()}}


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
                 "goal": "≥ 0.45 (fair 0.33)"})
    return "Crown the Queen: speed against OpenSpiel, hard's timing, a strength sample", rows


def _against(figure: str, ours: float, theirs: float | None, what: str, goal: str) -> dict[str, Any]:
    return {"figure": figure, "regalia": ours, "open_spiel": theirs if theirs else "not installed",
            "against": what, "ratio": ours / theirs if theirs else "", "goal": goal}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["strength", "ceiling", "speed", "paired", "belief"])
    parser.add_argument("--hero", default="medium")
    parser.add_argument("--field", default="easy")
    parser.add_argument("--rubbers", type=int, default=300)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=None, help="hero search budget (no clock)")
    parser.add_argument("--params", default=None,
                        help='strength: JSON {hero parameters}, e.g. \'{"samples": 64, "margin": 2}\' (oracle)')
    parser.add_argument("--variants", default=None,
                        help='paired: JSON {"name": {hero parameters}, ...}; the first is the baseline')
    args = parser.parse_args()
    if args.what == "paired":
        import json

        variants = json.loads(args.variants) if args.variants else {"level": {}}
        print(paired(variants, args.hero, args.field, args.rubbers, players=args.players, seed=args.seed),
              flush=True)
        return
    if args.what == "belief":
        print(belief_accuracy(args.rubbers, args.field, seed=args.seed), flush=True)
        return
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
    if args.what == "ceiling":
        print(against_ceiling(args.field, args.rubbers, players=args.players, seed=args.seed,
                              hero_params=params, progress=True), flush=True)
        return
    print(strength(args.hero, args.field, args.rubbers, players=args.players, seed=args.seed,
                   hero_params=params, progress=True), flush=True)


if __name__ == "__main__":
    main()
