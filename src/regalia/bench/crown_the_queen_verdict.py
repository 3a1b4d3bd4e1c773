"""Crown the Queen, hard against its ceiling: a resumable ledger of rubbers and the issue's fallback verdict.

The issue asks hard for 45% of the rubbers against two mediums, or — where the deal's luck caps every
player below that — for 70% of the ceiling's edge over a fair share: ``H - 1/3 >= 0.7 (C - 1/3)``. Both
shares swing by two points in 2,000 rubbers, and hard is close to the line, so the verdict needs more
rubbers than one session on two cores can play (about 5 CPU s a rubber for hard, 6.5 for the ceiling).

So every rubber played here is appended at once to ``benchmarks/ledgers/crown-the-queen-verdict.jsonl``
(committed; ``_ledger.Ledger``), and a later session plays only the rubbers the ledger lacks. Rubber ``i``
(match seed ``strength:i``, hero in seat ``i mod 3``, agent seeds ``i:seat``: the rubbers of
``crown_the_queen.strength``) is played twice: by ``hard`` and by the ceiling — the pack-blind oracle
(crown_the_queen_ceiling.py), which sees every hand and the pack's cards, with hard's own budget of worlds
and margins, hard's prior and hard's rollouts (the field played by the race in them; read from the level,
so the two never drift apart). Until 2026-12-02 the field, medium, was the race itself, so both modelled it
exactly; medium's trees are now modelled by the race in both. The verdict
is then paired, rubber by rubber:

    D = mean over rubbers of (h_i - 0.7 c_i) - 0.3 / 3

where ``h_i``, ``c_i`` are the shares of rubber ``i``; the fallback holds when D >= 0. Its standard error
comes from the spread of the per-rubber terms, so the luck the two players share cancels in part.

The ledger is looked at after every block, so the table gives two verdicts: ``fallback``, from the fixed
95% interval of D (valid for one look at a number of rubbers chosen beforehand), and ``fallback
(anytime)``, from a 95% confidence sequence (``_ledger.anytime_margin``, tightest at ``PLANNED`` rubbers),
which stays valid however often the ledger is looked at and whenever it is stopped. Only the second may
be read as the verdict of a ledger that is run until it decides.

Entries carry a fingerprint of what decides play: the code (not the docstrings or comments: ``ast`` of
the game's package, the core protocol, the agents, the ceiling and ``play_rubber``), the ceiling's budget
and the clock mode. Entries of another
fingerprint stay in the file and are not counted. Always run with ``REGALIA_AI_CLOCK=cpu``::

    REGALIA_AI_CLOCK=cpu nohup nice .venv/bin/python -m regalia.bench.crown_the_queen_verdict \\
        --first 2000 --rubbers 1000 --workers 2 --until 16:00 > /tmp/verdict.log 2>&1 &
    REGALIA_AI_CLOCK=cpu .venv/bin/python -m regalia.bench.crown_the_queen_verdict --rubbers 0   # the table

then commit the ledger. ``regalia bench crown-the-queen-verdict`` prints the table from the ledger alone.
"""

from __future__ import annotations

import argparse
import ast
import math
import time
from datetime import UTC, datetime, timedelta
from multiprocessing import Pool
from multiprocessing.pool import AsyncResult
from pathlib import Path
from typing import Any

from regalia.ai import clock
from regalia.games import load_game

from ._ledger import (
    Z95,
    Ledger,
    anytime_margin,
    code,
    code_fingerprint,
    mean_and_se,
    now,
    ratio_interval,
    wilson,
)
from .crown_the_queen import GAME, make_agent

PACKAGE = Path(__file__).resolve().parents[1]
LEDGER = PACKAGE.parents[1] / "benchmarks" / "ledgers" / "crown-the-queen-verdict.jsonl"
FIELD = "medium"
PLAYERS = 3
HEROES = ("hard", "ceiling")
FEWEST = 100
"""Paired rubbers below which the table gives no verdict (the standard error itself is then unreliable)."""
SHARE_OF_EDGE = 0.7
"""The issue's fallback: hard's edge over a fair share must be at least this fraction of the ceiling's."""
RESOLUTION = 0.005
"""Half a point of share: the table says how many paired rubbers make the fixed 95% interval of D this
narrow at the spread seen so far (what a D of this size needs before either verdict can be read)."""
PLANNED = 30_000
"""Paired rubbers the ledger is planned to: about what a D of half a point needs to stand out of a fixed
95% interval (the deviation of a rubber's term is ~0.45). The anytime interval is tightest there."""


def ceiling_params() -> dict[str, Any]:
    """The pack-blind oracle with hard's budget: its worlds, sequential budget, margins and prior."""
    hard = load_game(GAME).agent_levels()["hard"]
    return {"samples": hard["samples"], "margin": hard["prior_margin"], "more_samples": hard["more_samples"],
            "open_margin": hard["open_margin"], "prior": hard["prior_policy"]}


