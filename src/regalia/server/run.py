"""``regalia serve``: the web app on uvicorn, with its database made on first start.

Before anything listens, the database is opened and migrated here: a database that cannot be opened
(a SQLite file in a folder that does not exist or cannot be written, a data folder that cannot be made,
a server that refuses the connection) stops ``regalia serve`` with one line naming it and what to do,
and exit status 2 — never a traceback.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DEFAULT_DB_NAME = "regalia.db"
EXIT_NO_DATABASE = 2
SWITCH_INTERVAL = 0.0005
"""Seconds a Python thread may hold the interpreter while another waits (CPython's default: 0.005)."""
MALLOC_ARENAS = 2
"""glibc's malloc arenas for the whole process (its default: 8 per core). Every thread that allocates
(the computers' workers, the database driver's connections, uvloop's pool) otherwise gets an arena of its
own, each keeping freed memory as its own high-water mark: in the 200-match soak that was a third of the
server's growth (+24 MiB in 4 minutes with the default, +14 MiB with two arenas; same load)."""
M_ARENA_MAX = -8
"""``mallopt``'s parameter number for the arena limit (glibc's malloc.h)."""


class StartupError(Exception):
    """The server cannot start; the message is one line, for the person who started it."""


def default_db() -> str:
    """A SQLite file in the user's data folder (made if missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("regalia", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StartupError(
            f"cannot create the data folder {folder} ({exc.strerror or exc}): make it writable, set XDG_DATA_HOME "
            f"to a writable folder, or pass --db sqlite:////a/writable/folder/{DEFAULT_DB_NAME}") from None
    return f"sqlite:///{folder / DEFAULT_DB_NAME}"


def shown_url(url: str) -> str:
    """The URL with any password masked (it is printed and may be logged)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def limit_malloc_arenas(arenas: int = MALLOC_ARENAS) -> bool:
    """Cap glibc's malloc arenas (see ``MALLOC_ARENAS``); True if done. Called before any thread starts.

    A ``MALLOC_ARENA_MAX`` in the environment is the operator's choice and is left alone; a C library
    without ``mallopt`` (or one that refuses it) is left as it is.
    """
    if not sys.platform.startswith("linux") or "MALLOC_ARENA_MAX" in os.environ:
        return False
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(mallopt(M_ARENA_MAX, arenas))


def check_database(url: str) -> None:
    """Open and migrate ``url``, or raise ``StartupError`` saying which database failed and what to do."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from .migrate import upgrade

    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StartupError(f"cannot read the database URL {url!r}: use sqlite:///path/to/file.db or "
                           "postgresql://user@host/name") from None
    name = parsed.database or ""
    if parsed.drivername.startswith("sqlite") and name and name != ":memory:" and not name.startswith("file:"):
        folder = Path(name).expanduser().absolute().parent
        if not folder.is_dir():
            raise StartupError(f"cannot open the database {shown_url(url)}: the folder {folder} does not exist; "
                               f"create it (mkdir -p {folder}) or pass --db with a file in an existing folder")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise StartupError(f"cannot open the database {shown_url(url)}: the folder {folder} is not writable; "
                               "make it writable or pass --db with a file in a writable folder")
    try:
        upgrade(url)
    except Exception as exc:  # the driver's own words, on one line: the person must know why
        reason = " ".join(str(getattr(exc, "orig", None) or exc).split())[:300]
        raise StartupError(f"cannot open the database {shown_url(url)}: {reason}; check --db (is the file's "
                           "folder writable, the database server running?)") from None


def check_smtp(url: str | None) -> str | None:
    """``--smtp`` read (its password masked, for the start line), or ``StartupError`` saying the forms."""
    if url is None:
        return None
    from .mail import parse_smtp_url

    try:
        return parse_smtp_url(url).shown()
    except ValueError as exc:
        raise StartupError(f"--smtp: {exc}") from None


def run_server(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *,
               bot_pause: float = 0.6, log_level: str = "info", broker: str | None = None,
               smtp: str | None = None, mail_from: str | None = None, site_url: str | None = None) -> None:
    """Serve the lobby and every match on ``host:port``, stored in ``db`` (default: ``default_db()``).

    Exits with status 2 and one line on stderr when the database cannot be opened.
    """
    limit_malloc_arenas()
    try:
        url = db or default_db()
        check_database(url)
        mail_server = check_smtp(smtp)
    except StartupError as exc:
        print(f"regalia serve: {exc}", file=sys.stderr, flush=True)
        raise SystemExit(EXIT_NO_DATABASE) from None

    import uvicorn

    from .app import create_app

    # the database driver's thread commits each batch of actions and must get the interpreter back at once,
    # not after the event loop's 5 ms slice: under load that wait, not the disk, made the commit cycle
    sys.setswitchinterval(SWITCH_INTERVAL)
    app = create_app(url, bot_pause=bot_pause, broker=broker, smtp=smtp, mail_from=mail_from, site_url=site_url)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(f"Regalia is ready at http://{shown}:{port}/  (database: {shown_url(url)})"
          + (f"  (broker: {shown_url(broker)})" if broker else "")
          + (f"  (e-mail: {mail_server})" if mail_server else ""), flush=True)
    # no permessage-deflate: views are small, and compressing every frame costs more CPU than it saves
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=1 << 16,
                ws_per_message_deflate=False, access_log=False)
