"""The Gold Battle's figures: rules speed against OpenSpiel, search speed, and the strength table.

``regalia bench gold-battle`` prints, in one run:

* random-play steps/s through the public Match API, and OpenSpiel's C++ ``breakthrough`` on the same 11 x 11
  board driven from the same Python loop (``_speed``), with their ratio (goal: 0.3 or more);
* search speed of each level: alpha-beta nodes/s, UCT simulations/s, depth reached, seconds per move;
* the strength table: each pairing over matches with colours alternated; each pair of matches opens with the
  same two random plies (one per side, seeded), so colour and opening are balanced.

Full budgets x 400 matches take many hours on two cores, so the strength table is sized by environment
variables: ``GOLD_BATTLE_MATCHES`` (per pairing, default 400, 8 with ``--quick``), ``GOLD_BATTLE_SCALE``
(multiplies every level's seconds, default 1.0), ``GOLD_BATTLE_PAIRS`` (e.g. ``easy:random,hard:uct``) and
``GOLD_BATTLE_WORKERS`` (processes, default the CPU count). On a busy machine a time budget buys less
search than on an idle one; ``GOLD_BATTLE_NODES_PER_SECOND`` (e.g. 68000, what one idle core of the
reference machine searches) turns each alpha-beta level's seconds into that many nodes instead:
deterministic, and the same search whatever else the machine is doing.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from regalia.ai import levels, load_agent
from regalia.core.match import Match
from regalia.core.rng import Rng
from regalia.games import load_game

from ._speed import openspiel_steps_per_second, regalia_steps_per_second

GAME = "gold-battle"
OPENSPIEL = "breakthrough(rows=11,columns=11)"
PAIRS = (("easy", "random"), ("medium", "easy"), ("hard", "medium"), ("hard", "uct"))
TARGETS = {("easy", "random"): 0.90, ("medium", "easy"): 0.70, ("hard", "medium"): 0.70, ("hard", "uct"): 0.75}
OPENING_PLIES = 2


def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    rows = speed_rows(seconds=2.0 if quick else 10.0)
    rows += search_rows(moves=3 if quick else 12)
    matches = int(os.environ.get("GOLD_BATTLE_MATCHES", 8 if quick else 400))
    scale = float(os.environ.get("GOLD_BATTLE_SCALE", 0.05 if quick else 1.0))
    pairs = parse_pairs(os.environ.get("GOLD_BATTLE_PAIRS")) or PAIRS
    workers = int(os.environ.get("GOLD_BATTLE_WORKERS", os.cpu_count() or 1))
    rate = os.environ.get("GOLD_BATTLE_NODES_PER_SECOND")
    for a, b in pairs:
        rows.append(strength_row(a, b, matches, scale, workers, float(rate) if rate else None))
    return "The Gold Battle: speed, search and strength", rows


def parse_pairs(text: str | None) -> list[tuple[str, str]]:
    if not text:
        return []
    pairs = []
    for item in text.split(","):
        a, _, b = item.strip().partition(":")
        pairs.append((a, b))
    return pairs


# ----- rules speed ---------------------------------------------------------------------------------

def speed_rows(seconds: float) -> list[dict[str, Any]]:
    ours = regalia_steps_per_second(GAME, seconds)
    rows = [{"measure": "random play, Match API", "value": ours["steps/s"], "unit": "steps/s",
             "notes": f"{ours['matches']} matches, {ours['mean steps']:.0f} steps each"}]
    theirs = openspiel_steps_per_second(OPENSPIEL, seconds)
    if theirs is None:
        rows.append({"measure": f"open_spiel {OPENSPIEL}", "value": "n/a", "unit": "",
                     "notes": "pip install open-spiel"})
        return rows
    rows.append({"measure": f"open_spiel {OPENSPIEL}", "value": theirs["steps/s"], "unit": "steps/s",
                 "notes": f"{theirs['matches']} matches, same Python loop"})
    rows.append({"measure": "ratio regalia / open_spiel", "value": ours["steps/s"] / theirs["steps/s"],
                 "unit": "x", "notes": "goal >= 0.3"})
    cpu = cpu_ratio(matches=max(20, round(15 * seconds)))
    rows.append({"measure": "ratio regalia / open_spiel, CPU time", "value": cpu, "unit": "x",
                 "notes": "the same loops timed in process CPU seconds (steadier on a loaded machine)"})
    return rows


def cpu_ratio(matches: int) -> float:
    """The same two random-play loops over the same number of matches, timed in this process's CPU time."""
    import pyspiel  # type: ignore[import-not-found]

    game = load_game(GAME)
    rng = Rng("bench")
    steps = 0
    started = time.process_time()
    for seed in range(matches):
        match = game.new_match(seed=seed)
        while not match.is_over:
            match.play(rng.choice(match.legal_actions()))
        steps += match.steps
    ours = steps / (time.process_time() - started)
    theirs_game = pyspiel.load_game(OPENSPIEL)
    rng = Rng("bench")
    steps = 0
    started = time.process_time()
    for _ in range(matches):
        state = theirs_game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    theirs = steps / (time.process_time() - started)
    return ours / theirs


