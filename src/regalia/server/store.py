"""Async persistence of matches, seats and accepted actions, with group commit.

``append`` returns only once its action is committed. Appends from every match go through one queue:
the committer takes everything waiting, writes it in one transaction, commits, then wakes all of their
callers. Under load many actions share one commit (and one fsync); alone, an action commits at once.

    hub ──append(a1)──┐
    hub ──append(a2)──┼──> queue ──> committer: BEGIN; INSERT a1,a2,a3; UPDATE matches; COMMIT ──> wake
    hub ──append(a3)──┘

SQLite runs in WAL mode with ``synchronous=FULL``: a commit is on disk before anyone is told.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sqlite3
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import event, func, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from .models import ActionRow, MatchRow, RematchRow, SeatRow


@dataclass
class StoredSeat:
    seat: int
    kind: str
    level: str | None = None
    token_hash: str | None = None
    name: str | None = None
    invite_hash: str | None = None
    """Set on a private match's open seat: it is taken only with the invite key hashed here."""

    @property
    def is_open(self) -> bool:
        """A person's seat nobody has taken yet."""
        return self.kind == "human" and self.token_hash is None

    @property
    def is_invite_only(self) -> bool:
        return self.is_open and self.invite_hash is not None


@dataclass
class StoredMatch:
    id: str
    game: str
    options: dict[str, Any]
    seed: str
    seed_commitment: str
    seats: list[StoredSeat]
    actions: list[tuple[int, str]]
    """(seat, action) in version order."""
    created_at: datetime | None = None
    leavers: tuple[float, str | None] | None = None
    """The host's zombie mode (grace seconds, computer level); None: the server's default."""


@dataclass
class MatchSummary:
    id: str
    game: str
    options: dict[str, Any]
    version: int
    is_over: bool
    seats: list[StoredSeat]
    created_at: datetime
    updated_at: datetime
    leavers: tuple[float, str | None] | None = None
    result: dict[str, Any] | None = None
    """A finished match's ``Match.result()`` as stored (None while in play)."""


@dataclass
class _Pending:
    match_id: str
    version: int
    seat: int
    action: str
    is_over: bool
    result: dict[str, Any] | None
    done: asyncio.Future[None]
    stand_in: bool = False


