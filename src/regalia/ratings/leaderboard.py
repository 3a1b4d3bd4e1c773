"""Leaderboards per game: who is ranked, in what order, and where you stand.

Lichess ranks a player only once the rating is *stable*: a few games played (``nb >= 2`` in lila's
``RankingApi``), a rating deviation at or below the rankable limit (75 for standard chess), and recent
play (a ranking entry expires after a month). We apply the same three cuts, with the RD measured *live*
(grown for the days since the last game, ``GlickoSystem.live``), so a player who stops playing drifts off
the board on their own. Computer levels are rated players; a board lists them only when asked to
(``include_computers``), while ``rank_of`` always answers for them.

Ties in rating share a rank (competition ranking), then sort by fewer RD, more games, and name, so the
order is total and reproducible.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from .glicko2 import LICHESS, GlickoSystem, Rating
from .multiplayer import is_computer


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's rating in one game, as stored."""

    player_id: str
    name: str
    rating: Rating
    games: int
    last_played: datetime | None


@dataclass(frozen=True, slots=True)
class LeaderboardPolicy:
    """Who may appear on a board (lichess's cuts by default)."""

    min_games: int = 2
    max_rd: float = 75.0
    active_within: timedelta = timedelta(days=30)
    include_computers: bool = False


@dataclass(frozen=True, slots=True)
class Entry:
    """A row of a board: ``rank`` is 1-based; ``rating`` has its live RD."""

    rank: int
    player_id: str
    name: str
    rating: Rating
    games: int
    is_computer: bool


@dataclass(frozen=True, slots=True)
class MyRank:
    """Where one player stands: a rank out of ``of`` ranked players, or why there is none."""

    player_id: str
    rating: Rating | None
    rank: int | None
    of: int
    reason: str = ""
    """Empty when ranked; otherwise why not ("play 1 more rated game", "rating not yet stable", ...)."""


def _live(s: Standing, now: datetime, system: GlickoSystem) -> Rating:
    idle = (now - s.last_played).total_seconds() / 86400 if s.last_played else 0.0
    return system.live(s.rating, idle)


def why_unranked(s: Standing, now: datetime, policy: LeaderboardPolicy, system: GlickoSystem = LICHESS) -> str:
    """The first cut a standing fails, in words for the player ("" when it qualifies)."""
    if s.games < policy.min_games:
        missing = policy.min_games - s.games
        return f"play {missing} more rated game{'s' if missing != 1 else ''} to be ranked"
    if s.last_played is None or now - s.last_played > policy.active_within:
        return f"no rated game in the last {policy.active_within.days} days"
    live = _live(s, now, system)
    if live.rd > policy.max_rd:
        return f"rating not yet stable: ± {live.rd:.0f}, ranked at ± {policy.max_rd:.0f} or less"
    return ""


def _ranked(
    standings: Iterable[Standing], now: datetime, policy: LeaderboardPolicy, system: GlickoSystem
) -> list[Entry]:
    rows = [(s, _live(s, now, system)) for s in standings if not why_unranked(s, now, policy, system)]
    rows.sort(key=lambda row: (-row[1].rating, row[1].rd, -row[0].games, row[0].name, row[0].player_id))
    entries: list[Entry] = []
    for i, (s, live) in enumerate(rows):
        same = entries and round(entries[-1].rating.rating) == round(live.rating)
        rank = entries[-1].rank if same else i + 1
        entries.append(Entry(rank, s.player_id, s.name, live, s.games, is_computer(s.player_id)))
    return entries


def leaderboard(
    standings: Sequence[Standing],
    now: datetime,
    *,
    top: int = 50,
    policy: LeaderboardPolicy = LeaderboardPolicy(),
    system: GlickoSystem = LICHESS,
) -> list[Entry]:
    """The top ``top`` ranked players of one game, best first (computers only if the policy says so)."""
    shown = [s for s in standings if policy.include_computers or not is_computer(s.player_id)]
    return _ranked(shown, now, policy, system)[:top]


def rank_of(
    player_id: str,
    standings: Sequence[Standing],
    now: datetime,
    *,
    policy: LeaderboardPolicy = LeaderboardPolicy(),
    system: GlickoSystem = LICHESS,
) -> MyRank:
    """Your own place on the board of one game (a computer level is placed among the people it played)."""
    mine = next((s for s in standings if s.player_id == player_id), None)
    pool = [s for s in standings if policy.include_computers or not is_computer(s.player_id) or s is mine]
    ranked = _ranked(pool, now, policy, system)
    people = len(ranked)
    if mine is None:
        return MyRank(player_id, None, None, people, "no rated game of this game yet")
    reason = why_unranked(mine, now, policy, system)
    if reason:
        return MyRank(player_id, _live(mine, now, system), None, people, reason)
    entry = next(e for e in ranked if e.player_id == player_id)
    return MyRank(player_id, entry.rating, entry.rank, people)
