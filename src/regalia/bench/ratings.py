"""``regalia bench ratings``: how fast ratings are computed and stored, and how well they find strength.

Three parts, each a few rows of one table:

* **speed of the maths**: Glicko-2 updates per second for a 2-seat match (one game per period) and a
  6-seat match (five pairwise games per period);
* **speed of the store**: ``record_result`` matches per second through the server's own ``Store`` engine
  (a SQLite file in WAL mode, ``synchronous=FULL``), one transaction each, and one ``leaderboard_for``
  over a thousand rated players;
* **accuracy**: a pool of simulated players with known strengths plays 4-seat matches whose finishing
  order is drawn by Plackett-Luce from those strengths (the chance of finishing next is proportional to
  10^(strength/400)). After every player has played ``n`` matches, the Spearman correlation between
  rating and true strength says how well the ladder sorts people. Counting the match pairwise (ours) is
  compared with counting only the winner ("winner beats the field, the rest draw").
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from regalia.core.rng import Rng
from regalia.ratings.glicko2 import LICHESS, Outcome, Rating
from regalia.ratings.multiplayer import computer_player_id, rate_match

Row = dict[str, Any]


def _rate(count: int, games: int) -> float:
    """Updates per second of one player's period with ``games`` pairwise games."""
    me = Rating(1500, 120, 0.06)
    outcomes = [Outcome(Rating(1400 + 40 * g, 80, 0.06), float(g % 2)) for g in range(games)]
    start = time.perf_counter()
    for _ in range(count):
        LICHESS.rate(me, outcomes)
    return count / (time.perf_counter() - start)


def maths_rows(quick: bool) -> list[Row]:
    n = 2_000 if quick else 20_000
    return [
        {"measure": "Glicko-2 update, 2-seat match (1 game)", "value": _rate(n, 1), "unit": "updates/s"},
        {"measure": "Glicko-2 update, 6-seat match (5 games)", "value": _rate(n, 5), "unit": "updates/s"},
    ]


async def _store_rows(quick: bool) -> list[Row]:
    from regalia.records import create_profile, create_tables, leaderboard_for, record_result
    from regalia.records.tables import RatingRow
    from regalia.server.store import Store

    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'records.db'}")  # the server's engine: WAL, synchronous=FULL
        await create_tables(store.engine)
        sessions = store.sessions
        async with sessions.begin() as s:
            people = [(await create_profile(s, f"Player {i}")).profile.id for i in range(8)]
        rng = Rng("bench:ratings:store")
        matches = 50 if quick else 400
        for seats in (2, 4):
            start = time.perf_counter()
            for _ in range(matches):
                table = [rng.choice(people) for _ in range(seats - 1)] + [computer_player_id("kings-gold", "hard")]
                result = {"winners": [rng.randbelow(seats)], "scores": [rng.randbelow(90) for _ in range(seats)]}
                async with sessions.begin() as s:
                    await record_result(s, "kings-gold", table, result)
            rows.append({"measure": f"record_result, {seats} seats, server's SQLite store, 1 commit each",
                         "value": matches / (time.perf_counter() - start), "unit": "matches/s"})
        board_size = 1_000
        async with sessions.begin() as s:
            at = datetime.now(UTC)
            for i in range(board_size):
                s.add(RatingRow(player_id=f"bench{i}", game_id="gold-battle", rating=1000 + rng.randbelow(1200),
                                rd=50 + rng.randbelow(60), volatility=0.06, games=10, wins=5, draws=0, losses=5,
                                last_played_at=at))
        start = time.perf_counter()
        async with sessions() as s:
            board = await leaderboard_for(s, "gold-battle", top=50)
        rows.append({"measure": f"leaderboard_for over {board_size} rated players (top {len(board)})",
                     "value": (time.perf_counter() - start) * 1000, "unit": "ms"})
        await store.close()
    return rows


def _plackett_luce(strengths: list[float], rng: Rng) -> list[int]:
    """A finishing order (indices into ``strengths``), drawn one place at a time."""
    left = list(range(len(strengths)))
    order = []
    while left:
        weights = [10 ** (strengths[i] / 400) for i in left]
        total = sum(weights)
        pick = rng.weighted([(i, w / total) for i, w in zip(left, weights, strict=True)])
        order.append(pick)
        left.remove(pick)
    return order


def _spearman(a: list[float], b: list[float]) -> float:
    def ranks(xs: list[float]) -> list[float]:
        order = sorted(range(len(xs)), key=lambda i: xs[i])
        r = [0.0] * len(xs)
        for place, i in enumerate(order):
            r[i] = float(place)
        return r

    ra, rb = ranks(a), ranks(b)
    n = len(a)
    mean = (n - 1) / 2
    cov = sum((x - mean) * (y - mean) for x, y in zip(ra, rb, strict=True))
    var = sum((x - mean) ** 2 for x in ra)
    return cov / var


def ladder_accuracy(seed: str, *, pool: int = 40, seats: int = 4, matches_each: int = 10) -> dict[str, float]:
    """Spearman(rating, true strength) after one simulated ladder, for each way of counting a match."""
    rng = Rng(seed)
    truth = [1000 + rng.randbelow(1000) for _ in range(pool)]
    ratings: dict[str, dict[str, Rating]] = {"pairwise": {}, "winner only": {}}
    for _ in range(pool * matches_each // seats):
        table = list(range(pool))
        rng.shuffle(table)
        table = table[:seats]
        order = _plackett_luce([truth[p] for p in table], rng)
        places = [0] * seats
        for place, index in enumerate(order):
            places[index] = place + 1
        winner_only = [1 if p == 1 else 2 for p in places]
        ids = [str(p) for p in table]
        for method, marks in (("pairwise", places), ("winner only", winner_only)):
            ratings[method].update(rate_match(ratings[method], ids, marks))
    return {method: _spearman([found.get(str(p), LICHESS.newcomer).rating for p in range(pool)],
                              [float(t) for t in truth])
            for method, found in ratings.items()}


def accuracy_rows(quick: bool) -> list[Row]:
    pool, seats = 40, 4
    per_player = (5, 20) if quick else (5, 10, 20, 40)
    trials = 3 if quick else 10
    rows = []
    for n in per_player:
        runs = [ladder_accuracy(f"bench:ratings:accuracy:{n}:{t}", pool=pool, seats=seats, matches_each=n)
                for t in range(trials)]
        for method in runs[0]:
            rho = sum(r[method] for r in runs) / trials
            rows.append({"measure": f"Spearman(rating, strength), {pool} players, {seats} seats, {n} matches "
                                    f"each, {method}", "value": rho, "unit": f"mean of {trials} pools"})
    return rows


def run(quick: bool = False) -> tuple[str, list[Row]]:
    rows = maths_rows(quick) + asyncio.run(_store_rows(quick)) + accuracy_rows(quick)
    return "ratings: Glicko-2 speed, records store speed, and how well pairwise multiplayer ratings sort players", rows
