"""Turn-based matches: a move an hour, a day or three days, on the server's clock, kept with the match.

A turn-based match (``NewMatch.pace``: seconds per turn) keeps one deadline in its ``match_play`` row, so a
restarted server, or another instance on the same database, honours the same one::

    hub change ──> TurnBased.watch(live)   the seat to move is a person's and its turn began at version v
                     -> deadline = now + pace, written only if no instance wrote one for this turn
                        (``turn_version < v``): every instance reads back the one stored
    every tick ──> TurnBased.tick()        rows whose deadline passed (any match, loaded or not)
                     -> one instance claims the lapse (moves the deadline on by RETRY_SECONDS, a
                        conditional update only one wins); it loads the match, and the computer at the
                        match's leaver level plays the seat's turn (``stand_in``, as the referee's zombie)
                     -> lapse n of LAPSES_GONE in a row is written in the match's log (``Hub.note``: kept
                        with the match, seen by every seat and in the replay);
                        the third makes the seat "left": the referee's zombie plays it from then on,
                        until its person comes back (their own move starts the count again)

Real-time leaver rules do not apply to a turn-based seat whose person has merely closed the tab (that is how
turn-based play is played), and a game's own seconds-long turn clock is off (``referee.py``).

Time is an input: ``clock`` is a ``WallClock``; tests give a ``HandWallClock`` and call ``tick`` themselves.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from sqlalchemy import or_, select, update

from .hub import Hub, LiveMatch, Refusal
from .models import PlayRow
from .protocol import Deadline, NewMatch
from .referee import Referee
from .secrecy import bot_seed

log = logging.getLogger("regalia.server.turn_based")

PACES = {3600: "1 hour", 43200: "12 hours", 86400: "1 day", 259200: "3 days"}
"""The times per turn a host may choose."""
LAPSES_GONE = 3
"""Turns in a row the computer plays for a person before they are treated as gone."""
RETRY_SECONDS = 120.0
"""A claimed lapse not finished by then (its instance died) is claimed again."""


class WallClock(Protocol):
    def now(self) -> datetime:
        """The time now, aware, in UTC."""
        ...


class SystemWallClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class HandWallClock:
    """A wall clock that moves only when told (tests)."""

    def __init__(self, start: datetime | None = None) -> None:
        self.at = start or datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@dataclass
class Play:
    """A match's ``match_play`` row as this instance knows it."""

    pace: int | None = None
    chat: bool = True
    host_seat: int | None = None
    seat: int | None = None
    turn_version: int | None = None
    deadline: datetime | None = None
    lapses: dict[int, int] = field(default_factory=dict)
    stood: dict[int, int] = field(default_factory=dict)
    """Seat -> the match version when the computer last finished playing its lapsed turn (this instance)."""
    hints: bool = False
    """Hints allowed at set-up (``reviews.py``)."""


def _play(row: PlayRow | None) -> Play:
    if row is None:
        return Play()
    return Play(row.pace, row.chat, row.host_seat, row.seat, row.turn_version, row.deadline,
                {int(k): int(v) for k, v in (row.lapses or {}).items()}, hints=bool(row.hints))


def turn_began(live: LiveMatch) -> int:
    """The version at which the seat to move began its turn (its own actions since then are one turn)."""
    mover = live.match.to_move
    version = live.match.version
    for seat, _action in reversed([(s, a) for s, a in live.match.history if s >= 0]):
        if seat != mover:
            break
        version -= 1
    return version


def strangers(request: NewMatch) -> bool:
    """Whether people who do not know each other may sit at the match: open seats listed in the lobby."""
    return not request.private and any(seat.kind == "open" for seat in request.seats or [])


