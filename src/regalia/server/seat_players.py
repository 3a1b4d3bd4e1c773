"""Who sits in a seat: the profile a person attached to the seat they hold (none: a guest).

A seat token proves a browser may act for a seat; a profile token proves who the person is. A browser
holding both attaches the profile to the seat (``POST /api/matches/{id}/seats/{n}/player``), so the
match's result is recorded on that profile's history and rating when it ends::

    seats (match_id, seat) 1 ── 0..1 seat_players (match_id, seat, profile_id)

A separate table, not a column of ``seats``: the match tables stay the rules' record, this one is the
records' business (see docs/profiles.md §3).
"""

from __future__ import annotations

from sqlalchemy import ForeignKey, Integer, String, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base


class SeatPlayerRow(Base):
    __tablename__ = "seat_players"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[str] = mapped_column(String(24), index=True)


async def attach(session: AsyncSession, match_id: str, seat: int, profile_id: str) -> None:
    """Seat ``seat`` is played by ``profile_id`` (a later attach by the seat's holder replaces it)."""
    row = await session.get(SeatPlayerRow, (match_id, seat))
    if row is None:
        session.add(SeatPlayerRow(match_id=match_id, seat=seat, profile_id=profile_id))
    else:
        row.profile_id = profile_id


async def profiles_of(session: AsyncSession, match_id: str) -> dict[int, str]:
    """Seat -> profile id for the seats of ``match_id`` that have one."""
    rows = await session.scalars(select(SeatPlayerRow).where(SeatPlayerRow.match_id == match_id))
    return {row.seat: row.profile_id for row in rows}
