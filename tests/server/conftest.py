"""A real server (uvicorn in a thread, on a kernel-chosen port) over toy games, and small WS helpers."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from regalia.server.app import create_app

from .toys import toy_catalog


class LiveServer:
    def __init__(self, url: str, app: Any) -> None:
        self.url = url
        self.ws_url = url.replace("http://", "ws://")
        self.app = app
        self.http = httpx.Client(base_url=url, timeout=10)

    def new_match(self, game: str = "pig", seats: list[dict[str, Any]] | None = None,
                  **options: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"game": game, "options": options}
        if seats is not None:
            body["seats"] = seats
        response = self.http.post("/api/matches", json=body)
        assert response.status_code == 201, response.text
        return response.json()

    def wait_until_over(self, match_id: str, seconds: float = 60) -> None:
        """Wait while the server plays a match of computer seats to its end."""
        deadline = time.monotonic() + seconds
        while not self.http.get(f"/api/matches/{match_id}").json()["is_over"]:
            assert time.monotonic() < deadline, f"match {match_id} did not end within {seconds} s"
            time.sleep(0.05)

    def hot_seat_to_the_end(self, game: str, pick: int = 0, **options: Any) -> dict[str, Any]:
        """A match of two human seats played over one socket to its end, ``legal[pick]`` each time; as created."""
        created = self.new_match(game, seats=[{"kind": "human"}, {"kind": "human"}], **options)
        self.play_to_the_end(created["match"], list(created["tokens"].values()), pick)
        return created

    def play_to_the_end(self, match_id: str, tokens: list[str], pick: int = 0) -> None:
        """Play every seat of ``tokens`` over one socket, ``legal[pick]`` each time, until the match is over."""
        player = self.ws(match_id)
        player.hello(*tokens)
        while not player.state["view"]["is_over"]:
            player.wait_for(lambda s: s["legal"] or s["view"]["is_over"])
            if player.state["legal"]:
                player.act(player.state["legal"][pick])
        player.close()

    def ws(self, match_id: str) -> Player:
        return Player(connect(f"{self.ws_url}/ws/matches/{match_id}", open_timeout=5, max_size=1 << 22,
                              legacy=True))


class Player:
    """A WebSocket client that remembers the latest update."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.frames: list[dict[str, Any]] = []
        self.state = self.receive()

    def receive(self, timeout: float = 10) -> dict[str, Any]:
        message = json.loads(self.conn.recv(timeout=timeout))
        self.frames.append(message)
        if message.get("type") == "update":
            self.state = message
        return message

    def send(self, message: Any) -> dict[str, Any]:
        self.conn.send(message if isinstance(message, str | bytes) else json.dumps(message))
        return self.receive()

    def hello(self, *tokens: str) -> dict[str, Any]:
        return self.send({"type": "hello", "tokens": list(tokens)})

    def act(self, action: str, seat: int | None = None, version: int | None = None) -> dict[str, Any]:
        seat = self.state["seat"] if seat is None else seat
        version = self.state["version"] if version is None else version
        return self.send({"type": "act", "seat": seat, "version": version, "action": action})

    def wait_for(self, predicate: Any, timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while not predicate(self.state):
            self.receive(timeout=max(0.01, deadline - time.monotonic()))
        return self.state

    def close(self) -> None:
        self.conn.close()


def free_socket() -> socket.socket:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = Path(tmp_path_factory.mktemp("db")) / "server.db"
    app = create_app(f"sqlite:///{db}", catalog=toy_catalog(), bot_pause=0.0)
    yield from serve(app)


def serve(app: Any) -> Iterator[LiveServer]:
    sock = free_socket()
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", ws_max_size=1 << 16)
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not uv.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.02)
    live = LiveServer(f"http://127.0.0.1:{port}", app)
    yield live
    live.http.close()
    uv.should_exit = True
    thread.join(10)