def async_url(url: str) -> str:
    """A database URL with an async driver: ``postgresql://`` becomes psycopg 3, ``sqlite://`` aiosqlite."""
    parsed = make_url(url)
    driver = parsed.drivername
    if driver in ("postgresql", "postgres", "postgresql+psycopg2"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    elif driver == "sqlite":
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    return parsed.render_as_string(hide_password=False)


def sync_url(url: str) -> str:
    """The same database with a synchronous driver (for Alembic)."""
    parsed = make_url(url)
    driver = parsed.drivername
    if driver.startswith("sqlite"):
        parsed = parsed.set(drivername="sqlite")
    elif driver.startswith("postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """The one place the server reads and writes the database."""

    def __init__(self, url: str, *, max_batch: int = 1000) -> None:
        self.url = async_url(url)
        self.engine: AsyncEngine = create_async_engine(self.url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self.max_batch = max_batch
        self._queue: asyncio.Queue[_Pending] | None = None
        self._committer: asyncio.Task[None] | None = None
        self._sql: tuple[str, str] | None = None
        self._bind_time: Any = None
        self._bind_json: Any = None
        self.commits = 0
        """Transactions committed by ``append`` (fewer than actions under load: group commit)."""
        self._write_gate = asyncio.Lock()
        """Taken by every write of this store (batches, new matches, seats): they queue here in turn rather
        than meet at SQLite's lock, whose busy wait sleeps up to 100 ms between tries; under load a new match
        could lose to the batches for the whole busy timeout and fail."""
        self._returning: set[asyncio.Task[None]] = set()
        """Connections of committed batches on their way back to the pool."""
        self._held: AsyncConnection | None = None
        """The pooled connection kept between batches while actions keep coming (SQLite)."""

    async def start(self) -> None:
        self._queue = asyncio.Queue()
        self._committer = asyncio.create_task(self._commit_loop(), name="store-committer")

    async def close(self) -> None:
        if self._committer is not None:
            self._committer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._committer
        if self._held is not None:
            held, self._held = self._held, None
            await held.close()
        if self._returning:
            await asyncio.gather(*self._returning, return_exceptions=True)
        await self.engine.dispose()

    @contextlib.asynccontextmanager
    async def writing(self) -> AsyncIterator[AsyncSession]:
        """A transaction that writes, taken in turn with every other write of this store (``_write_gate``).

        Every write of the server goes through here or the batch committer: profiles, seats, results too.
        """
        async with self._write_gate, self.sessions.begin() as session:
            yield session

    # ----- matches ---------------------------------------------------------------------------------

    async def create_match(self, stored: StoredMatch, rematch_of: str | None = None) -> None:
        """Store a new match; ``rematch_of``: the finished match it is the rematch of, in the same transaction
        (``IntegrityError`` and nothing stored when that match has a rematch already)."""
        now = _now()
        async with self.writing() as session:
            session.add(MatchRow(id=stored.id, game=stored.game, options=stored.options, seed=stored.seed,
                                 seed_commitment=stored.seed_commitment, created_at=now, updated_at=now,
                                 version=0, is_over=False, result=None,
                                 leaver_grace=stored.leavers[0] if stored.leavers else None,
                                 leaver_level=stored.leavers[1] if stored.leavers else None))
            await session.flush()
            for seat in stored.seats:
                session.add(SeatRow(match_id=stored.id, seat=seat.seat, kind=seat.kind, level=seat.level,
                                    token_hash=seat.token_hash, name=seat.name, invite_hash=seat.invite_hash))
            if rematch_of is not None:
                session.add(RematchRow(match_id=rematch_of, rematch_id=stored.id))

    async def previous_seat_hash(self, match_id: str, seat: int) -> str | None:
        """The token hash of ``seat`` in the match that ``match_id`` is the rematch of (None: not a rematch)."""
        async with self.sessions() as session:
            found = await session.scalar(
                select(SeatRow.token_hash).join(RematchRow, RematchRow.match_id == SeatRow.match_id)
                .where(RematchRow.rematch_id == match_id, SeatRow.seat == seat))
        return found

    async def rematch_of(self, match_id: str) -> str | None:
        """The rematch started from ``match_id``, if any."""
        async with self.sessions() as session:
            row = await session.get(RematchRow, match_id)
        return row.rematch_id if row is not None else None

    async def load_match(self, match_id: str) -> StoredMatch | None:
        async with self.sessions() as session:
            row = await session.get(MatchRow, match_id)
            if row is None:
                return None
            seats = (await session.scalars(
                select(SeatRow).where(SeatRow.match_id == match_id).order_by(SeatRow.seat))).all()
            actions = (await session.execute(
                select(ActionRow.seat, ActionRow.action).where(ActionRow.match_id == match_id)
                .order_by(ActionRow.version))).all()
        return StoredMatch(row.id, row.game, row.options, row.seed, row.seed_commitment,
                           [_stored_seat(s) for s in seats], [(a.seat, a.action) for a in actions],
                           row.created_at,
                           (row.leaver_grace, row.leaver_level) if row.leaver_grace is not None else None)

    async def claim_seat(self, match_id: str, seat: int, token_hash: str, name: str | None, *,
                         invite_hash: str | None = None) -> bool:
        """Give an open human seat its token; False when it was already taken (first claim wins).

        ``invite_hash``: claimed by an invite key, which must still be the seat's (another server instance
        may have made a new link since)."""
        where = [SeatRow.match_id == match_id, SeatRow.seat == seat, SeatRow.kind == "human",
                 SeatRow.token_hash.is_(None)]
        if invite_hash is not None:
            where.append(SeatRow.invite_hash == invite_hash)
        async with self.writing() as session:
            result = await session.execute(update(SeatRow).where(*where).values(token_hash=token_hash, name=name))
            return bool(result.rowcount)  # type: ignore[attr-defined]

    async def set_invite(self, match_id: str, seat: int, invite_hash: str) -> bool:
        """A new invite key for an open seat of a private match; False when the seat is no longer open."""
        async with self.writing() as session:
            result = await session.execute(
                update(SeatRow)
                .where(SeatRow.match_id == match_id, SeatRow.seat == seat, SeatRow.kind == "human",
                       SeatRow.token_hash.is_(None), SeatRow.invite_hash.is_not(None))
                .values(invite_hash=invite_hash))
            return bool(result.rowcount)  # type: ignore[attr-defined]

    async def name_seat(self, match_id: str, seat: int, name: str) -> None:
        """The name a seat goes by at the table (a profile's, once attached to it)."""
        async with self.writing() as session:
            await session.execute(update(SeatRow).where(SeatRow.match_id == match_id, SeatRow.seat == seat)
                                  .values(name=name))

    async def set_leavers(self, match_id: str, grace: float, level: str | None) -> None:
        """The host's zombie mode for a match: kept with it, so a restarted server still honours it."""
        async with self.writing() as session:
            await session.execute(update(MatchRow).where(MatchRow.id == match_id)
                                  .values(leaver_grace=grace, leaver_level=level))

    async def set_level(self, match_id: str, seat: int, level: str) -> None:
        async with self.writing() as session:
            await session.execute(update(SeatRow).where(SeatRow.match_id == match_id, SeatRow.seat == seat,
                                                        SeatRow.kind == "computer").values(level=level))

    async def list_matches(self, *, ids: list[str] | None = None, open_only: bool = False,
                           limit: int = 50) -> list[MatchSummary]:
        query = select(MatchRow).order_by(MatchRow.updated_at.desc()).limit(limit)
        if ids is not None:
            query = query.where(MatchRow.id.in_(ids[:200]))
        if open_only:
            query = query.where(MatchRow.is_over.is_(False), MatchRow.id.in_(  # a private match's seats are not
                select(SeatRow.match_id).where(SeatRow.kind == "human", SeatRow.token_hash.is_(None),
                                               SeatRow.invite_hash.is_(None))))
        async with self.sessions() as session:
            rows = (await session.scalars(query)).all()
            seats = (await session.scalars(
                select(SeatRow).where(SeatRow.match_id.in_([r.id for r in rows])))).all()
        by_match: dict[str, list[StoredSeat]] = {}
        for seat in sorted(seats, key=lambda s: s.seat):
            by_match.setdefault(seat.match_id, []).append(_stored_seat(seat))
        return [MatchSummary(r.id, r.game, r.options, r.version, r.is_over, by_match.get(r.id, []),
                             r.created_at, r.updated_at,
                             (r.leaver_grace, r.leaver_level) if r.leaver_grace is not None else None,
                             r.result if r.is_over else None)
                for r in rows]

    # ----- actions: group commit -------------------------------------------------------------------

    async def append(self, match_id: str, version: int, seat: int, action: str, *, is_over: bool = False,
                     result: dict[str, Any] | None = None, stand_in: bool = False) -> None:
        """Persist one accepted action; returns once it is committed (raises if the commit failed).
        ``stand_in``: a computer played it for the seat's person, who was gone."""
        assert self._queue is not None, "Store.start() was not called"
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Pending(match_id, version, seat, action, is_over, result, done, stand_in))
        await done

    async def _commit_loop(self) -> None:
        assert self._queue is not None
        while True:
            batch = [await self._queue.get()]
            while len(batch) < self.max_batch and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                async with self._write_gate:
                    await self._write(batch)
            except IntegrityError:
                # a (match, version) another instance already wrote: retry one by one so that only
                # the stale action fails, not the batch it happened to share a transaction with
                await self._write_each(batch)
                continue
            except Exception as exc:  # every waiter learns its action is not durable
                for pending in batch:
                    if not pending.done.done():
                        pending.done.set_exception(exc)
                continue
            self.commits += 1
            _wake(batch)

    async def _write_each(self, batch: list[_Pending]) -> None:
        for pending in batch:
            try:
                async with self._write_gate:
                    await self._write([pending])
            except Exception as exc:
                if not pending.done.done():
                    pending.done.set_exception(exc)
                continue
            self.commits += 1
            if not pending.done.done():
                pending.done.set_result(None)

    async def actions_since(self, match_id: str, version: int) -> list[tuple[int, str]]:
        """(seat, action) of the match from ``version`` on: what another instance added meanwhile."""
        async with self.sessions() as session:
            rows = (await session.execute(
                select(ActionRow.seat, ActionRow.action)
                .where(ActionRow.match_id == match_id, ActionRow.version >= version)
                .order_by(ActionRow.version))).all()
        return [(row.seat, row.action) for row in rows]

    async def forfeits(self, match_id: str) -> set[int]:
        """The seats whose last action a computer played for their gone person (``ActionRow.stand_in``):
        when the match ended, nobody was there to play them."""
        async with self.sessions() as session:
            last = (select(ActionRow.seat, func.max(ActionRow.version).label("version"))
                    .where(ActionRow.match_id == match_id).group_by(ActionRow.seat).subquery())
            rows = (await session.execute(
                select(ActionRow.seat).join(last, (ActionRow.seat == last.c.seat)
                                            & (ActionRow.version == last.c.version))
                .where(ActionRow.match_id == match_id, ActionRow.stand_in))).all()
        return {row.seat for row in rows}

    async def _write(self, batch: list[_Pending]) -> None:
        """One transaction for the whole batch, through the driver's own executemany.

        This is the server's hottest write, so it skips SQLAlchemy's per-row statement processing:
        plain parameter tuples, with the timestamp and JSON bound once by the columns' own types.
        """
        dialect = self.engine.dialect
        if self._sql is None:
            mark = "?" if dialect.paramstyle == "qmark" else "%s"
            self._sql = (
                f"INSERT INTO actions (match_id, version, seat, action, at, stand_in) VALUES ({', '.join([mark] * 6)})",
                f"UPDATE matches SET version = {mark}, is_over = {mark}, result = {mark}, updated_at = {mark} "
                f"WHERE id = {mark}",
            )
            columns = MatchRow.__table__.c
            self._bind_time = columns.updated_at.type.bind_processor(dialect) or (lambda value: value)
            self._bind_json = columns.result.type.bind_processor(dialect) or (lambda value: value)
            if dialect.name == "postgresql":  # psycopg cannot adapt a bare dict: the final result needs Json
                from psycopg.types.json import Json

                self._bind_json = lambda value: None if value is None else Json(value)
        insert_sql, bump_sql = self._sql
        now = self._bind_time(_now())
        latest: dict[str, _Pending] = {}
        for pending in batch:
            latest[pending.match_id] = pending
        inserts = [(p.match_id, p.version, p.seat, p.action, now, p.stand_in) for p in batch]
        null = self._bind_json(None)
        bumps = [(p.version + 1, p.is_over, null if p.result is None else self._bind_json(p.result), now, p.match_id)
                 for p in latest.values()]
        if dialect.name == "sqlite" and await self._write_sqlite(batch, inserts, bumps):
            return
        async with self.engine.begin() as conn:
            await conn.exec_driver_sql(insert_sql, inserts)
            await conn.exec_driver_sql(bump_sql, bumps)

    async def _write_sqlite(self, batch: list[_Pending], inserts: list[tuple[Any, ...]],
                            bumps: list[tuple[Any, ...]]) -> bool:
        """The batch's whole transaction in one trip to the connection's own thread; False: not aiosqlite.

        The connection is a pooled one, so the pool's events apply to it too. While more actions wait, it
        is kept for the next batch; once none do, it goes back to the pool aside (the pool's reset is one
        more trip to its thread, which would wait behind everything the answers just woke).
        """
        conn, self._held = self._held, None
        if conn is None:
            conn = self.engine.connect()
            await conn.start()
        try:
            raw: Any = (await conn.get_raw_connection()).driver_connection
            run = getattr(raw, "_execute", None)  # aiosqlite: run a function on its own thread
            if run is None:
                await conn.close()
                return False
            try:
                await run(_sqlite_append, raw._conn, inserts, bumps)
            except sqlite3.Error as exc:
                raise DBAPIError.instance("INSERT INTO actions ...", None, exc, sqlite3.Error) from exc
        except BaseException:
            await conn.close()
            raise
        _wake(batch)  # durable now: answer at once
        if self._queue is not None and not self._queue.empty():
            self._held = conn
        else:
            returning = asyncio.create_task(conn.close())
            self._returning.add(returning)
            returning.add_done_callback(self._returning.discard)
        return True


def _wake(batch: list[_Pending]) -> None:
    for pending in batch:
        if not pending.done.done():
            pending.done.set_result(None)


SQLITE_ROWS_PER_STATEMENT = 128
"""Most rows in one multi-row statement: 6 parameters each (5 a bump) stays under old SQLite's 999-parameter cap."""


def _runs(rows: list[tuple[Any, ...]]) -> Iterator[list[tuple[Any, ...]]]:
    """``rows`` in runs of 128, 64, ..., 2, 1 rows (longest first): few statements a batch, and only eight
    statement texts of each kind ever. The driver keeps every statement it prepared (128 a connection), and
    a prepared multi-row statement costs about 0.7 KiB a row: with one text per batch size, the soak's
    server grew for minutes as new sizes came (about 6 MiB a connection once full)."""
    first, total = 0, len(rows)
    while first < total:
        size = min(SQLITE_ROWS_PER_STATEMENT, 1 << ((total - first).bit_length() - 1))
        yield rows[first:first + size]
        first += size

UPDATE_FROM = sqlite3.sqlite_version_info >= (3, 33, 0)
"""``UPDATE ... FROM``: the SQLite library can bump every match of a batch in one statement."""


@functools.lru_cache(maxsize=16)
def _sqlite_insert(rows: int) -> str:
    return ("INSERT INTO actions (match_id, version, seat, action, at, stand_in) VALUES "
            + ", ".join(["(?, ?, ?, ?, ?, ?)"] * rows))


@functools.lru_cache(maxsize=16)
def _sqlite_bump(rows: int) -> str:
    if rows == 1 or not UPDATE_FROM:
        return "UPDATE matches SET version = ?, is_over = ?, result = ?, updated_at = ? WHERE id = ?"
    values = ", ".join(["(?, ?, ?, ?, ?)"] * rows)
    return ("UPDATE matches SET version = v.column2, is_over = v.column3, result = v.column4, "
            f"updated_at = v.column5 FROM (VALUES {values}) AS v WHERE matches.id = v.column1")


def _sqlite_append(db: sqlite3.Connection, inserts: list[tuple[Any, ...]], bumps: list[tuple[Any, ...]]) -> None:
    """One batch's whole transaction, run on the connection's own thread: one trip from the event loop.

    Step by step through the async driver, a transaction costs the loop a round trip per statement, the
    commit and each cursor; under load every trip waits its turn behind the loop's other work, and the
    batch waits for all of them before its players hear anything. Multi-row statements, not executemany:
    the thread lets go of the interpreter at each statement it runs, and must then wait to get it back
    from the event loop; a statement per row would make it wait once per row.

    ``bumps``: (version, is_over, result, updated_at, match id) per match, each match once.
    """
    try:
        for rows in _runs(inserts):
            db.execute(_sqlite_insert(len(rows)), [value for row in rows for value in row])
        if UPDATE_FROM:
            for rows in _runs(bumps):
                if len(rows) == 1:
                    db.execute(_sqlite_bump(1), rows[0])
                else:
                    db.execute(_sqlite_bump(len(rows)), [value for row in rows for value in (row[4], *row[:4])])
        else:
            db.executemany(_sqlite_bump(1), bumps)
        db.commit()
    except BaseException:
        db.rollback()
        raise


BUSY_TIMEOUT_MS = 5000
"""How long a statement waits for another connection's write lock before the database says it is locked."""

def _stored_seat(row: SeatRow) -> StoredSeat:
    return StoredSeat(row.seat, row.kind, row.level, row.token_hash, row.name, row.invite_hash)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.close()
