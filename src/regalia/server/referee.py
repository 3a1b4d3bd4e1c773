"""The referee: the turn clock (Blackbeard's Blitz) and leavers (zombie mode), for every game alike.

Time is an input. The referee owns a ``Clock`` (real, or a hand-wound one in tests) and, when time is
up, plays through the same door as everyone else (``Hub.submit``: checked, persisted, then broadcast)::

    hub change ──> Referee.watch(live)        (after an action, a load, a client come or gone)
                     turn clock: the seat to move changed and game.turn_seconds(state) is not None
                                 -> deadline = now + seconds; every client gets a "clock" frame
                     leaver:     the seat to move is a person's, and no connection holds it
                                 -> absent since now
    every tick ──> Referee.tick()
                     deadline passed      -> submit(clock_actions(state)[0], clock=True)   (a recorded input)
                     absent > grace       -> the host's computer level decides from the seat's view,
                                             unless another server instance's connection holds the seat
                                             (``presence.py``)

The clock restarts whenever the seat to move changes, so a game whose turn spans several actions of one
seat (King's Gold's throws) gets one limit per turn. A person who comes back takes the seat over at once:
the zombie only ever plays while nobody holds the seat, exactly as Board Game Arena's zombie mode.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from dataclasses import dataclass
from typing import Protocol

from .hub import Hub, LiveMatch, Refusal
from .presence import BEAT_SECONDS
from .secrecy import bot_seed

log = logging.getLogger("regalia.server.referee")

DEFAULT_GRACE_SECONDS = 60.0
"""How long a person's seat waits for them before a computer plays it (the host may change it)."""


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic scale (only differences matter)."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.monotonic()


class HandClock:
    """A clock that moves only when told: tests advance it instead of sleeping."""

    def __init__(self, start: float = 1000.0) -> None:
        self.at = start

    def now(self) -> float:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += seconds


@dataclass
class TurnClock:
    """A running turn limit: ``seat`` must act by ``deadline`` (on the referee's clock)."""

    seat: int
    version: int
    """The match version when the clock started."""
    deadline: float
    seconds: float


@dataclass
class LeaverPolicy:
    """The host's choice: how long a gone person is waited for, and who plays meanwhile."""

    grace: float = DEFAULT_GRACE_SECONDS
    level: str | None = None
    """A computer level of the game (None: the catalog's default level)."""


