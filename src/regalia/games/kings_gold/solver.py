"""The exact turn solver behind the ``hard`` captain: dynamic programming over dice states.

A turn is a small decision problem: up to three throws, holds between them, then the Crest assignment
and the Cannon targets. Nothing outside the turn changes while it is played, so the solver values every
final pool of dice once, then backs the values up through the throws::

    V(r, pool)  = T(pool)                                 if the rolling is over (3 Skulls, five alike, r = 3)
                = max( T(pool), max_keep W(r, keep) )     otherwise (stop, or hold ``keep`` and re-roll)
    W(r, keep)  = sum_{throw} P(throw) * V(r + 1, keep + throw)
    turn value  = sum_{throw of 5} P(throw) * V(1, throw)

Pools are face counts (Skulls, Cannons, Coins, Crests): 56 pools, at most 112 keeps per throw level,
so a turn solves in a few milliseconds, and :func:`solver_for` caches one solver per table position.

What is maximized, the **score swing** ``T``: the captain's own score change minus the mean score change
of the opponents still afloat, scores counted as at the end (coins, doubloons, Shields, the Master
Pirate bonus, KG-17/KG-24). With two captains it is exactly the change of the margin. A stolen coin
counts for both sides, a stripped Shield for the opponent, a new heist record moves the bonus. In the
Total Mutiny variant a Mutiny also costs ``ELIMINATION_COST`` (the captain can no longer win).

In the Captain's Duel (KG-22) the turn cards in force are counted exactly (Quartermaster: a plain Coin takes
2; Letter of Marque: a Cannon steals 2; Navigator: the throws are counted from one later), and a theft is
worth its expectation under the counter-cannon die: hit 4/6, evade 1/6, return fire 1/6 (a one-coin swing
back), i.e. ``COUNTER_WEIGHT``. The opponent's hidden card is never read (it is not in the view).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .cards import MARQUE, QUARTERMASTER
from .dice import Counts, count_outcomes
from .rules import Config
from .state import SHIELD_CAP, KGState

ELIMINATION_COST = 100.0
COUNTER_WEIGHT = 4 / 6
"""The share of a Duel theft that lands: the counter-cannon die hits on Coin or Skull (KG-22)."""
RETURN_FIRE = 1 / 6
"""The chance that a Duel theft is answered by return fire (one standard coin back, KG-22)."""
Keep = tuple[int, int, int, int]


class TurnSolver:
    """Values of every dice pool and throw for the captain at the helm of one table position."""

    def __init__(self, cfg: Config, state: KGState) -> None:
        seat = state.seat
        self.cfg = cfg
        self.own_coins = state.coins[seat]
        self.own_doubloons = state.doubloons[seat]
        self.own_shields = state.shields[seat]
        opponents = [t for t in range(len(state.coins)) if t != seat and not state.eliminated[t]]
        self.opponents = max(len(opponents), 1)
        self.holder_is_opponent = state.record_holder in opponents
        self.holder_is_me = state.record_holder == seat
        self.record = state.record
        # (coins, shield?) of every opponent: what Cannons and a Broadside can reach.
        self.rivals = [(state.coins[t], state.shields[t] > 0) for t in opponents]
        self.steal_cap = sum(c for c, shielded in self.rivals if not shielded)
        self.strip_cap = sum(1 for c, shielded in self.rivals if shielded and c > 0)
        self.treasury = (state.treasury_coins, state.treasury_doubloons)
        self.reserve = state.reserve
        # The Captain's Duel: turn cards in force and the counter-cannon's odds (KG-22).
        self.per_coin = 2 if QUARTERMASTER in state.effects else 1
        self.per_cannon = 2 if MARQUE in state.effects else 1
        self.duel = bool(state.kept)
        self._final: dict[Counts, float] = {}
        self._after: dict[tuple[int, Counts], float] = {}
        self._rethrow: dict[tuple[int, Keep], float] = {}

    # ----- the value of a final pool ---------------------------------------------------------------

    def swing(self, own: float, opp_loss: float, gain: int) -> float:
        """Own change + mean opponent loss, with the Master Pirate bonus moving on a new record."""
        if gain > self.record and not self.holder_is_me:
            own += self.cfg.bonus
            if self.holder_is_opponent:
                opp_loss += self.cfg.bonus
        return own + opp_loss / self.opponents

    def final(self, pool: Counts) -> float:
        """T: the swing of resolving ``pool`` with the best Crest and Cannon choices (§4.4 step 4)."""
        found = self._final.get(pool)
        if found is None:
            found = self._final[pool] = self._resolve(pool)
        return found

    def _resolve(self, pool: Counts) -> float:
        cfg = self.cfg
        skulls, cannons, coins, crests = pool
        c, d = cfg.coin, cfg.doubloon
        if skulls == 5:
            lost = self.own_coins * c + self.own_doubloons * d
            return -lost - (ELIMINATION_COST if cfg.total_mutiny else 0.0)
        if skulls >= 3:
            return -min(2, self.own_coins) * c
        tc, td = self.treasury
        if coins == 5:
            gain = tc * c + (0 if cfg.ransom_coins_only else td * d)
            return self.swing(gain, 0, gain)
        if cannons == 5 and self.duel:
            coins_aboard, shielded = self.rivals[0] if self.rivals else (0, False)
            take = min(2, coins_aboard)
            if not take:
                return self.swing(0.0, 0, 0)
            value = cfg.shield if shielded else 2 * c * (COUNTER_WEIGHT * take - RETURN_FIRE)
            return self.swing(value, 0, 0)
        if cannons == 5:
            own = opp = 0.0
            for rival_coins, shielded in self.rivals:
                take = min(2, rival_coins)
                if take and shielded:
                    opp += cfg.shield
                elif take:
                    own += take * c
                    opp += take * c
            return self.swing(own, opp, int(own))
        if crests == 5:
            gain = self.reserve * c
            shield = cfg.shield if self.own_shields < SHIELD_CAP else 0
            return self.swing(gain + shield, 0, gain)
        return max(self.settle(cannons, coins, crests, x) for x in range(min(crests, coins, td) + 1))

    def settle(self, cannons: int, coins: int, crests: int, converted: int) -> float:
        """The best swing of an ordinary pool with ``converted`` Crests paired (KG-1/2/4/5/9)."""
        cfg = self.cfg
        shields = min(crests - converted, SHIELD_CAP - self.own_shields)
        paid = min((coins - converted) * self.per_coin, self.treasury[0])
        gain = converted * cfg.doubloon + paid * cfg.coin
        own = gain + shields * cfg.shield
        if self.duel:
            return self.swing(own + self.duel_cannons(cannons), 0, gain)
        used = min(cannons, self.steal_cap + self.strip_cap)
        best = None
        for strips in range(max(0, used - self.steal_cap), min(used, self.strip_cap) + 1):
            steals = used - strips
            value = self.swing(own + steals * cfg.coin, (steals * cfg.coin + strips * cfg.shield),
                               gain + steals * cfg.coin)
            best = value if best is None or value > best else best
        assert best is not None
        return best

    def duel_cannons(self, cannons: int) -> float:
        """The expected margin change of ``cannons`` Duel Cannons at the one opponent: the first is taken
        by his Shield if he has one (2 points stripped); each other theft lands with COUNTER_WEIGHT
        (2 x its coins on the margin) and is answered by return fire with RETURN_FIRE (1 coin back)."""
        if not self.rivals or not cannons:
            return 0.0
        coins, shielded = self.rivals[0]
        c = self.cfg.coin
        value = 0.0
        if shielded and coins:
            value += self.cfg.shield
            cannons = 0  # the Shield makes him immune for the rest of the turn (KG-3)
        for _ in range(cannons):
            take = min(self.per_cannon, coins)
            if not take:
                break
            value += 2 * c * (COUNTER_WEIGHT * take - RETURN_FIRE)
            coins -= take
        return value

    # ----- backing the values up through the throws -------------------------------------------------

    def after_throw(self, rolls: int, pool: Counts) -> float:
        """V: the value of deciding with ``pool`` showing after ``rolls`` throws (played optimally)."""
        key = (rolls, pool)
        found = self._after.get(key)
        if found is None:
            stop = self.final(pool)
            if is_final(rolls, pool):
                found = stop
            else:
                found = max(stop, *(self.rethrow(rolls, keep) for keep in keeps(pool)))
            self._after[key] = found
        return found

    def rethrow(self, rolls: int, keep: Keep) -> float:
        """W: the expected value of holding ``keep`` (Skulls included) and throwing the other dice."""
        key = (rolls, keep)
        found = self._rethrow.get(key)
        if found is None:
            s, a, c, r = keep
            found = 0.0
            for (ts, ta, tc, tr), p in count_outcomes(5 - s - a - c - r):
                found += p * self.after_throw(rolls + 1, (s + ts, a + ta, c + tc, r + tr))
            self._rethrow[key] = found
        return found

    def turn_value(self) -> float:
        """The expected swing of the whole turn, from the first throw, played optimally."""
        return sum(p * self.after_throw(1, pool) for pool, p in count_outcomes(5))

    def value_of(self, choose: Callable[[int, Counts], Keep | None]) -> float:
        """The expected swing of the turn when the rolling follows ``choose(rolls, pool)`` (None: stop)
        and the dice resolve with the best Crest and Cannon choices: how good a rolling rule is."""
        memo: dict[tuple[int, Counts], float] = {}

        def after(rolls: int, pool: Counts) -> float:
            key = (rolls, pool)
            if key not in memo:
                keep = None if is_final(rolls, pool) else choose(rolls, pool)
                if keep is None:
                    memo[key] = self.final(pool)
                else:
                    s, a, c, r = keep
                    memo[key] = sum(p * after(rolls + 1, (s + ts, a + ta, c + tc, r + tr))
                                    for (ts, ta, tc, tr), p in count_outcomes(5 - s - a - c - r))
            return memo[key]

        return sum(p * after(1, pool) for pool, p in count_outcomes(5))

    def best_keep(self, rolls: int, pool: Counts) -> Keep | None:
        """The best decision: None to stop, else the dice to hold (ties favour stopping)."""
        best, choice = self.final(pool), None
        for keep in keeps(pool):
            value = self.rethrow(rolls, keep)
            if value > best + 1e-9:
                best, choice = value, keep
        return choice

    def myopic_keep(self, pool: Counts) -> Keep | None:
        """One-throw lookahead (the ``medium`` captain): as if the next throw were the last."""
        best, choice = self.final(pool), None
        for s, a, c, r in keeps(pool):
            value = sum(p * self.final((s + ts, a + ta, c + tc, r + tr))
                        for (ts, ta, tc, tr), p in count_outcomes(5 - s - a - c - r))
            if value > best + 1e-9:
                best, choice = value, (s, a, c, r)
        return choice


def is_final(rolls: int, pool: Counts) -> bool:
    """The rolling ends by itself: third throw, three Skulls (KG-6) or five alike (KG-25)."""
    return rolls >= 3 or pool[0] >= 3 or 5 in pool


@cache
def keeps(pool: Counts) -> tuple[Keep, ...]:
    """Every hold leaving at least one die to throw (KG-15); Skulls are always kept (Rule 1)."""
    s, a, c, r = pool
    return tuple((s, ka, kc, kr) for ka in range(a + 1) for kc in range(c + 1) for kr in range(r + 1)
                 if ka + kc + kr < a + c + r)


def table_key(state: KGState) -> tuple[object, ...]:
    """What a turn's values depend on (everything but the dice)."""
    return (state.seat, state.coins, state.doubloons, state.shields, state.eliminated, state.treasury_coins,
            state.treasury_doubloons, state.reserve, state.record, state.record_holder, state.effects,
            bool(state.kept))


_CACHE: dict[tuple[object, ...], TurnSolver] = {}
CACHE_SIZE = 512


def solver_for(cfg: Config, state: KGState) -> TurnSolver:
    """The (cached) solver of this table position: solved once per turn, reused for each decision."""
    key = (cfg, *table_key(state))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= CACHE_SIZE:
            _CACHE.clear()
        found = _CACHE[key] = TurnSolver(cfg, state)
    return found
