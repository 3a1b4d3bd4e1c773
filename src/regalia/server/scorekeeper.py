"""The scorekeeper: once a match is over, its result goes into the players' records (docs/profiles.md §4).

    Hub change ──> Scorekeeper.watch(live): over, and not yet kept?
                     seats -> players: a person's attached profile (seat_players), a computer's
                              ``ai:<game>:<level>``, or None for a guest
                     records.record_result(..., match.result(), match_id=live.id)   (idempotent per match)

The result is exactly ``Match.result()``: the rules decided the winners, scores and badges; nothing here
re-computes them. A match is rated when at least one person with a profile played it. A person whose seat
the computer was playing when the match ended (they left, or never came back: ``referee.py``'s zombie mode)
forfeits it: last place and a loss in the records, whatever the computer made of the seat (``Store.forfeits``,
``ratings.multiplayer.forfeited``).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import OrderedDict

from regalia import records
from regalia.ratings import computer_player_id

from . import seat_players
from .hub import Hub, LiveMatch
from .store import Store

log = logging.getLogger("regalia.server.scorekeeper")

RECORDED_REMEMBERED = 4096
"""Ids of recorded matches remembered (the newest): enough to skip re-recording a finished match that is
watched again while still live. Older ones are forgotten, so the table is bounded on a server that runs for
months; recording again is harmless (``records.record_result`` is idempotent per match)."""


class Scorekeeper:
    def __init__(self, hub: Hub, store: Store) -> None:
        self.hub = hub
        self.store = store
        self.kept: dict[str, asyncio.Task[records.RecordedMatch | None]] = {}
        """Results being recorded now; a finished task is dropped (it holds the whole match)."""
        self.recorded: OrderedDict[str, None] = OrderedDict()
        """Ids of the newest ``RECORDED_REMEMBERED`` matches whose result is recorded (bounded)."""
        hub.watchers.append(self.watch)

    def watch(self, live: LiveMatch) -> None:
        if live.match.is_over and live.id not in self.kept and live.id not in self.recorded:
            task = asyncio.get_running_loop().create_task(self.keep(live), name=f"keep-{live.id}")
            self.kept[live.id] = task
            task.add_done_callback(functools.partial(self._settle, live.id))

    def _settle(self, match_id: str, task: asyncio.Task[records.RecordedMatch | None]) -> None:
        if self.kept.get(match_id) is task:
            del self.kept[match_id]
            if not task.cancelled() and task.result() is not None:
                self.recorded[match_id] = None
                while len(self.recorded) > RECORDED_REMEMBERED:
                    self.recorded.popitem(last=False)

    async def keep(self, live: LiveMatch) -> records.RecordedMatch | None:
        """Record ``live``'s finished match (a second call records nothing twice)."""
        game = live.match.game
        result = live.match.result()
        assert result is not None
        try:
            forfeits = {seat for seat in await self.store.forfeits(live.id) if live.seats[seat].kind == "human"}
            async with self.store.writing() as session:
                people = await seat_players.profiles_of(session, live.id)
                players = [people.get(s.seat) if s.kind == "human" else computer_player_id(game.id, s.level or "")
                           for s in live.seats]
                return await records.record_result(session, game.id, players, result, match_id=live.id,
                                                   options=dict(game.options), rated=bool(people),
                                                   forfeits=forfeits)
        except Exception:
            log.exception("could not record the result of %s", live.id)
            self.kept.pop(live.id, None)  # a later change (or a reload) tries again
            return None

    async def kept_result(self, live: LiveMatch) -> None:
        """Wait until ``live``'s result is recorded (it is, once the match is over and watched)."""
        self.watch(live)
        task = self.kept.get(live.id)
        if task is not None:
            await asyncio.shield(task)
