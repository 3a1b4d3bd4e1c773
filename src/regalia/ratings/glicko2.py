"""Glicko-2, exactly as Mark Glickman's "Example of the Glicko-2 system" (2013) describes it.

The paper's steps map onto this module one to one:

    step 1  defaults and the system constant tau               GlickoSystem (PAPER, LICHESS)
    step 2  to the Glicko-2 scale: mu = (r - 1500) / 173.7178   Rating.mu, Rating.phi
    step 3  v, the estimated variance from game outcomes        _variance
    step 4  delta, the estimated improvement                    _improvement
    step 5  the new volatility sigma' (Illinois algorithm)      _new_volatility
    step 6  phi* = sqrt(phi^2 + sigma'^2)  (pre-period RD)      _inflate
    step 7  phi' and mu'                                        glicko2_update
    step 8  back to the Glicko scale                            Rating.from_glicko2

``glicko2_update`` is the paper's calculation and nothing else; ``GlickoSystem.rate`` wraps it with the
bounds an online service needs. ``PAPER`` reproduces the paper's worked example (tau = 0.5).

Rating periods (how Regalia uses them, the way lichess does for online play)
---------------------------------------------------------------------------
Glicko-2 rates a *period*: all of a player's games in it at once, against the opponents' ratings as they
stood when it began. Lichess makes **each game its own rating period** so a rating moves right after
every game, and makes up for the idle time between games by growing the RD with the calendar: a player
away for ``d`` days counts ``d * 0.21436`` elapsed periods (a typical RD goes from 60 to 110 in a year;
lila's ``Glicko.ratingPeriodsPerDay``). We do the same: each match is one period (a multiplayer match is
one period holding one pairwise game per opponent, see ``multiplayer.py``), ``GlickoSystem.live`` grows a
stored RD for the idle days before the match is rated, and every match counts one period in step 6.
RD is then kept within [45, 500], volatility below 0.1 and the rating above 400 (lila's ``Glicko.cap``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

SCALE = 173.7178
"""Glicko points per Glicko-2 unit (400 / ln 10), step 2 of the paper."""
CENTRE = 1500.0
"""The rating that maps to mu = 0."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko rating on the familiar scale: ``rating`` ± ``rd`` with ``volatility`` sigma."""

    rating: float
    rd: float
    volatility: float

    @property
    def mu(self) -> float:
        return (self.rating - CENTRE) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE

    @classmethod
    def from_glicko2(cls, mu: float, phi: float, sigma: float) -> Rating:
        """Step 8: back from the Glicko-2 scale."""
        return cls(mu * SCALE + CENTRE, phi * SCALE, sigma)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval a player's strength lies in: rating ± 2 RD."""
        return (self.rating - 2 * self.rd, self.rating + 2 * self.rd)

    def __str__(self) -> str:
        return f"{self.rating:.0f}±{self.rd:.0f}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """One game of a rating period, from the rated player's side: 1 win, 0.5 draw, 0 loss."""

    opponent: Rating
    score: float

    def __post_init__(self) -> None:
        if self.score not in (0.0, 0.5, 1.0):
            raise ValueError(f"a game's score is 1 (win), 0.5 (draw) or 0 (loss), not {self.score!r}")


