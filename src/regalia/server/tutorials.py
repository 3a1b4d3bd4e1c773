"""Learn to play: each game's tutorial (its package's ``tutorial.py``: steps of positions, words and taught
moves), played through the same server and table as any match.

    GET  /api/tutorials                         the games that have one, and (signed in) those you finished
    GET  /api/tutorials/{game}                  its steps: title, text, the moves each lights, the word after
    POST /api/tutorials/{game}/steps/{n}        a new match in step n's position -> {match, seat, token}
    POST /api/tutorials/{game}/steps/{n}/move   try a move in that match -> {verdict, say, finished}
    GET  /api/tutorials/finished/{profile}      the tutorials a profile has finished

A step's match is a match like any other: the game's options (a set position where the game has one) plus a
seed and the actions that lead from the options' start to the step's position (a match is options + seed +
actions), the learner in ``step.seat`` and the computer (``step.opponent``) in the others. The server judges
every try: a taught move is played (``done``, and the step's word); another legal move is answered with a
gentle "not quite" and the step's hint, and not played; an illegal one is refused with its rule in words, as
always. The browser only shows. A signed-in learner who plays the last lesson's move has the tutorial marked
finished on their profile (``models.TutorialFinishedRow``); a guest's browser keeps it instead.

The server imports no game's rules: a tutorial is found beside the game class the catalog gives.
"""

from __future__ import annotations

import importlib
import secrets
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, FastAPI, Header, HTTPException, Request
from pydantic import Field
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from regalia.core.errors import IllegalAction, UnknownGame
from regalia.core.game import Game

from . import seats as seat_tokens
from .catalog import Catalog
from .hub import Hub, LiveMatch, NoSuchMatch, Refusal, computer_seat_name
from .models import TutorialFinishedRow
from .profiles_api import bearer, profile_opened_by
from .protocol import StrictBody
from .store import Store, StoredMatch, StoredSeat


class TryMove(StrictBody):
    match: str = Field(max_length=40)
    seat_token: str = Field(max_length=200)
    version: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=200)


def tutorial_of(cls: type[Game]) -> tuple[Any, ...] | None:
    """The steps of ``cls``'s tutorial (``TUTORIAL`` in its package's ``tutorial.py``), or None."""
    package = importlib.import_module(cls.__module__).__package__ or ""
    try:
        module = importlib.import_module(f"{package}.tutorial")
    except ModuleNotFoundError:
        return None
    steps = getattr(module, "TUTORIAL", None)
    return tuple(steps) if steps else None


def step_info(index: int, step: Any) -> dict[str, Any]:
    return {"n": index, "title": step.title, "text": step.text, "moves": list(step.moves), "done": step.done,
            "free": not step.moves, "seat": step.seat}


def is_step_match(live: LiveMatch, game_id: str, step: Any) -> bool:
    """Whether ``live`` was started for ``step`` (its game, options and opening actions)."""
    game = live.match.game
    if game.id != game_id or any(game.options.get(k) != v for k, v in step.options.items()):
        return False
    moves = [(s, a) for s, a in live.match.history if s >= 0]
    return moves[:len(step.prefix)] == [tuple(p) for p in step.prefix]


