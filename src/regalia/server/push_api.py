"""Your-turn notices by Web Push (issue 45): a profile's browsers subscribe; when it becomes that profile's
turn in a turn-based match, each gets one encrypted notice (``push.py``), even with every tab closed.

    GET    /api/push/key             the server's VAPID public key (``applicationServerKey``)
    POST   /api/push/subscriptions   (Bearer) a browser's ``PushSubscription.toJSON()``: kept for the profile
    DELETE /api/push/subscriptions   (Bearer) {"endpoint"}: forgotten

When a push goes: a turn-based match's action made a new turn begin, the seat to move is a person's with a
profile, and no connection to this instance holds that seat (someone at the table sees it already). One
``push_turns`` row per match lets only one push go per turn, whatever instance sees it and after restarts.

What a notice says is what every seat may know: the game, the other players' names, the time per move and
the match's address; it is built without the match's state, so no card, hand or coming die can be in it.
Sending happens in a task after the action is stored and announced: a push service that is slow, down or
refusing is logged and never holds up or breaks a move. 404/410 from a push service forgets the subscription.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import logging
import os
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import httpx
from fastapi import APIRouter, FastAPI, Header, HTTPException
from pydantic import Field
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from . import seat_players
from .hub import Hub, LiveMatch
from .models import PushSubscriptionRow, PushTurnRow
from .profiles_api import bearer, profile_opened_by
from .protocol import StrictBody
from .push import GONE, Subscription, VapidKey, browser_key, kept_key, send, unb64u
from .store import Store
from .turn_based import PACES, turn_began

log = logging.getLogger("regalia.server.push")

DEVICES = 10
"""Subscriptions kept per profile: a new one beyond this replaces the oldest."""
SEND_SECONDS = 10.0
"""How long one push service is waited for."""


class Keys(StrictBody):
    p256dh: str = Field(min_length=1, max_length=100)
    auth: str = Field(min_length=1, max_length=40)


class NewSubscription(StrictBody):
    """``PushSubscription.toJSON()`` as a browser gives it."""

    endpoint: str = Field(min_length=1, max_length=2048)
    expirationTime: float | None = None  # noqa: N815 (the browser's own name)
    keys: Keys


class Unsubscribe(StrictBody):
    endpoint: str = Field(min_length=1, max_length=2048)


def endpoint_id(endpoint: str) -> str:
    return hashlib.sha256(endpoint.encode()).hexdigest()


def endpoint_problem(endpoint: str, insecure: bool) -> str | None:
    """Why the server will not post to ``endpoint`` (None: it will). Push services are public https hosts;
    a loopback or private address would let anyone make the server post to its own network."""
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
        _ = parts.port
    except ValueError:
        return "the endpoint is not a URL"
    if parts.scheme not in (("https", "http") if insecure else ("https",)) or not host:
        return "the endpoint must be an https URL of a push service"
    if parts.username is not None or parts.password is not None:
        return "the endpoint may not carry a user name or password"
    if insecure:
        return None
    if host == "localhost" or host.endswith((".localhost", ".local", ".internal")):
        return "the endpoint must be a push service on the internet"
    with contextlib.suppress(ValueError):
        if not ipaddress.ip_address(host).is_global:
            return "the endpoint must be a push service on the internet"
    return None


def listed(names: list[str]) -> str:
    """"Anne", "Anne and Bob", "Anne, Bob and Carl"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def notice_for(live: LiveMatch, seat: int) -> dict[str, Any]:
    """The your-turn notice of ``seat``: only what every seat and spectator may know (never the state)."""
    title = type(live.match.game).title
    others = list(dict.fromkeys(live.seat_name(s) for s in range(len(live.seats)) if s != seat))
    heading = f"Your turn in {title}" + (f" against {listed(others)}" if others else "")
    body = (f"You have {PACES[live.pace]} to move." if live.pace in PACES else "Make your move at the table.")
    return {"title": heading, "body": body, "url": f"/#/m/{live.id}"}