# ----- search speed --------------------------------------------------------------------------------

def search_rows(moves: int) -> list[dict[str, Any]]:
    """Each level deciding ``moves`` positions from the middle of random matches (its real budget)."""
    game = load_game(GAME)
    positions: list[Match] = []
    rng = Rng("bench:positions")
    seed = 0
    while len(positions) < moves:
        match = game.new_match(seed=seed)
        seed += 1
        for _ in range(16 + rng.randbelow(24)):
            if match.is_over:
                break
            match.play(rng.choice(match.legal_actions()))
        if not match.is_over:
            positions.append(match)
    rows = []
    for level in ("easy", "medium", "hard", "uct"):
        agent = load_agent(GAME, level, seed=1)
        nodes = seconds = depth = worst = 0.0
        for match in positions:
            started = time.perf_counter()
            agent.choose(match)
            spent = time.perf_counter() - started
            last = agent.inner.last  # type: ignore[attr-defined]
            nodes += last.get("nodes", last.get("iterations", 0))
            depth += last.get("depth", 0)
            seconds += spent
            worst = max(worst, spent)
        unit = "simulations/s" if level == "uct" else "nodes/s"
        notes = f"{seconds / moves:.3f} s/move (max {worst:.3f})"
        if level != "uct":
            notes += f", mean depth {depth / moves:.1f}"
        rows.append({"measure": f"search speed, {level}", "value": nodes / seconds, "unit": unit, "notes": notes})
    return rows


# ----- strength ------------------------------------------------------------------------------------

def budget(level: str, scale: float, nodes_per_second: float | None = None) -> dict[str, Any]:
    """A level's budget scaled: seconds, or (alpha-beta with ``nodes_per_second``) the nodes they buy."""
    spec = levels(GAME)[level]
    if "seconds" not in spec:
        return {}
    if nodes_per_second and spec["algorithm"] == "alphabeta":
        return {"nodes": max(1, round(spec["seconds"] * scale * nodes_per_second))}
    return {"seconds": spec["seconds"] * scale}


def play_one(job: tuple[str, str, int, float] | tuple[str, str, int, float, float | None]) -> tuple[float, int]:
    """Match ``index`` of a pairing: (``a``'s score: 1 win, 0.5 draw, 0 loss; plies)."""
    a, b, index, scale = job[:4]
    rate = job[4] if len(job) > 4 else None
    game = load_game(GAME)
    match = game.new_match(seed=index)
    opening = Rng(f"opening:{index // 2}")
    for _ in range(OPENING_PLIES):
        match.play(opening.choice(match.legal_actions()))
    a_seat = index % 2
    agents = {a_seat: load_agent(GAME, a, seed=f"{index}:a", **budget(a, scale, rate)),
              1 - a_seat: load_agent(GAME, b, seed=f"{index}:b", **budget(b, scale, rate))}
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        match.play(agents[seat].choose(match))
    winners = match.winners
    score = 0.5 if not winners else (1.0 if winners == [a_seat] else 0.0)
    return score, len(match.actions)


def strength(a: str, b: str, matches: int, scale: float, workers: int,
             nodes_per_second: float | None = None) -> dict[str, Any]:
    jobs = [(a, b, index, scale, nodes_per_second) for index in range(matches)]
    started = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_one, jobs))
    else:
        results = [play_one(job) for job in jobs]
    wins = sum(1 for s, _ in results if s == 1.0)
    draws = sum(1 for s, _ in results if s == 0.5)
    return {"a": a, "b": b, "matches": matches, "wins": wins, "draws": draws, "losses": matches - wins - draws,
            "score": sum(s for s, _ in results) / max(matches, 1),
            "plies": sum(p for _, p in results) / max(matches, 1), "seconds": time.perf_counter() - started}


def strength_row(a: str, b: str, matches: int, scale: float, workers: int,
                 nodes_per_second: float | None = None) -> dict[str, Any]:
    found = strength(a, b, matches, scale, workers, nodes_per_second)
    target = TARGETS.get((a, b))
    verdict = "" if target is None else (" — target met" if found["score"] >= target else " — target NOT met")
    return {"measure": f"{a} vs {b}", "value": found["score"], "unit": "score",
            "notes": (f"{matches} matches W{found['wins']}-D{found['draws']}-L{found['losses']}, "
                      f"budgets x{scale:g}" + (f" at {nodes_per_second:g} nodes/s" if nodes_per_second else "")
                      + f", {found['plies']:.0f} plies avg, {found['seconds']:.0f} s"
                      + (f", target {target:.0%}{verdict}" if target else ""))}
