"""Private PostgreSQL + Redis, and real ``regalia serve`` processes sharing them.

Both servers are throwaways on free loopback ports: PostgreSQL with ``initdb``/``pg_ctl`` (the recipe of
tests/server/test_postgres.py, whose fixture is reused), Redis with ``redis-server`` keeping nothing on
disk. A missing binary FAILS (never skips): scripts/test installs both on a fresh machine.

    test ──HTTP/WS──> serve A ─┐            ┌─ PostgreSQL (the truth: actions keyed by (match, version))
    test ──HTTP/WS──> serve B ─┴─ both ─────┤
                                            └─ Redis pub/sub ("match X advanced to version v")
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import LiveServer, free_socket
from tests.server.test_postgres import postgres_url  # noqa: F401  (the shared throwaway-cluster fixture)


def free_port() -> int:
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()
    return port


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed (apt-get install redis-server)")
    folder = Path(tempfile.mkdtemp(prefix="regalia-redis-"))
    port = free_port()
    process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no", "--dir", str(folder)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            assert process.poll() is None, "redis-server exited at start"
            assert time.monotonic() < deadline, "redis-server did not answer PING"
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


def start_instance(db: str, broker: str, log: Path) -> tuple[subprocess.Popen[bytes], LiveServer]:
    """One real ``regalia serve`` process on a free port; returns once /healthz says it is ready."""
    port = free_port()
    command = [sys.executable, "-c", "from regalia.cli.main import main; main()", "serve",
               "--port", str(port), "--db", db, "--broker", broker]
    process = subprocess.Popen(command, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        assert process.poll() is None, f"regalia serve exited: {log.read_text()[-2000:]}"
        assert time.monotonic() < deadline, f"regalia serve did not start: {log.read_text()[-2000:]}"
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    return process, LiveServer(url, None)


@pytest.fixture(scope="module")
def two_instances(postgres_url: str, redis_url: str,  # noqa: F811
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, LiveServer]]:
    logs = tmp_path_factory.mktemp("instances")
    started = [start_instance(postgres_url, redis_url, logs / f"{name}.log") for name in "ab"]
    try:
        yield started[0][1], started[1][1]
    finally:
        for process, server in started:
            server.http.close()
            process.terminate()
        for process, _server in started:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
