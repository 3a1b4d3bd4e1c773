"""Presence across server instances: which seats each instance's connections hold.

One instance alone knows its connections, which is enough to tell a person gone (the referee's zombie
mode, ``referee.py``). Several instances sharing a database do not: a person connected to instance B looks
gone to instance A, whose referee would hand their seat to a computer while they play. So each instance
writes the seats its connections hold to the ``presence`` table, renews them on a heartbeat, and asks the
table before a zombie takes over. A row not renewed for ``STALE_SECONDS`` is an instance that died.

Only a server with a broker (several instances) keeps presence; one instance alone writes nothing.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update

from .models import PresenceRow
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

    async def beat(self) -> None:
        """Renew this instance's rows; forget rows of instances long dead."""
        now = _now()
        async with self.store.writing() as session:
            if self.held:
                await session.execute(update(PresenceRow).where(
                    PresenceRow.instance == self.instance, PresenceRow.match_id.in_(list(self.held)))
                    .values(seen_at=now))
            await session.execute(delete(PresenceRow).where(
                PresenceRow.seen_at < now - timedelta(seconds=FORGET_SECONDS)))

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
        async with self.store.writing() as session:
            await session.execute(delete(PresenceRow).where(PresenceRow.instance == self.instance))
