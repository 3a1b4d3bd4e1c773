"""A server killed with SIGKILL mid-match and started again resumes every match exactly.

Real processes: the server runs as a subprocess on a free port, the test plays over WebSocket, kills it
with ``kill -9``, starts it again on the same database, reconnects with the same tokens and compares.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from regalia.server.catalog import present_games

from .conftest import LiveServer, free_socket

ROOT = Path(__file__).resolve().parents[2]


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    """``regalia serve`` when King's Gold is registered, else the same server over the toy games."""
    if "kings-gold" in {cls.id for cls in present_games()}:
        command = [sys.executable, "-m", "regalia.cli", "serve", "--port", str(port), "--db", db]
    else:
        command = [sys.executable, "-m", "tests.server.toy_server", "--port", str(port), "--db", db]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"server did not start: {process.stderr.read().decode()[-2000:]}")
        time.sleep(0.1)


def game_and_moves() -> tuple[str, dict[str, object]]:
    if "kings-gold" in {cls.id for cls in present_games()}:
        return "kings-gold", {"players": 2}
    return "pig", {"target": 100}


@pytest.mark.slow
def test_a_server_killed_mid_match_resumes_every_match_exactly(tmp_path):
    db = f"sqlite:///{tmp_path / 'kill.db'}"
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()
    game, options = game_and_moves()
    process = start_server(db, port)
    try:
        server = LiveServer(f"http://127.0.0.1:{port}", None)
        matches = [server.new_match(game, seats=[{"kind": "human"}, {"kind": "human"}], **options)
                   for _ in range(3)]
        seen = {}
        for number, created in enumerate(matches):
            player = server.ws(created["match"])
            player.hello(*created["tokens"].values())
            for _ in range(5 + 3 * number):
                if player.state["view"]["is_over"]:
                    break
                player.act(player.state["legal"][0], seat=player.state["view"]["to_move"])
            seen[created["match"]] = player.state
            player.close()
        process.send_signal(signal.SIGKILL)
        process.wait(10)

        process = start_server(db, port)
        for created in matches:
            player = server.ws(created["match"])
            again = player.hello(*created["tokens"].values())
            before = seen[created["match"]]
            assert again["version"] == before["version"] > 0
            if again["view"]["is_over"]:
                # a hot-seat client holds every seat; once over, which seat's view it is shown may differ
                assert {**again["view"], "seat": None} == {**before["view"], "seat": None}
            else:
                assert again["view"] == before["view"]
            assert again["legal"] == before["legal"]
            assert again["last"] == before["last"]
            if not again["view"]["is_over"]:
                assert player.act(again["legal"][0], seat=again["view"]["to_move"])["version"] == \
                    before["version"] + 1
            player.close()
    finally:
        process.kill()
        process.wait(10)
