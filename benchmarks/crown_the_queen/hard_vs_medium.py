"""Crown the Queen's ladder, hard against two mediums: the row from its ledger, and a replay check.

``benchmarks/ledgers/crown-the-queen-hard-vs-medium.jsonl`` holds 17,985 rubbers (2000-19984) of hard against
two mediums, one JSON line each: the rubber (``seed``), hard's seat (``seed mod 3``), its share, its CPU
seconds and decisions, and how many decisions its 0.4 s clock cut short (``clocked``). They are exactly the
rubbers of ``python -m regalia.bench.crown_the_queen strength --hero hard --field medium --seed 2000`` (played
2026-12-01/03 on the CPU clock, about 1.5 CPU s a rubber). From the repository root::

    python -m benchmarks.crown_the_queen.hard_vs_medium                        # the row, from the ledger
    REGALIA_AI_CLOCK=cpu python -m benchmarks.crown_the_queen.hard_vs_medium --replay 30   # replay 30 of them

A replayed rubber gives the ledger's share wherever hard's clock cut nothing short (all but 682 decisions
of 974,618, all in rubbers 2000-6464, played on slower machines).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from regalia.bench._ledger import wilson
from regalia.core.rng import Rng

LEDGER = Path(__file__).resolve().parents[1] / "ledgers" / "crown-the-queen-hard-vs-medium.jsonl"
PLAYERS = 3


def entries(path: Path = LEDGER) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def row(found: list[dict[str, Any]]) -> dict[str, Any]:
    """Hard's share, its 95% Wilson interval and each medium's share, over the ledger's rubbers."""
    n = len(found)
    won = sum(e["share"] for e in found)
    low, high = wilson(won, n)
    share = won / n
    return {"rubbers": n, "first": min(e["seed"] for e in found), "last": max(e["seed"] for e in found),
            "hard": share, "95% low": low, "95% high": high, "each medium": (1 - share) / (PLAYERS - 1),
            "seats": sorted({e["seat"] for e in found}), "clocked decisions": sum(e["clocked"] for e in found)}


def replay(found: list[dict[str, Any]], count: int) -> tuple[int, int]:
    """Replays ``count`` rubbers drawn from those the clock cut nothing short in; (same share, replayed)."""
    from regalia.bench.crown_the_queen import rubber_share

    clean = [e for e in found if not e["clocked"]]
    rng = Rng("replay")
    same = 0
    for _ in range(count):
        entry = rng.choice(clean)
        share = rubber_share("hard", "medium", entry["seed"], PLAYERS)
        same += share == entry["share"]
        print(f"  rubber {entry['seed']}: ledger {entry['share']}, now {share}", flush=True)
    return same, count


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--replay", type=int, default=0, help="rubbers to play again (needs REGALIA_AI_CLOCK=cpu)")
    args = parser.parse_args()
    found = entries()
    print(row(found), flush=True)
    if args.replay:
        from regalia.ai import clock

        if not clock.is_cpu_clock():
            raise SystemExit("replay on the CPU clock: REGALIA_AI_CLOCK=cpu")
        same, count = replay(found, args.replay)
        print(f"{same} of {count} rubbers replayed with the ledger's share")


if __name__ == "__main__":
    main()
