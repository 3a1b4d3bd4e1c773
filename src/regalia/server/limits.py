"""Limits that keep one client from crowding out the rest, and the rule that a finished match is final.

    message size        MAX_MESSAGE_BYTES (protocol) per WebSocket message, refused unread; uvicorn
                        drops a frame over 64 KiB (``ws_max_size``) before it is even buffered
    messages per second a token bucket per connection: ``MESSAGES_PER_SECOND`` steady, ``BURST`` at once
                        (loopback is exempt: this machine's own clients, tests and benchmarks)
    matches per client  ``MATCHES_PER_MINUTE`` new matches a minute per client address, for matches created
                        without a profile (anonymous); loopback is exempt
    matches per profile ``OPEN_MATCHES_PER_PROFILE`` matches in play at once for a signed-in profile creating
                        matches (``Authorization: Bearer``), wherever it connects from, loopback included;
                        a match stops counting when it ends or has been idle ``IDLE_SECONDS``
    finished matches    nothing about them changes: no action, no seat claimed, no level set

Each limit refuses with a reason and changes nothing; none of them closes a connection.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field

MESSAGES_PER_SECOND = 30.0
BURST = 60
MATCHES_PER_MINUTE = 30
OPEN_MATCHES_PER_PROFILE = 20
IDLE_SECONDS = 3600.0
"""A match nobody has acted in for this long stops counting against its creator's open matches."""


class LimitExceeded(Exception):
    """A limit was hit; the message says which, and when to try again."""


@dataclass
class TokenBucket:
    """``rate`` messages a second on average, ``burst`` at once (refill is continuous)."""

    rate: float = MESSAGES_PER_SECOND
    burst: int = BURST
    tokens: float = float(BURST)
    updated: float = field(default_factory=time.monotonic)

    def take(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self.tokens = min(float(self.burst), self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens < 1:
            raise LimitExceeded(f"too many messages: at most {self.rate:g} a second (burst {self.burst}); "
                                "this one was ignored")
        self.tokens -= 1


LOOPBACK = frozenset({"127.0.0.1", "::1"})


@dataclass
class MatchQuota:
    """At most ``per_minute`` new matches per client in any sliding minute.

    Clients on this machine (``exempt``: loopback) are not counted: they are its own user, the tests and
    the benchmarks. Behind a reverse proxy every client looks like loopback, so such a deployment must
    clear ``exempt`` and pass the real address on (``uvicorn --proxy-headers``).
    """

    per_minute: int = MATCHES_PER_MINUTE
    exempt: frozenset[str] = LOOPBACK
    made: dict[str, deque[float]] = field(default_factory=dict)

    def take(self, client: str, now: float | None = None) -> None:
        if client in self.exempt:
            return
        now = time.monotonic() if now is None else now
        times = self.made.setdefault(client, deque())
        while times and now - times[0] >= 60:
            times.popleft()
        if len(times) >= self.per_minute:
            wait = 60 - (now - times[0])
            raise LimitExceeded(f"too many new matches: at most {self.per_minute} a minute from one client; "
                                f"try again in {wait:.0f} s")
        times.append(now)
        if len(self.made) > 10_000:  # forget idle clients so the table cannot grow without bound
            for key in [k for k, v in self.made.items() if not v or now - v[-1] >= 60]:
                del self.made[key]


@dataclass
class ProfileQuota:
    """At most ``open_max`` matches in play at once created by one signed-in profile.

    ``reserve`` holds a place before the match exists (so two requests at once cannot both take the
    last place); ``opened`` names the match, or ``release`` gives the place back if creation failed.
    ``changed`` is told of every change of a match: one that is over stops counting, and any other is
    marked active. A match idle for ``idle_after`` seconds stops counting too, so a profile is never
    locked out by matches its opponents abandoned. Held in memory: a restart forgets the counts (the
    limit is against crowding a running server, not a quota over months).
    """

    open_max: int = OPEN_MATCHES_PER_PROFILE
    idle_after: float = IDLE_SECONDS
    open: dict[str, dict[str, float]] = field(default_factory=dict)
    """Profile id -> its matches in play (or places reserved) -> when last active (monotonic)."""
    owner: dict[str, str] = field(default_factory=dict)
    """Match id -> the profile that created it (only matches in play)."""
    _reserved: int = 0

    def reserve(self, profile: str, now: float | None = None) -> str:
        now = time.monotonic() if now is None else now
        mine = self.open.setdefault(profile, {})
        for match_id in [m for m, at in mine.items() if now - at >= self.idle_after]:
            self._drop(profile, match_id)
        if len(mine) >= self.open_max:
            raise LimitExceeded(f"too many open matches: a profile may have at most {self.open_max} matches in "
                                f"play at once (you have {len(mine)}); finish one first, or wait until one has "
                                f"been idle for {self.idle_after / 60:.0f} minutes")
        self._reserved += 1
        place = f" reserved {self._reserved}"  # a space: never a match id
        mine[place] = now
        return place

    def opened(self, profile: str, place: str, match_id: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        mine = self.open.setdefault(profile, {})
        mine.pop(place, None)
        mine[match_id] = now
        self.owner[match_id] = profile
        if len(self.owner) > 10_000:  # forget idle matches of profiles that have not been back
            for other, matches in list(self.open.items()):
                for old in [m for m, at in matches.items() if now - at >= self.idle_after]:
                    self._drop(other, old)

    def release(self, profile: str, place: str) -> None:
        self._drop(profile, place)

    def changed(self, match_id: str, is_over: bool, now: float | None = None) -> None:
        profile = self.owner.get(match_id)
        if profile is None:
            return
        if is_over:
            self._drop(profile, match_id)
        else:
            self.open[profile][match_id] = time.monotonic() if now is None else now

    def _drop(self, profile: str, match_id: str) -> None:
        mine = self.open.get(profile)
        if mine is not None:
            mine.pop(match_id, None)
            if not mine:
                del self.open[profile]
        self.owner.pop(match_id, None)


def final(is_over: bool) -> None:
    """Refuse any change to a finished match."""
    if is_over:
        raise LimitExceeded("the match is over: nothing about it can be changed")