def router(catalog: Catalog, hub: Hub, store: Store, app: FastAPI) -> APIRouter:
    routes = APIRouter()
    found: dict[str, tuple[Any, ...] | None] = {}

    def steps_of(game_id: str) -> tuple[type[Game], tuple[Any, ...]]:
        try:
            cls = catalog.game_class(game_id)
        except UnknownGame as exc:
            raise HTTPException(404, str(exc)) from None
        if game_id not in found:
            found[game_id] = tutorial_of(cls)
        steps = found[game_id]
        if not steps:
            raise HTTPException(404, f"{cls.title} has no tutorial yet")
        return cls, steps

    def step_of(game_id: str, n: int) -> Any:
        _, steps = steps_of(game_id)
        if not 0 <= n < len(steps):
            raise HTTPException(404, f"the tutorial has steps 1 to {len(steps)}, not {n + 1}")
        return steps[n]

    async def finished_by(profile_id: str) -> list[str]:
        async with store.sessions() as session:
            rows = await session.scalars(select(TutorialFinishedRow.game).where(
                TutorialFinishedRow.profile_id == profile_id).order_by(TutorialFinishedRow.game))
            return list(rows)

    @routes.get("/api/tutorials")
    async def tutorials(authorization: str | None = Header(None)) -> dict[str, Any]:
        offered = []
        for cls in catalog.games():
            if cls.id not in found:
                found[cls.id] = tutorial_of(cls)
            steps = found[cls.id]
            if steps:
                offered.append({"game": cls.id, "title": cls.title, "steps": len(steps)})
        me = await profile_opened_by(store, bearer(authorization)) if authorization else None
        return {"tutorials": offered, "finished": await finished_by(me.id) if me else None}

    @routes.get("/api/tutorials/finished/{profile_id}")
    async def finished(profile_id: str) -> dict[str, Any]:
        return {"profile": profile_id, "finished": await finished_by(profile_id[:24])}

    @routes.get("/api/tutorials/{game_id}")
    def tutorial(game_id: str) -> dict[str, Any]:
        cls, steps = steps_of(game_id)
        return {"game": cls.id, "title": cls.title, "steps": [step_info(i, s) for i, s in enumerate(steps)]}

    @routes.post("/api/tutorials/{game_id}/steps/{n}", status_code=201)
    async def start_step(game_id: str, n: int, http: Request) -> dict[str, Any]:
        step = step_of(game_id, n)
        host = http.client.host if http.client else "unknown"
        # a lesson is never rated: it is counted by address, like a guest's new match, not as a profile's
        async with app.state.admission.new_match(host, None) as opened:
            match_id, token = await create_step_match(catalog, store, game_id, n, step)
            opened(match_id)
        try:
            await hub.get(match_id)  # loaded now: its computer seat, if to move, starts thinking
        except NoSuchMatch as exc:  # pragma: no cover - just stored
            raise HTTPException(503, str(exc)) from None
        return {"match": match_id, "seat": step.seat, "token": token, "step": step_info(n, step)}

    @routes.post("/api/tutorials/{game_id}/steps/{n}/move")
    async def try_move(game_id: str, n: int, body: TryMove,
                       authorization: str | None = Header(None)) -> dict[str, Any]:
        _, steps = steps_of(game_id)
        step = step_of(game_id, n)
        try:
            live = await hub.get(body.match)
        except NoSuchMatch as exc:
            raise HTTPException(404, str(exc)) from None
        if not is_step_match(live, game_id, step):
            raise HTTPException(409, f"that match is not step {n + 1} of this tutorial")
        seat = step.seat
        if not seat_tokens.token_matches(body.seat_token, live.seats[seat].token_hash):
            raise HTTPException(403, f"that token does not hold Seat {seat + 1} of this match")
        match = live.match
        played = [s for s, _ in [(s, a) for s, a in match.history if s >= 0][len(step.prefix):]]
        if step.moves and seat in played:
            raise HTTPException(409, "this step is done: go on to the next one")
        if match.to_move != seat:
            raise HTTPException(409, "wait for your turn: the other side is still to move")
        try:
            match.check(body.action, seat)
        except IllegalAction as exc:
            return {"verdict": "refused", "say": str(exc), "finished": False}
        if step.moves and body.action not in step.moves:
            return {"verdict": "not-quite", "say": step.hint, "finished": False}
        try:
            await hub.submit(live, seat, body.version, body.action)
        except Refusal as exc:
            return {"verdict": "refused", "say": str(exc), "finished": False}
        done = bool(step.moves) and n == len(steps) - 2  # the last lesson: the closing match follows
        if done and authorization:
            me = await profile_opened_by(store, bearer(authorization))
            if me is not None:
                await mark_finished(store, me.id, game_id)
        return {"verdict": "done" if step.moves else "played", "say": step.done, "finished": done}

    return routes


async def mark_finished(store: Store, profile_id: str, game_id: str) -> None:
    try:
        async with store.writing() as session:
            if await session.get(TutorialFinishedRow, (profile_id, game_id)) is None:
                session.add(TutorialFinishedRow(profile_id=profile_id, game=game_id, finished_at=datetime.now(UTC)))
    except IntegrityError:
        pass  # finished before: the first time stands


async def create_step_match(catalog: Catalog, store: Store, game_id: str, n: int, step: Any) -> tuple[str, str]:
    """Store a new match in ``step``'s position (options, then its opening actions from its seed): the learner's
    seat held by the returned token, the computer in the others. Nothing is live until the hub loads it, so no
    computer moves before the opening actions stand."""
    game = catalog.load(game_id, **step.options)
    levels = catalog.levels(game.id)
    level = step.opponent if step.opponent in levels else levels[0]
    token = seat_tokens.new_token()
    seats = [StoredSeat(i, "human", None, seat_tokens.hash_token(token), None) if i == step.seat
             else StoredSeat(i, "computer", level, None, computer_seat_name(level)) for i in range(game.players)]
    # a lesson is dealt from its own seed (its dice, its cards); the closing match from a set opening too, else
    # from a fresh seed, as any match is
    seed = str(step.seed) if step.prefix or step.moves else seat_tokens.new_seed()
    match = game.new_match(seed=seed)
    played = []
    for seat, action in step.prefix:
        version = match.version
        match.play(action, seat)
        played.append((version, seat, action))
    stored = StoredMatch(secrets.token_urlsafe(12), game.id, dict(game.options), seed,
                         seat_tokens.seed_commitment(seed), seats, [])
    await store.create_match(stored)
    for version, seat, action in played:
        await store.append(stored.id, version, seat, action)
    return stored.id, token


def install(app: FastAPI, catalog: Catalog, hub: Hub, store: Store) -> None:
    """Add the tutorial routes to ``app`` (after ``profiles_api.install``: it uses ``app.state.admission``)."""
    app.include_router(router(catalog, hub, store, app))
