"""Captains and their records over HTTP: profiles without passwords, sign-in codes, ratings, boards.

    POST /api/profiles                          {"name"} -> the new profile and this device's token
    GET  /api/profiles/me                       (Bearer token) your profile page
    POST /api/profiles/me/sign-in-code          a code (and link) to open your profile on another device
    POST /api/profiles/me/sign-out              this device's token stops working
    PUT  /api/profiles/me/dice-skin             {"skin"} chosen among those your badges unlocked
    POST /api/sign-in                           {"code"} -> the profile and a token for this device
    GET  /api/profiles/{id}                     anyone's profile page (history, graphs, badges, rubbers)
    GET  /api/leaderboards/{game}               top players (and your rank, with your token)
    POST /api/matches/{id}/seats/{n}/player     {"seat_token"} + Bearer: this seat is played by you
    POST /api/matches/{id}/seats/{n}/name       {"seat_token", "name"}: a guest's name, chosen at the table
    GET  /api/matches/{id}/result               the end-of-match screen: result, places, rating changes
    POST /api/matches/{id}/leavers              {"seat_token", "grace", "level"}: the host's zombie mode

Creating a match (``POST /api/matches``, in ``app``) with a profile's Bearer token counts it against that
profile's open matches (``limits.ProfileQuota``); without one, against the client address (``MatchQuota``).

Secrets: a profile token travels only in the ``Authorization`` header and the one response that gives it
to its holder; a sign-in code only in a request body (the link carries it in the URL fragment, which
browsers never send). Each is wrapped in ``Secret`` as soon as it is read, so no log line can show it.
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Header, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import Field
from sqlalchemy import select

from regalia import records
from regalia.core.errors import UnknownGame
from regalia.profiles import NameTaken, ProfileError
from regalia.profiles.badges import Badge
from regalia.profiles.tokens import Secret, format_code, sign_in_link
from regalia.ratings import LeaderboardPolicy
from regalia.ratings.multiplayer import FORFEIT, forfeited, match_outcome, placings
from regalia.records.tables import MatchResultSeatRow

from . import seat_players
from . import seats as seat_tokens
from .hub import Hub, LiveMatch, NoSuchMatch
from .limits import LimitExceeded, MatchQuota, ProfileQuota
from .protocol import StrictBody
from .referee import Referee
from .reviews import PROFILE_IN_HINTS_MATCH, hints_allowed
from .scorekeeper import Scorekeeper
from .store import Store

WEB = Path(__file__).resolve().parent.parent / "web"

SIGN_IN_ATTEMPTS_PER_MINUTE = 10
"""A code has ~36 bits: a client address gets this many guesses a minute."""

BOARD_POLICY = LeaderboardPolicy(max_rd=110)
"""A young site has few players: lichess's RD cut of 75 would leave the boards empty for weeks."""


class NewProfile(StrictBody):
    name: str = Field(max_length=60)


class SignIn(StrictBody):
    code: str = Field(max_length=40)


class DiceSkinChoice(StrictBody):
    skin: str = Field(max_length=20)


class SeatProof(StrictBody):
    seat_token: str = Field(max_length=200)


class GuestName(StrictBody):
    seat_token: str = Field(max_length=200)
    name: str = Field(min_length=1, max_length=40)


class LeaverSettings(StrictBody):
    seat_token: str = Field(max_length=200)
    grace: float = Field(ge=0, le=3600)
    level: str | None = Field(default=None, max_length=40)


class Attempts:
    """A sliding window of attempts per client address (in memory: one server process)."""

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit, self.window = limit, window
        self.seen: dict[str, deque[float]] = defaultdict(deque)

    def allow(self, who: str) -> bool:
        now = time.monotonic()
        recent = self.seen[who]
        while recent and now - recent[0] > self.window:
            recent.popleft()
        if len(recent) >= self.limit:
            return False
        recent.append(now)
        if len(self.seen) > 10_000:  # forget quiet addresses so the table cannot grow without bound
            for key in [k for k, v in self.seen.items() if not v or now - v[-1] > self.window]:
                del self.seen[key]
        return True