class Referee:
    def __init__(self, hub: Hub, clock: Clock | None = None, *, tick_seconds: float = 0.1,
                 grace: float = DEFAULT_GRACE_SECONDS) -> None:
        self.hub = hub
        self.clock: Clock = clock or SystemClock()
        self.tick_seconds = tick_seconds
        self.default_grace = grace
        self.turns: dict[str, TurnClock] = {}
        self.absent: dict[str, tuple[int, float]] = {}
        """Match id -> (seat to move nobody holds, since when)."""
        self.zombies: dict[str, asyncio.Task[None]] = {}
        self._loop: asyncio.Task[None] | None = None
        hub.watchers.append(self.watch)

    # ----- what the hub tells us -------------------------------------------------------------------

    def watch(self, live: LiveMatch) -> None:
        """Bring the turn clock and the leaver watch up to date with ``live`` (never blocks)."""
        self._ensure_running()
        match = live.match
        mover = match.to_move
        if mover is None:
            self._forget(live.id)
            return
        # a turn-based match has its own clock of hours (``turn_based.py``), not the game's seconds
        seconds = match.game.turn_seconds(match.state) if live.pace is None else None
        running = self.turns.get(live.id)
        if seconds is None:
            self.turns.pop(live.id, None)
        else:
            if running is None or running.seat != mover:
                self.turns[live.id] = TurnClock(mover, match.version, self.clock.now() + seconds, seconds)
            self._announce(live)  # after every update, so a table that just joined counts down too
        if self._is_gone(live, mover) and (live.pace is None or mover in live.left):  # turn-based: away is normal
            if self.absent.get(live.id, (None,))[0] != mover:
                self.absent[live.id] = (mover, self.clock.now())
        else:
            self.absent.pop(live.id, None)

    def clock_frame(self, live: LiveMatch) -> str | None:
        """The countdown a table shows: seconds left now (clients count down from when it arrives)."""
        running = self.turns.get(live.id)
        if running is None:
            return None
        left = max(0.0, running.deadline - self.clock.now())
        return json.dumps({"type": "clock", "match": live.id, "seat": running.seat, "version": live.match.version,
                           "seconds": running.seconds, "seconds_left": round(left, 3)})

    def policy(self, match_id: str) -> LeaverPolicy:
        """The host's choice, kept with the match (``LiveMatch.leavers``), else the server's default."""
        live = self.hub.live.get(match_id)
        if live is None:
            return LeaverPolicy(grace=self.default_grace)
        return self.rule(live.match.game.id, live.leavers)

    def rule(self, game_id: str, leavers: tuple[float, str | None] | None) -> LeaverPolicy:
        """The rule a match plays by: the host's ``leavers`` or the server's defaults, its level one the
        game offers (the catalog's default level where the host named none)."""
        grace, level = leavers if leavers is not None else (self.default_grace, None)
        levels = self.hub.catalog.levels(game_id)
        if level not in levels:
            level = self.hub.catalog.default_level if self.hub.catalog.default_level in levels else levels[0]
        return LeaverPolicy(grace, level)

    # ----- what time does ---------------------------------------------------------------------------

    async def tick(self) -> None:
        """Call time on every expired turn and hand every long-gone person's seat to a computer."""
        now = self.clock.now()
        for match_id, running in list(self.turns.items()):
            live = self.hub.live.get(match_id)
            if live is None:
                self._forget(match_id)
            elif now >= running.deadline:
                await self._call_time(live, running)
        for match_id, (seat, since) in list(self.absent.items()):
            live = self.hub.live.get(match_id)
            if live is None:
                self._forget(match_id)
            elif (now - since >= (0.0 if seat in live.left else self.policy(match_id).grace)
                  and not self._zombie_busy(match_id)):
                if seat not in live.left and await self.hub.held_elsewhere(live, seat):  # on another instance
                    self.absent[match_id] = (seat, now)
                    continue
                task = asyncio.create_task(self._zombie_turn(live, seat), name=f"zombie-{match_id}")
                self.zombies[match_id] = task
                task.add_done_callback(functools.partial(self._zombie_done, match_id))

    async def _call_time(self, live: LiveMatch, running: TurnClock) -> None:
        match = live.match
        actions = match.game.clock_actions(match.state) if match.to_move == running.seat else []
        if not actions:  # the rules say there is nothing to call now (e.g. the dice are in the air)
            self.turns.pop(live.id, None)
            return
        try:
            await self.hub.submit(live, running.seat, match.version, actions[0], clock=True)
        except Refusal as exc:  # someone acted at the last instant: the new turn has its own clock
            log.info("clock of %s not played: %s", live.id, exc)
        if self.turns.get(live.id) is running:  # still the same seat: its next action gets a new limit
            self.turns.pop(live.id)
            self.watch(live)

    async def _zombie_turn(self, live: LiveMatch, seat: int) -> None:
        match = live.match
        level = self.policy(live.id).level
        assert level is not None
        await self.hub.gone(live, seat)  # every table says so before the computer's first move for them
        while match.to_move == seat and self._is_gone(live, seat):
            version = match.version
            try:
                # a one-way seed: the match's own seed would let the zombie foresee every die and card
                action = await self.hub.bots.decide(match.game, level, bot_seed(f"{live.seed}:zombie", seat, version),
                                                    match.view(seat), seat, match.legal_actions())
                if not self._is_gone(live, seat):  # the person came back while it thought: theirs again
                    return
                if seat not in live.left and await self.hub.held_elsewhere(live, seat):  # back on another instance
                    if await self.hub.back(live, {seat}):
                        await self.hub.seats_changed(live)
                    return
                await self.hub.submit(live, seat, version, action, stand_in=True)
            except Refusal as exc:
                log.info("zombie of seat %d in %s not played: %s", seat, live.id, exc)
                return
            except Exception:
                log.exception("zombie of seat %d in %s failed", seat, live.id)
                return
            match = live.match

    # ----- helpers ----------------------------------------------------------------------------------

    def _is_gone(self, live: LiveMatch, seat: int) -> bool:
        """A person's seat (claimed) that no open connection holds."""
        stored = live.seats[seat]
        if stored.kind != "human" or stored.token_hash is None:
            return False
        return not any(seat in client.seats for client in live.clients)

    def _zombie_done(self, match_id: str, task: asyncio.Task[None]) -> None:
        """A finished zombie turn leaves no entry behind (its last move may have ended the match)."""
        if self.zombies.get(match_id) is task:
            del self.zombies[match_id]

    def _zombie_busy(self, match_id: str) -> bool:
        task = self.zombies.get(match_id)
        return task is not None and not task.done()

    def _announce(self, live: LiveMatch) -> None:
        frame = self.clock_frame(live)
        if frame is None:
            return
        for client in list(live.clients):
            with contextlib.suppress(ConnectionError):
                client.post(frame)

    def _forget(self, match_id: str) -> None:
        """Drop all kept for a match that is over or gone (a long-running server must not grow)."""
        self.turns.pop(match_id, None)
        self.absent.pop(match_id, None)
        task = self.zombies.get(match_id)
        if task is not None and task.done():
            del self.zombies[match_id]

    def _ensure_running(self) -> None:
        if self._loop is None or self._loop.done():
            with contextlib.suppress(RuntimeError):  # no running loop: a synchronous caller
                self._loop = asyncio.get_running_loop().create_task(self._run(), name="referee")

    async def _run(self) -> None:
        next_beat = time.monotonic()
        while True:
            await asyncio.sleep(self.tick_seconds)
            try:
                await self.tick()
                presence = self.hub.presence
                if presence is not None and time.monotonic() >= next_beat:  # real time: rows carry real times
                    next_beat = time.monotonic() + BEAT_SECONDS
                    await presence.beat(set(self.hub.live))
            except Exception:
                log.exception("referee tick failed")

    async def close(self) -> None:
        for task in [self._loop, *self.zombies.values()]:
            if task is not None:
                task.cancel()