def play_files() -> list[Path]:
    """The source files that decide a rubber: the game, the core protocol, the agents, the ceiling."""
    files = sorted((PACKAGE / "games" / "crown_the_queen").glob("*.py"))
    files += [PACKAGE / "core" / name for name in ("game.py", "match.py", "rng.py", "options.py", "stats.py")]
    files += [PACKAGE / "ai" / name for name in ("__init__.py", "agent.py", "arena.py", "clock.py", "ismcts.py",
                                                 "policy.py")]
    files += [PACKAGE / "bench" / name for name in ("crown_the_queen.py", "crown_the_queen_ceiling.py")]
    return files


def current_fingerprint() -> str:
    """``play_files``, this module's rubber runner, the ceiling's budget and the clock the agents budget on."""
    return code_fingerprint(play_files(), _runner_code(), repr(ceiling_params()),
                            f"clock {'cpu' if clock.is_cpu_clock() else 'wall'}", f"field {FIELD}",
                            f"players {PLAYERS}", root=PACKAGE.parent)


def _runner_code() -> str:
    """``code`` of ``play_rubber`` as this file now reads (not ``inspect.getsource``, which a long run that
    outlives an edit of this file would read at the old line numbers)."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    runner = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "play_rubber")
    return code(ast.unparse(runner))


def play_rubber(job: tuple[str, int]) -> dict[str, Any]:
    """Rubber ``index`` with ``hero`` in seat ``index mod 3`` against two of the field: its share and cost."""
    hero, index = job
    game = load_game(GAME, players=PLAYERS)
    seat = index % PLAYERS
    agents = [make_agent("oracle", f"{index}:{s}", FIELD, **ceiling_params()) if s == seat and hero == "ceiling"
              else make_agent("hard" if s == seat else FIELD, f"{index}:{s}") for s in range(PLAYERS)]
    searcher = getattr(agents[seat], "inner", agents[seat])  # a level's agent searches through its inner one
    decisions = clocked = 0
    slowest = 0.0
    started = time.process_time()
    match = game.new_match(seed=f"strength:{index}")  # arena.play_match, timing the hero's decisions
    while not match.is_over:
        mover = match.to_move
        assert mover is not None
        thinking = time.thread_time()
        action = agents[mover].choose(match)
        if mover == seat and len(match.legal_actions()) > 1:
            decisions += 1
            slowest = max(slowest, time.thread_time() - thinking)
            clocked += bool(getattr(searcher, "last_clocked", False))
        match.play(action)
    share = 1 / len(match.winners) if seat in match.winners else 0.0
    return {"hero": hero, "seed": index, "seat": seat, "share": share,
            "cpu": round(time.process_time() - started, 2), "decisions": decisions, "clocked": clocked,
            "slowest": round(slowest, 4)}


def missing(ledger: Ledger, fingerprint: str, first: int, rubbers: int) -> list[tuple[str, int]]:
    """The (hero, rubber) pairs of ``first .. first + rubbers - 1`` the ledger lacks, rubber by rubber."""
    have = {(e["hero"], e["seed"]) for e in ledger.read() if e.get("fingerprint") == fingerprint}
    return [(hero, i) for i in range(first, first + rubbers) for hero in HEROES if (hero, i) not in have]


def play(ledger: Ledger, first: int, rubbers: int, workers: int = 1, until: str | None = None) -> int:
    """Play the missing rubbers, appending each as it finishes; none starts after ``until`` (HH:MM UTC)."""
    fingerprint = current_fingerprint()
    jobs = missing(ledger, fingerprint, first, rubbers)
    stop = _deadline(until)
    played = 0
    with Pool(workers) as pool:
        pending = iter(jobs)
        running: list[AsyncResult[dict[str, Any]]] = []
        while True:
            while len(running) < workers and (stop is None or datetime.now(UTC) < stop):
                job = next(pending, None)
                if job is None:
                    break
                running.append(pool.apply_async(play_rubber, (job,)))
            if not running:
                break
            done = [r for r in running if r.ready()]
            if not done:
                time.sleep(0.2)
                continue
            for result in done:
                running.remove(result)
                ledger.append({**result.get(), "field": FIELD, "fingerprint": fingerprint, "date": now()})
                played += 1
                if played % 20 == 0:
                    print(f"  {played} of {len(jobs)} played", flush=True)
    return played


def _deadline(until: str | None, now: datetime | None = None) -> datetime | None:
    if not until:
        return None
    hour, minute = (int(x) for x in until.split(":"))
    now = now or datetime.now(UTC)
    deadline = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    # A clock time already past today is the next one, as `at` reads it: "--until 00:30" at 22:00 plays on.
    return deadline if deadline > now else deadline + timedelta(days=1)


def verdict(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A row per player (rubbers, share, 95% Wilson interval, CPU) and one for the paired fallback: on the
    rubbers both played, the fraction of the ceiling's edge hard has (with Fieller's 95% interval: the
    fractions the paired data do not rule out) and ``D`` with its standard error."""
    by_hero: dict[str, dict[int, float]] = {hero: {} for hero in HEROES}
    cpu = dict.fromkeys(HEROES, 0.0)
    decided = {hero: [0, 0, 0.0] for hero in HEROES}  # decisions, stopped by the clock, the slowest (CPU s)
    for entry in entries:
        shares = by_hero.get(entry.get("hero", ""))
        if shares is not None and entry["seed"] not in shares:
            shares[entry["seed"]] = entry["share"]
            cpu[entry["hero"]] += entry.get("cpu", 0.0)
            tally = decided[entry["hero"]]
            tally[0] += entry.get("decisions", 0)
            tally[1] += entry.get("clocked", 0)
            tally[2] = max(tally[2], entry.get("slowest", 0.0))
    rows: list[dict[str, Any]] = []
    for hero, shares in by_hero.items():
        n, won = len(shares), sum(shares.values())
        low, high = wilson(won, n)
        decisions, clocked, slowest = decided[hero]
        rows.append({"player": hero, "rubbers": n, "share": won / n if n else None,
                     "95% Wilson": f"{low:.3f}-{high:.3f}", "CPU s a rubber": cpu[hero] / n if n else None,
                     "decisions": decisions, "stopped by the clock": clocked, "slowest (CPU s)": slowest})
    both = sorted(set(by_hero["hard"]) & set(by_hero["ceiling"]))
    row: dict[str, Any] = {"player": "paired", "rubbers": len(both)}
    if len(both) > 1:
        fair = 1 / PLAYERS
        hard = sum(by_hero["hard"][i] for i in both) / len(both)
        ceiling = sum(by_hero["ceiling"][i] for i in both) / len(both)
        terms = [by_hero["hard"][i] - SHARE_OF_EDGE * by_hero["ceiling"][i] for i in both]
        mean, se = mean_and_se(terms)
        margin = mean - (1 - SHARE_OF_EDGE) * fair
        edge = ratio_interval([by_hero["hard"][i] - fair for i in both], [by_hero["ceiling"][i] - fair for i in both])
        spread = se * math.sqrt(len(both))  # of one rubber's term
        anytime = anytime_margin(len(both), spread, PLANNED)
        row |= {"share": hard, "ceiling share": ceiling,
                "of the ceiling's edge": (hard - fair) / (ceiling - fair) if ceiling > fair else None,
                "95% of the edge": f"{edge[0]:.2f} to {edge[1]:.2f}" if edge else "unbounded",
                "D": margin, "D SE": se, "fallback": _verdict(margin, Z95 * se, len(both)),
                "D anytime 95%": f"{margin - anytime:+.4f} to {margin + anytime:+.4f}",
                "fallback (anytime)": _verdict(margin, anytime, len(both)),
                f"rubbers for D ± {RESOLUTION:g}": math.ceil((Z95 * spread / RESOLUTION) ** 2)}
    rows.append(row)
    return rows


