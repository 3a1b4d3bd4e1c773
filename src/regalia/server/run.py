"""``regalia serve``: the web app on uvicorn, with its database made on first start."""

from __future__ import annotations

from pathlib import Path

DEFAULT_DB_NAME = "regalia.db"


def default_db() -> str:
    """A SQLite file in the user's data folder (made if missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("regalia", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DEFAULT_DB_NAME}"


def run_server(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *,
               bot_pause: float = 0.6, log_level: str = "info", broker: str | None = None) -> None:
    """Serve the lobby and every match on ``host:port``, stored in ``db`` (default: ``default_db()``)."""
    import uvicorn

    from .app import create_app

    url = db or default_db()
    app = create_app(url, bot_pause=bot_pause, broker=broker)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(f"Regalia is ready at http://{shown}:{port}/  (database: {url})"
          + (f"  (broker: {broker})" if broker else ""), flush=True)
    # no permessage-deflate: views are small, and compressing every frame costs more CPU than it saves
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=1 << 16,
                ws_per_message_deflate=False, access_log=False)
