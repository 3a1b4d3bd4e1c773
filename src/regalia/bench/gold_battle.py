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

Strength matches go to a ledger (``benchmarks/ledgers/gold-battle-strength.jsonl`` in a checkout, or
``GOLD_BATTLE_LEDGER``; ``off`` for none; quick runs use none unless it is set): each finished match is
appended at once with a fingerprint of everything that decides play (``pair_fingerprint``), a run plays only
the matches ``0 .. GOLD_BATTLE_MATCHES-1`` the ledger lacks for the current fingerprint, and the table counts
every entry of the current fingerprint. ``GOLD_BATTLE_UNTIL`` (``HH:MM`` UTC, or an ISO date-time) starts no
match after that time; ``GOLD_BATTLE_PARTS`` (default ``speed,search,strength``) picks the parts to run.
"""

from __future__ import annotations

import inspect
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from regalia.ai import ALGORITHMS, clock, levels, load_agent
from regalia.core.match import Match
from regalia.core.rng import Rng
from regalia.games import load_game

from ._ledger import Ledger, fingerprint, wilson
from ._ledger import now as ledger_now
from ._speed import openspiel_steps_per_second, regalia_steps_per_second

GAME = "gold-battle"
OPENSPIEL = "breakthrough(rows=11,columns=11)"
PAIRS = (("easy", "random"), ("medium", "easy"), ("hard", "medium"), ("hard", "uct"))
TARGETS = {("easy", "random"): 0.90, ("medium", "easy"): 0.70, ("hard", "medium"): 0.70, ("hard", "uct"): 0.75}
OPENING_PLIES = 2


def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    parts = {p.strip() for p in os.environ.get("GOLD_BATTLE_PARTS", "speed,search,strength").split(",")}
    rows: list[dict[str, Any]] = []
    if "speed" in parts:
        rows += speed_rows(seconds=2.0 if quick else 10.0)
    if "search" in parts:
        rows += search_rows(moves=3 if quick else 12)
    if "strength" not in parts:
        return "The Gold Battle: speed, search and strength", rows
    ledger = ledger_for(quick)
    until = parse_until(os.environ.get("GOLD_BATTLE_UNTIL"))
    matches = int(os.environ.get("GOLD_BATTLE_MATCHES", 8 if quick else 400))
    scale = float(os.environ.get("GOLD_BATTLE_SCALE", 0.05 if quick else 1.0))
    pairs = parse_pairs(os.environ.get("GOLD_BATTLE_PAIRS")) or PAIRS
    workers = int(os.environ.get("GOLD_BATTLE_WORKERS", os.cpu_count() or 1))
    rate = os.environ.get("GOLD_BATTLE_NODES_PER_SECOND")
    for a, b in pairs:
        rows.append(strength_row(a, b, matches, scale, workers, float(rate) if rate else None, ledger, until))
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

PACKAGE = Path(__file__).resolve().parents[1]
"""``src/regalia`` (the fingerprint hashes files under it)."""
LEDGER = PACKAGE.parents[1] / "benchmarks" / "ledgers" / "gold-battle-strength.jsonl"
"""The strength ledger committed with the repository (used when this module runs from a checkout)."""
GOAL = 400
"""Matches a pairing needs for the issue's table."""


def ledger_for(quick: bool) -> Ledger | None:
    """``GOLD_BATTLE_LEDGER`` (a path; ``off`` for none), else the repository's ledger for full runs."""
    text = os.environ.get("GOLD_BATTLE_LEDGER")
    if text is not None:
        return None if text.strip().lower() in ("", "off", "none") else Ledger(text)
    if quick or not LEDGER.parents[1].is_dir():
        return None
    return Ledger(LEDGER)


def play_files(a: str, b: str) -> list[Path]:
    """The source files that decide a match of ``a`` against ``b``: the rules, evaluation and levels (the
    game's package), the core protocol the match runs on, and the agents' algorithms."""
    files = sorted((PACKAGE / "games" / "gold_battle").glob("*.py"))
    files += [PACKAGE / "core" / name for name in ("__init__.py", "game.py", "match.py", "rng.py", "options.py",
                                                    "errors.py")]
    files += [PACKAGE / "ai" / name for name in ("__init__.py", "agent.py", "clock.py")]
    for level in (a, b):
        module = ALGORITHMS[levels(GAME)[level]["algorithm"]].partition(":")[0]
        files.append(PACKAGE.parent / (module.replace(".", "/") + ".py"))
    return files


