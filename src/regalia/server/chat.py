"""Table talk: a chat beside each table for its players, kept with the match and shown in its replay.

    client ──{"type": "say", "text"|"phrase"}──> TableTalk.say
        a player's connection? the talk on? the length, this seat's rate, the match's total?
                                        -> refused with the reason, nothing kept
        stored (chat_lines, numbered per match), then every connection here gets a ``chat`` frame
        with the new line, and the other instances are told (the broker's "seats" news: they read the new
        lines from the database)
    client ──{"type": "chat", "on": true}──> TableTalk.switch     (the host's seat only)

Text is kept and sent as plain text; the web shows it with ``textContent``, never as HTML. ``note`` writes a
line of the server's own in the talk (kind ``note``), whether or not it is on; a lapse of time in a turn-based
match is written in the match's log instead (``notes.py``), where the replay shows it at its step.
Muting another person is the reader's choice, kept in their browser (``web/chat.js``).
"""

from __future__ import annotations

import contextlib
import time
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from .broker import SEATS
from .hub import Client, Hub, LiveMatch, Refusal
from .models import ChatRow, PlayRow
from .protocol import CHAT_TEXT_LIMIT, PHRASES, Chat, ChatLine, ChatSwitch, Say

RATE_MESSAGES = 5
"""Lines one seat may say in ``RATE_SECONDS``."""
RATE_SECONDS = 10.0
MATCH_LINES = 500
"""Lines a match's talk may hold in all."""
MATCH_CHARACTERS = 40_000
"""Characters a match's talk may hold in all."""


def _line(row: ChatRow) -> ChatLine:
    return ChatLine(n=row.n, seat=row.seat, name=row.name, kind=row.kind,  # type: ignore[arg-type]
                    text=row.text, at=row.at.isoformat())


def clean(text: str) -> str:
    """One line of plain text: control characters (newlines included) become spaces, ends trimmed."""
    return "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text).strip()


