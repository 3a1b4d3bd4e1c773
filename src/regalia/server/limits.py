"""Limits that keep one client from crowding out the rest, and the rule that a finished match is final.

    message size        MAX_MESSAGE_BYTES (protocol) per WebSocket message, refused unread; uvicorn
                        drops a frame over 64 KiB (``ws_max_size``) before it is even buffered
    messages per second a token bucket per connection: ``MESSAGES_PER_SECOND`` steady, ``BURST`` at once
                        (loopback is exempt: this machine's own clients, tests and benchmarks)
    matches per client  ``MATCHES_PER_MINUTE`` new matches per client address (not yet per profile:
                        creating a match does not require one); loopback is exempt
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


def final(is_over: bool) -> None:
    """Refuse any change to a finished match."""
    if is_over:
        raise LimitExceeded("the match is over: nothing about it can be changed")