def pair_fingerprint(a: str, b: str, scale: float, nodes_per_second: float | None = None,
                     cpu: bool | None = None) -> str:
    """What decides play in this pairing's matches: ``play_files``, this module's match runner and budgets,
    and the clock the agents budget on (``cpu``: that clock's fingerprint; None: the clock in use)."""
    if cpu is None:
        cpu = clock.is_cpu_clock()
    return fingerprint(play_files(a, b), inspect.getsource(play_one), inspect.getsource(budget),
                       f"opening plies {OPENING_PLIES}", f"clock {'cpu' if cpu else 'wall'}",
                       f"scale {scale!r}", f"nodes/s {nodes_per_second!r}", root=PACKAGE.parent)


def budget(level: str, scale: float, nodes_per_second: float | None = None) -> dict[str, Any]:
    """A level's budget scaled: seconds, or (alpha-beta with ``nodes_per_second``) the nodes they buy."""
    spec = levels(GAME)[level]
    if "seconds" not in spec:
        return {}
    if nodes_per_second and spec["algorithm"] == "alphabeta":
        return {"nodes": max(1, round(spec["seconds"] * scale * nodes_per_second))}
    return {"seconds": spec["seconds"] * scale}


def play_one(job: tuple[str, str, int, float] | tuple[str, str, int, float, float | None]) -> dict[str, Any]:
    """Match ``index`` of a pairing: ``a`` plays Red in even matches; each pair of matches opens alike.

    Returns ``score`` (``a``'s: 1 win, 0.5 draw, 0 loss), ``plies``, ``reason``, and each side's thinking
    (``cpu_a``/``cpu_b``: CPU seconds, ``moves_a``/``moves_b``: decisions).
    """
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
    cpu = [0.0, 0.0]
    decisions = [0, 0]
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        started = time.thread_time()
        action = agents[seat].choose(match)
        cpu[seat] += time.thread_time() - started
        decisions[seat] += 1
        match.play(action)
    winners = match.winners
    score = 0.5 if not winners else (1.0 if winners == [a_seat] else 0.0)
    return {"score": score, "plies": len(match.actions), "reason": (match.result() or {}).get("reason"),
            "cpu_a": round(cpu[a_seat], 3), "cpu_b": round(cpu[1 - a_seat], 3),
            "moves_a": decisions[a_seat], "moves_b": decisions[1 - a_seat]}


def entry(a: str, b: str, index: int, found: dict[str, Any], fingerprint: str, scale: float) -> dict[str, Any]:
    """A ledger line for match ``index`` of ``a`` against ``b``."""
    red, blue = (a, b) if index % 2 == 0 else (b, a)
    return {"fingerprint": fingerprint, "game": GAME, "pair": f"{a}:{b}", "seed": index, "red": red, "blue": blue,
            "result": {1.0: "a", 0.5: "draw", 0.0: "b"}[found["score"]], **found, "scale": scale,
            "clock": "cpu" if clock.is_cpu_clock() else "wall", "date": ledger_now()}