def _verdict(margin: float, half_width: float, rubbers: int) -> str:
    """``met`` or ``not met`` when the 95% interval of D (``margin`` ± ``half_width``) lies on one side of
    0; ``not shown`` otherwise."""
    if rubbers < FEWEST:
        return f"too few rubbers (< {FEWEST})"
    if margin - half_width >= 0:
        return "met"
    return "not met" if margin + half_width < 0 else "not shown"


def table(ledger: Ledger | None = None) -> tuple[str, list[dict[str, Any]]]:
    """The ledger's entries of the current fingerprint, as ``verdict`` rows, with a title that names it."""
    ledger = ledger or Ledger(LEDGER)
    fingerprint = current_fingerprint()
    entries = [e for e in ledger.read() if e.get("fingerprint") == fingerprint]
    return (f"Crown the Queen: hard and its ceiling against {PLAYERS - 1} × {FIELD}, from the ledger "
            f"(fingerprint {fingerprint}); paired: the fallback holds when D = h - 0.7 c - 0.1 >= 0", verdict(entries))


def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    """The table from the committed ledger alone (plays nothing)."""
    return table()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=2000, help="the first rubber (match seed strength:i)")
    parser.add_argument("--rubbers", type=int, default=0, help="rubbers to fill from --first (0: the table only)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--until", default=None, help="start no rubber after HH:MM UTC")
    parser.add_argument("--ledger", type=Path, default=LEDGER)
    args = parser.parse_args()
    ledger = Ledger(args.ledger)
    if args.rubbers:
        print(f"played {play(ledger, args.first, args.rubbers, args.workers, args.until)} rubbers", flush=True)
    from rich.console import Console

    from . import print_table
    print_table(Console(), *table(ledger))


if __name__ == "__main__":
    main()
