"""E-mail notices (issue 45): a profile's verified address, the your-turn mail and the daily digest.

    give an address ──> a 6-digit code mailed to it (15 minutes, 5 tries)  ── typed back ──> verified
    verified: mode "turn"   a mail when it becomes your turn in a turn-based match, at most one per match
                            per turn: a ``mail_notices`` row (match, turn, profile) is written before the
                            mail goes, so a second trigger, another instance or a restart sends nothing
              mode "digest" one mail a day listing the matches waiting for you (``digest``, run by this
                            module's background loop on the turn-based clock; tests move a hand clock)
              mode "off"    nothing (the unsubscribe link in every mail sets it)

The trigger is a hub watcher, called after an action is stored and announced: the mail is written and sent
in a task of its own, so a slow or failing mail server never delays or breaks a move (failures are logged).
No mail is sent for a turn whose person holds the seat at a table on this instance (they can see it).

What a mail says is public: the game's title, the other players' names as the table names them, the time
left and a link. Never a card, a hand, a die to come: nothing here reads a view or the match's state
beyond whose turn it is. An unsubscribe token names the profile and an HMAC of the address with the row's
own random secret, so each address's link acts on that address alone and no token is stored in clear text.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import logging
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from regalia.core.errors import UnknownGame

from .hub import Hub, LiveMatch
from .mail import Mail, Mailer, MailError
from .models import MailAddressRow, MailNoticeRow, MatchRow, PlayRow, SeatRow
from .seat_players import SeatPlayerRow, profiles_of
from .turn_based import TurnBased, WallClock, turn_began

log = logging.getLogger("regalia.server.mail")

MODES = ("turn", "digest", "off")
CODE_LIFETIME = timedelta(minutes=15)
CODE_TRIES = 5
"""Wrong codes allowed for one code (a million codes: five guesses are a 1-in-200,000 chance)."""
DIGEST_EVERY = timedelta(days=1)
CLOSE_WAIT = 5.0
"""Seconds a stopping server waits for the mails under way."""
ADDRESS = re.compile(r"^[^@\s\x00-\x1f\x7f<>()\[\],;:\"\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
                     r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$")
"""A plain address: no display name, no comments, no quoted parts (nothing a header could be bent with)."""


class MailRefused(Exception):
    """A request about e-mail refused: ``status`` for HTTP, the reason for the person."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


def check_address(text: str) -> str:
    """``text`` as an address to mail, or ``MailRefused`` saying what is wrong with it."""
    address = text.strip()
    if not address:
        raise MailRefused(422, "type an e-mail address")
    if len(address) > 254 or not ADDRESS.match(address) or len(address.split("@")[0]) > 64:
        raise MailRefused(422, f"{address[:60]!r} does not look like an e-mail address (like anne@example.org)")
    return address


def code_hash(profile_id: str, code: str) -> str:
    return hashlib.sha256(f"{profile_id}:{code}".encode()).hexdigest()


def unsubscribe_token(row: MailAddressRow, address: str) -> str:
    """The unsubscribe link's token for ``address`` of this row (``profile.hmac``)."""
    mac = hmac.new((row.unsubscribe or "").encode(), address.lower().encode(), hashlib.sha256).hexdigest()[:32]
    return f"{row.profile_id}.{mac}"


def same(expected: str, given: str) -> bool:
    """A constant-time comparison of a token with what a link brought (any text: compared as UTF-8 bytes)."""
    return hmac.compare_digest(expected.encode(), given.encode("utf-8", "replace"))