def parse_until(text: str | None) -> datetime | None:
    """``GOLD_BATTLE_UNTIL``: no match starts after this time (``HH:MM`` UTC today, or an ISO date-time)."""
    if not text:
        return None
    if len(text) <= 5 and ":" in text:
        hours, minutes = (int(part) for part in text.split(":"))
        return datetime.now(UTC).replace(hour=hours, minute=minutes, second=0, microsecond=0)
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def strength(a: str, b: str, matches: int, scale: float, workers: int, nodes_per_second: float | None = None,
             ledger: Ledger | None = None, until: datetime | None = None) -> dict[str, Any]:
    """Plays the matches ``0 .. matches-1`` of a pairing that the ledger lacks (each recorded as it ends),
    then counts every ledger entry of the current fingerprint (all matches played, without a ledger)."""
    pair_print = pair_fingerprint(a, b, scale, nodes_per_second)
    results: dict[int, dict[str, Any]] = {}
    if ledger is not None:
        results = {e["seed"]: e for e in ledger.current(pair_print, pair=f"{a}:{b}")}
    todo = [index for index in range(matches) if index not in results]
    todo.reverse()
    others = other_clock = 0
    if ledger is not None:  # the entries of older code or of the other clock: counted once, before play adds any
        cpu = clock.is_cpu_clock()
        elsewhere = pair_fingerprint(a, b, scale, nodes_per_second, not cpu)
        stale = [e for e in ledger.read() if e.get("pair") == f"{a}:{b}" and e.get("fingerprint") != pair_print]
        others = len(stale)
        other_clock = len({e.get("seed") for e in stale if e.get("fingerprint") == elsewhere})
        if other_clock and todo:
            print(f"{a} vs {b}: the ledger holds {other_clock} matches of this code at the "
                  f"{'wall' if cpu else 'CPU'} clock, which this run does not count; "
                  + ("unset REGALIA_AI_CLOCK" if cpu else "set REGALIA_AI_CLOCK=cpu")
                  + f" to count them. Playing the {len(todo)} matches missing at the {'CPU' if cpu else 'wall'} "
                  "clock.", file=sys.stderr, flush=True)
    played = 0
    started = time.perf_counter()

    def more() -> bool:
        return bool(todo) and (until is None or datetime.now(UTC) < until)

    def record(index: int, found: dict[str, Any]) -> None:
        nonlocal played
        line = entry(a, b, index, found, pair_print, scale)
        if ledger is not None:
            ledger.append(line)
        results[index] = line
        played += 1

    if workers > 1 and len(todo) > 1:
        with ProcessPoolExecutor(workers) as pool:
            running: dict[Future[dict[str, Any]], int] = {}
            while running or more():
                while len(running) < workers and more():
                    index = todo.pop()
                    running[pool.submit(play_one, (a, b, index, scale, nodes_per_second))] = index
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    record(running.pop(future), future.result())
    else:
        while more():
            index = todo.pop()
            record(index, play_one((a, b, index, scale, nodes_per_second)))
    counted = list(results.values())
    n = len(counted)
    wins = sum(1 for e in counted if e["score"] == 1.0)
    draws = sum(1 for e in counted if e["score"] == 0.5)
    score = sum(e["score"] for e in counted)
    moves_a = sum(e.get("moves_a", 0) for e in counted)
    moves_b = sum(e.get("moves_b", 0) for e in counted)
    return {"a": a, "b": b, "matches": n, "wins": wins, "draws": draws, "losses": n - wins - draws,
            "score": score / max(n, 1), "interval": wilson(score, n), "played": played,
            "plies": sum(e["plies"] for e in counted) / max(n, 1),
            "cpu_move_a": sum(e.get("cpu_a", 0.0) for e in counted) / max(moves_a, 1),
            "cpu_move_b": sum(e.get("cpu_b", 0.0) for e in counted) / max(moves_b, 1),
            "seconds": time.perf_counter() - started, "fingerprint": pair_print, "other_fingerprints": others,
            "other_clock": other_clock}


def strength_row(a: str, b: str, matches: int, scale: float, workers: int, nodes_per_second: float | None = None,
                 ledger: Ledger | None = None, until: datetime | None = None) -> dict[str, Any]:
    found = strength(a, b, matches, scale, workers, nodes_per_second, ledger, until)
    target = TARGETS.get((a, b))
    if target is None or not found["matches"]:
        verdict = ""
    else:
        verdict = " — target met" if found["score"] >= target else " — target NOT met"
    low, high = found["interval"]
    n = found["matches"]
    notes = (f"n={n} ({'>=' if n >= GOAL else '<'} {GOAL}) W{found['wins']}-D{found['draws']}-L{found['losses']}, "
             f"95% [{low:.3f}, {high:.3f}], budgets x{scale:g}"
             + (f" at {nodes_per_second:g} nodes/s" if nodes_per_second else "")
             + f", {found['plies']:.0f} plies avg, CPU s/move {a} {found['cpu_move_a']:.3f} {b} "
             f"{found['cpu_move_b']:.3f}" + (f", target {target:.0%}{verdict}" if target else ""))
    if ledger is not None:
        notes += (f"; ledger {found['fingerprint']}: {found['played']} new in {found['seconds']:.0f} s"
                  + (f", {found['other_fingerprints']} of other fingerprints not counted"
                     if found["other_fingerprints"] else "")
                  + (f" ({found['other_clock']} of them are this code's matches at the "
                     + ("wall clock: unset REGALIA_AI_CLOCK" if clock.is_cpu_clock() else
                        "CPU clock: set REGALIA_AI_CLOCK=cpu") + " to count them)"
                     if found["other_clock"] else ""))
    else:
        notes += f"; {found['seconds']:.0f} s"
    return {"measure": f"{a} vs {b}", "value": found["score"], "unit": "score", "notes": notes}