class Pusher:
    """The subscriptions, the server's key, and the your-turn trigger (a hub watcher)."""

    def __init__(self, hub: Hub, store: Store, *, subject: str | None = None,
                 transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.hub, self.store = hub, store
        self.subject = subject or os.environ.get("REGALIA_PUSH_CONTACT", "mailto:regalia@localhost")
        """The VAPID ``sub``: how a push service reaches whoever runs this server."""
        self.transport = transport
        self.insecure = False
        """Tests only: accept http and loopback endpoints (a push service started by the test)."""
        self.seen: dict[str, int] = {}
        """Match -> the version this instance last saw: a push is considered only when an action moved it."""
        self.tasks: set[asyncio.Task[None]] = set()
        self._key: VapidKey | None = None
        self._key_lock = asyncio.Lock()
        hub.watchers.append(self.watch)

    async def key(self) -> VapidKey:
        async with self._key_lock:
            if self._key is None:
                self._key = await kept_key(self.store)
            return self._key

    # ----- the trigger ------------------------------------------------------------------------------

    def watch(self, live: LiveMatch) -> None:
        """After every change: an action that began a person's turn in a turn-based match sends them a push."""
        if live.pace is None:
            return  # real-time play: the person is at the table
        version = live.match.version
        before = self.seen.get(live.id)
        self.seen[live.id] = version
        if live.match.is_over:
            self.seen.pop(live.id, None)
            return
        if before is None or before == version:
            return  # a load, or a client come or gone: no turn began
        seat = live.match.to_move
        if seat is None or turn_began(live) != version:
            return  # chance to come, or the mover's own turn goes on
        stored = live.seats[seat]
        if stored.kind != "human" or stored.token_hash is None or seat in live.left:
            return
        if any(seat in client.seats for client in live.clients):
            return  # at the table now: the table shows it
        with contextlib.suppress(RuntimeError):  # no loop: nothing to send from
            task = asyncio.get_running_loop().create_task(self._turn(live, seat, version, notice_for(live, seat)))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _turn(self, live: LiveMatch, seat: int, began: int, notice: dict[str, Any]) -> None:
        try:
            async with self.store.sessions() as session:
                profile = (await seat_players.profiles_of(session, live.id)).get(seat)
            if profile is None or not await self._claim(live.id, seat, began):
                return
            await self.notify(profile, notice, ttl=live.pace or 3600, topic=live.id)
        except Exception:  # a push is a courtesy: the move stands whatever happens here
            log.exception("your-turn push for seat %d of %s failed", seat, live.id)

    async def _claim(self, match_id: str, seat: int, began: int) -> bool:
        """Whether this instance is the one to push for the turn that began at ``began`` (once per turn)."""
        try:
            async with self.store.writing() as session:
                moved = await session.execute(update(PushTurnRow).where(
                    PushTurnRow.match_id == match_id, PushTurnRow.turn_version < began)
                    .values(seat=seat, turn_version=began))
                if moved.rowcount:  # type: ignore[attr-defined]
                    return True
                if await session.get(PushTurnRow, match_id) is not None:
                    return False
                session.add(PushTurnRow(match_id=match_id, seat=seat, turn_version=began))
            return True
        except IntegrityError:  # another instance inserted it first
            return False

    # ----- sending ----------------------------------------------------------------------------------

    async def notify(self, profile_id: str, notice: dict[str, Any], *, ttl: int, topic: str | None = None) -> int:
        """Send ``notice`` to every browser of ``profile_id``; the number the push services accepted."""
        async with self.store.sessions() as session:
            rows = (await session.scalars(select(PushSubscriptionRow)
                                          .where(PushSubscriptionRow.profile_id == profile_id))).all()
        if not rows:
            return 0
        key = await self.key()
        accepted = 0
        async with httpx.AsyncClient(transport=self.transport, timeout=SEND_SECONDS) as client:
            for row in rows:
                try:
                    status = await send(client, key, self.subject, Subscription(row.endpoint, row.p256dh, row.auth),
                                        notice, ttl=ttl, topic=topic)
                except (httpx.HTTPError, ValueError) as exc:
                    log.warning("push to a browser of profile %s not sent: %s", profile_id, exc)
                    continue
                if status in GONE:
                    async with self.store.writing() as session:
                        await session.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.id == row.id))
                    log.info("a push subscription of profile %s is gone (%d): forgotten", profile_id, status)
                elif 200 <= status < 300:
                    accepted += 1
                else:
                    log.warning("push service answered %d for a browser of profile %s", status, profile_id)
        return accepted

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    # ----- subscriptions ----------------------------------------------------------------------------

    async def subscribe(self, profile_id: str, body: NewSubscription) -> None:
        problem = endpoint_problem(body.endpoint, self.insecure)
        if problem:
            raise HTTPException(422, f"not subscribed: {problem}")
        try:
            browser_key(body.keys.p256dh)
        except ValueError:
            raise HTTPException(422, "not subscribed: keys.p256dh is not a P-256 public key (base64url, 65 bytes)") from None
        try:
            auth = unb64u(body.keys.auth)
        except ValueError:
            auth = b""
        if len(auth) != 16:
            raise HTTPException(422, "not subscribed: keys.auth is not a 16-byte secret (base64url)")
        ident = endpoint_id(body.endpoint)
        async with self.store.writing() as session:
            row = await session.get(PushSubscriptionRow, ident)
            if row is None:
                row = PushSubscriptionRow(id=ident, endpoint=body.endpoint, created_at=datetime.now(UTC))
                session.add(row)
            row.profile_id, row.p256dh, row.auth = profile_id, body.keys.p256dh, body.keys.auth
            mine = (await session.scalars(select(PushSubscriptionRow).where(
                PushSubscriptionRow.profile_id == profile_id, PushSubscriptionRow.id != ident)
                .order_by(PushSubscriptionRow.created_at.desc()))).all()
            for old in mine[DEVICES - 1:]:
                await session.delete(old)

    async def unsubscribe(self, profile_id: str, endpoint: str) -> bool:
        async with self.store.writing() as session:
            gone = await session.execute(delete(PushSubscriptionRow).where(
                PushSubscriptionRow.id == endpoint_id(endpoint), PushSubscriptionRow.profile_id == profile_id))
        return bool(gone.rowcount)  # type: ignore[attr-defined]


def push_router(pusher: Pusher) -> APIRouter:
    router = APIRouter()

    async def me_or_401(authorization: str | None) -> str:
        me = await profile_opened_by(pusher.store, bearer(authorization))
        if me is None:
            raise HTTPException(401, "not signed in: notices by push are kept for a profile (create one or sign in)")
        return me.id

    @router.get("/api/push/key")
    async def key() -> dict[str, str]:
        return {"key": (await pusher.key()).public}

    @router.post("/api/push/subscriptions", status_code=201)
    async def subscribe(body: NewSubscription, authorization: str | None = Header(None)) -> dict[str, bool]:
        await pusher.subscribe(await me_or_401(authorization), body)
        return {"subscribed": True}

    @router.delete("/api/push/subscriptions")
    async def unsubscribe(body: Unsubscribe, authorization: str | None = Header(None)) -> dict[str, bool]:
        return {"removed": await pusher.unsubscribe(await me_or_401(authorization), body.endpoint)}

    return router


def install(app: FastAPI, hub: Hub, store: Store) -> Pusher:
    """Give ``app`` the push routes and the your-turn trigger (``app.state.push``; closed by the lifespan)."""
    pusher = app.state.push = Pusher(hub, store)
    app.include_router(push_router(pusher))
    return pusher
