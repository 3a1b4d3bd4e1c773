"""The web app in-process (Starlette's TestClient, lifespan run), over the toy games, for fast abuse tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from regalia.server.app import create_app
from regalia.server.catalog import default_catalog
from regalia.server.hub import Hub
from tests.server.toys import toy_catalog


class InProcess:
    """A TestClient with helpers to make matches and to read a match's exact state (for 'nothing changed')."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.hub: Hub = client.app.state.hub  # type: ignore[attr-defined]

    def new_match(self, game: str = "pig", seats: list[dict[str, Any]] | None = None, **options: Any) -> dict:
        body: dict[str, Any] = {"game": game, "options": options}
        if seats is not None:
            body["seats"] = seats
        response = self.client.post("/api/matches", json=body)
        assert response.status_code == 201, response.text
        return response.json()

    def snapshot(self, match_id: str) -> str:
        """Everything about a live match: its full serialization (seed, actions, chance) and its seats."""
        live = self.hub.live[match_id]
        return live.match.to_json() + repr([(s.seat, s.kind, s.level, s.token_hash) for s in live.seats])


def in_process(db: Path, *, real_games: bool = False) -> Iterator[InProcess]:
    """The app on a SQLite file; over the toy games, or the registered ones with ``real_games``."""
    catalog = default_catalog() if real_games else toy_catalog()
    app = create_app(f"sqlite:///{db}", catalog=catalog, bot_pause=0.0, bot_workers=1)
    with TestClient(app) as client:
        yield InProcess(client)
