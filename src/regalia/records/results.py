"""Recording a finished match: history rows, ratings, rating-graph points and badges, in one transaction.

    Match.result() ──> placings ──> pairwise games ──> one Glicko-2 period per player ──> player_ratings
         │                                                                            └─> player_rating_points
         ├─> match_results + match_result_seats (the history, names as they were)
         └─> badges (King's Gold, KG-18) ──> profile_badges

``record_result`` is idempotent per ``match_id``: a retry after a lost reply records nothing twice. The
ratings it reads are locked (``SELECT ... FOR UPDATE`` on PostgreSQL) so two matches ending at once with
the same player, a computer level typically, cannot lose an update. The match row and a newcomer's
rating row are written with ``INSERT ... ON CONFLICT DO NOTHING``, so the same match recorded twice at
the same instant is recorded once (the second call answers ``already_recorded``) and a newcomer's first
two matches cannot collide on a new row.

SQLite needs one more thing: its Python driver opens a transaction only at the first write, so reads
before it see no lock. ``record_result`` therefore writes the match row first; from then on it holds
SQLite's write lock, and a concurrent recorder waits (``busy_timeout``) and then reads fresh ratings.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from regalia.profiles.badges import Badge, badges_from_result
from regalia.ratings.glicko2 import LICHESS, GlickoSystem, Rating
from regalia.ratings.multiplayer import (
    FORFEIT,
    computer_level,
    forfeited,
    is_computer,
    match_outcome,
    pairwise_games,
    placings,
    rate_match,
    seats_of,
)

from .accounts import Clock, utc_now
from .tables import (
    BadgeRow,
    MatchResultRow,
    MatchResultSeatRow,
    ProfileRow,
    RatingPointRow,
    RatingRow,
    RecordsBase,
)


@dataclass(frozen=True, slots=True)
class RatingChange:
    before: Rating
    after: Rating

    @property
    def delta(self) -> float:
        return self.after.rating - self.before.rating


@dataclass(frozen=True, slots=True)
class RecordedMatch:
    """What recording a match did: each seat's place, each rated player's change, each profile's new badge."""

    match_id: str
    game_id: str
    places: list[int]
    rated: bool
    changes: dict[str, RatingChange] = field(default_factory=dict)
    badges: dict[str, Badge] = field(default_factory=dict)
    already_recorded: bool = False


def computer_name(player_id: str) -> str:
    """How a computer level is named on boards and in histories: ``Computer (Hard)`` (as the table names it)."""
    level = computer_level(player_id)[1]
    return f"Computer ({level.upper() if level == 'uct' else level.capitalize()})"


async def _seat_names(session: AsyncSession, seats: Sequence[str | None]) -> list[str]:
    people = {p for p in seats if p is not None and not is_computer(p)}
    rows = (await session.scalars(select(ProfileRow).where(ProfileRow.id.in_(people)))).all() if people else []
    names = {r.id: r.display_name for r in rows}
    missing = people - names.keys()
    if missing:
        raise ValueError(f"no profile {sorted(missing)[0]!r}: seats name profile ids or ai:<game>:<level>")
    return [("Guest" if p is None else computer_name(p) if is_computer(p) else names[p]) for p in seats]


async def _insert_new(session: AsyncSession, model: type[RecordsBase], values: list[dict[str, Any]]) -> int:
    """Insert the rows whose primary key is new and skip the others (``ON CONFLICT DO NOTHING``), in one
    statement that cannot fail on a concurrent twin; how many rows went in."""
    table = cast(Table, model.__table__)
    keys = [column.name for column in table.primary_key]
    dialect = session.get_bind().dialect.name
    if dialect in ("postgresql", "sqlite"):
        insert = postgresql_insert if dialect == "postgresql" else sqlite_insert
        statement = insert(table).values(values).on_conflict_do_nothing().returning(*table.primary_key)
        return len((await session.execute(statement)).all())  # RETURNING lists only the rows inserted
    # other databases: check, then add
    fresh = [v for v in values if await session.get(model, tuple(v[k] for k in keys)) is None]
    session.add_all(model(**v) for v in fresh)
    await session.flush()
    return len(fresh)


async def _ensure_rows(session: AsyncSession, game_id: str, players: set[str], system: GlickoSystem) -> None:
    """A newcomer's rating row, inserted unless it exists, so that it can be locked like any other."""
    new = system.newcomer
    await _insert_new(session, RatingRow, [
        dict(player_id=p, game_id=game_id, rating=new.rating, rd=new.rd, volatility=new.volatility, games=0,
             wins=0, draws=0, losses=0, last_played_at=None) for p in sorted(players)])


async def _ratings_before(
    session: AsyncSession, game_id: str, players: set[str], now: datetime, system: GlickoSystem
) -> tuple[dict[str, RatingRow], dict[str, Rating]]:
    """The players' rows (created for newcomers, then locked) and their live ratings."""
    await _ensure_rows(session, game_id, players, system)
    query = (select(RatingRow).where(RatingRow.game_id == game_id, RatingRow.player_id.in_(players))
             .order_by(RatingRow.player_id).with_for_update())  # one lock order: no deadlock
    rows = {r.player_id: r for r in (await session.scalars(query)).all()}
    live = {}
    for player, row in rows.items():
        idle = (now - row.last_played_at).total_seconds() / 86400 if row.last_played_at else 0.0
        live[player] = system.live(Rating(row.rating, row.rd, row.volatility), idle)
    return rows, live