def bearer(authorization: str | None) -> Secret | None:
    """The profile token of an ``Authorization: Bearer <token>`` header, wrapped at once."""
    if not authorization or not authorization.startswith("Bearer "):
        return None
    return Secret(authorization.removeprefix("Bearer ").strip())


async def profile_opened_by(store: Store, token: Secret | None) -> records.Profile | None:
    """The profile ``token`` opens, read outside the write gate; its hourly touch waits for the gate."""
    async with store.sessions() as session:
        opened = await records.open_token(session, token)
    if opened is None:
        return None
    profile, stale = opened
    if stale:
        async with store.writing() as session:
            await records.touch_token(session, token)
    return profile


def signed_in(signed: records.SignedIn) -> dict[str, Any]:
    return {"profile": signed.profile.id, "name": signed.profile.display_name, "token": signed.token.reveal()}


class MatchAdmission:
    """Whether a new match may be created now, and by whom it is counted.

    With ``Authorization: Bearer <profile token>`` the match is the profile's: it counts against the
    profile's matches in play (``ProfileQuota``) wherever the profile connects from; a token that opens no
    profile is refused (401) rather than quietly treated as anonymous. Without one, the client address's
    new matches a minute are counted (``MatchQuota``), as before.
    """

    def __init__(self, store: Store, profiles: ProfileQuota, addresses: MatchQuota) -> None:
        self.store, self.profiles, self.addresses = store, profiles, addresses

    @asynccontextmanager
    async def new_match(self, host: str, authorization: str | None) -> AsyncIterator[Callable[[str], None]]:
        """Admit one creation (or raise 401/429); the body calls the yielded function with the new match's id."""
        token = bearer(authorization)
        if token is None:
            try:
                self.addresses.take(host)
            except LimitExceeded as exc:
                raise HTTPException(429, str(exc)) from None
            yield lambda _match_id: None
            return
        me = await profile_opened_by(self.store, token)
        if me is None:
            raise HTTPException(401, "not signed in: that profile token opens no profile (sign in again, or "
                                     "create the match without an Authorization header)")
        try:
            place = self.profiles.reserve(me.id)
        except LimitExceeded as exc:
            raise HTTPException(429, str(exc)) from None
        named: list[str] = []

        def opened(match_id: str) -> None:
            self.profiles.opened(me.id, place, match_id)
            named.append(match_id)

        try:
            yield opened
        finally:
            if not named:
                self.profiles.release(me.id, place)