class TableTalk:
    def __init__(self, hub: Hub, now: Callable[[], float] = time.monotonic) -> None:
        self.hub = hub
        self.store = hub.store
        self.now = now
        self.said: dict[tuple[str, int], list[float]] = {}
        """(match, seat) -> when its recent lines were said (the rate limit; forgotten with the match)."""
        self.seen: dict[str, int] = {}
        """Match -> the last line number this instance has shown its connections."""
        self.shown_on: dict[str, bool] = {}
        """Match -> whether this instance last showed its talk on (news of the switch from elsewhere)."""
        hub.watchers.append(self._forget_if_done)
        if hub.broker is not None:
            hub.broker.subscribe(self._news)

    # ----- reading ---------------------------------------------------------------------------------

    async def lines(self, match_id: str, after: int = 0) -> list[ChatLine]:
        async with self.store.sessions() as session:
            rows = (await session.scalars(select(ChatRow).where(ChatRow.match_id == match_id, ChatRow.n > after)
                                          .order_by(ChatRow.n))).all()
        return [_line(row) for row in rows]

    async def setting(self, match_id: str) -> tuple[bool, int | None]:
        """(talk on, host's seat) as kept with the match (no row: an older match, talk on, no host)."""
        async with self.store.sessions() as session:
            row = await session.get(PlayRow, match_id)
        return (True, None) if row is None else (row.chat, row.host_seat)

    async def send_all(self, live: LiveMatch, client: Client) -> None:
        """The whole talk so far, for a connection that joined or claimed its seats."""
        on, host = await self.setting(live.id)
        lines = await self.lines(live.id)
        if lines:
            self.seen[live.id] = max(self.seen.get(live.id, 0), lines[-1].n)
        frame = Chat(match=live.id, on=on, may_write=on and bool(client.seats),
                     host=host is not None and host in client.seats, lines=lines)
        with contextlib.suppress(ConnectionError):
            client.post(frame.model_dump_json())

    # ----- writing ---------------------------------------------------------------------------------

    async def say(self, live: LiveMatch, client: Client, message: Say) -> None:
        if not client.seats:
            raise Refusal("spectators may read the table talk but not write: only the match's players talk")
        on, _host = await self.setting(live.id)
        if not on:
            raise Refusal("table talk is off in this match (it is off with strangers): its host may turn it on")
        if message.phrase is not None:
            kind, text = "phrase", PHRASES[message.phrase]
        else:
            kind, text = "say", clean(message.text or "")
            if not text:
                raise Refusal("an empty message: write something, or pick a quick phrase")
            if len(text) > CHAT_TEXT_LIMIT:
                raise Refusal(f"message too long: at most {CHAT_TEXT_LIMIT} characters (yours has {len(text)})")
        seat = client.focus if client.focus in client.seats else min(client.seats)
        assert seat is not None
        now = self.now()
        recent = [t for t in self.said.get((live.id, seat), []) if now - t < RATE_SECONDS]
        if len(recent) >= RATE_MESSAGES:
            raise Refusal(f"too fast: at most {RATE_MESSAGES} messages in {RATE_SECONDS:g} seconds; "
                          f"wait {RATE_SECONDS - (now - recent[0]):.0f} s")
        async with self.store.sessions() as session:
            count, characters = (await session.execute(
                select(func.count(), func.coalesce(func.sum(func.length(ChatRow.text)), 0))
                .where(ChatRow.match_id == live.id))).one()
        if count >= MATCH_LINES or characters + len(text) > MATCH_CHARACTERS:
            raise Refusal(f"this match's table talk is full (at most {MATCH_LINES} lines and "
                          f"{MATCH_CHARACTERS} characters): nothing more can be said here")
        recent.append(now)
        self.said[(live.id, seat)] = recent
        await self._add(live, seat, live.seat_name(seat), kind, text)

    async def note(self, live: LiveMatch, text: str) -> None:
        """A line of the server's in the table's log (always written, whether or not the talk is on)."""
        await self._add(live, None, None, "note", text)

    async def switch(self, live: LiveMatch, client: Client, message: ChatSwitch) -> None:
        on, host = await self.setting(live.id)
        if host is None or host not in client.seats:
            raise Refusal("only the match's host (who set it up) may turn its table talk on or off")
        async with self.store.writing() as session:
            await session.execute(update(PlayRow).where(PlayRow.match_id == live.id).values(chat=message.on))
        self.shown_on[live.id] = message.on
        await self._tell_all(live)
        await self.hub.seats_changed(live)  # the other instances' tables show the switch

    async def _add(self, live: LiveMatch, seat: int | None, name: str | None, kind: str, text: str) -> None:
        for _attempt in range(5):  # another instance may take the same number: the key refuses it, try the next
            try:
                async with self.store.writing() as session:
                    last = await session.scalar(select(func.max(ChatRow.n)).where(ChatRow.match_id == live.id))
                    session.add(ChatRow(match_id=live.id, n=(last or 0) + 1, seat=seat, name=name, kind=kind,
                                        text=text, at=datetime.now(UTC)))
                break
            except IntegrityError:
                continue
        else:
            raise Refusal("the table talk is busy: say it again")
        await self._show_new(live)
        await self.hub.seats_changed(live)

    async def _show_new(self, live: LiveMatch) -> None:
        """Show this instance's connections the lines they have not had yet."""
        fresh = await self.lines(live.id, self.seen.get(live.id, 0))
        if not fresh:
            return
        self.seen[live.id] = fresh[-1].n
        on, host = await self.setting(live.id)
        for client in list(live.clients):
            frame = Chat(match=live.id, on=on, may_write=on and bool(client.seats),
                         host=host is not None and host in client.seats, lines=fresh, full=False)
            with contextlib.suppress(ConnectionError):
                client.post(frame.model_dump_json())

    async def _tell_all(self, live: LiveMatch) -> None:
        for client in list(live.clients):
            await self.send_all(live, client)

    async def _news(self, match_id: str, version: int) -> None:
        """Another instance's news: new lines, or the switch turned, for a match with connections here."""
        live = self.hub.live.get(match_id)
        if version != SEATS or live is None or not live.clients:
            return
        on, _host = await self.setting(match_id)
        switched = self.shown_on.get(match_id, on) != on
        self.shown_on[match_id] = on
        if switched:
            await self._tell_all(live)
        else:
            await self._show_new(live)

    def _forget_if_done(self, live: LiveMatch) -> None:
        if live.match.is_over and not live.clients:
            self.seen.pop(live.id, None)
            self.shown_on.pop(live.id, None)
            for key in [k for k in self.said if k[0] == live.id]:
                del self.said[key]