class TurnBased:
    def __init__(self, hub: Hub, referee: Referee, clock: WallClock | None = None, *,
                 tick_seconds: float = 1.0) -> None:
        self.hub = hub
        self.referee = referee
        self.store = hub.store
        self.clock: WallClock = clock or SystemWallClock()
        self.tick_seconds = tick_seconds
        self.plays: dict[str, Play] = {}
        """Turn-based matches this instance has in play (real-time ones are not kept)."""
        self.standing: set[tuple[str, int]] = set()
        """(match, seat) the computer is playing now because time ran out (not the person's own moves)."""
        self.notes: list[Any] = []
        """``async note(live, text)`` callbacks: the hub writes a lapse in the match's log (``notes.py``)."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.Task[None] | None = None
        hub.watchers.append(self.watch)
        hub.loaders.append(self.load)

    # ----- set-up and loading -----------------------------------------------------------------------

    async def created(self, live: LiveMatch, request: NewMatch, *, pace: int | None = None,
                      chat: bool | None = None, host_seat: int | None = None, hints: bool = False) -> Play:
        """Keep a new match's pace, talk switch and hints (``request``'s, or a rematch's carried ones)."""
        pace = request.pace if request.pace is not None else pace
        hints = request.hints or hints
        if chat is None:
            chat = request.chat if request.chat is not None else not strangers(request)
        if host_seat is None:
            host_seat = next((i for i, s in enumerate(request.seats or []) if s.kind == "human"),
                             0 if request.seats is None else None)
        play = Play(pace=pace, chat=chat, host_seat=host_seat, hints=hints)
        async with self.store.writing() as session:
            session.add(PlayRow(match_id=live.id, pace=pace, chat=chat, host_seat=host_seat, lapses={}, hints=hints))
        live.pace = pace
        if pace is not None:
            self.plays[live.id] = play
        self.hub._notify(live)  # the referee drops the real-time leaver watch; the first deadline is set
        return play

    async def load(self, live: LiveMatch) -> None:
        """A match replayed from the store: its pace, and the seats already treated as gone."""
        play = await self.read(live.id)
        live.pace = play.pace
        if play.pace is None:
            return
        self.plays[live.id] = play
        held = set().union(*(client.seats for client in live.clients))
        for seat, lapses in play.lapses.items():
            if lapses >= LAPSES_GONE and seat not in held and 0 <= seat < len(live.seats):
                live.left.add(seat)

    async def read(self, match_id: str) -> Play:
        async with self.store.sessions() as session:
            return _play(await session.get(PlayRow, match_id))

    async def rows(self, ids: list[str]) -> dict[str, Play]:
        """The plays of these matches (a listing's)."""
        if not ids:
            return {}
        async with self.store.sessions() as session:
            found = (await session.scalars(select(PlayRow).where(PlayRow.match_id.in_(ids)))).all()
        return {row.match_id: _play(row) for row in found}

    # ----- what the hub tells us -------------------------------------------------------------------

    def watch(self, live: LiveMatch) -> None:
        """After every change: the person's own move starts their lapses again; a new turn gets a deadline."""
        play = self.plays.get(live.id)
        if play is None or play.pace is None:
            return
        self._ensure_running()
        mover = live.match.to_move
        last = live.last
        if last is not None:
            seat = last["seat"]
            held = any(seat in client.seats for client in live.clients)
            own = live.match.version > play.stood.get(seat, -1) and (live.id, seat) not in self.standing
            if play.lapses.get(seat) and held and own:  # their own move, made at the table
                play.lapses[seat] = 0
                self._spawn(self._write_lapses(live.id, seat, 0))
        if mover is None:
            if live.match.is_over:
                self.plays.pop(live.id, None)
                if play.deadline is not None:
                    self._spawn(self._set_turn(live, None, live.match.version, None))
            return
        began = turn_began(live)
        wanted = self._wants_clock(live, mover)
        if play.turn_version is not None and play.turn_version > began:
            return  # another instance has written a later turn; we are behind and will catch up
        if (play.seat, play.turn_version) != (mover, began) or (wanted and play.deadline is None):
            deadline = self.clock.now() + timedelta(seconds=play.pace) if wanted else None
            play.seat, play.turn_version, play.deadline = mover, began, deadline
            self._spawn(self._set_turn(live, mover, began, deadline))

    def _wants_clock(self, live: LiveMatch, seat: int) -> bool:
        """A person's seat (claimed) that the computer does not already play for good."""
        stored = live.seats[seat]
        return stored.kind == "human" and stored.token_hash is not None and seat not in live.left

    async def _set_turn(self, live: LiveMatch, seat: int | None, began: int, deadline: datetime | None) -> None:
        """Store this turn's deadline unless an instance stored one for it already; keep the one stored."""
        async with self.store.writing() as session:
            await session.execute(
                update(PlayRow).where(PlayRow.match_id == live.id,
                                      or_(PlayRow.turn_version.is_(None), PlayRow.turn_version < began,
                                          (PlayRow.turn_version == began) & PlayRow.deadline.is_(None)
                                          & (PlayRow.seat == seat)))
                .values(seat=seat, turn_version=began, deadline=deadline))
        stored = await self.read(live.id)
        play = self.plays.get(live.id)
        if play is not None:
            play.seat, play.turn_version, play.deadline = stored.seat, stored.turn_version, stored.deadline
        self.announce(live)

    def frame(self, live: LiveMatch) -> Deadline | None:
        play = self.plays.get(live.id)
        if play is None or play.pace is None:
            return None
        left = None if play.deadline is None else max(0.0, (play.deadline - self.clock.now()).total_seconds())
        return Deadline(match=live.id, pace=play.pace, seat=play.seat,
                        deadline=play.deadline.isoformat() if play.deadline else None,
                        seconds_left=None if left is None else round(left, 1))

    def announce(self, live: LiveMatch) -> None:
        frame = self.frame(live)
        if frame is None:
            return
        text = frame.model_dump_json()
        for client in list(live.clients):
            with contextlib.suppress(ConnectionError):
                client.post(text)

    # ----- what time does ---------------------------------------------------------------------------

    async def tick(self) -> list[asyncio.Task[None]]:
        """Claim every turn whose time ran out (loaded here or not) and have the computer play it."""
        now = self.clock.now()
        async with self.store.sessions() as session:
            due = (await session.execute(
                select(PlayRow.match_id, PlayRow.turn_version, PlayRow.seat)
                .where(PlayRow.pace.is_not(None), PlayRow.deadline.is_not(None), PlayRow.deadline <= now))).all()
        started = []
        for match_id, began, seat in due:
            if began is None or seat is None:
                continue
            async with self.store.writing() as session:
                claimed = await session.execute(
                    update(PlayRow).where(PlayRow.match_id == match_id, PlayRow.turn_version == began,
                                          PlayRow.deadline <= now)
                    .values(deadline=now + timedelta(seconds=RETRY_SECONDS)))
            if not claimed.rowcount:  # type: ignore[attr-defined]
                continue  # another instance took it
            task = asyncio.create_task(self._lapse(match_id, seat, began), name=f"lapse-{match_id}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            started.append(task)
        return started

    async def _lapse(self, match_id: str, seat: int, began: int) -> None:
        """Time ran out for ``seat``'s turn that began at ``began``: the computer plays it, as for a leaver."""
        try:
            live = await self.hub.get(match_id)
            async with live.lock:
                await self.hub._catch_up(live)
            match = live.match
            if match.is_over:  # ended elsewhere before its deadline was cleared: nothing to call any more
                await self._set_turn(live, None, match.version, None)
                return
            if match.to_move != seat or turn_began(live) != began:
                return  # moved at the last instant: the watch gives the new turn its own deadline
            stored = await self.read(live.id)
            play = self.plays.setdefault(live.id, stored)
            count = stored.lapses.get(seat, 0) + 1
            play.lapses[seat] = count
            await self._write_lapses(live.id, seat, count)
            name = live.seat_name(seat)
            gone = count >= LAPSES_GONE
            text = (f"Time ran out for {name}: the computer played the turn ({count} of {LAPSES_GONE} in a row"
                    + ("; the computer now plays for them until they come back)." if gone else ")."))
            log.info("%s: %s", match_id, text)
            for note in self.notes:
                await note(live, text)
            level = self.referee.policy(live.id).level
            assert level is not None
            self.standing.add((live.id, seat))
            try:
                while match.to_move == seat and not match.is_over:
                    version = match.version
                    action = await self.hub.bots.decide(
                        match.game, level, bot_seed(f"{live.seed}:lapse", seat, version),
                        match.view(seat), seat, match.legal_actions())
                    await self.hub.submit(live, seat, version, action, stand_in=True)
                    match = live.match
            finally:
                self.standing.discard((live.id, seat))
                play.stood[seat] = match.version
            if gone and not match.is_over:
                live.left.add(seat)
                await self.hub.gone(live, seat)
                self.hub._notify(live)
        except Refusal as exc:
            log.info("lapse of seat %d in %s not played: %s", seat, match_id, exc)
        except Exception:
            log.exception("lapse of seat %d in %s failed", seat, match_id)

    async def _write_lapses(self, match_id: str, seat: int, count: int) -> None:
        async with self.store.writing() as session:
            row = await session.get(PlayRow, match_id)
            if row is not None:
                lapses = dict(row.lapses or {})
                lapses[str(seat)] = count
                row.lapses = lapses

    # ----- the loop --------------------------------------------------------------------------------

    def _spawn(self, work: Any) -> None:
        with contextlib.suppress(RuntimeError):
            task = asyncio.get_running_loop().create_task(work)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            task.add_done_callback(functools.partial(_log_failure, "turn-based write"))
            return
        work.close()

    def _ensure_running(self) -> None:
        if self._loop is None or self._loop.done():
            with contextlib.suppress(RuntimeError):
                self._loop = asyncio.get_running_loop().create_task(self._run(), name="turn-based")

    async def start(self) -> None:
        """Start the loop at once (a restarted server calls time on matches nobody has opened yet)."""
        self._ensure_running()

    async def _run(self) -> None:
        failing = ""
        while True:
            await asyncio.sleep(self.tick_seconds)
            try:
                await self.tick()
                failing = ""
            except Exception as exc:  # a database locked or gone: said once, tried again next tick
                if str(exc) != failing:
                    log.warning("turn-based clock cannot read the database: %s", exc)
                failing = str(exc)

    async def close(self) -> None:
        """Stop the loop and every write or lapse under way, and wait for them: none may still be reading the
        database once the store closes (an aiosqlite call cut off there would never return)."""
        tasks = [task for task in [self._loop, *self._tasks] if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _log_failure(what: str, task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("%s failed", what, exc_info=task.exception())


__all__ = ["PACES", "HandWallClock", "Play", "SystemWallClock", "TurnBased", "WallClock"]
