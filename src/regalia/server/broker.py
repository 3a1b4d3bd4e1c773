"""The broker: how one server instance tells the others "match X advanced to version v".

Several ``regalia serve`` processes may share one PostgreSQL database. The database is the truth (the
actions table's unique (match, version) key lets only one of two racing actions land); the broker only
carries the news, so every instance with clients on that match can catch up from the database and
send each seat its view through the hub's one outbound path::

    instance A: commit action v ──> publish("X", v+1) ──> Redis channel ──> reader task of B
                                                                              └─> listeners: hub B
    hub B: reload actions >= its version from the database, replay, broadcast to B's clients

A message lost or late costs nothing but latency: before handling any action an instance catches up
from the database anyway. The same channel carries "the seats of match X changed" (a seat taken, a
computer's level, a profile's name, the leaver rule: ``SEATS``), so every table shows them at once.

``MemoryBroker`` joins instances inside one process (tests); ``RedisBroker`` uses one PubSub connection
per process and a single reader task that fans each message out to the process's listeners.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("regalia.server.broker")

CHANNEL = "regalia:advanced"
"""One channel for every match: an instance ignores news of matches it does not hold."""

Listener = Callable[[str, int], Awaitable[None]]
"""``async listener(match_id, version)``: called for every match advanced by any instance."""


SEATS = -1
"""The version given for news that a match's seats changed, not its actions (sent as ``"<match> seats"``)."""


def encode(match_id: str, version: int) -> str:
    return f"{match_id} {'seats' if version == SEATS else version}"


def decode(text: str | bytes) -> tuple[str, int] | None:
    """The (match, version) of a message, or None for anything malformed (it is ignored, never fatal)."""
    if isinstance(text, bytes):
        text = text.decode(errors="replace")
    match_id, _, version = text.partition(" ")
    if match_id and version == "seats":
        return match_id, SEATS
    return (match_id, int(version)) if match_id and version.isdigit() else None


class Broker:
    """Publishes and fans out "match advanced" news; subclasses say how it travels."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []
        self._reader: asyncio.Task[None] | None = None
        """The task that reads news as it arrives and fans it out (a subclass's ``start`` makes it)."""

    def subscribe(self, listener: Listener) -> None:
        self.listeners.append(listener)

    async def start(self) -> None:
        """Connect and begin reading; a no-op for a broker that needs no connection."""

    async def publish(self, match_id: str, version: int) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        """Stop reading and disconnect."""

    async def _stop_reading(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
            self._reader = None

    async def _fan_out(self, match_id: str, version: int) -> None:
        for listener in list(self.listeners):
            try:
                await listener(match_id, version)
            except Exception:  # one listener's failure must not starve the others
                log.exception("listener failed on %s advanced to %d", match_id, version)


class MemoryBroker(Broker):
    """Brokers made with the same ``bus`` hear each other (several hubs in one process).

    Each started broker hears its news on its own event loop, as a Redis reader task would: hubs
    served from different threads each have a loop, and a hub's locks belong to its loop, so news
    from another loop is queued to the listener's loop (in order, one at a time) rather than run on
    the publisher's. A broker never started (or one on the publisher's loop) hears it at once.
    """

    def __init__(self, bus: list[MemoryBroker] | None = None) -> None:
        super().__init__()
        self.bus = bus if bus is not None else []
        self.bus.append(self)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._inbox: asyncio.Queue[tuple[str, int]] | None = None

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._inbox = asyncio.Queue()
        self._reader = asyncio.create_task(self._read(), name="memory-broker-reader")

    async def _read(self) -> None:
        assert self._inbox is not None
        while True:
            await self._fan_out(*await self._inbox.get())

    async def publish(self, match_id: str, version: int) -> None:
        here = asyncio.get_running_loop()
        for broker in list(self.bus):
            loop, inbox = broker._loop, broker._inbox
            if loop is None or inbox is None or loop is here:
                await broker._fan_out(match_id, version)
            else:
                with contextlib.suppress(RuntimeError):  # its loop has closed: that instance is gone
                    loop.call_soon_threadsafe(inbox.put_nowait, (match_id, version))

    async def close(self) -> None:
        with contextlib.suppress(ValueError):
            self.bus.remove(self)
        await self._stop_reading()


class RedisBroker(Broker):
    """Redis pub/sub: one connection to publish, one PubSub connection and one reader task per process."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self._redis: Any = None
        self._pubsub: Any = None

    async def start(self) -> None:
        import redis.asyncio as redis

        self._redis = redis.from_url(self.url)
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(CHANNEL)
        self._reader = asyncio.create_task(self._read(), name="broker-reader")

    async def _read(self) -> None:
        assert self._pubsub is not None
        async for message in self._pubsub.listen():
            if message.get("type") != "message":
                continue
            news = decode(message["data"])
            if news is not None:
                await self._fan_out(*news)

    async def publish(self, match_id: str, version: int) -> None:
        assert self._redis is not None, "RedisBroker.start() was not called"
        await self._redis.publish(CHANNEL, encode(match_id, version))

    async def close(self) -> None:
        await self._stop_reading()
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()


def make_broker(url: str | None) -> Broker | None:
    """``redis://...`` a Redis broker; None (the default) one process alone, as before."""
    if not url:
        return None
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisBroker(url)
    raise ValueError(f"unsupported broker URL {url!r}: use redis://host:port")
