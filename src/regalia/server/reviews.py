"""Hints while you play and the review of a finished match: the server asks ``regalia.ai``, it computes no rule.

    POST /api/matches/{id}/hint     {"seat_token"}  the computer's suggestion for the asker's seat to move
    POST /api/matches/{id}/review                   start the review of a finished match (in the background)
    GET  /api/matches/{id}/review                   {"status": "none" | "running" | "done", "done", "total",
                                                     "review": {...} once done}

A hint is for an unrated match: the asker holds the seat to move (its token), and nobody with a profile plays
(a rated match, never with hints). Where another person plays a seat, only if the host allowed hints at
set-up (``NewMatch.hints``, kept in ``match_play.hints``): whoever takes a seat of such a match is told so
first, and taking it is agreeing; a signed-in host's match (rated) is refused the option, and a profile may
not sit in a match that has it. A hint is computed as a computer player decides, from that seat's view and
legal actions (``regalia.ai.hint``), in a worker thread.

A review (``regalia.ai.review``) is made once per match, one at a time on this instance (it may take a
minute of a core), from the match's verified record, and kept in ``match_reviews`` (``models.ReviewRow``):
whoever asks later is given the stored one. While it runs its progress is kept here, and dropped when it
is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException
from pydantic import Field
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from regalia.ai.hint import hint
from regalia.ai.review import review_match
from regalia.core.errors import IllegalAction

from .hub import Hub, LiveMatch, NoSuchMatch
from .models import PlayRow, ReviewRow
from .protocol import NewMatch, StrictBody
from .seats import token_matches
from .store import Store

HINTS_OFF = "Hints are off in this match: "
RATED_WITH_HINTS = ("Hints cannot be allowed in a rated match: you are signed in, so this match would count for "
                    "your rating. Leave “Hints allowed” off, or set the match up signed out.")
PROFILE_IN_HINTS_MATCH = ("Hints are allowed in this match, so it is not rated: you play it as a guest, not as "
                          "your profile.")


class HintRequest(StrictBody):
    seat_token: str = Field(min_length=1, max_length=200)


@dataclass
class Running:
    done: int = 0
    total: int = 0
    task: asyncio.Task[None] | None = None


class Reviews:
    """The reviews being made on this instance (at most one computes at a time) and the stored ones."""

    def __init__(self, hub: Hub, store: Store) -> None:
        self.hub = hub
        self.store = store
        self.running: dict[str, Running] = {}
        self.turn = asyncio.Semaphore(1)
        self.hinting: set[str] = set()
        """Matches with a hint being computed: one at a time each (a hint may take most of a second)."""

    async def stored(self, match_id: str) -> dict[str, Any] | None:
        async with self.store.sessions() as session:
            row = (await session.execute(select(ReviewRow).where(ReviewRow.match_id == match_id))).scalar_one_or_none()
            return None if row is None else dict(row.review)

    async def status(self, match_id: str) -> dict[str, Any]:
        # the running review is read before the store: one that is stored and dropped from ``running`` while
        # the store is read is then still seen, as running (it would otherwise read as never asked for)
        running = self.running.get(match_id)
        found = await self.stored(match_id)
        if found is not None:
            return {"match": match_id, "status": "done", "done": len(found.get("graph", [])),
                    "total": len(found.get("graph", [])), "review": found}
        if running is not None:
            return {"match": match_id, "status": "running", "done": running.done, "total": running.total}
        return {"match": match_id, "status": "none", "done": 0, "total": 0}

    async def start(self, live: LiveMatch) -> dict[str, Any]:
        if live.id not in self.running and await self.stored(live.id) is None:
            running = self.running[live.id] = Running()
            running.task = asyncio.create_task(self._make(live, running))
        return await self.status(live.id)

    async def _make(self, live: LiveMatch, running: Running) -> None:
        try:
            async with self.turn:
                loop = asyncio.get_running_loop()

                def progress(done: int, total: int) -> None:
                    loop.call_soon_threadsafe(lambda: setattr_progress(running, done, total))

                record = live.match  # over: nothing changes it any more
                review = await asyncio.to_thread(lambda: review_match(record, progress).to_dict())
            async with self.store.sessions() as session:
                session.add(ReviewRow(match_id=live.id, review=review, made_at=datetime.now(UTC)))
                with contextlib.suppress(IntegrityError):  # another instance stored it a moment before
                    await session.commit()
        finally:
            self.running.pop(live.id, None)


def setattr_progress(running: Running, done: int, total: int) -> None:
    running.done, running.total = done, total


async def hints_allowed(store: Store, match_id: str) -> bool:
    """Whether the host allowed hints when the match was set up (its ``match_play`` row)."""
    async with store.sessions() as session:
        row = await session.get(PlayRow, match_id)
    return bool(row is not None and row.hints)


async def hints_setup_refusal(store: Store, request: NewMatch, authorization: str | None) -> str | None:
    """Why a new match may not allow hints, or None: a rated match never has them, and a signed-in host's
    match is rated (their seats are their profile's)."""
    if not request.hints or not authorization:
        return None
    from .profiles_api import bearer, profile_opened_by

    return RATED_WITH_HINTS if await profile_opened_by(store, bearer(authorization)) is not None else None


def hint_refusal(live: LiveMatch, token: str, allowed: bool = False) -> tuple[int | None, str | None]:
    """The seat the hint is for, or the reason there is none (``allowed``: hints were allowed at set-up)."""
    held = [s.seat for s in live.seats if token_matches(token, s.token_hash)]
    if not held:
        return None, "only a player of this match may ask for a hint: the token holds no seat"
    if live.match.is_over:
        return None, "the match is over: there is nothing to hint"
    if live.rated:
        return None, HINTS_OFF + "it is rated (a profile plays a seat), and a rated match never has hints"
    if not allowed and any(s.kind != "computer" and s.seat not in held for s in live.seats):
        return None, (HINTS_OFF + "other people play in it, and hints were not allowed when it was set up "
                      "(without that, hints are for matches against the computer only)")
    seat = live.match.to_move
    if seat is None or seat not in held:
        return None, "it is not your turn: a hint is for your own move"
    return seat, None


def router(hub: Hub, reviews: Reviews) -> APIRouter:
    routes = APIRouter()

    async def live_or_404(match_id: str) -> LiveMatch:
        try:
            return await hub.get(match_id)
        except NoSuchMatch as exc:
            raise HTTPException(404, str(exc)) from None

    @routes.post("/api/matches/{match_id}/hint")
    async def ask_hint(match_id: str, body: HintRequest) -> dict[str, Any]:
        live = await live_or_404(match_id)
        seat, refusal = hint_refusal(live, body.seat_token, await hints_allowed(reviews.store, match_id))
        if seat is None:
            raise HTTPException(403 if refusal and "token" in refusal else 409, refusal)
        # the seat's view and legal actions now, and nothing else: what a computer player is given
        view, legal, version = live.match.view(seat), live.match.legal_actions(), live.match.version
        if match_id in reviews.hinting:
            raise HTTPException(429, "a hint is already being worked out for this table: wait for it")
        reviews.hinting.add(match_id)
        try:
            found = await asyncio.to_thread(hint, live.match.game, view, seat, legal)
        except IllegalAction as exc:
            raise HTTPException(409, str(exc)) from None
        finally:
            reviews.hinting.discard(match_id)
        return {"match": match_id, "version": version, **found.to_dict()}

    @routes.post("/api/matches/{match_id}/review")
    async def start_review(match_id: str) -> dict[str, Any]:
        live = await live_or_404(match_id)
        if not live.match.is_over:
            raise HTTPException(409, "the match is not over: a review is of a finished match")
        return await reviews.start(live)

    @routes.get("/api/matches/{match_id}/review")
    async def review_status(match_id: str) -> dict[str, Any]:
        if not await reviews.store.list_matches(ids=[match_id]):
            raise HTTPException(404, f"no match {match_id[:40]!r}")
        return await reviews.status(match_id)

    return routes


def install(app: FastAPI, hub: Hub, store: Store) -> Reviews:
    """Add the routes; ``app.state.reviews`` holds the reviews in progress."""
    reviews = app.state.reviews = Reviews(hub, store)
    app.include_router(router(hub, reviews))
    return reviews
