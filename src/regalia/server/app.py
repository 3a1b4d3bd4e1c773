"""``create_app``: the HTTP routes (lobby, matches, records) and the WebSocket of play.

    GET  /                                  the lobby (static, ES modules under /static)
    GET  /healthz                           200 once the database is migrated and the hub runs
    GET  /api/games                         games with their option specs and computer levels
    GET  /api/games/{id}/rules              the game's rulebook for players (rulebook.md) as HTML
    POST /api/matches                       a new match -> its id and the tokens of its human seats
    GET  /api/matches?open=1 | ?ids=a,b     matches open to join | these matches (your recent ones)
    GET  /api/matches/{id}                  one match's public summary
    POST /api/matches/{id}/seats/{n}/claim  join an open seat -> its token (a private one: its invite key)
    POST /api/matches/{id}/seats/{n}/invite a player's new invite link for a private match's open seat
    GET  /api/matches/{id}/record           the verified record (``Match.record()``), once over
    GET  /api/matches/{id}/chat             the table talk (``chat.py``), for the replay
    GET  /api/matches/{id}/replay           every step's public view (?seat=N: that seat's), once over
    POST /api/matches/{id}/rematch          the same game again, once over (GET: the one started, if any)
    POST /api/matches/{id}/hint             the computer's suggestion for your move (reviews.py)
    POST|GET /api/matches/{id}/review       the computer's review of a finished match (reviews.py)
    GET /api/push/key, POST|DELETE /api/push/subscriptions   your-turn notices by Web Push (push_api.py)
    GET|PUT|DELETE /api/profiles/me/mail, GET /api/unsubscribe   your-turn notices by e-mail (mail_api.py)
    WS   /ws/matches/{id}                   play and watch (see ``protocol``)
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from sqlalchemy.exc import IntegrityError

from regalia.core.errors import UnknownGame

from . import notes
from .boards import install as install_boards
from .bots import Bots
from .broker import Broker, make_broker
from .catalog import Catalog, default_catalog
from .chat import TableTalk
from .faults import answer_database_failures
from .hub import Client, Hub, LiveMatch, NoSuchMatch, Refusal
from .limits import LOOPBACK, LimitExceeded, MatchQuota, TokenBucket
from .mail import Mailer
from .mail_api import install as install_mail
from .mail_notices import MailNotices
from .migrate import upgrade
from .profiles_api import install as install_records
from .protocol import (
    MAX_MESSAGE_BYTES,
    Act,
    ChatSwitch,
    Claimed,
    ClaimRequest,
    Error,
    GameInfo,
    Hello,
    Invite,
    InviteRequest,
    Leave,
    LeaverRule,
    MatchCreated,
    MatchInfo,
    NewMatch,
    OptionInfo,
    Refused,
    Rematch,
    RematchRequest,
    Say,
    SeatInfo,
    SeatRequest,
    SetLevel,
    client_message,
)
from .push_api import install as install_push
from .referee import Referee
from .reviews import hints_setup_refusal
from .reviews import install as install_reviews
from .rulebooks import install as install_rulebooks
from .seats import token_matches
from .store import MatchSummary, Store
from .turn_based import TurnBased
from .tutorials import install as install_tutorials

WEB = Path(__file__).resolve().parent.parent / "web"


def create_app(db: str = "sqlite:///regalia.db", *, catalog: Catalog | None = None, bot_pause: float = 0.6,
               bot_workers: int = 2, broker: str | Broker | None = None, smtp: str | None = None,
               mail_from: str | None = None, site_url: str | None = None) -> FastAPI:
    """The web app on database ``db`` offering ``catalog``'s games (default: every registered one).

    ``broker`` (``redis://...``): share the matches with other instances on the same database.
    ``smtp`` (``smtp://...``, ``mail.py``): offer e-mail notices, sent from ``mail_from``, linking to ``site_url``.
    """
    catalog = catalog or default_catalog()
    store = Store(db)
    shared = make_broker(broker) if isinstance(broker, str | None) else broker
    hub = Hub(store, catalog, Bots(catalog, workers=bot_workers, pause=bot_pause), broker=shared)
    ready = asyncio.Event()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(upgrade, db)
        await store.start()
        if shared is not None:
            await shared.start()
        ready.set()
        await turns.start()  # deadlines passed while no server ran are called now
        await mail.start()  # the daily digest's loop (only with --smtp)
        yield
        await mail.close()
        await turns.close()
        await pusher.close()  # your-turn pushes under way (push_api.py)
        referee = getattr(_app.state, "referee", None)
        if referee is not None:  # its clock and stand-ins stop before the computers' workers do
            await referee.close()
        await hub.close()
        if shared is not None:
            await shared.close()
        await store.close()

    app = FastAPI(title="Regalia", summary="Four royal tabletop games, server-authoritative.",
                  lifespan=lifespan)
    app.state.hub = hub
    app.state.store = store
    answer_database_failures(app)  # a failing database is a 503 with a reason, never a bare 500
    app.state.match_quota = MatchQuota()  # anonymous new matches per client a minute (limits.py)
    install_records(app, store, hub)  # profiles, ratings, boards; the referee's clock and leavers
    install_boards(app, catalog)  # GET /api/games/{id}/board: a game's static geometry (boards.py)
    install_rulebooks(app, catalog)  # GET /api/games/{id}/rules: its rulebook.md as HTML (rulebooks.py)
    turns = app.state.turns = TurnBased(hub, app.state.referee)  # turn-based play (turn_based.py)
    talk = app.state.talk = TableTalk(hub)  # table talk (chat.py)
    turns.notes.append(hub.note)  # a lapse of time is written in the match's log (notes.py: kept, replayed)
    install_tutorials(app, catalog, hub, store)  # /api/tutorials: learn to play, step by step (tutorials.py)
    install_reviews(app, hub, store)  # /api/matches/{id}/hint and /review: the engines' advice (reviews.py)
    mail = MailNotices(hub, turns, Mailer(smtp, mail_from) if smtp else None, site_url=site_url)
    install_mail(app, mail)  # e-mail notices: /api/profiles/me/mail, /api/unsubscribe (mail_api.py)
    pusher = install_push(app, hub, store)  # /api/push: your-turn notices by Web Push (push_api.py, push.py)

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        return JSONResponse({"ok": ready.is_set()}, status_code=200 if ready.is_set() else 503)

    @app.get("/api/games")
    def games() -> list[GameInfo]:
        return [game_info(catalog, cls.id) for cls in catalog.games()]

    @app.post("/api/matches", status_code=201)
    async def new_match(request: NewMatch, http: Request, authorization: str | None = Header(None)) -> MatchCreated:
        # limits.py: a signed-in profile's matches in play, else the client address's new matches a minute
        host = http.client.host if http.client else "unknown"
        refusal = await hints_setup_refusal(store, request, authorization)  # a rated match never has hints
        if refusal is not None:
            raise HTTPException(422, refusal)
        async with app.state.admission.new_match(host, authorization) as opened:
            try:
                live, minted, invites = await hub.create(request)
            except UnknownGame as exc:
                raise HTTPException(404, str(exc)) from None
            except ValueError as exc:
                raise HTTPException(422, str(exc)) from None
            opened(live.id)
            await turns.created(live, request)
        return MatchCreated(match=live.id, tokens=minted, invites=invites, seed_commitment=live.seed_commitment)

    @app.get("/api/matches")
    async def list_matches(open: bool = False, ids: str | None = Query(None, max_length=4000)) -> list[MatchInfo]:
        wanted = [i for i in ids.split(",") if i] if ids is not None else None
        found = await store.list_matches(ids=wanted, open_only=open)
        plays = await turns.rows([summary.id for summary in found])
        return [with_play(match_info(summary, app.state.referee, hub.live.get(summary.id)),
                          plays.get(summary.id), turns) for summary in found]

    @app.get("/api/matches/{match_id}")
    async def one_match(match_id: str) -> MatchInfo:
        found = await store.list_matches(ids=[match_id])
        if not found:
            raise HTTPException(404, f"no match {match_id[:40]!r}")
        return with_play(match_info(found[0], app.state.referee, hub.live.get(match_id)),
                         (await turns.rows([match_id])).get(match_id), turns)

    @app.get("/api/matches/{match_id}/chat")
    async def chat(match_id: str) -> dict[str, Any]:
        """The table talk so far (spectators may read it too): the table reads it on opening, then hears each
        new line on its socket; the replay shows it."""
        if not await store.list_matches(ids=[match_id]):
            raise HTTPException(404, f"no match {match_id[:40]!r}")
        on, host = await talk.setting(match_id)
        return {"match": match_id, "on": on, "host_seat": host,
                "lines": [line.model_dump() for line in await talk.lines(match_id)]}

    @app.post("/api/matches/{match_id}/seats/{seat}/claim")
    async def claim(match_id: str, seat: int, body: ClaimRequest | None = None) -> Claimed:
        """``body``: a private match's invite key, or in its rematch the token that held the seat before."""
        live = await live_or_404(match_id)
        if not (0 <= seat < len(live.seats)) or live.seats[seat].kind != "human":
            raise HTTPException(404, f"this match has no seat {seat + 1} for a person to take")  # named from 1
        if live.match.is_over:
            raise HTTPException(409, "the match is over: nothing about it can be changed")
        body = body or ClaimRequest()
        try:
            token = await hub.claim(live, seat, body.key, body.previous_token)
        except Refusal as exc:
            raise HTTPException(403, str(exc)) from None
        if token is None:
            raise HTTPException(409, f"Seat {seat + 1} is already taken: someone joined before you")
        turns.watch(live)  # a turn-based seat taken while it is to move: its clock starts now
        return Claimed(match=match_id, seat=seat, token=token)

    @app.post("/api/matches/{match_id}/seats/{seat}/invite")
    async def new_invite(match_id: str, seat: int, body: InviteRequest) -> Invite:
        """A new invite key for an open seat of a private match, for a player who no longer has the link
        (another browser, a lost message); the old link stops working."""
        live = await live_or_404(match_id)
        if not any(token_matches(body.seat_token, s.token_hash) for s in live.seats):
            raise HTTPException(403, "only a player of this match may make its invite links")
        if not (0 <= seat < len(live.seats)) or not live.seats[seat].is_open:
            raise HTTPException(409, f"Seat {seat + 1} is not open: there is nobody to invite")
        if live.match.is_over:
            raise HTTPException(409, "the match is over: nothing about it can be changed")
        if not live.seats[seat].is_invite_only:
            raise HTTPException(409, f"Seat {seat + 1} is open to anyone: its link needs no key")
        key = await hub.new_invite(live, seat)
        if key is None:
            raise HTTPException(409, f"Seat {seat + 1} is already taken: someone joined before you")
        return Invite(match=match_id, seat=seat, key=key)

    @app.post("/api/matches/{match_id}/rematch")
    async def rematch(match_id: str, body: RematchRequest, http: Request,
                      authorization: str | None = Header(None)) -> Rematch:
        """The same game again, once this one is over: the asker's seats are theirs again, the computers keep
        their last levels, every other person's seat is open. A second asker gets the same rematch."""
        live = await finished_or_409(match_id)
        held = {s.seat for s in live.seats if any(token_matches(t, s.token_hash) for t in body.seat_tokens)}
        if not held:
            raise HTTPException(403, "only a player of this match may start its rematch: no token given holds a seat")
        existing = await store.rematch_of(match_id)
        if existing is not None:
            return Rematch(match=existing, created=False)
        seats = [SeatRequest(kind="computer", level=s.level) if s.kind == "computer"
                 else SeatRequest(kind="human" if s.seat in held else "open") for s in live.seats]
        request = NewMatch(game=live.match.game.id, options=dict(live.match.game.options), seats=seats,
                           private=any(s.invite_hash is not None for s in live.seats))
        host = http.client.host if http.client else "unknown"
        async with app.state.admission.new_match(host, authorization) as opened:
            try:
                new, minted, invites = await hub.create(request, rematch_of=match_id, leavers=live.leavers)
            except IntegrityError:  # another asker started it a moment before (maybe on another instance)
                found = await store.rematch_of(match_id)
                if found is None:
                    raise
                return Rematch(match=found, created=False)
            except (UnknownGame, ValueError) as exc:  # the game or a level is no longer offered
                raise HTTPException(422, f"this match cannot be played again here: {exc}") from None
            opened(new.id)
            before = await turns.read(match_id)  # a turn-based match's rematch is turn-based, its talk as it was
            await turns.created(new, request, pace=before.pace, chat=before.chat, hints=before.hints)
        return Rematch(match=new.id, created=True, tokens=minted, invites=invites)

    @app.get("/api/matches/{match_id}/rematch")
    async def find_rematch(match_id: str) -> dict[str, str | None]:
        """``{"match": id}`` of the rematch started from this match, or ``{"match": null}`` (asked of the store
        alone: a finished table asks every few seconds, which must not bring its match back into memory)."""
        if not await store.list_matches(ids=[match_id]):
            raise HTTPException(404, f"no match {match_id[:40]!r}")
        return {"match": await store.rematch_of(match_id)}

    @app.get("/api/matches/{match_id}/record")
    async def record(match_id: str) -> dict[str, Any]:
        live = await finished_or_409(match_id)
        return live.match.record()

    @app.get("/api/matches/{match_id}/replay")
    async def replay(match_id: str, seat: int | None = None) -> dict[str, Any]:
        live = await finished_or_409(match_id)
        if seat is not None and not 0 <= seat < live.match.players:
            raise HTTPException(400, f"no seat {seat}: this match has {live.match.players} seats, numbered "
                                     f"from 0 in the API (0 to {live.match.players - 1})")
        steps = notes.into_steps(replay_steps(live, seat), await notes.read(store, match_id))  # the server's lines
        return {"match": match_id, "game": live.match.game.id, "seat": seat, "steps": steps,
                "hidden_information": live.match.game.hidden_information}  # this match's: a mode may have none

    async def live_or_404(match_id: str) -> LiveMatch:
        try:
            return await hub.get(match_id)
        except NoSuchMatch as exc:
            raise HTTPException(404, str(exc)) from None

    async def finished_or_409(match_id: str) -> LiveMatch:
        live = await live_or_404(match_id)
        if not live.match.is_over:
            # a record shows every chance outcome, future ones included: only a finished match has one
            raise HTTPException(409, "the match is not over: its record is kept secret until the end")
        return live

    @app.websocket("/ws/matches/{match_id}")
    async def play(ws: WebSocket, match_id: str) -> None:
        await ws.accept()
        try:
            live = await hub.get(match_id)
        except NoSuchMatch as exc:
            await ws.send_text(Error(reason=str(exc)).model_dump_json())
            await ws.close(code=4404)
            return
        client = Client(send=ws.send_text)
        await hub.join(live, client)
        turns.announce(live)  # a turn-based match's deadline (none is sent for a real-time one)
        try:
            await serve_client(ws, hub, live, client)
        except WebSocketDisconnect:
            pass
        finally:
            await hub.leave(live, client)

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/sw.js", include_in_schema=False)
    def service_worker() -> FileResponse:
        """The service worker, from the root so that it looks after the whole site (the lobby offline)."""
        return FileResponse(WEB / "sw.js", media_type="text/javascript", headers={"cache-control": "no-cache"})

    @app.get("/manifest.webmanifest", include_in_schema=False)
    def manifest() -> FileResponse:
        return FileResponse(WEB / "manifest.webmanifest", media_type="application/manifest+json")

    @app.get("/", include_in_schema=False)
    def index() -> HTMLResponse:
        # the games are named in the page itself, so the lobby says what it offers even before scripts run
        names = "".join(f"<li>{html.escape(cls.title)}</li>" for cls in catalog.games())
        page = (WEB / "index.html").read_text().replace(
            "<p>Loading…</p>", f'<h1>Choose a game</h1><ul class="game-names">{names}</ul><p>Loading…</p>')
        return HTMLResponse(page)

    return app


async def serve_client(ws: WebSocket, hub: Hub, live: LiveMatch, client: Client) -> None:
    """Read one client's messages until it goes; each bad one is refused with a reason, and changes nothing."""
    host = ws.client.host if ws.client else ""
    bucket = None if host in LOOPBACK else TokenBucket()  # this machine's own clients are not limited
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        try:
            if bucket is not None:
                bucket.take()
        except LimitExceeded as exc:
            client.post(Refused(reason=str(exc), version=live.match.version).model_dump_json())
            continue
        text = message.get("text")
        if text is None:
            client.post(Refused(reason="messages are JSON text, not binary").model_dump_json())
            continue
        if len(text) > MAX_MESSAGE_BYTES or len(text.encode()) > MAX_MESSAGE_BYTES:
            client.post(Refused(reason=f"message too long: at most {MAX_MESSAGE_BYTES} bytes",
                                version=live.match.version).model_dump_json())
            continue
        try:
            parsed = client_message.validate_json(text)
        except ValidationError as exc:
            client.post(Refused(reason=f"malformed message: {first_error(exc)}",
                                version=live.match.version).model_dump_json())
            continue
        try:
            if isinstance(parsed, Act):
                await hub.submit(live, parsed.seat, parsed.version, parsed.action, client)
            elif isinstance(parsed, Hello):
                await hub.hello(live, client, parsed.tokens)
            elif isinstance(parsed, Say):
                await ws.app.state.talk.say(live, client, parsed)
            elif isinstance(parsed, ChatSwitch):
                await ws.app.state.talk.switch(live, client, parsed)
            elif isinstance(parsed, SetLevel):
                await hub.set_level(live, client, parsed.seat, parsed.level)
            elif isinstance(parsed, Leave):
                await hub.leave_seat(live, client, parsed.seat)
            else:
                await hub.refresh(live, client)
        except Refusal as exc:
            client.post(Refused(reason=str(exc), version=live.match.version).model_dump_json())


def first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error.get("loc", ()))
    return f"{where}: {error['msg']}" if where else error["msg"]


def game_info(catalog: Catalog, game_id: str) -> GameInfo:
    cls = catalog.game_class(game_id)
    options = [OptionInfo(name=o.name, default=o.default, doc=o.doc, kind=o.kind.__name__,
                          choices=list(o.choices) if o.choices is not None else None,
                          minimum=o.minimum, maximum=o.maximum, nullable=o.nullable)
               for o in cls.all_option_specs()]
    return GameInfo(id=cls.id, title=cls.title, summary=cls.summary, min_players=cls.min_players,
                    max_players=cls.max_players, default_players=cls.default_players,
                    has_chance=cls.has_chance, hidden_information=cls.hidden_information,
                    options=options, levels=catalog.levels(cls.id))


def match_info(summary: MatchSummary, referee: Referee, live: LiveMatch | None = None) -> MatchInfo:
    """A match as the lists show it; ``live``: this instance's match in play, which knows whose turn it is."""
    seats = [SeatInfo(seat=s.seat, kind=s.kind, level=s.level, name=s.name,
                      title=live.seat_title(s.seat) if live is not None and s.seat < len(live.seats) else None,
                      open=s.is_open, invite_only=s.is_invite_only) for s in summary.seats]
    try:
        rule = referee.rule(summary.game, summary.leavers)
        leavers = LeaverRule(grace=rule.grace, level=rule.level or "")
    except UnknownGame:  # a game this server no longer offers: its matches are still listed
        leavers = None
    return MatchInfo(match=summary.id, game=summary.game, options=summary.options, version=summary.version,
                     is_over=summary.is_over, seats=seats, updated_at=summary.updated_at.isoformat(),
                     leavers=leavers,
                     to_move=live.match.to_move if live is not None and not live.match.is_over else None,
                     winners=_winners(summary.result))


def with_play(info: MatchInfo, play: Any, turns: TurnBased) -> MatchInfo:
    """Hints allowed; a turn-based match's pace, the seat to move and its time left (from the store: any
    instance's)."""
    if play is not None:
        info.hints = play.hints
    if play is None or play.pace is None:
        return info
    info.pace = play.pace
    if not info.is_over and play.deadline is not None:
        info.deadline = play.deadline.isoformat()
        info.seconds_left = round(max(0.0, (play.deadline - turns.clock.now()).total_seconds()), 1)
        if info.to_move is None:
            info.to_move = play.seat
    return info


def _winners(result: dict[str, Any] | None) -> list[int] | None:
    winners = (result or {}).get("winners")
    return [w for w in winners if isinstance(w, int)] if isinstance(winners, list) else None


def replay_steps(live: LiveMatch, seen_by: int | None = None) -> list[dict[str, Any]]:
    """The view before the first action and after each one: the spectator's, or ``seen_by`` seat's with its
    hand (the match is over and its seed published: nothing is secret any more)."""
    game = live.match.game
    again = game.new_match(seed=live.seed)
    steps: list[dict[str, Any]] = [{"version": 0, "action": None, "seat": None, "view": again.view(seen_by),
                                    "log": list(again.log)}]
    for (seat, action) in [(s, a) for s, a in live.match.history if s >= 0]:
        start = len(again.log)
        again.play(action, seat)
        steps.append({"version": again.version, "action": action, "seat": seat, "view": again.view(seen_by),
                      "log": again.log[start:]})
    return steps
