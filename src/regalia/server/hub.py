"""The live matches: one writer per match, persist-then-broadcast, one view per seat.

Data flow of one action::

    client ──act(version, seat, action)──> Hub.submit
        under the match's lock (one action per match at a time):
          seat held? version current? Match.check (the rule, if illegal)   -> refused, nothing changes
          Match.play                        (chance resolved by the match's own generator)
          Store.append ... committed        (if it fails: the match is reloaded from the store)
          broadcast: for each client, update_for(its seats)   <- the one path out of the server
    and if a computer seat is to move next, Bots.decide runs in a thread and comes back to submit.

With a broker (several instances on one PostgreSQL, ``broker.py``), the lock is per process, so the
database decides: before the version check the hub catches up on actions other instances stored; the
actions table's (match, version) key refuses the loser of a true race as stale; after the commit the
hub publishes "match advanced" and the other instances catch up and broadcast to their own clients.

Nothing is announced before it is durable, and nothing leaves but ``Match.view(seat)`` of a seat the
client holds (or the spectator's ``view(None)``), the public log, and the legal actions of its seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import IntegrityError

from regalia.core.errors import IllegalAction
from regalia.core.match import Match

from . import notes, seat_players
from . import seats as tokens
from .bots import Bots
from .broker import SEATS, Broker
from .catalog import Catalog
from .faults import UNAVAILABLE, without_last_action
from .presence import Presence
from .protocol import NewMatch, SeatRequest
from .secrecy import bot_seed, hidden_from, last_for
from .store import Store, StoredMatch, StoredSeat

log = logging.getLogger("regalia.server.hub")

OUTBOX_LIMIT = 512
"""Updates queued for one client before it is judged too slow and disconnected."""


class NoSuchMatch(LookupError):
    pass


class Refusal(Exception):
    """An action or request turned down; the message says why (a rule, a stale version, a seat)."""


def level_title(level: str) -> str:
    """A computer level as a player reads it: "Easy", "Medium", "Hard" (the API's baselines: "Random", "UCT")."""
    return level.upper() if level == "uct" else level.capitalize()


def computer_seat_name(level: str) -> str:
    """A computer seat's name at the table, as the end-of-match records and leaderboards write it:
    ``Computer (Easy)``."""
    return f"Computer ({level_title(level)})"


@dataclass(eq=False)
class Client:
    """One WebSocket: the seats it proved with tokens, and what it has been sent."""

    send: Any
    """``async send(text)``."""
    seats: set[int] = field(default_factory=set)
    focus: int | None = None
    """The seat whose view it sees: the one to move among its seats, else the last one that moved."""
    log_seen: int = 0
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    sender: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.sender = asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        while (text := await self.outbox.get()) is not None:
            await self.send(text)

    def post(self, text: str) -> None:
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            raise ConnectionError("client too slow")
        self.outbox.put_nowait(text)

    async def stop(self) -> None:
        if self.sender is not None:
            self.sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.sender


@dataclass(eq=False)
class LiveMatch:
    id: str
    match: Match
    seats: list[StoredSeat]
    seed: str
    seed_commitment: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    last: dict[str, Any] | None = None
    last_hidden: frozenset[int | None] = frozenset()
    """The seats (None: spectators) that may not be told which action ``last`` was (``secrecy``)."""
    bot_task: asyncio.Task[None] | None = None
    leavers: tuple[float, str | None] | None = None
    """The host's zombie mode (grace seconds, computer level), as stored; None: the server's default."""
    away: set[int] = field(default_factory=set)
    """People's seats a computer plays since their person left (``referee.py``), until they come back."""
    left: set[int] = field(default_factory=set)
    """Seats whose person said they leave for good: the computer plays them at once (no grace)."""
    away_elsewhere: set[int] = field(default_factory=set)
    """People's seats a computer on another server instance plays (``presence.py``'s stand-ins)."""
    pace: int | None = None
    """A turn-based match's seconds per turn (``turn_based.py``); None: real-time."""
    rated: bool = False
    """A person with a profile plays a seat (the match counts for ratings): its computers' levels are fixed
    once play has begun."""

    def started(self) -> bool:
        """Whether a seat has acted (chance alone, such as a deal, does not start a match)."""
        return any(mover >= 0 for mover, _ in self.match.history)

    def computer_to_move(self) -> StoredSeat | None:
        mover = self.match.to_move
        if mover is None:
            return None
        seat = self.seats[mover]
        return seat if seat.kind == "computer" else None

    def seat_name(self, seat: int) -> str:
        """A seat as the table names it: its player's name ("Anne", "Computer (Easy)"), else the game's own
        name for the seat ("Gold (South)", a captain), else "Seat 2"."""
        return self.seats[seat].name or self.seat_title(seat) or f"Seat {seat + 1}"

    def seat_title(self, seat: int) -> str | None:
        """The game's own name for ``seat`` (``Game.seat_title``): how a person who gave no name is called."""
        return self.match.game.seat_title(self.match.state, seat)

    def players(self) -> list[dict[str, Any]]:
        fixed = self.rated and self.started()  # a rated match's computer levels, once play has begun
        return [{"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name, "title": self.seat_title(s.seat),
                 "open": s.is_open, "invite_only": s.is_invite_only, "away": s.seat in self.away or s.seat in self.left or s.seat in self.away_elsewhere,
                 **({"level_fixed": fixed} if s.kind == "computer" else {})}
                for s in self.seats]


try:
    import orjson

    def dumps(value: Any) -> str:
        """Compact JSON text (orjson: several times faster than ``json`` on a view)."""
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
except ImportError:  # pragma: no cover - orjson is a dependency; this only keeps a bare install working

    def dumps(value: Any) -> str:
        """Compact JSON text."""
        return json.dumps(value, separators=(",", ":"))


@dataclass
class Round:
    """What the updates of one broadcast share, made once whoever needs it first.

    A view depends only on the state and the seat it is built for, so the clients that look from the
    same seat (hot-seat tables, every spectator) share one; nothing is shared across seats.
    """

    views: dict[int | None, tuple[dict[str, Any], list[str]]] = field(default_factory=dict)
    """Seat (None: spectators) -> (its view, the legal actions it is offered)."""
    players: list[dict[str, Any]] | None = None


def update_for(live: LiveMatch, client: Client, round_: Round | None = None) -> str:
    """The update one client may see — the only function that turns a match into outgoing text.

    Its fields are ``protocol.Update``'s (a test validates real frames against it); it is built as a dict
    and dumped straight to text (no pydantic) because this runs once per client per action. ``round_``
    shares the views of one broadcast between the clients that look from the same seat.
    """
    match = live.match
    mover = match.to_move
    if mover is not None and mover in client.seats:
        client.focus = mover
    elif client.focus is None and client.seats:
        client.focus = min(client.seats)
    seat = client.focus
    if round_ is None:
        round_ = Round()
    seen = round_.views.get(seat)
    if seen is None:
        seen = round_.views[seat] = (
            match.view(seat), match.legal_actions() if seat is not None and seat == mover else [])
    if round_.players is None:
        round_.players = live.players()
    log = match.log
    log_start = min(client.log_seen, len(log))
    update = {
        "type": "update",
        "match": live.id,
        "version": match.version,
        "seat": seat,
        "seats": sorted(client.seats),
        "view": seen[0],
        "legal": seen[1],
        "log_start": log_start,
        "log": log[log_start:],
        "last": last_for(live.last, live.last_hidden, client.seats),
        "players": round_.players,
        "seed_commitment": live.seed_commitment,
        "seed": live.seed if mover is None else None,
    }
    client.log_seen = len(log)
    return dumps(update)


class Hub:
    def __init__(self, store: Store, catalog: Catalog, bots: Bots, broker: Broker | None = None) -> None:
        self.store = store
        self.catalog = catalog
        self.bots = bots
        self.broker = broker
        """Set when several instances share the database (``broker.py``); None: this process alone."""
        if broker is not None:
            broker.subscribe(self._advanced_elsewhere)
        self.presence = Presence(store) if broker is not None else None
        """The seats this instance's connections hold, told to the others (``presence.py``)."""
        self.live: dict[str, LiveMatch] = {}
        self._loading: dict[str, asyncio.Future[LiveMatch]] = {}
        self.watchers: list[Callable[[LiveMatch], None]] = []
        """Called after every change a referee may care about (an action, a client come or gone, a load)."""
        self.loaders: list[Callable[[LiveMatch], Awaitable[None]]] = []
        """Awaited on a match replayed from the store, before anyone sees it (what other tables keep of it)."""

    def _notify(self, live: LiveMatch) -> None:
        for watcher in self.watchers:
            watcher(live)

    # ----- matches ---------------------------------------------------------------------------------

    async def create(self, request: NewMatch, rematch_of: str | None = None,
                     leavers: tuple[float, str | None] | None = None
                     ) -> tuple[LiveMatch, dict[int, str], dict[int, str]]:
        """A new match with its seats; returns the tokens of its ``human`` seats and, for a private match, the
        invite keys of its open seats (both shown only now).

        ``rematch_of``: the finished match this one is the rematch of (``Store.create_match``); ``leavers``:
        its host's zombie mode, carried over."""
        game = self.catalog.load(request.game, **request.options)
        levels = self.catalog.levels(game.id)
        default = self.catalog.default_level if self.catalog.default_level in levels else levels[0]
        wanted = request.seats or [SeatRequest(kind="human")] + [SeatRequest(kind="computer")] * (
            game.players - 1)
        if len(wanted) != game.players:
            raise ValueError(f"{len(wanted)} seats given for a {game.players}-player match")
        seats: list[StoredSeat] = []
        minted: dict[int, str] = {}
        invites: dict[int, str] = {}
        for index, request_seat in enumerate(wanted):
            kind, level, name = request_seat.kind, request_seat.level, request_seat.name
            if kind == "computer":
                level = level or default
                if level not in levels:
                    raise ValueError(f"unknown level {level!r} for {game.id}; levels: {', '.join(levels)}")
                seats.append(StoredSeat(index, "computer", level, None, name or computer_seat_name(level)))
            elif kind == "human":
                minted[index] = tokens.new_token()
                seats.append(StoredSeat(index, "human", None, tokens.hash_token(minted[index]), name))
            elif request.private:
                invites[index] = tokens.new_token()
                seats.append(StoredSeat(index, "human", None, None, name, tokens.hash_token(invites[index])))
            else:
                seats.append(StoredSeat(index, "human", None, None, name))
        seed = tokens.new_seed()
        stored = StoredMatch(secrets.token_urlsafe(12), game.id, dict(game.options), seed,
                             tokens.seed_commitment(seed), seats, [], leavers=leavers)
        await self.store.create_match(stored, rematch_of)
        live = LiveMatch(stored.id, game.new_match(seed=seed), seats, seed, stored.seed_commitment,
                         leavers=leavers)
        self.live[live.id] = live
        self._schedule_bot(live)
        self._notify(live)
        return live, minted, invites

    async def get(self, match_id: str) -> LiveMatch:
        """The live match, replayed from the store on first use (one load even if many ask at once)."""
        if match_id in self.live:
            return self.live[match_id]
        if match_id in self._loading:
            return await asyncio.shield(self._loading[match_id])
        future: asyncio.Future[LiveMatch] = asyncio.get_running_loop().create_future()
        self._loading[match_id] = future
        try:
            live = await self._load(match_id)
            live.rated = await self._rated(live)
            for load in self.loaders:
                await load(live)
            self.live[match_id] = live
            future.set_result(live)
            self._schedule_bot(live)
            self._notify(live)
            return live
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody else waited
            raise
        finally:
            del self._loading[match_id]

    async def _load(self, match_id: str) -> LiveMatch:
        stored = await self.store.load_match(match_id) if len(match_id) <= 32 else None
        if stored is None:
            raise NoSuchMatch(f"no match {match_id[:40]!r}")
        game = self.catalog.load(stored.game, **stored.options)
        match = game.new_match(seed=stored.seed)
        last: dict[str, Any] | None = None
        before = match.state
        for seat, action in stored.actions:
            before = match.state
            match.play(action, seat, clock=action in game.clock_actions(match.state))
            last = {"seat": seat, "action": action}
        notes.restore(match.log, await notes.read(self.store, stored.id))  # the server's own lines, where they were
        live = LiveMatch(stored.id, match, stored.seats, stored.seed, stored.seed_commitment,
                         leavers=stored.leavers)
        live.last = last
        if last is not None:
            live.last_hidden = hidden_from(game, before, last["seat"], last["action"])
        return live

    # ----- clients ---------------------------------------------------------------------------------

    async def join(self, live: LiveMatch, client: Client) -> None:
        client.start()
        async with live.lock:
            await self._catch_up(live)  # another instance may have advanced it since this one loaded it
            live.clients.add(client)
            client.post(update_for(live, client))
        self._notify(live)

    async def hello(self, live: LiveMatch, client: Client, given: list[str]) -> None:
        """Claim the seats whose tokens are given; a wrong token is refused and claims nothing."""
        async with live.lock:
            await self._catch_up_seats(live)
            for token in given:
                found = [s.seat for s in live.seats if tokens.token_matches(token, s.token_hash)]
                if not found:
                    raise Refusal("a token matches no seat of this match: you may watch but not act")
                client.seats.update(found)
            client.focus = None
            client.log_seen = 0
            await self._tell_presence(live)  # recorded before the client is told it holds the seats
            returned = await self.back(live, client.seats)
            if not returned:
                client.post(update_for(live, client))
        self._notify(live)
        if returned:  # the instance whose computer played for them hears it (after the lock: news may loop back)
            await self.seats_changed(live)

    async def gone(self, live: LiveMatch, seat: int) -> None:
        """A computer of this instance plays ``seat`` since its person left: every table, on every
        instance, shows them away."""
        if seat in live.away:
            return
        live.away.add(seat)
        self._broadcast(live)
        if self.presence is not None:
            await self.presence.stand_in(live.id, seat, True)
            await self.seats_changed(live)

    async def back(self, live: LiveMatch, seats: set[int]) -> bool:
        """The people of ``seats`` are back (here or through another instance): no longer away or left.
        True if a table had them away, which every table here is then shown; the caller then tells the
        other instances (``seats_changed``) once it no longer holds the match's lock."""
        live.left -= seats
        here, there = live.away & seats, live.away_elsewhere & seats
        if not here and not there:
            return False
        live.away -= seats
        live.away_elsewhere -= seats
        self._broadcast(live)
        if self.presence is not None:
            for seat in here:
                await self.presence.stand_in(live.id, seat, False)
        return True

    async def claim(self, live: LiveMatch, seat: int, key: str | None = None,
                    previous_token: str | None = None) -> str | None:
        """Give an open human seat to whoever asks first: its new token (None if it was taken).

        A private match's seat only to whoever brings its invite ``key``, or, in a rematch, the
        ``previous_token`` that held the same seat in the match before (``Refusal`` otherwise).
        Everyone watching is told, so an invite accepted shows at once on every screen.
        """
        token = tokens.new_token()
        async with live.lock:
            wanted = live.seats[seat]
            if wanted.token_hash is not None:
                return None
            by_key = wanted.invite_hash if tokens.token_matches(key, wanted.invite_hash) else None
            if wanted.invite_hash is not None and by_key is None:
                held_before = await self.store.previous_seat_hash(live.id, seat) if previous_token else None
                if not tokens.token_matches(previous_token, held_before):
                    raise Refusal(f"Seat {seat + 1} is kept for whoever has its invite link: "
                                  + ("this link's key is not its key" if key else "ask the player who invited you for it"))
            if not await self.store.claim_seat(live.id, seat, tokens.hash_token(token), None, invite_hash=by_key):
                return None
            live.seats[seat].token_hash = tokens.hash_token(token)
            self._broadcast(live)
        await self.seats_changed(live)
        return token

    async def new_invite(self, live: LiveMatch, seat: int) -> str | None:
        """A new invite key for a private match's open seat (the old link stops working): None once taken."""
        key = tokens.new_token()
        async with live.lock:
            if not live.seats[seat].is_invite_only:
                return None
            if not await self.store.set_invite(live.id, seat, tokens.hash_token(key)):
                return None
            live.seats[seat].invite_hash = tokens.hash_token(key)
        await self.seats_changed(live)
        return key

    async def set_level(self, live: LiveMatch, client: Client, seat: int, level: str) -> None:
        """A player of the match sets a computer seat's level; it plays at that level from its next move."""
        if not client.seats:
            raise Refusal("only a player of this match may change a computer's level")
        if live.match.is_over:
            raise Refusal("the match is over: nothing about it can be changed")
        if not (0 <= seat < len(live.seats)) or live.seats[seat].kind != "computer":
            raise Refusal(f"Seat {seat + 1} is not a computer seat")
        levels = self.catalog.levels(live.match.game.id)
        if level not in levels:
            raise Refusal(f"unknown level {level!r}; levels: {', '.join(levels)}")
        if live.started() and (live.rated or await self._rated(live)):
            # a rated match's opponent is fixed once play has begun: its rating change is against that level
            raise Refusal(f"{live.seats[seat].name or 'the computer'} keeps its level in a rated match once "
                          "play has begun")
        async with live.lock:
            await self.store.set_level(live.id, seat, level)
            was = live.seats[seat]
            if was.level != level:  # a match event, not a rule: the log says who changed what (issue #40)
                by = client.focus if client.focus in client.seats else min(client.seats)
                await notes.write(self.store, live.id, live.match.log, live.match.version,
                                  f"{live.seat_name(by)} set {was.name or f'Seat {seat + 1}'} to "
                                  f"{level_title(level)}: it plays so from its next move.")
            was.level = level
            was.name = computer_seat_name(level)
            self._broadcast(live)
        await self.seats_changed(live)

    async def note(self, live: LiveMatch, text: str) -> None:
        """A line of the server's in the match's log (``notes.py``: kept with the match, shown to every seat and
        in the replay): what happened at the table, never a rule."""
        async with live.lock:
            await notes.write(self.store, live.id, live.match.log, live.match.version, text)
            self._broadcast(live)

    async def _rated(self, live: LiveMatch) -> bool:
        """Whether ``live`` counts for ratings: a person with a profile plays one of its seats."""
        async with self.store.sessions() as session:
            return bool(await seat_players.profiles_of(session, live.id))

    async def name_seat(self, live: LiveMatch, seat: int, name: str, *, profile: bool = False) -> None:
        """``seat`` is called ``name`` (a profile plays it, or a guest chose it): every screen at the table names
        the seat so (and does after a restart). ``profile``: the match now counts for ratings."""
        async with live.lock:
            live.rated = live.rated or profile
            await self.store.name_seat(live.id, seat, name)
            live.seats[seat].name = name
            self._broadcast(live)
        await self.seats_changed(live)

    async def leave_seat(self, live: LiveMatch, client: Client, seat: int) -> None:
        """The person playing ``seat`` leaves the match for good: every connection of this instance stops
        holding the seat (theirs watch on), and the referee hands it to the computer at once."""
        if seat not in client.seats:
            raise Refusal(f"you do not hold Seat {seat + 1}: only its player may leave it")
        if live.match.is_over:
            raise Refusal("the match is over: nothing about it can be changed")
        async with live.lock:
            live.left.add(seat)
            for other in live.clients:
                other.seats.discard(seat)
                if other.focus == seat:
                    other.focus = min(other.seats) if other.seats else None
            await self._tell_presence(live)
            self._broadcast(live)
        self._notify(live)

    async def refresh(self, live: LiveMatch, client: Client) -> None:
        async with live.lock:
            client.post(update_for(live, client))

    async def leave(self, live: LiveMatch, client: Client) -> None:
        live.clients.discard(client)
        await client.stop()
        if client.seats:
            with contextlib.suppress(Exception):  # presence is best effort: a beat repairs it, or it goes stale
                await self._tell_presence(live)
        self._notify(live)
        self._forget_if_done(live)

    def _forget_if_done(self, live: LiveMatch) -> None:
        """Drop a finished match nobody is connected to (at the last leave, or at its end if nobody watched).

        A finished match can never be written again, so dropping it cannot create a second writer; it is
        replayed from the store if anyone asks for it again.
        """
        if not live.clients and live.match.is_over and self.live.get(live.id) is live:
            del self.live[live.id]

    # ----- actions ---------------------------------------------------------------------------------

    async def submit(self, live: LiveMatch, seat: int, version: int, action: str,
                     client: Client | None = None, *, clock: bool = False, stand_in: bool = False) -> None:
        """Play ``action`` for ``seat`` if the client holds it, saw ``version``, and the rules allow it.

        ``clock``: the referee's clock plays a timeout (``Game.clock_actions``); no client may.
        ``stand_in``: the referee's computer plays for the seat's gone person (recorded with the action).
        """
        if client is not None and seat not in client.seats:
            raise Refusal(f"you do not hold Seat {seat + 1}: you may watch but not act")
        async with live.lock:
            await self._catch_up(live)
            match = live.match
            if version != match.version:
                raise Refusal(f"stale action: the table moved on before your move arrived (you saw version "
                              f"{version}, the match is at version {match.version}): look again and choose")
            if match.to_move is not None and seat != match.to_move:  # said as the table names the seats
                raise Refusal(f"it is not {live.seat_name(seat)}'s turn: {live.seat_name(match.to_move)} is to move")
            before = match.state
            try:
                match.check(action, seat, clock=clock and client is None)
            except IllegalAction as exc:
                raise Refusal(str(exc)) from None
            match.play(action, seat, clock=clock and client is None)
            try:
                await self.store.append(live.id, version, seat, action, is_over=match.is_over,
                                        result=match.result(), stand_in=stand_in)
            except IntegrityError:
                # another instance committed this version first: ours is stale; show theirs instead
                live.match = without_last_action(match)
                await self._catch_up(live)
                raise Refusal(f"stale action: another action landed first at version {version}, the match "
                              f"is at version {live.match.version}") from None
            except Exception:
                log.exception("could not save action %d of %s; taking it back", version, live.id)
                live.match = without_last_action(match)
                raise Refusal(f"the action could not be saved: {UNAVAILABLE}") from None
            live.last = {"seat": seat, "action": action}
            live.last_hidden = hidden_from(match.game, before, seat, action)
            self._broadcast(live)
        if self.broker is not None:
            await self._publish(live.id, match.version)
        self._schedule_bot(live)
        self._notify(live)
        self._forget_if_done(live)  # e.g. computers and zombies finished it with nobody watching

    # ----- several instances (``broker.py``) --------------------------------------------------------

    async def _catch_up(self, live: LiveMatch) -> bool:
        """Replay what other instances committed since this one's version, and show it to this one's clients.

        Called under the match's lock; True if anything came. The database is the truth: a lost broker
        message only delays this.
        """
        if self.broker is None:
            return False
        newer = await self.store.actions_since(live.id, live.match.version)
        if not newer:
            return False
        match = live.match
        game = match.game
        written = await notes.read(self.store, live.id, from_line=len(match.log))  # the other's notes too
        notes.due(match.log, written, match.version)
        for seat, action in newer:
            before = match.state
            match.play(action, seat, clock=action in game.clock_actions(match.state))
            live.last = {"seat": seat, "action": action}
            live.last_hidden = hidden_from(game, before, seat, action)
            notes.due(match.log, written, match.version)
        self._broadcast(live)
        return True

    async def _catch_up_seats(self, live: LiveMatch) -> bool:
        """Seats claimed, levels or the leaver rule set on another instance since this one loaded the match,
        and the seats computers play for gone people there. True if a seat this instance's computer played
        is no longer away (its person is back through another instance): the others are then to be told."""
        if self.broker is None:
            return False
        stored = await self.store.load_match(live.id)
        if stored is not None:
            live.seats = stored.seats
            live.leavers = stored.leavers
        if self.presence is None:
            return False
        # a person at a table here is not away, whatever stand-in row another instance has yet to drop
        held_here = set().union(*(client.seats for client in live.clients))
        live.away_elsewhere = await self.presence.stood_in_elsewhere(live.id) - held_here
        returned = False
        for seat in sorted(live.away - live.left):  # our computer's seat, its person back elsewhere
            if await self.presence.held_elsewhere(live.id, seat):
                live.away.discard(seat)
                await self.presence.stand_in(live.id, seat, False)
                returned = True
        return returned

    async def _tell_presence(self, live: LiveMatch) -> None:
        """Tell the other instances which seats of ``live`` this one's connections hold now."""
        if self.presence is not None:
            await self.presence.update(live.id, set().union(*(c.seats for c in live.clients)))

    async def held_elsewhere(self, live: LiveMatch, seat: int) -> bool:
        """Whether a person holds ``seat`` through another server instance (never, for one instance alone)."""
        return self.presence is not None and await self.presence.held_elsewhere(live.id, seat)

    async def seats_changed(self, live: LiveMatch) -> None:
        """Tell the other instances that ``live``'s seats (or its leaver rule) changed in the store."""
        if self.broker is not None:
            await self._publish(live.id, SEATS)

    async def _advanced_elsewhere(self, match_id: str, version: int) -> None:
        """News from the broker: catch up a match this instance holds and show its clients.

        The computer seat to move is played by the instance that committed the action before it, so
        nothing is scheduled here (a racing duplicate would only lose on the version key).
        """
        live = self.live.get(match_id)
        if live is not None and version == SEATS:  # taken, levels, names, leaver rule, away: from the store
            async with live.lock:
                returned = await self._catch_up_seats(live)
                self._broadcast(live)
            self._notify(live)
            if returned:  # a table that read our stand-in before we dropped it reads again
                await self.seats_changed(live)
            return
        if live is None or version <= live.match.version:
            return
        async with live.lock:
            await self._catch_up(live)
        self._notify(live)

    async def _publish(self, match_id: str, version: int) -> None:
        assert self.broker is not None
        try:
            await self.broker.publish(match_id, version)
        except Exception:  # committed already; the others catch up from the database on their next action
            log.exception("could not publish %s advanced to %d", match_id, version)

    def _broadcast(self, live: LiveMatch) -> None:
        round_ = Round()
        for client in list(live.clients):
            try:
                client.post(update_for(live, client, round_))
            except ConnectionError:
                live.clients.discard(client)
                client.outbox.put_nowait(None)

    # ----- computer seats --------------------------------------------------------------------------

    def _schedule_bot(self, live: LiveMatch) -> None:
        if live.computer_to_move() is None or (live.bot_task and not live.bot_task.done()):
            return
        live.bot_task = asyncio.create_task(self._bot_turn(live), name=f"bot-{live.id}")

    async def _bot_turn(self, live: LiveMatch) -> None:
        async with live.lock:
            seat = live.computer_to_move()
            if seat is None:
                return
            version = live.match.version
            view = live.match.view(seat.seat)
            legal = live.match.legal_actions()
        assert seat.level is not None
        try:
            action = await self.bots.decide(live.match.game, seat.level, bot_seed(live.seed, seat.seat, version),
                                            view, seat.seat, legal)
            live.bot_task = None
            await self.submit(live, seat.seat, version, action)
        except Refusal as exc:
            log.warning("computer seat %d of %s was refused: %s", seat.seat, live.id, exc)
        except Exception:
            log.exception("computer seat %d of %s failed", seat.seat, live.id)

    async def close(self) -> None:
        for live in self.live.values():
            if live.bot_task:
                live.bot_task.cancel()
        self.bots.close()
        if self.presence is not None:
            with contextlib.suppress(Exception):  # a database already gone: the rows go stale instead
                await self.presence.close()