def time_left(seconds: float) -> str:
    """"2 days 3 hours", "5 hours 10 minutes", "40 minutes", "less than a minute"."""
    minutes = int(max(0.0, seconds) // 60)
    days, hours, mins = minutes // 1440, minutes // 60 % 24, minutes % 60

    def unit(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"
    if days:
        return unit(days, "day") + (f" {unit(hours, 'hour')}" if hours else "")
    if hours:
        return unit(hours, "hour") + (f" {unit(mins, 'minute')}" if mins else "")
    return unit(mins, "minute") if mins else "less than a minute"


def listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else "nobody"


@dataclass
class Waiting:
    """A match waiting for a person's move, in public words."""

    match_id: str
    title: str
    others: list[str]
    seconds_left: float | None


class MailNotices:
    def __init__(self, hub: Hub, turns: TurnBased, mailer: Mailer | None, *, site_url: str | None = None,
                 tick_seconds: float = 60.0) -> None:
        self.hub, self.turns, self.store, self.mailer = hub, turns, hub.store, mailer
        self.site_url = site_url.rstrip("/") if site_url else None
        """The site's public address for the mails' links (``--site-url``); None: as each person reached it."""
        self.tick_seconds = tick_seconds
        self.clock_override: WallClock | None = None
        self._seen: dict[str, tuple[int, int]] = {}
        """Match -> (seat, turn) already dealt with here (mailed, or its person at the table)."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.Task[None] | None = None
        if mailer is not None:
            hub.watchers.append(self.watch)

    @property
    def offered(self) -> bool:
        return self.mailer is not None

    @property
    def clock(self) -> WallClock:
        """The turn-based clock (one time for deadlines and digests), unless a test gives its own."""
        return self.clock_override or self.turns.clock

    # ----- a profile's address -----------------------------------------------------------------------

    async def settings(self, profile_id: str) -> dict[str, Any]:
        async with self.store.sessions() as session:
            row = await session.get(MailAddressRow, profile_id)
        return self._settings(row)

    def _settings(self, row: MailAddressRow | None) -> dict[str, Any]:
        if not self.offered:
            return {"offered": False, "reason": "This server does not send e-mail."}
        return {"offered": True, "address": row.address if row else None, "pending": row.pending if row else None,
                "mode": row.mode if row and row.address else "off"}

    async def give_address(self, profile_id: str, text: str, site: str) -> dict[str, Any]:
        """Mail a code to ``text``; it becomes the address once the code is typed back (``verify``)."""
        mailer = self._mailer()
        address = check_address(text)
        code = f"{secrets.randbelow(10**6):06d}"
        async with self.store.sessions() as session:
            row = await session.get(MailAddressRow, profile_id)
        secret = row.unsubscribe if row is not None and row.unsubscribe else secrets.token_urlsafe(32)
        probe = MailAddressRow(profile_id=profile_id, unsubscribe=secret)
        link = self.unsubscribe_link(self.site_url or site, unsubscribe_token(probe, address))
        try:
            await mailer.send(Mail(to=address, subject=f"Your Regalia code: {code}", unsubscribe=link, lines=[
                f"Your code is {code}.",
                f"Type it in your Regalia profile within {int(CODE_LIFETIME.total_seconds() // 60)} minutes, and "
                "Regalia will mail this address when it is your turn in a match.",
                "If you did not ask for it, ignore this mail: nothing more is sent unless the code is typed."]))
        except MailError as exc:
            log.warning("verification code for profile %s not sent: %s", profile_id, exc)
            raise MailRefused(502, "your code could not be mailed just now (the mail server did not take it): "
                                   "try again in a few minutes") from None
        async with self.store.writing() as session:
            row = await session.get(MailAddressRow, profile_id)
            if row is None:
                row = MailAddressRow(profile_id=profile_id, mode="off", code_tries=0)
                session.add(row)
            row.unsubscribe = row.unsubscribe or secret
            row.pending, row.code_hash, row.code_tries = address, code_hash(profile_id, code), 0
            row.code_expires_at = self.clock.now() + CODE_LIFETIME
            row.site = site[:200]
        return self._settings(row)

    async def verify(self, profile_id: str, code: str) -> dict[str, Any]:
        """The code typed back: the pending address becomes the one mailed, or a refusal and nothing changes."""
        self._mailer()
        typed = "".join(code.split())
        async with self.store.writing() as session:
            row = await session.get(MailAddressRow, profile_id)
            if row is None or row.pending is None or row.code_hash is None:
                raise MailRefused(409, "no code is waiting: give your e-mail address first")
            if row.code_expires_at is None or row.code_expires_at <= self.clock.now():
                raise MailRefused(410, "that code has expired: ask for a new one")
            if row.code_tries >= CODE_TRIES:
                raise MailRefused(429, "too many wrong codes: ask for a new one")
            if not hmac.compare_digest(code_hash(profile_id, typed), row.code_hash):
                row.code_tries += 1  # counted (committed below); the address and its mails stay as they were
                left = CODE_TRIES - row.code_tries
                reason = (f"that is not the code mailed to {row.pending}: "
                          + (f"{left} {'try' if left == 1 else 'tries'} left" if left else "ask for a new one"))
                failed = True
            else:
                row.address, row.pending, row.code_hash, row.code_expires_at = row.pending, None, None, None
                row.mode = "turn" if row.mode == "off" else row.mode
                row.digest_at = self.clock.now()
                failed = False
        if failed:
            raise MailRefused(400, reason)
        return self._settings(row)

    async def set_mode(self, profile_id: str, mode: str) -> dict[str, Any]:
        self._mailer()
        async with self.store.writing() as session:
            row = await session.get(MailAddressRow, profile_id)
            if row is None or row.address is None:
                raise MailRefused(409, "no verified e-mail address yet: give one and type the code mailed to it")
            if mode == "digest" and row.mode != "digest":
                row.digest_at = self.clock.now()  # the first digest comes a day from now
            row.mode = mode
        return self._settings(row)

    async def remove(self, profile_id: str) -> dict[str, Any]:
        """Forget the address (and any pending one): no mail again, every old unsubscribe link unknown."""
        self._mailer()
        async with self.store.writing() as session:
            await session.execute(delete(MailAddressRow).where(MailAddressRow.profile_id == profile_id))
        return self._settings(None)

    async def unsubscribe(self, token: str) -> tuple[str, str] | None:
        """Follow an unsubscribe link: ``(address, what was done)``, or None for a link not (or no longer) known.
        Works whether or not this server sends mail now (a link in an old mail must keep working)."""
        profile_id, _, _mac = token.partition(".")
        async with self.store.writing() as session:
            row = await session.get(MailAddressRow, profile_id) if profile_id and len(profile_id) <= 24 else None
            if row is None or not row.unsubscribe:
                return None
            if row.address and same(unsubscribe_token(row, row.address), token):
                done = "already off" if row.mode == "off" else "off"
                row.mode = "off"
                return row.address, done
            if row.pending and same(unsubscribe_token(row, row.pending), token):
                address = row.pending
                row.pending, row.code_hash, row.code_expires_at = None, None, None
                return address, "forgotten"
        return None

    def _mailer(self) -> Mailer:
        if self.mailer is None:
            raise MailRefused(404, "This server does not send e-mail.")
        return self.mailer

    def site_of(self, row: MailAddressRow) -> str:
        return (self.site_url or row.site or "http://localhost:8000").rstrip("/")

    @staticmethod
    def unsubscribe_link(site: str, token: str) -> str:
        return f"{site.rstrip('/')}/api/unsubscribe?token={token}"

    def title_of(self, game_id: str) -> str:
        try:
            return self.hub.catalog.game_class(game_id).title
        except UnknownGame:
            return game_id

    # ----- your turn ---------------------------------------------------------------------------------

    def watch(self, live: LiveMatch) -> None:
        """After every change (stored already): a person's turn just began in a turn-based match -> a mail."""
        if live.match.is_over:
            if self._seen.pop(live.id, None) is not None:
                self._spawn(self._forget(live.id))
            return
        seat = live.match.to_move
        if live.pace is None or seat is None:
            return
        stored = live.seats[seat]
        if stored.kind != "human" or stored.token_hash is None or seat in live.left:
            return
        began = turn_began(live)
        if self._seen.get(live.id) == (seat, began):
            return
        if any(seat in client.seats for client in live.clients):  # at the table: they see it is their turn
            self._seen[live.id] = (seat, began)
            return
        self._spawn(self._your_turn(live, seat, began))

    async def _your_turn(self, live: LiveMatch, seat: int, began: int) -> None:
        async with self.store.sessions() as session:
            profile_id = (await profiles_of(session, live.id)).get(seat)
            row = await session.get(MailAddressRow, profile_id) if profile_id else None
        if profile_id is None:
            return  # a guest's seat (it may be given a profile later in this turn: asked again then)
        self._seen[live.id] = (seat, began)
        if row is None or row.address is None or row.mode != "turn" or self.mailer is None:
            return
        try:
            async with self.store.writing() as session:
                session.add(MailNoticeRow(match_id=live.id, turn_version=began, profile_id=profile_id,
                                          sent_at=self.clock.now()))
        except IntegrityError:
            return  # mailed already for this turn (a second trigger, another instance, before a restart)
        play = self.turns.plays.get(live.id)
        if play is not None and play.turn_version == began and play.deadline is not None:
            left: float | None = (play.deadline - self.clock.now()).total_seconds()
        else:
            left = float(live.pace) if live.pace else None
        waiting = Waiting(live.id, self.title_of(live.match.game.id),
                          [live.seat_name(s) for s in range(len(live.seats)) if s != seat], left)
        site = self.site_of(row)
        lines = [f"It is your turn in {waiting.title} against {listed(waiting.others)}."]
        if left is not None:
            lines.append(f"Time left to move: {time_left(left)}.")
        await self.mailer.send(Mail(
            to=row.address, subject=f"Your turn in {waiting.title}", lines=lines,
            link=f"{site}/#/m/{live.id}", link_text="Play your move",
            unsubscribe=self.unsubscribe_link(site, unsubscribe_token(row, row.address))))
        log.info("your-turn mail sent for match %s turn %d", live.id, began)

    async def _forget(self, match_id: str) -> None:
        """A finished match's notice rows go (they only guard its turns against a second mail)."""
        async with self.store.writing() as session:
            await session.execute(delete(MailNoticeRow).where(MailNoticeRow.match_id == match_id))

    # ----- the daily digest --------------------------------------------------------------------------

    async def waiting_for(self, profile_id: str) -> list[Waiting]:
        """The turn-based matches whose clock runs for one of this profile's seats, soonest deadline first."""
        now = self.clock.now()
        async with self.store.sessions() as session:
            found = (await session.execute(
                select(PlayRow.match_id, PlayRow.seat, PlayRow.deadline, MatchRow.game)
                .join(SeatPlayerRow, (SeatPlayerRow.match_id == PlayRow.match_id)
                      & (SeatPlayerRow.seat == PlayRow.seat))
                .join(MatchRow, MatchRow.id == PlayRow.match_id)
                .where(SeatPlayerRow.profile_id == profile_id, PlayRow.pace.is_not(None),
                       PlayRow.deadline.is_not(None), MatchRow.is_over.is_(False))
                .order_by(PlayRow.deadline))).all()
            seats = (await session.scalars(select(SeatRow).where(
                SeatRow.match_id.in_([f.match_id for f in found])))).all() if found else []
        names: dict[str, dict[int, str]] = {}
        for s in seats:
            names.setdefault(s.match_id, {})[s.seat] = s.name or f"Seat {s.seat + 1}"
        return [Waiting(f.match_id, self.title_of(f.game),
                        [n for seat, n in sorted(names.get(f.match_id, {}).items()) if seat != f.seat],
                        (f.deadline - now).total_seconds()) for f in found]

    async def digest(self) -> int:
        """Mail each digest reader whose last digest is a day old the matches waiting for them; the count sent.
        A reader with nothing waiting gets nothing (and is asked again at the next run)."""
        if self.mailer is None:
            return 0
        now = self.clock.now()
        async with self.store.sessions() as session:
            due = (await session.scalars(select(MailAddressRow).where(
                MailAddressRow.mode == "digest", MailAddressRow.address.is_not(None),
                MailAddressRow.digest_at.is_(None) | (MailAddressRow.digest_at <= now - DIGEST_EVERY)))).all()
        sent = 0
        for row in due:
            waiting = await self.waiting_for(row.profile_id)
            if not waiting or row.address is None:
                continue
            async with self.store.writing() as session:  # claimed by one instance only
                same = (MailAddressRow.digest_at.is_(None) if row.digest_at is None
                        else MailAddressRow.digest_at == row.digest_at)
                claimed = await session.execute(update(MailAddressRow).where(
                    MailAddressRow.profile_id == row.profile_id, same).values(digest_at=now))
            if not claimed.rowcount:  # type: ignore[attr-defined]
                continue
            site = self.site_of(row)
            lines = [f"{len(waiting)} {'match waits' if len(waiting) == 1 else 'matches wait'} for your move:"]
            lines += [f"{w.title} against {listed(w.others)}"
                      + (f", {time_left(w.seconds_left)} left" if w.seconds_left is not None else "")
                      + f": {site}/#/m/{w.match_id}" for w in waiting]
            try:
                await self.mailer.send(Mail(
                    to=row.address, subject=f"Your turn in {len(waiting)} match{'' if len(waiting) == 1 else 'es'}"
                    " on Regalia", lines=lines, link=f"{site}/", link_text="Open Regalia",
                    unsubscribe=self.unsubscribe_link(site, unsubscribe_token(row, row.address))))
                sent += 1
            except MailError as exc:
                log.warning("daily digest for profile %s not sent: %s", row.profile_id, exc)
        return sent

    # ----- the loop ----------------------------------------------------------------------------------

    def _spawn(self, work: Any) -> None:
        with contextlib.suppress(RuntimeError):
            task = asyncio.get_running_loop().create_task(work)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            task.add_done_callback(functools.partial(_log_failure, "e-mail notice"))
            return
        work.close()

    async def start(self) -> None:
        if self.mailer is not None and (self._loop is None or self._loop.done()):
            self._loop = asyncio.get_running_loop().create_task(self._run(), name="mail-digest")

    async def _run(self) -> None:
        failing = ""
        while True:
            await asyncio.sleep(self.tick_seconds)
            try:
                await self.digest()
                failing = ""
            except Exception as exc:  # a database locked or gone: said once, tried again next time
                if str(exc) != failing:
                    log.warning("mail digest cannot run: %s", exc)
                failing = str(exc)

    async def close(self) -> None:
        """Stop the loop and wait for every mail under way (none may still use the store once it closes)."""
        if self._loop is not None:
            self._loop.cancel()
        tasks = [task for task in [self._loop, *self._tasks] if task is not None]
        if tasks:
            _done, late = await asyncio.wait(tasks, timeout=CLOSE_WAIT)
            for task in late:  # a mail server that does not answer does not hold the shutdown
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)


def _log_failure(what: str, task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        exc = task.exception()
        if isinstance(exc, MailError):
            log.warning("%s not sent: %s", what, exc)
        else:
            log.error("%s failed", what, exc_info=exc)


__all__ = ["MODES", "MailNotices", "MailRefused", "Waiting", "check_address", "time_left"]
