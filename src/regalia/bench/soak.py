"""``regalia bench soak``: 200 concurrent matches of mixed games for minutes; errors, memory, latency by minute.

    this process (asyncio)                                 regalia serve (own process, 127.0.0.1 only)
    200 scripted people, one socket each ──act──────────>  validate, play, commit, broadcast
       King's Gold hot-seat, Crown the Queen and           computer seats (level ``easy``) answer
       Gold Battle / Gold Crown against the computer  <──  in the server's bot threads
       a person "thinks" THINK_SECONDS before each action; a finished match is replaced by a new one

Reported: errors (any refusal, dropped socket or failed request: the promise is 0), and per interval (a
minute; 10 s with ``--quick`` or runs under 3 minutes) the actions acknowledged, the latency percentiles
from sending an action to seeing it announced, and the server's resident memory (RSS) at the interval's end.

Memory growth, the promise being under 10%, is measured after a warm-up: the first minute fills what a
server fills once (imports done lazily, the 200 matches' first states, SQLite's page cache, the computer
players' bounded caches, the allocator's arenas), so ``growth`` is RSS at the end over RSS at the end of the
warm-up (``REGALIA_SOAK_WARMUP``, default 60 s), minus one. ``first-to-last`` (the first interval's RSS to
the last) is reported beside it, for honesty. Duration: ``REGALIA_SOAK_SECONDS`` (default 600; ``--quick``
30), or ``python -m regalia.bench.soak --seconds N [--warm-up S]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

import httpx

from regalia.core.rng import Rng

from .server_load import KEEPALIVE_SECONDS, _cpu_seconds, _free_port, _start_server

MATCHES = 200
THINK_SECONDS = 1.0
WARM_UP_SECONDS = 60.0
MIX: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = [
    ("kings-gold", {"players": 2}, [{"kind": "human"}, {"kind": "human"}]),
    ("crown-the-queen", {"players": 3}, [{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 2),
    ("gold-battle", {}, [{"kind": "human"}, {"kind": "computer", "level": "easy"}]),
    ("gold-crown", {"players": 2}, [{"kind": "human"}, {"kind": "computer", "level": "easy"}]),
]


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Person:
    """A scripted player at one table: waits for its turn, thinks, acts, and starts a new match at the end."""

    def __init__(self, number: int, base: str, http: httpx.AsyncClient, started: float, interval: float) -> None:
        self.rng = Rng(f"soak:{number}")
        self.game, self.options, self.seats = MIX[number % len(MIX)]
        self.base, self.http, self.started, self.interval = base, http, started, interval
        self.latencies: dict[int, list[float]] = {}
        self.errors: list[str] = []
        self.matches = 0

    async def run(self, stop_at: float) -> None:
        from websockets.asyncio.client import connect

        while time.perf_counter() < stop_at:
            try:
                response = await self.http.post("/api/matches", json={
                    "game": self.game, "options": self.options, "seats": self.seats})
                response.raise_for_status()
                created = response.json()
                self.matches += 1
                async with connect(f"{self.base.replace('http://', 'ws://')}/ws/matches/{created['match']}",
                                   max_size=1 << 22, compression=None) as ws:
                    await ws.recv()
                    await ws.send(json.dumps({"type": "hello", "tokens": list(created["tokens"].values())}))
                    await self.play(ws, json.loads(await ws.recv()), stop_at)
            except Exception as exc:  # every failure is counted: the promise is none
                self.errors.append(f"{self.game}: {exc!r}"[:200])
                await asyncio.sleep(1)

    async def play(self, ws: Any, update: dict[str, Any], stop_at: float) -> None:
        while time.perf_counter() < stop_at and not update["view"]["is_over"]:
            if not update["legal"]:  # a computer is to move: its update will come
                update = await self._next(ws)
                continue
            await asyncio.sleep(THINK_SECONDS * (0.5 + self.rng.random()))
            if time.perf_counter() >= stop_at:
                return
            version = update["version"]
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "version": version, "seat": update["seat"],
                                      "action": self.rng.choice(update["legal"])}))
            update = await self._next(ws)
            while update["version"] <= version:
                update = await self._next(ws)
            bucket = int((sent - self.started) // self.interval)
            self.latencies.setdefault(bucket, []).append(time.perf_counter() - sent)

    async def _next(self, ws: Any) -> dict[str, Any]:
        message = json.loads(await asyncio.wait_for(ws.recv(), 120))
        if message["type"] != "update":
            raise RuntimeError(f"refused: {message.get('reason')}")
        return message


async def _soak(base: str, pid: int, seconds: float, interval: float,
                warm_up: float = WARM_UP_SECONDS) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    # idle connections are let go before uvicorn's 5 s keep-alive ends them: else a request sent on a connection
    # the server is closing at that moment fails (a ReadError: the client's race, not the server's fault)
    limits = httpx.Limits(max_connections=64, keepalive_expiry=KEEPALIVE_SECONDS)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        started = time.perf_counter()
        people = [Person(n, base, http, started, interval) for n in range(MATCHES)]
        memory: dict[int, float] = {}
        rss: dict[str, float] = {"idle": _rss_mib(pid)}

        async def watch() -> None:
            warm_at = started + warm_up
            while True:
                now = time.perf_counter()
                next_tick = started + interval * (int((now - started) // interval) + 1)
                if "warm" not in rss and warm_at <= next_tick:
                    await asyncio.sleep(max(0.0, warm_at - now))
                    rss["warm"] = _rss_mib(pid)
                    now = time.perf_counter()
                await asyncio.sleep(max(0.0, next_tick - now))
                memory[round((time.perf_counter() - started) / interval) - 1] = _rss_mib(pid)

        watcher = asyncio.create_task(watch())
        await asyncio.gather(*(p.run(started + seconds) for p in people))
        watcher.cancel()
        rss["end"] = _rss_mib(pid)
    rows = []
    for bucket in sorted({b for p in people for b in p.latencies}):
        times = sorted(x for p in people for x in p.latencies.get(bucket, []))

        def pct(q: float, times: list[float] = times) -> float:
            return 1000 * times[min(len(times) - 1, int(q * len(times)))]

        rows.append({"interval": f"{bucket * interval:.0f}-{(bucket + 1) * interval:.0f} s",
                     "acted": len(times), "p50 ms": pct(0.5), "p95 ms": pct(0.95), "p99 ms": pct(0.99),
                     "max ms": 1000 * times[-1], "server MiB": memory.get(bucket, float("nan"))})
    errors = [e for p in people for e in p.errors]
    summary = {"matches started": sum(p.matches for p in people), "errors": len(errors),
               "first errors": errors[:3], "memory": memory, "rss": rss}
    return rows, summary


def _growth(after: float | None, before: float | None) -> float | None:
    return None if not after or not before else round(100 * (after / before - 1), 1)


def measure(seconds: float, interval: float,
            warm_up: float = WARM_UP_SECONDS) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    with tempfile.TemporaryDirectory() as folder:
        port = _free_port()
        process = _start_server(f"sqlite:///{Path(folder) / 'soak.db'}", port)
        # the server's stderr is a pipe: drain it, or a chatty server would block on a full pipe
        said: deque[str] = deque(maxlen=20)
        threading.Thread(target=lambda: said.extend(line.decode(errors="replace").rstrip()
                                                    for line in process.stderr or ()), daemon=True).start()
        try:
            cpu = _cpu_seconds(process.pid)
            rows, summary = asyncio.run(_soak(f"http://127.0.0.1:{port}", process.pid, seconds, interval, warm_up))
            summary["server CPU %"] = round(100 * (_cpu_seconds(process.pid) - cpu) / seconds)
        finally:
            process.terminate()
            process.wait(30)
    summary["server said"] = list(said)
    memory = [summary["memory"][k] for k in sorted(summary["memory"])]
    rss = summary["rss"]
    summary["memory growth %"] = _growth(rss.get("end"), rss.get("warm"))
    summary["first-to-last %"] = _growth(memory[-1], memory[0]) if len(memory) >= 2 else None
    return rows, summary


def run(quick: bool = False, seconds: float | None = None,
        warm_up: float | None = None) -> tuple[str, list[dict[str, Any]]]:
    seconds = seconds or (30.0 if quick else float(os.environ.get("REGALIA_SOAK_SECONDS", "600")))
    warm_up = warm_up if warm_up is not None else (
        10.0 if quick else float(os.environ.get("REGALIA_SOAK_WARMUP", str(WARM_UP_SECONDS))))
    interval = 10.0 if quick or seconds < 180 else 60.0
    rows, summary = measure(seconds, interval, warm_up)
    rss = summary["rss"]
    growth = summary["memory growth %"]
    verdict = "PASS" if summary["errors"] == 0 and growth is not None and growth < 10 else "FAIL"
    title = (f"soak {verdict}: {MATCHES} concurrent matches (King's Gold, Crown the Queen, Gold Battle, Gold "
             f"Crown) on 127.0.0.1 for {seconds:.0f} s; matches started {summary['matches started']}, "
             f"errors {summary['errors']} {summary['first errors'] or ''}; server RSS idle {rss.get('idle', 0):.0f} "
             f"MiB, after the {warm_up:.0f} s warm-up {rss.get('warm', 0):.0f} MiB, at the end "
             f"{rss.get('end', 0):.0f} MiB: growth {growth}% after warm-up (promise < 10%), "
             f"{summary['first-to-last %']}% first interval to last; server CPU {summary['server CPU %']}%"
             + (f"; the server said: {' | '.join(summary['server said'][-3:])}" if summary["errors"] else ""))
    memory = [summary["memory"][k] for k in sorted(summary["memory"])]
    rows.append({"interval": f"RSS growth after the {warm_up:.0f} s warm-up", "acted": sum(r["acted"] for r in rows),
                 "server MiB": rss.get("end", float("nan")), "growth %": growth,
                 "from MiB": rss.get("warm", float("nan"))})
    rows.append({"interval": "RSS growth first interval to last", "server MiB": memory[-1] if memory else float("nan"),
                 "growth %": summary["first-to-last %"], "from MiB": memory[0] if memory else float("nan")})
    return title, rows


def main() -> None:
    from rich.console import Console

    from . import print_table

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--warm-up", type=float, default=WARM_UP_SECONDS, help="seconds before the growth baseline")
    args = parser.parse_args()
    print_table(Console(), *run(seconds=args.seconds, warm_up=args.warm_up))


if __name__ == "__main__":
    main()
