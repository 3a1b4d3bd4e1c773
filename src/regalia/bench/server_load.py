"""``regalia bench server-load``: M concurrent King's Gold matches played over WebSocket, every action durable.

The server runs as its own process (``regalia serve`` on 127.0.0.1, a fresh SQLite file); this process
plays M matches at once, one hot-seat connection per match holding both seats. Closed loop: a client sends
its next action only after it has seen the update for its last one, so latency is the full round trip —
validate, play, commit to disk, broadcast — and throughput is what the server sustains. A match that ends
is replaced by a new one. All M matches are created and connected before the clock starts. At the end, the database's action rows are counted: every acknowledged action
must be there.

CPU is sampled at the edges of the timed window (after the warm-up), for the server process and for
this one: ``server CPU µs/move`` (server CPU seconds / moves) is the figure to compare across runs on
a loaded machine, where moves/s and latency depend on what else runs.

Reference shape (the issue): boardgame.io 0.50 here handled ~3,000 moves/s at M = 100 (p99 ~60 ms) in
memory only, ~575 moves/s (p99 ~260 ms) with its file storage.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from regalia.core.rng import Rng

GAME = "kings-gold"
KEEPALIVE_SECONDS = 2.0
"""How long an idle client connection is kept: under uvicorn's 5 s keep-alive, so the client lets go first."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c",
               "import sys; from regalia.server.run import run_server; "
               "run_server(port=int(sys.argv[1]), db=sys.argv[2], bot_pause=0.0, log_level='warning')",
               str(port), db]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
        if process.poll() is not None:
            break
    process.kill()
    raise RuntimeError(f"the server did not start: {process.stderr.read().decode()[-2000:] if process.stderr else ''}")


class Table:
    """One client: a hot-seat connection to one match, playing random legal actions in a closed loop."""

    def __init__(self, number: int, base: str, http: httpx.AsyncClient) -> None:
        self.rng = Rng(f"load:{number}")
        self.base = base
        self.http = http
        self.latencies: list[float] = []
        self.moves = 0
        self.matches = 0

    async def new_match(self) -> tuple[str, list[str]]:
        body = {"game": GAME, "options": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "human"}]}
        for attempt in range(3):
            try:  # a pooled connection idle past the server's keep-alive is closed under us: try again
                response = await self.http.post("/api/matches", json=body)
                break
            except (httpx.ReadError, httpx.RemoteProtocolError):
                if attempt == 2:
                    raise
        response.raise_for_status()
        created = response.json()
        self.matches += 1
        return created["match"], list(created["tokens"].values())

    async def connect(self) -> None:
        """A new match and its hot-seat connection, ready to play (set up before the clock starts)."""
        from websockets.asyncio.client import connect

        match_id, tokens = await self.new_match()
        url = f"{self.base.replace('http://', 'ws://')}/ws/matches/{match_id}"
        self.ws = await connect(url, max_size=1 << 22, compression=None)
        json.loads(await self.ws.recv())  # the spectator's first frame
        await self.ws.send(json.dumps({"type": "hello", "tokens": tokens}))
        self.update = json.loads(await self.ws.recv())

    async def play(self, stop_at: float, warm_until: float) -> None:
        while time.perf_counter() < stop_at:
            update = self.update
            if update["view"]["is_over"]:
                await self.ws.close()
                await self.connect()
                continue
            action = self.rng.choice(update["legal"])
            sent = time.perf_counter()
            await self.ws.send(json.dumps({"type": "act", "version": update["version"],
                                           "seat": update["seat"], "action": action}))
            while True:
                message = json.loads(await self.ws.recv())
                if message["type"] != "update":
                    raise RuntimeError(f"refused: {message}")
                if message["version"] > update["version"]:
                    break
            self.update = message
            if sent >= warm_until:
                self.latencies.append(time.perf_counter() - sent)
                self.moves += 1
        await self.ws.close()


async def _load(base: str, matches: int, seconds: float, warmup: float,
                mark: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Play the load; ``mark("start")`` is called when the timed window opens and ``mark("stop")`` when it closes."""
    limits = httpx.Limits(max_connections=64, keepalive_expiry=KEEPALIVE_SECONDS)  # under uvicorn's 5 s (soak.py)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        tables = [Table(i, base, http) for i in range(matches)]
        gate = asyncio.Semaphore(50)

        async def ready(table: Table) -> None:
            async with gate:
                await table.connect()

        await asyncio.gather(*(ready(t) for t in tables))
        start = time.perf_counter()
        warm_until = start + warmup
        stop_at = warm_until + seconds

        async def marks() -> None:
            await asyncio.sleep(max(0.0, warm_until - time.perf_counter()))
            if mark is not None:
                mark("start")

        marker = asyncio.create_task(marks())
        await asyncio.gather(*(t.play(stop_at, warm_until) for t in tables))
        elapsed = time.perf_counter() - warm_until
        await marker
        if mark is not None:
            mark("stop")
    latencies = sorted(x for t in tables for x in t.latencies)
    moves = sum(t.moves for t in tables)

    def pct(p: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else float("nan")

    return {"M": matches, "moves": moves, "seconds": round(elapsed, 1), "moves/s": moves / elapsed,
            "p50 ms": pct(0.50), "p95 ms": pct(0.95), "p99 ms": pct(0.99),
            "mean ms": 1000 * statistics.fmean(latencies) if latencies else float("nan"),
            "matches": sum(t.matches for t in tables)}


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(matches: int, seconds: float, warmup: float = 1.0) -> dict[str, Any]:
    """One load run against a fresh server process and database; the row of figures."""
    runner: Any = asyncio.run
    try:
        import uvloop

        runner = uvloop.run
    except ImportError:  # pragma: no cover
        pass
    with tempfile.TemporaryDirectory() as folder:
        db_file = Path(folder) / "load.db"
        port = _free_port()
        process = _start_server(f"sqlite:///{db_file}", port)
        cpu: dict[str, tuple[float, float, float]] = {}

        def mark(when: str) -> None:  # CPU seconds of both sides over the timed window only
            cpu[when] = (time.perf_counter(), _cpu_seconds(process.pid), time.process_time())

        try:
            row = runner(_load(f"http://127.0.0.1:{port}", matches, seconds, warmup, mark))
            wall = cpu["stop"][0] - cpu["start"][0]
            server = cpu["stop"][1] - cpu["start"][1]
            row["server CPU %"] = 100 * server / wall
            row["client CPU %"] = 100 * (cpu["stop"][2] - cpu["start"][2]) / wall
            row["server CPU µs/move"] = 1e6 * server / row["moves"] if row["moves"] else float("nan")
        finally:
            process.terminate()
            process.wait(30)
        with sqlite3.connect(db_file) as db:
            stored = db.execute("SELECT count(*) FROM actions").fetchone()[0]
    row["stored actions"] = stored
    row["durable"] = "yes" if stored >= row["moves"] else "NO"
    return row


def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    from regalia.server.catalog import present_games

    if GAME not in {cls.id for cls in present_games()}:
        raise ValueError(f"server-load plays {GAME}, whose rules do not import in this build")
    sizes = [10, 100] if quick else [10, 100, 500]
    seconds = 2.0 if quick else float(os.environ.get("REGALIA_LOAD_SECONDS", "10"))
    rows = [measure(m, seconds) for m in sizes]
    title = (f"server load: {GAME} over WebSocket on 127.0.0.1, closed loop, every action committed "
             f"(SQLite WAL, synchronous=FULL) before it is announced; {seconds:.0f} s per row")
    return title, rows
