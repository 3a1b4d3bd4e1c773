"""Computer seats, played on the server.

A computer seat gets exactly what a human client gets, its seat's view and the legal actions, and
decides in a worker thread so the event loop keeps serving every other match meanwhile. Its answer
comes back through the same door as a human's (``Hub.submit``) and is checked like one.

Each level carries its own time budget (the agent's ``seconds``); ``max_seconds`` is the server's cap:
past it the seat plays a uniformly random legal action rather than stall the match.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from regalia.core.game import JSON, Game
from regalia.core.rng import Rng

from .catalog import Catalog

log = logging.getLogger("regalia.server.bots")


class Bots:
    def __init__(self, catalog: Catalog, *, workers: int = 2, pause: float = 0.0,
                 max_seconds: float = 60.0) -> None:
        self.catalog = catalog
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="regalia-bot")
        self.pause = pause
        """Seconds a computer waits before acting, so a person can follow the table (0 in tests)."""
        self.max_seconds = max_seconds

    async def decide(self, game: Game, level: str, seed: str, view: dict[str, JSON], seat: int,
                     legal: list[str]) -> str:
        """The action of a computer seat at ``level``, decided from ``view`` off the event loop."""
        if self.pause:
            await asyncio.sleep(self.pause)
        if len(legal) == 1:
            return legal[0]
        agent = self.catalog.agent(game.id, level, seed)
        loop = asyncio.get_running_loop()
        work = loop.run_in_executor(self.executor, agent.decide, game, view, seat, legal)
        try:
            return await asyncio.wait_for(asyncio.shield(work), self.max_seconds)
        except TimeoutError:
            log.warning("%s level %s took over %.0f s: playing a random action", game.id, level,
                        self.max_seconds)
            return Rng(seed).choice(legal)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
