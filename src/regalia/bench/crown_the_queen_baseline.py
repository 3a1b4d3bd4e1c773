"""Crown the Queen, the verdict's baseline: medium itself in the hero's seat of every rubber of the ledger.

A finite set of rubbers does not deal the hero's seat exactly a fair share. Medium against two mediums
takes exactly 1/3 in expectation (every seat plays alike, and the hero's seat rotates), so its share ``m_i``
in the hero's seat of rubber ``i`` (same match seed ``strength:i``, same seat ``i mod 3``, same agent seeds
``i:seat`` as ``crown_the_queen_verdict.play_rubber``) measures the luck of that seat in that rubber. Over
it, paired rubber by rubber with the verdict ledger:

* ``hard - medium`` and ``ceiling - medium``: what each gains over medium on the same deals;
* their ratio (Fieller's 95% interval): the fraction of the ceiling's gain hard has;
* ``D`` with medium as a control variate: the mean of ``h_i - 0.7 c_i - 0.3 m_i``, whose expectation is
  the verdict's ``D`` (``E[m] = 1/3``) and whose spread is a little smaller.

On 2026-12-02 medium took 31.8% of rubbers 2000-4017: those deals were worse than a fair share for the
hero's seat, which the verdict's ``D`` (measured from 1/3) reads against hard and the ceiling alike; and
34.3% of rubbers 4018-6464 (33.2% of all 4,465), better than a fair share; 33.1% of all 8,465 (2000-10464);
33.7% of all 14,964 (2000-16963, 2026-12-03); 33.5% of all 17,985 (2000-19984, 2026-12-03).

Medium is cheap (about 0.3 CPU s a rubber), so the baseline is played afresh whenever asked; it depends
on nothing but the game's code and medium's trees. ``python -m regalia.bench.crown_the_queen_baseline
--workers 2`` plays it over the paired rubbers of the verdict ledger and prints the table.
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool
from typing import Any

from regalia.ai import clock
from regalia.games import load_game

from ._ledger import Ledger, mean_and_se, ratio_interval
from .crown_the_queen import GAME, make_agent
from .crown_the_queen_verdict import FIELD, LEDGER, PLAYERS, SHARE_OF_EDGE, current_fingerprint


def medium_share(index: int) -> float:
    """Medium's share of rubber ``index`` from the hero's seat of the verdict's rubber ``index``."""
    game = load_game(GAME, players=PLAYERS)
    seat = index % PLAYERS
    agents = [make_agent(FIELD, f"{index}:{s}") for s in range(PLAYERS)]
    match = game.new_match(seed=f"strength:{index}")
    while not match.is_over:
        mover = match.to_move
        assert mover is not None
        match.play(agents[mover].choose(match))
    return 1 / len(match.winners) if seat in match.winners else 0.0


def paired(entries: list[dict[str, Any]], medium: dict[int, float]) -> dict[str, Any]:
    """Hard, the ceiling and medium on the rubbers all three played: gains over medium and ``D``."""
    shares: dict[str, dict[int, float]] = {"hard": {}, "ceiling": {}}
    for entry in entries:
        shares.get(entry.get("hero", ""), {}).setdefault(entry["seed"], entry["share"])
    both = sorted(set(shares["hard"]) & set(shares["ceiling"]) & set(medium))
    h = [shares["hard"][i] for i in both]
    c = [shares["ceiling"][i] for i in both]
    m = [medium[i] for i in both]
    if len(both) < 2:
        return {"rubbers": len(both)}
    hard_gain, hard_se = mean_and_se([x - y for x, y in zip(h, m, strict=True)])
    ceiling_gain, ceiling_se = mean_and_se([x - y for x, y in zip(c, m, strict=True)])
    d, d_se = mean_and_se([x - SHARE_OF_EDGE * y - (1 - SHARE_OF_EDGE) * z for x, y, z in zip(h, c, m, strict=True)])
    fraction = ratio_interval([x - z for x, z in zip(h, m, strict=True)], [y - z for y, z in zip(c, m, strict=True)])
    return {"rubbers": len(both), "medium share": sum(m) / len(m), "hard share": sum(h) / len(h),
            "ceiling share": sum(c) / len(c), "hard - medium": hard_gain, "SE h": hard_se,
            "ceiling - medium": ceiling_gain, "SE c": ceiling_se,
            "of the ceiling's gain": hard_gain / ceiling_gain if ceiling_gain > 0 else None,
            "95% of the gain": f"{fraction[0]:.2f} to {fraction[1]:.2f}" if fraction else "unbounded",
            "D (control variate)": d, "D SE": d_se}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    clock.use_cpu_clock()  # the ledger is played on the CPU clock, and its fingerprint names the clock
    fingerprint = current_fingerprint()
    entries = [e for e in Ledger(LEDGER).read() if e.get("fingerprint") == fingerprint]
    rubbers = sorted({e["seed"] for e in entries})
    with Pool(args.workers) as pool:
        medium = dict(zip(rubbers, pool.map(medium_share, rubbers, chunksize=8), strict=True))
    from rich.console import Console

    from . import print_table
    print_table(Console(), f"Crown the Queen: hard and the ceiling over medium in the hero's seat of the same "
                f"rubbers (verdict ledger, fingerprint {fingerprint})", [paired(entries, medium)])


if __name__ == "__main__":
    main()