async def record_result(
    session: AsyncSession,
    game_id: str,
    seats: Sequence[str | None],
    result: Mapping[str, Any],
    *,
    match_id: str | None = None,
    options: Mapping[str, Any] | None = None,
    rated: bool = True,
    forfeits: Collection[int] = (),
    clock: Clock = utc_now,
    system: GlickoSystem = LICHESS,
) -> RecordedMatch:
    """Record a finished match; in a rated one, update every player's rating in ``game_id``.

    ``seats`` gives the player of each seat: a profile id, a computer level's ``ai:<game>:<level>``
    (``regalia.ratings.computer_player_id``), or None for a guest (shown as "Guest", never rated).
    ``result`` is ``Match.result()``; ``options`` the game's options (``match.game.options``).
    ``forfeits``: seats whose person was gone at the end, the computer playing for them; they finish last
    with the outcome ``forfeit`` (a loss) and keep no badge (``ratings.multiplayer.forfeited``). The
    stored ``result`` stays the game's own.
    """
    if match_id is not None:
        existing = await session.get(MatchResultRow, match_id)
        if existing is not None:
            return RecordedMatch(match_id, existing.game_id, [], existing.rated, already_recorded=True)
    match_id = match_id or uuid.uuid4().hex
    if any(not 0 <= seat < len(seats) for seat in forfeits):
        raise ValueError(f"forfeits {sorted(forfeits)!r} are not seats of a {len(seats)}-seat match")
    scores = [float(x) for x in result.get("scores") or [0.0] * len(seats)]
    if len(scores) != len(seats):
        raise ValueError(f"scores {scores!r} do not give one score per seat of {len(seats)}")
    places, winners = forfeited(placings(result, len(seats)), list(result.get("winners") or []), forfeits)
    earned = {seat: badge for seat, badge in badges_from_result(result, len(seats)).items() if seat not in forfeits}
    names = await _seat_names(session, seats)
    now = clock()
    # written first: on SQLite this takes the write lock before any rating is read (see the module doc)
    claimed = await _insert_new(session, MatchResultRow, [dict(
        match_id=match_id, game_id=game_id, finished_at=now, rated=rated, options=dict(options or {}),
        result=dict(result))])
    if not claimed:  # the same match, recorded by a concurrent request a moment ago
        return RecordedMatch(match_id, game_id, [], rated, already_recorded=True)
    outcomes = _outcomes(seats, winners, forfeits)
    changes = await _rate(session, game_id, match_id, seats, places, outcomes, now, system) if rated else {}
    for seat, occupant in enumerate(seats):
        change = changes.get(occupant) if occupant is not None else None
        badge = earned.get(seat)
        session.add(MatchResultSeatRow(
            match_id=match_id, seat=seat, player_id=occupant, name=names[seat], score=scores[seat],
            place=places[seat], outcome=outcomes[seat],
            rating_before=change.before.rating if change else None,
            rating_after=change.after.rating if change else None, badge=badge.slug if badge else None))
    kept = await _keep_badges(session, seats, earned, match_id, now)
    await session.flush()
    return RecordedMatch(match_id, game_id, places, rated, changes, kept)


async def _rate(
    session: AsyncSession,
    game_id: str,
    match_id: str,
    seats: Sequence[str | None],
    places: Sequence[int],
    outcomes: Sequence[str],
    now: datetime,
    system: GlickoSystem,
) -> dict[str, RatingChange]:
    """One rating period for every player with a rated opponent at the table; rows and graph points."""
    present = {p for p, games in pairwise_games(seats, places).items() if games}
    if not present:
        return {}
    rows, before = await _ratings_before(session, game_id, present, now, system)
    after = rate_match(before, seats, places, system)
    changes: dict[str, RatingChange] = {}
    for player in sorted(present):
        new, outcome = after[player], outcomes[seats_of(player, seats)[0]]
        changes[player] = RatingChange(before[player], new)
        row = rows[player]
        row.rating, row.rd, row.volatility = new.rating, new.rd, new.volatility
        row.games += 1
        row.wins += outcome == "win"
        row.draws += outcome == "draw"
        row.losses += outcome in ("loss", FORFEIT)
        row.last_played_at = now
        session.add(RatingPointRow(player_id=player, game_id=game_id, match_id=match_id, at=now,
                                   rating=new.rating, rd=new.rd, volatility=new.volatility))
    return changes


def _outcomes(seats: Sequence[str | None], winners: Collection[int], forfeits: Collection[int]) -> list[str]:
    """Each seat's outcome as its player's record counts it: a player holding several seats wins with any
    of them; one who forfeited any of them (not there at the end) forfeits the match."""
    outcomes = []
    for seat, player in enumerate(seats):
        mine = seats_of(player, seats) if player is not None else [seat]
        outcomes.append(FORFEIT if any(s in forfeits for s in mine) else match_outcome(mine, winners))
    return outcomes


async def _keep_badges(
    session: AsyncSession, seats: Sequence[str | None], earned: Mapping[int, Badge], match_id: str, now: datetime
) -> dict[str, Badge]:
    """Add each person's badge of this match to the profile (computers and guests keep none)."""
    kept: dict[str, Badge] = {}
    for seat, badge in sorted(earned.items()):
        player = seats[seat]
        if player is None or is_computer(player):
            continue
        if player in kept and kept[player].rank >= badge.rank:
            continue
        kept[player] = badge
    for player, badge in kept.items():
        row = await session.get(BadgeRow, (player, badge.slug))
        if row is None:
            row = BadgeRow(profile_id=player, badge=badge.slug, count=0, first_earned_at=now)
            session.add(row)
        row.count += 1
        row.last_earned_at, row.last_match_id = now, match_id
    return kept