def profiles_router(store: Store, hub: Hub, referee: Referee, scorekeeper: Scorekeeper) -> APIRouter:
    router = APIRouter()
    sign_in_attempts = Attempts(SIGN_IN_ATTEMPTS_PER_MINUTE)

    async def me_or_401(authorization: str | None) -> records.Profile:
        me = await profile_opened_by(store, bearer(authorization))
        if me is None:
            raise HTTPException(401, "not signed in: create a profile or sign in with a code")
        return me

    def title_of(game_id: str) -> str:
        try:
            return hub.catalog.game_class(game_id).title
        except UnknownGame:
            return game_id  # a game no longer offered keeps its ratings and history under its id

    async def page_of(profile_id: str) -> dict[str, Any]:
        async with store.sessions() as session:
            page = await records.profile_page(session, profile_id, policy=BOARD_POLICY, title_of=title_of)
        if page is None:
            raise HTTPException(404, f"no profile {profile_id[:40]!r}")
        return dict(records.to_jsonable(page))

    async def live_or_404(match_id: str) -> LiveMatch:
        try:
            return await hub.get(match_id)
        except NoSuchMatch as exc:
            raise HTTPException(404, str(exc)) from None

    @router.post("/api/profiles", status_code=201)
    async def create_profile(body: NewProfile) -> dict[str, Any]:
        try:
            async with store.writing() as session:
                signed = await records.create_profile(session, body.name)
        except NameTaken as exc:
            raise HTTPException(409, str(exc)) from None
        except ProfileError as exc:
            raise HTTPException(400, str(exc)) from None
        return signed_in(signed)

    @router.get("/api/profiles/me")
    async def my_profile(authorization: str | None = Header(None)) -> dict[str, Any]:
        me = await me_or_401(authorization)
        return await page_of(me.id)

    @router.post("/api/profiles/me/sign-in-code")
    async def sign_in_code(request: Request, authorization: str | None = Header(None)) -> dict[str, Any]:
        me = await me_or_401(authorization)
        async with store.writing() as session:
            await records.purge_sign_in_codes(session)  # the chore: spent and expired codes go
            code = await records.issue_sign_in_code(session, me.id)
        return {"code": format_code(code), "link": sign_in_link(str(request.base_url).rstrip("/"), code),
                "expires_in": 600}

    @router.post("/api/profiles/me/sign-out")
    async def sign_out(authorization: str | None = Header(None)) -> dict[str, bool]:
        async with store.writing() as session:
            done = await records.sign_out(session, bearer(authorization))
        return {"signed_out": done}

    @router.put("/api/profiles/me/dice-skin")
    async def dice_skin(body: DiceSkinChoice, authorization: str | None = Header(None)) -> dict[str, str]:
        me = await me_or_401(authorization)
        try:
            async with store.writing() as session:
                profile = await records.set_dice_skin(session, me.id, body.skin)
        except ProfileError as exc:
            raise HTTPException(400, str(exc)) from None
        return {"dice_skin": profile.dice_skin}

    @router.post("/api/sign-in")
    async def sign_in(body: SignIn, request: Request) -> dict[str, Any]:
        who = request.client.host if request.client else "?"
        if not sign_in_attempts.allow(who):
            raise HTTPException(429, f"too many sign-in attempts: at most {SIGN_IN_ATTEMPTS_PER_MINUTE} a minute")
        try:
            async with store.writing() as session:
                signed = await records.redeem_sign_in_code(session, Secret(body.code))
        except ProfileError as exc:
            raise HTTPException(400, str(exc)) from None
        return signed_in(signed)

    @router.get("/sign-in", include_in_schema=False)
    def sign_in_page() -> HTMLResponse:
        # the link's code is in its #fragment: the browser keeps it, the page's script reads and wipes it
        return HTMLResponse((WEB / "index.html").read_text())

    @router.get("/api/profiles/{profile_id}")
    async def profile(profile_id: str) -> dict[str, Any]:
        return await page_of(profile_id)

    @router.get("/api/leaderboards/{game_id}")
    async def board(game_id: str, top: int = 50, authorization: str | None = Header(None)) -> dict[str, Any]:
        if game_id not in {cls.id for cls in hub.catalog.games()}:
            raise HTTPException(404, f"no game {game_id[:40]!r}")
        me = await profile_opened_by(store, bearer(authorization)) if authorization else None
        async with store.sessions() as session:
            entries = await records.leaderboard_for(session, game_id, top=max(1, min(top, 200)), policy=BOARD_POLICY)
            mine = await records.my_rank(session, game_id, me.id, policy=BOARD_POLICY) if me else None
        return {"game": game_id, "entries": records.to_jsonable(entries), "mine": records.to_jsonable(mine)}

    @router.post("/api/matches/{match_id}/seats/{seat}/player")
    async def sit_as_me(match_id: str, seat: int, body: SeatProof,
                        authorization: str | None = Header(None)) -> dict[str, Any]:
        me = await me_or_401(authorization)
        live = await live_or_404(match_id)
        if not (0 <= seat < len(live.seats)) or not seat_tokens.token_matches(body.seat_token,
                                                                              live.seats[seat].token_hash):
            raise HTTPException(403, f"that token does not hold Seat {seat + 1} of this match")
        if live.match.is_over:
            raise HTTPException(409, "the match is over: its players are already recorded")
        if await hints_allowed(store, match_id):  # a rated match never has hints (reviews.py)
            raise HTTPException(409, PROFILE_IN_HINTS_MATCH)
        async with store.writing() as session:
            await seat_players.attach(session, match_id, seat, me.id)
        await hub.name_seat(live, seat, me.display_name, profile=True)
        return {"match": match_id, "seat": seat, "profile": me.id, "name": me.display_name,
                "dice_skin": me.dice_skin}

    @router.post("/api/matches/{match_id}/seats/{seat}/name")
    async def name_guest(match_id: str, seat: int, body: GuestName) -> dict[str, Any]:
        """A guest's name chosen at the table (a seat no profile plays): every screen names the seat so."""
        live = await live_or_404(match_id)
        if not (0 <= seat < len(live.seats)) or not seat_tokens.token_matches(body.seat_token,
                                                                              live.seats[seat].token_hash):
            raise HTTPException(403, f"that token does not hold Seat {seat + 1} of this match")
        if live.match.is_over:
            raise HTTPException(409, "the match is over: nothing about it can be changed")
        name = " ".join(body.name.split())
        if not name:
            raise HTTPException(422, "a name needs at least one letter")
        async with store.sessions() as session:
            if seat in await seat_players.profiles_of(session, match_id):
                raise HTTPException(409, "this seat is played by a profile: it keeps the profile's name")
        await hub.name_seat(live, seat, name)
        return {"match": match_id, "seat": seat, "name": name}

    @router.get("/api/matches/{match_id}/result")
    async def result(match_id: str) -> dict[str, Any]:
        live = await live_or_404(match_id)
        if not live.match.is_over:
            raise HTTPException(409, "the match is not over yet")
        await scorekeeper.kept_result(live)
        async with store.sessions() as session:
            rows = (await session.scalars(select(MatchResultSeatRow).where(
                MatchResultSeatRow.match_id == match_id).order_by(MatchResultSeatRow.seat))).all()
        # the seat's own outcome: a stored row counts it for the player, who may hold several seats (two
        # computers of one level, a profile playing hot-seat) and wins with any of them
        forfeits = {r.seat for r in rows if r.outcome == FORFEIT}  # gone at the end: last, a loss
        result = live.match.result()
        assert result is not None  # the match is over
        _, winners = forfeited(placings(result, len(live.seats)), live.match.winners, forfeits)
        # each seat by the name the table gave it (a profile's, a guest's chosen at the table, "Computer
        # (Easy)"): one name per player on the page; the records' name where the table has none
        seats = [{"seat": r.seat, "name": live.seats[r.seat].name or (r.name if r.player_id else None) or live.seat_title(r.seat),
                  "player": r.player_id, "score": r.score, "place": r.place,
                  "outcome": FORFEIT if r.seat in forfeits else match_outcome([r.seat], winners),
                  "rating_before": r.rating_before, "rating_after": r.rating_after,
                  "badge": Badge.parse(r.badge).value if r.badge else None} for r in rows]
        return {"match": match_id, "game": live.match.game.id, "options": dict(live.match.game.options),
                "result": result, "view": live.match.view(None), "seats": seats,
                "ending": live.match.log[-1] if live.match.log else None}  # the game's own words (public log)

    @router.post("/api/matches/{match_id}/leavers")
    async def leavers(match_id: str, body: LeaverSettings) -> dict[str, Any]:
        live = await live_or_404(match_id)
        if not any(seat_tokens.token_matches(body.seat_token, s.token_hash) for s in live.seats):
            raise HTTPException(403, "only a player of this match may set how leavers are replaced")
        levels = hub.catalog.levels(live.match.game.id)
        if body.level is not None and body.level not in levels:
            raise HTTPException(422, f"unknown level {body.level!r}; levels: {', '.join(levels)}")
        await store.set_leavers(match_id, body.grace, body.level)  # kept before it is in force
        live.leavers = (body.grace, body.level)
        await hub.seats_changed(live)
        referee.watch(live)
        return {"match": match_id, "grace": body.grace, "level": body.level}

    return router


def install(app: FastAPI, store: Store, hub: Hub) -> None:
    """Give ``app`` the records' routes, the referee (clock, leavers), the scorekeeper and the admission of
    new matches (``app.state.admission``; needs ``app.state.match_quota``)."""
    referee = Referee(hub)
    scorekeeper = Scorekeeper(hub, store)
    profile_quota = ProfileQuota()
    hub.watchers.append(lambda live: profile_quota.changed(live.id, live.match.is_over))
    app.state.profile_quota = profile_quota
    app.state.admission = MatchAdmission(store, profile_quota, app.state.match_quota)
    app.state.referee = referee
    app.state.scorekeeper = scorekeeper
    app.include_router(profiles_router(store, hub, referee, scorekeeper))