def _g(phi: float) -> float:
    """Step 3: how much an opponent's uncertainty damps what a result says."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3: the expected score against opponent j."""
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (0..1)."""
    return _expected(player.mu, opponent.mu, opponent.phi)


def _variance(mu: float, outcomes: Sequence[Outcome]) -> float:
    """Step 3: v, the estimated variance of the rating from the game outcomes alone."""
    total = 0.0
    for o in outcomes:
        g = _g(o.opponent.phi)
        e = _expected(mu, o.opponent.mu, o.opponent.phi)
        total += g * g * e * (1.0 - e)
    return 1.0 / total


def _improvement_sum(mu: float, outcomes: Sequence[Outcome]) -> float:
    """Sum over the period's games of g(phi_j) (s_j - E), shared by steps 4 and 7."""
    return sum(_g(o.opponent.phi) * (o.score - _expected(mu, o.opponent.mu, o.opponent.phi)) for o in outcomes)


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float, tolerance: float) -> float:
    """Step 5: sigma' by the Illinois algorithm, as the paper's steps 5.1-5.5 lay it out."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(1000):  # converges in a handful of steps; the cap only guards against NaN input
        if abs(big_b - big_a) <= tolerance:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    else:
        raise ArithmeticError("Glicko-2 volatility iteration did not converge")
    return math.exp(big_a / 2.0)


def _inflate(phi: float, sigma: float, periods: float) -> float:
    """Step 6 (and the no-game case): the RD grows by sigma for each elapsed period."""
    return math.sqrt(phi * phi + periods * sigma * sigma)


def glicko2_update(
    player: Rating,
    outcomes: Sequence[Outcome],
    *,
    tau: float,
    periods: float = 1.0,
    tolerance: float = 1e-6,
) -> Rating:
    """The paper's steps 2-8 for one player over one rating period (no bounds applied).

    A period with no games only grows the RD (the paper's note after step 6). ``periods`` is the number
    of rating periods step 6 counts (1 in the paper; lichess's ``skipDeviationIncrease`` would be 0).
    """
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not outcomes:
        return Rating.from_glicko2(mu, _inflate(phi, sigma, periods), sigma)
    v = _variance(mu, outcomes)
    summed = _improvement_sum(mu, outcomes)
    delta = v * summed
    new_sigma = _new_volatility(sigma, phi, v, delta, tau, tolerance)
    phi_star = _inflate(phi, new_sigma, periods)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * summed
    return Rating.from_glicko2(new_mu, new_phi, new_sigma)


@dataclass(frozen=True, slots=True)
class GlickoSystem:
    """The constants of one rating pool: tau, the newcomer's rating, the bounds, the RD growth per day."""

    tau: float
    newcomer: Rating
    min_rd: float = 0.0
    max_rd: float = math.inf
    max_volatility: float = math.inf
    min_rating: float = -math.inf
    periods_per_day: float = 0.0
    provisional_rd: float = 110.0
    """At or above this RD a rating is provisional (shown with a "?"), as on lichess."""

    def rate(self, player: Rating, outcomes: Sequence[Outcome]) -> Rating:
        """The rating after one period (one match) of ``outcomes``, within the system's bounds."""
        return self.bound(glicko2_update(player, outcomes, tau=self.tau))

    def bound(self, r: Rating) -> Rating:
        """Keep a rating within the pool's limits (lila's ``Glicko.cap``)."""
        return Rating(
            max(r.rating, self.min_rating),
            min(max(r.rd, self.min_rd), self.max_rd),
            min(r.volatility, self.max_volatility),
        )

    def live(self, r: Rating, idle_days: float) -> Rating:
        """The rating as it stands after ``idle_days`` without a game: the RD grows (lila ``liveDeviation``)."""
        if idle_days <= 0 or self.periods_per_day <= 0:
            return r
        periods = idle_days * self.periods_per_day
        rd = _inflate(r.phi, r.volatility, periods) * SCALE
        return replace(r, rd=min(max(rd, self.min_rd), self.max_rd))

    def is_provisional(self, r: Rating) -> bool:
        return r.rd >= self.provisional_rd


PAPER = GlickoSystem(tau=0.5, newcomer=Rating(1500.0, 350.0, 0.06))
"""The paper's own example constants, unbounded: for the worked example and for study."""

LICHESS = GlickoSystem(
    tau=0.75,
    newcomer=Rating(1500.0, 500.0, 0.09),
    min_rd=45.0,
    max_rd=500.0,
    max_volatility=0.1,
    min_rating=400.0,
    periods_per_day=0.21436,
)
"""Lichess's live constants (lila ``Glicko.scala``): the pool every Regalia game is rated in."""
