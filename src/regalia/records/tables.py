"""The tables of players' records, on their own ``RecordsBase`` so the server can include them at will.

    profiles (id) 1 ── n profile_tokens        (token_hash)         one per signed-in device
                  1 ── n profile_sign_in_codes (code_hash)          single use, 10 minutes
                  1 ── n profile_badges        (profile_id, badge)  count, first and last earned
    player_ratings        (player_id, game_id)  the current Glicko-2 rating; humans and computer levels
    player_rating_points  (id)                  one row per rated match: the rating graph
    match_results (match_id) 1 ── n match_result_seats (match_id, seat)   the history, one row per seat

Player ids are strings: a profile's id for a person, ``ai:<game>:<level>`` for a computer level (which has
no profile row; ratings and seats are therefore not foreign keys to ``profiles``). Secrets are never
stored: tokens and codes only as SHA-256. Times are stored as UTC and always come back timezone-aware
(SQLite forgets the zone; ``UtcDateTime`` puts it back).

Table names do not clash with the server's (``matches``, ``seats``, ``actions``); add
``RecordsBase.metadata`` to the server's Alembic ``target_metadata`` (a list is accepted) to migrate them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Index, Integer, String, TypeDecorator
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class UtcDateTime(TypeDecorator[datetime]):
    """An aware datetime in, an aware UTC datetime out, on every backend."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("records store aware datetimes only (give the clock a timezone)")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class RecordsBase(DeclarativeBase):
    """The declarative base (and ``metadata``) of every records table."""


class ProfileRow(RecordsBase):
    __tablename__ = "profiles"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    display_name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(80), unique=True)
    """``regalia.profiles.names.name_key``: names are unique ignoring case and separators."""
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    last_seen_at: Mapped[datetime] = mapped_column(UtcDateTime)
    dice_skin: Mapped[str] = mapped_column(String(16), default="classic")


class ProfileTokenRow(RecordsBase):
    __tablename__ = "profile_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    profile_id: Mapped[str] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    last_used_at: Mapped[datetime] = mapped_column(UtcDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    how: Mapped[str] = mapped_column(String(16))
    """How the device got it: ``created`` (the profile's first device) or ``code`` (a sign-in code)."""


class SignInCodeRow(RecordsBase):
    __tablename__ = "profile_sign_in_codes"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    profile_id: Mapped[str] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"), index=True)
    issued_at: Mapped[datetime] = mapped_column(UtcDateTime)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class BadgeRow(RecordsBase):
    __tablename__ = "profile_badges"

    profile_id: Mapped[str] = mapped_column(ForeignKey("profiles.id", ondelete="CASCADE"), primary_key=True)
    badge: Mapped[str] = mapped_column(String(24), primary_key=True)
    """``Badge.slug``: ``bronze-anchor``, ``silver-cutlass``, ``gold-pirate-king``."""
    count: Mapped[int] = mapped_column(Integer, default=0)
    first_earned_at: Mapped[datetime] = mapped_column(UtcDateTime)
    last_earned_at: Mapped[datetime] = mapped_column(UtcDateTime)
    last_match_id: Mapped[str] = mapped_column(String(64))


class RatingRow(RecordsBase):
    __tablename__ = "player_ratings"

    player_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    """The RD as of ``last_played_at``; the live RD grows from there (``GlickoSystem.live``)."""
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    draws: Mapped[int] = mapped_column(Integer, default=0)
    losses: Mapped[int] = mapped_column(Integer, default=0)
    last_played_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)

    __table_args__ = (Index("ix_player_ratings_board", "game_id", "rating"),)


class RatingPointRow(RecordsBase):
    __tablename__ = "player_rating_points"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(String(80))
    game_id: Mapped[str] = mapped_column(String(40))
    match_id: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_player_rating_points_graph", "player_id", "game_id", "at"),)


class MatchResultRow(RecordsBase):
    __tablename__ = "match_results"

    match_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(40), index=True)
    finished_at: Mapped[datetime] = mapped_column(UtcDateTime)
    rated: Mapped[bool] = mapped_column(default=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    """``Match.result()`` as the match ended: winners, scores and the game's extras."""


class MatchResultSeatRow(RecordsBase):
    __tablename__ = "match_result_seats"

    match_id: Mapped[str] = mapped_column(ForeignKey("match_results.match_id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(String(80), nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    """The name shown at the table when the match ended (history keeps it even after a rename)."""
    score: Mapped[float] = mapped_column(Float)
    place: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str] = mapped_column(String(8))
    """The match for this seat's player: ``win`` (a shared win too), ``draw`` (no winner), ``loss``, or
    ``forfeit`` (a loss: the computer was playing for them when it ended; ``ratings.multiplayer.forfeited``)."""
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    badge: Mapped[str | None] = mapped_column(String(24), nullable=True)

    __table_args__ = (Index("ix_match_result_seats_player", "player_id", "match_id"),)


async def create_tables(engine: AsyncEngine) -> None:
    """Create every records table that is missing (tests and the embedded default; production: Alembic)."""
    async with engine.begin() as conn:
        await conn.run_sync(RecordsBase.metadata.create_all)
