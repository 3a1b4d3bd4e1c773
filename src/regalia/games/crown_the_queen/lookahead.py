"""What search scores a rollout by in Crown the Queen — the rubber standing a deal leaves — and what was
learned about looking ahead in this game.

The hard level (game.py) is the generic paired, flat ISMCTS of ``regalia.ai.ismcts``: worlds from the
seat's belief (belief.py), every action played out on each, every seat by the ``race`` heuristic to the
end of the deal in progress, which ``game.rollout_cut`` scores by ``standing``. Its history, in brief:

* A first lookahead (a game-internal "sampled" policy, removed once hard did the same through the core
  protocol) redealt the hidden cards uniformly and lost to the medium heuristic it started from (31.5% vs
  40.1% of 300 rubbers against two easies, 16 worlds, 1-SE margin); on the TRUE hands it won (45.3%): what
  it lacked was a model of what the others hold, not search.
* Worlds from the belief get ~3.1 of the others' 6 cards right where a uniform redeal gets ~1.7; with 16
  worlds and a 1-SE margin that was still no better than medium; with 64 worlds and a 2-SE margin (noise
  otherwise overturns the heuristic at random) it is hard's 37.4% of 2,000 rubbers against two mediums,
  where a tree search of 150 iterations took 34.7%; with a sequential budget (more worlds, up to 512, while
  the decision is open) and a 1-SE margin, 38.5% of the same rubbers.
* Since 2026-12-02 the rollouts run in one loop over small numbers (playout.py; the same values and draws
  as through the core protocol, ~4 times faster), so hard's 0.4 s cap no longer decides where a search
  stops on this machine, and its rubbers replay exactly.
"""

from __future__ import annotations

import math

from .state import OVER, QueenState

SPREAD_PER_GAME = 25.0
"""Softmax temperature per square root of the games left: rubber totals -> chances of winning it."""


def standing(state: QueenState, seat: int) -> float:
    """``seat``'s chance of winning the rubber from the totals of the games finished so far.

    Once the rubber is over this is the real result (CQ-7's tie-breaks; a shared win counts 1/k).
    """
    return standings(state.results, state.games, state.step == OVER, len(state.hands))[seat]


def standings(results: tuple[tuple[int, ...], ...], games: int, over: bool, n: int) -> list[float]:
    """Every one of ``n`` seats' ``standing`` from the points of the finished games (``over``: the rubber
    is): one computation for all seats, the same floats as seat by seat."""
    if over:
        keys = [(sum(r[s] for r in results), sum(1 for r in results if r[s] == 100),
                 max((r[s] for r in results), default=0)) for s in range(n)]
        best = max(keys)
        share = 1.0 / keys.count(best)
        return [share if key == best else 0.0 for key in keys]
    totals = [sum(r[s] for r in results) for s in range(n)]
    temperature = SPREAD_PER_GAME * math.sqrt(games - len(results))
    top = max(totals)
    weights = [math.exp((t - top) / temperature) for t in totals]
    total = sum(weights)
    return [w / total for w in weights]
