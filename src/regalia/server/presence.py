"""Presence across server instances: which seats each instance's connections hold.

One instance alone knows its connections, which is enough to tell a person gone (the referee's zombie
mode, ``referee.py``). Several instances sharing a database do not: a person connected to instance B looks
gone to instance A, whose referee would hand their seat to a computer while they play. So each instance
writes the seats its connections hold to the ``presence`` table, renews them on a heartbeat, and asks the
table before a zombie takes over. A row not renewed for ``STALE_SECONDS`` is an instance that died.

The other way round, a computer that plays a gone person's seat runs on one instance; the ``stand_ins``
table tells the others, so every table shows the seat away while it plays (renewed and believed alike).

Only a server with a broker (several instances) keeps presence; one instance alone writes nothing.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update

from .models import PresenceRow, StandInRow
from .store import Store

BEAT_SECONDS = 10.0
"""How often an instance renews the rows of the seats its connections hold."""
STALE_SECONDS = 3 * BEAT_SECONDS
"""A row older than this is not believed: its instance missed three beats."""
FORGET_SECONDS = 3600.0
"""Rows older than this (a dead instance's) are deleted at a beat."""


def _now() -> datetime:
    return datetime.now(UTC)


class Presence:
    def __init__(self, store: Store, instance: str | None = None) -> None:
        self.store = store
        self.instance = instance or secrets.token_hex(8)
        self.held: dict[str, set[int]] = {}
        """Match id -> seats held by this instance's connections (what the heartbeat renews)."""
        self.standing_in: dict[str, set[int]] = {}
        """Match id -> gone people's seats this instance's computers play (renewed too)."""

    async def update(self, match_id: str, seats: set[int]) -> None:
        """This instance's connections now hold ``seats`` of the match (an empty set: none)."""
        before = self.held.get(match_id, set())
        if seats == before:
            return
        now = _now()
        async with self.store.writing() as session:
            gone = before - seats
            if gone:
                await session.execute(delete(PresenceRow).where(
                    PresenceRow.match_id == match_id, PresenceRow.instance == self.instance,
                    PresenceRow.seat.in_(gone)))
            for seat in seats - before:
                await session.merge(PresenceRow(match_id=match_id, seat=seat, instance=self.instance, seen_at=now))
        if seats:  # only once written: a failed write is tried again at the next change
            self.held[match_id] = set(seats)
        else:
            self.held.pop(match_id, None)

    async def stand_in(self, match_id: str, seat: int, playing: bool) -> None:
        """A computer of this instance starts (``playing``) or stops playing a gone person's ``seat``."""
        seats = self.standing_in.setdefault(match_id, set())
        if (seat in seats) == playing:
            if not seats:
                del self.standing_in[match_id]
            return
        async with self.store.writing() as session:
            if playing:
                await session.merge(StandInRow(match_id=match_id, seat=seat, instance=self.instance, seen_at=_now()))
            else:
                await session.execute(delete(StandInRow).where(
                    StandInRow.match_id == match_id, StandInRow.seat == seat, StandInRow.instance == self.instance))
        seats.symmetric_difference_update({seat})
        if not seats:
            del self.standing_in[match_id]

    async def stood_in_elsewhere(self, match_id: str) -> set[int]:
        """The seats of the match that a computer on another live instance plays for a gone person."""
        async with self.store.sessions() as session:
            rows = await session.scalars(select(StandInRow.seat).where(
                StandInRow.match_id == match_id, StandInRow.instance != self.instance,
                StandInRow.seen_at >= _now() - timedelta(seconds=STALE_SECONDS)))
            return set(rows)

    async def beat(self, live: set[str] | None = None) -> None:
        """Renew this instance's rows; forget rows of instances long dead. ``live``: the matches this
        instance still holds; its computers stand in for nobody in the others (a finished match let go)."""
        now = _now()
        if live is not None:
            for match_id in [m for m in self.standing_in if m not in live]:
                del self.standing_in[match_id]
                async with self.store.writing() as session:
                    await session.execute(delete(StandInRow).where(
                        StandInRow.match_id == match_id, StandInRow.instance == self.instance))
        async with self.store.writing() as session:
            for table, matches in ((PresenceRow, self.held), (StandInRow, self.standing_in)):
                if matches:
                    await session.execute(update(table).where(
                        table.instance == self.instance, table.match_id.in_(list(matches))).values(seen_at=now))
                await session.execute(delete(table).where(table.seen_at < now - timedelta(seconds=FORGET_SECONDS)))

    async def held_elsewhere(self, match_id: str, seat: int) -> bool:
        """Whether a connection on another live instance holds ``seat`` of the match."""
        async with self.store.sessions() as session:
            found = await session.scalar(select(PresenceRow.instance).where(
                PresenceRow.match_id == match_id, PresenceRow.seat == seat, PresenceRow.instance != self.instance,
                PresenceRow.seen_at >= _now() - timedelta(seconds=STALE_SECONDS)).limit(1))
        return found is not None

    async def close(self) -> None:
        """This instance stops: its rows go with it."""
        self.held.clear()
        self.standing_in.clear()
        async with self.store.writing() as session:
            await session.execute(delete(PresenceRow).where(PresenceRow.instance == self.instance))
            await session.execute(delete(StandInRow).where(StandInRow.instance == self.instance))
