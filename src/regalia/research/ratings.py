"""Elo ratings with confidence intervals, fitted to a whole tournament at once (Bradley–Terry).

Sequential Elo updates depend on the order of the matches; a tournament is a batch, so we fit the model
behind Elo directly: agent ``a`` scores against ``b`` with probability

    P(a beats b) = 1 / (1 + 10^((R_b - R_a) / 400))

and the ratings ``R`` maximise the likelihood of every pairwise score (a draw counts half a win). A
weak Gaussian prior (sd 600 Elo) keeps the fit finite when an agent wins every game. The intervals are
Wald intervals, ``R ± 1.96·se``, from the inverse of the observed information (the Hessian at the
optimum). Ratings are relative: the ``anchor`` agent (``random`` when present) is fixed at 0, and each
interval is that of the difference to the anchor; without an anchor, the mean rating is 0.

A match with more than two seats counts as every pair of its seats: a winner beats a non-winner, and
two winners (or two non-winners) draw.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

ELO = 400 / math.log(10)
PRIOR_SD = 600 / ELO
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rating:
    agent: str
    elo: float
    low: float
    high: float
    games: int
    score: float
    """The agent's mean pairwise score (a win 1, a draw 1/2)."""


class PairwiseScores:
    """Pairwise scores between agents, accumulated match by match."""

    def __init__(self, agents: Sequence[str]) -> None:
        self.agents = list(agents)
        self.position = {a: i for i, a in enumerate(self.agents)}
        k = len(self.agents)
        self.wins = np.zeros((k, k))
        self.games = np.zeros((k, k))
        self.matches = np.zeros(k, dtype=int)

    def add_match(self, seats: Sequence[str], winners: Iterable[int]) -> None:
        won = set(winners)
        for agent in set(seats):
            self.matches[self.position[agent]] += 1
        for i, a in enumerate(seats):
            for j, b in enumerate(seats):
                if i < j and a != b:
                    score = 0.5 if (i in won) == (j in won) else float(i in won)
                    self._add(a, b, score)

    def _add(self, a: str, b: str, score: float) -> None:
        pa, pb = self.position[a], self.position[b]
        self.wins[pa, pb] += score
        self.wins[pb, pa] += 1 - score
        self.games[pa, pb] += 1
        self.games[pb, pa] += 1

    def share(self, a: str, b: str) -> float | None:
        """``a``'s mean score against ``b`` (None if they never met)."""
        pa, pb = self.position[a], self.position[b]
        return float(self.wins[pa, pb] / self.games[pa, pb]) if self.games[pa, pb] else None


def fit(scores: PairwiseScores, anchor: str | None = "random") -> list[Rating]:
    """Bradley–Terry Elo ratings with 95% intervals, best first (see the module docstring)."""
    k = len(scores.agents)
    r = np.zeros(k)
    for _ in range(100):
        gradient, hessian = _derivatives(scores, r)
        step = np.linalg.solve(hessian, gradient)
        r -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    _, hessian = _derivatives(scores, r)
    covariance = np.linalg.inv(-hessian)
    if anchor in scores.position:
        contrast = np.eye(k) - np.eye(k)[scores.position[anchor]]  # R_a - R_anchor
    else:
        contrast = np.eye(k) - np.full((k, k), 1 / k)  # R_a - mean
    centred = contrast @ r
    se = np.sqrt(np.maximum(np.einsum("ij,jk,ik->i", contrast, covariance, contrast), 0.0))
    ratings = []
    for i, agent in enumerate(scores.agents):
        games = scores.games[i].sum()
        ratings.append(Rating(agent, ELO * centred[i], ELO * (centred[i] - Z95 * se[i]),
                              ELO * (centred[i] + Z95 * se[i]), int(scores.matches[i]),
                              float(scores.wins[i].sum() / games) if games else 0.0))
    return sorted(ratings, key=lambda rating: -rating.elo)


def _derivatives(scores: PairwiseScores, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Gradient and Hessian of the log-posterior at ``r`` (natural-log units)."""
    p = 1 / (1 + np.exp(r[None, :] - r[:, None]))  # p[a, b] = P(a beats b)
    gradient = (scores.wins - scores.games * p).sum(axis=1) - r / PRIOR_SD**2
    weight = scores.games * p * (1 - p)
    hessian = weight - np.diag(weight.sum(axis=1) + 1 / PRIOR_SD**2)
    return gradient, hessian
