"""Reading records back: leaderboards, your rank, match history, rating graphs, the whole profile page.

Each function is one read in the caller's session and returns the plain values of ``regalia.ratings`` and
``regalia.profiles``; ``to_jsonable`` turns any of them into what a JSON response carries.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from regalia.core.errors import UnknownGame
from regalia.games import game_class
from regalia.profiles.badges import Badge, highest, unlocked_skins
from regalia.profiles.graph import render_rating_graph
from regalia.profiles.history import MatchEntry, RatingPoint, Record, Rubber, SeatLine, rubbers
from regalia.ratings.glicko2 import LICHESS, GlickoSystem, Rating
from regalia.ratings.leaderboard import Entry, LeaderboardPolicy, MyRank, Standing, leaderboard, rank_of
from regalia.ratings.multiplayer import COMPUTER_PREFIX, FORFEIT, is_computer

from .accounts import Clock, Profile, get_profile, profile_badges, utc_now
from .results import computer_name
from .tables import MatchResultRow, MatchResultSeatRow, ProfileRow, RatingPointRow, RatingRow


async def standings(
    session: AsyncSession,
    game_id: str,
    *,
    policy: LeaderboardPolicy | None = None,
    now: datetime | None = None,
    player_id: str | None = None,
) -> list[Standing]:
    """Rated players of a game with their current names: all, one (``player_id``), or only those who can
    pass ``policy``'s cuts at ``now`` (the live RD is never below the stored one, so ``rd <= max_rd`` and
    the games and activity cuts can be asked of the database before the exact check)."""
    query = (select(RatingRow.player_id, ProfileRow.display_name, RatingRow.rating, RatingRow.rd,
                    RatingRow.volatility, RatingRow.games, RatingRow.last_played_at)
             .outerjoin(ProfileRow, ProfileRow.id == RatingRow.player_id)
             .where(RatingRow.game_id == game_id))
    if player_id is not None:
        query = query.where(RatingRow.player_id == player_id)
    if policy is not None and now is not None:
        query = query.where(RatingRow.games >= policy.min_games, RatingRow.rd <= policy.max_rd,
                            RatingRow.last_played_at >= now - policy.active_within)
        if not policy.include_computers and player_id is None:
            query = query.where(RatingRow.player_id.not_like(f"{COMPUTER_PREFIX}%"))
    found = []
    for pid, name, rating, rd, volatility, games, last in (await session.execute(query)).all():
        shown = computer_name(pid) if is_computer(pid) else name or pid
        found.append(Standing(pid, shown, Rating(rating, rd, volatility), games, last))
    return found


async def leaderboard_for(
    session: AsyncSession,
    game_id: str,
    *,
    top: int = 50,
    policy: LeaderboardPolicy = LeaderboardPolicy(),
    clock: Clock = utc_now,
    system: GlickoSystem = LICHESS,
) -> list[Entry]:
    """The top players of a game (lichess's cuts; computers only if the policy includes them)."""
    now = clock()
    pool = await standings(session, game_id, policy=policy, now=now)
    return leaderboard(pool, now, top=top, policy=policy, system=system)


async def my_rank(
    session: AsyncSession,
    game_id: str,
    player_id: str,
    *,
    policy: LeaderboardPolicy = LeaderboardPolicy(),
    clock: Clock = utc_now,
    system: GlickoSystem = LICHESS,
) -> MyRank:
    """Where ``player_id`` stands on the board of ``game_id`` (or why not ranked)."""
    now = clock()
    pool = await standings(session, game_id, policy=policy, now=now)
    if not any(s.player_id == player_id for s in pool):
        pool += await standings(session, game_id, player_id=player_id)
    return rank_of(player_id, pool, now, policy=policy, system=system)


async def rating_points(
    session: AsyncSession, player_id: str, game_id: str, *, last: int | None = None
) -> list[RatingPoint]:
    """The points of a player's rating graph in one game, oldest first (only the ``last`` ones if given)."""
    query = (select(RatingPointRow).where(RatingPointRow.player_id == player_id, RatingPointRow.game_id == game_id)
             .order_by(RatingPointRow.at.desc(), RatingPointRow.id.desc()))
    if last is not None:
        query = query.limit(last)
    rows = (await session.scalars(query)).all()
    return [RatingPoint(r.at, r.rating, r.rd, r.match_id) for r in reversed(rows)]


async def match_records(session: AsyncSession, player_id: str) -> list[Record]:
    """Matches played, won, drawn and lost per game (one GROUP BY; a player in two seats counts once; a
    forfeit is a loss)."""
    per_match = (select(MatchResultRow.game_id, MatchResultSeatRow.match_id,
                        func.min(MatchResultSeatRow.outcome).label("outcome"))
                 .join(MatchResultRow, MatchResultRow.match_id == MatchResultSeatRow.match_id)
                 .where(MatchResultSeatRow.player_id == player_id)
                 .group_by(MatchResultRow.game_id, MatchResultSeatRow.match_id).subquery())
    query = (select(per_match.c.game_id, per_match.c.outcome, func.count())
             .group_by(per_match.c.game_id, per_match.c.outcome))
    counts: dict[str, dict[str, int]] = {}
    for game_id, outcome, n in (await session.execute(query)).all():
        counts.setdefault(game_id, {})[outcome] = n
    return [Record(g, sum(c.values()), c.get("win", 0), c.get("draw", 0), c.get("loss", 0) + c.get(FORFEIT, 0))
            for g, c in sorted(counts.items())]


async def match_history(
    session: AsyncSession,
    player_id: str,
    *,
    game_id: str | None = None,
    limit: int = 50,
    before: datetime | None = None,
) -> list[MatchEntry]:
    """A player's finished matches, newest first; the next page starts ``before`` the last one shown."""
    mine = select(MatchResultSeatRow.match_id).where(MatchResultSeatRow.player_id == player_id).distinct()
    query = select(MatchResultRow).where(MatchResultRow.match_id.in_(mine))
    if game_id is not None:
        query = query.where(MatchResultRow.game_id == game_id)
    if before is not None:
        query = query.where(MatchResultRow.finished_at < before)
    query = query.order_by(MatchResultRow.finished_at.desc(), MatchResultRow.match_id).limit(limit)
    matches = (await session.scalars(query)).all()
    seat_rows = (await session.scalars(
        select(MatchResultSeatRow).where(MatchResultSeatRow.match_id.in_([m.match_id for m in matches]))
        .order_by(MatchResultSeatRow.seat))).all()
    by_match: dict[str, list[MatchResultSeatRow]] = {}
    for row in seat_rows:
        by_match.setdefault(row.match_id, []).append(row)
    return [_entry(m, by_match.get(m.match_id, []), player_id) for m in matches]


def _entry(match: MatchResultRow, seats: Sequence[MatchResultSeatRow], player_id: str) -> MatchEntry:
    mine = tuple(s.seat for s in seats if s.player_id == player_id)
    first = next(s for s in seats if s.player_id == player_id)
    extras = {k: v for k, v in match.result.items() if k not in ("winners", "scores")}
    badge = highest(Badge.parse(s.badge) for s in seats if s.player_id == player_id and s.badge)
    return MatchEntry(
        match.match_id, match.game_id, match.finished_at,
        tuple(SeatLine(s.seat, s.player_id, s.name, s.score, s.place) for s in seats), mine,
        first.outcome, match.rated,
        first.rating_before, first.rating_after, badge.value if badge else None, dict(match.options), extras)


@dataclass(frozen=True, slots=True)
class GameStanding:
    """A profile's standing in one game: live rating, provisional or not, rank, record."""

    game_id: str
    rating: Rating
    provisional: bool
    games: int
    wins: int
    draws: int
    losses: int
    rank: MyRank


@dataclass(frozen=True, slots=True)
class HeldBadge:
    badge: str
    slug: str
    count: int
    first_earned_at: datetime


@dataclass(frozen=True, slots=True)
class ProfilePage:
    """Everything a profile page shows."""

    profile: Profile
    standings: list[GameStanding]
    records: list[Record]
    history: list[MatchEntry]
    badges: list[HeldBadge]
    best_badge: str | None
    dice_skins: list[str]
    dice_skin: str
    rubbers: list[Rubber]
    graphs: dict[str, str]
    """game id -> SVG of the rating graph."""


async def profile_page(
    session: AsyncSession,
    profile_id: str,
    *,
    history_limit: int = 50,
    graph_points: int = 500,
    policy: LeaderboardPolicy = LeaderboardPolicy(),
    clock: Clock = utc_now,
    system: GlickoSystem = LICHESS,
    title_of: Callable[[str], str] | None = None,
) -> ProfilePage | None:
    """The profile page of ``profile_id``: ratings and ranks per game, history, graphs, badges, rubbers.

    ``title_of`` names a game id for the graphs' titles (the server passes its catalog's; by default the
    registry's, or the id itself for a game this build lacks)."""
    profile = await get_profile(session, profile_id)
    if profile is None:
        return None
    now = clock()
    rows = (await session.scalars(select(RatingRow).where(RatingRow.player_id == profile_id)
                                  .order_by(RatingRow.game_id))).all()
    standing_list, graphs = [], {}
    for row in rows:
        idle = (now - row.last_played_at).total_seconds() / 86400 if row.last_played_at else 0.0
        live = system.live(Rating(row.rating, row.rd, row.volatility), idle)
        rank = await my_rank(session, row.game_id, profile_id, policy=policy, clock=lambda: now, system=system)
        standing_list.append(GameStanding(row.game_id, live, system.is_provisional(live), row.games, row.wins,
                                          row.draws, row.losses, rank))
        points = await rating_points(session, profile_id, row.game_id, last=graph_points)
        graphs[row.game_id] = render_rating_graph(points, title=f"{(title_of or _game_title)(row.game_id)} rating",
                                                  graph_id=f"rating-{row.game_id}")
    history = await match_history(session, profile_id, limit=history_limit)
    held = await profile_badges(session, profile_id)
    badges = [HeldBadge(Badge.parse(b.badge).value, b.badge, b.count, b.first_earned_at) for b in held]
    earned = [Badge.parse(b.badge) for b in held]
    best = highest(earned)
    all_cq = await match_history(session, profile_id, game_id="crown-the-queen", limit=10_000)
    return ProfilePage(profile, standing_list, await match_records(session, profile_id),
                       history, badges, best.value if best else None,
                       [s.value for s in unlocked_skins(earned)], profile.dice_skin, rubbers(all_cq), graphs)


def _game_title(game_id: str) -> str:
    """The game's own name for a graph title ("King's Gold"), or its id if this build lacks the game."""
    try:
        return game_class(game_id).title
    except UnknownGame:
        return game_id


def to_jsonable(value: Any) -> Any:
    """A dataclass, enum, datetime or container as JSON-ready data (datetimes in ISO 8601)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, timedelta):
        return value.total_seconds()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    return value


__all__ = ["GameStanding", "HeldBadge", "ProfilePage", "leaderboard_for", "match_history", "match_records", "my_rank",
           "profile_page", "rating_points", "standings", "to_jsonable"]
