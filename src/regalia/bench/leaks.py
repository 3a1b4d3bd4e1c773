"""``regalia bench leaks``: thousands of random matches of every game through the server, every frame checked.

    this process (asyncio)                           the web app, in-process on the same event loop (ASGI)
    one WebSocket per seat + one spectator ──act──>  /ws/matches/{id}: hub.submit, store (SQLite), broadcast
    every frame received by every socket     <─────  update_for(live, client): the one outbound path
       checked against what its seat may know (the oracle below, shared with tests/trust/test_leaks.py)

For a frame received by seat ``s`` (``None``: the spectator), with the server's match at that version:

    1. it carries exactly ``Match.view(s)``, legal actions only when ``s`` is to move, the seed only once the
       match is over, and the published seed commitment;
    2. it is the same frame, field for field, when everything hidden from ``s`` is drawn anew
       (``Game.resample_hidden``; games with hidden information): no hidden card is in it, however encoded;
    3. the action it names as ``last`` is one ``s`` could tell apart anyway: if another legal action would
       have left ``s`` the very same view and log lines, the frame must not name the action played.

Every seat is a person (a random player here), so nothing moves but the harness: after each action every
socket receives its update before the next. Gold Crown matches are capped at ``max_rounds=10`` (the game's
own deadlock option; the default 100 rounds makes random play very long); the other games run uncapped.
A failed check is counted as a leak (with the first few described), never stops the run.

``REGALIA_LEAK_MATCHES`` (default 1,000; ``--quick`` 3) matches per game; options rotate within a game.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import json
import os
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from regalia.core.match import Match
from regalia.core.rng import Rng
from regalia.server.hub import Client, LiveMatch, update_for
from regalia.server.secrecy import hidden_from

MATCHES = 1000
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "kings-gold": [{"players": 2}, {"players": 2, "mode": "duel"}, {"players": 3}, {"players": 4}],
    "crown-the-queen": [{"players": 3}, {"players": 4}, {"players": 5}, {"players": 2}],
    "gold-battle": [{}],
    "gold-crown": [{"players": 2, "max_rounds": 10}, {"players": 3, "max_rounds": 10},
                   {"players": 4, "max_rounds": 10}],
}


class Leak(AssertionError):
    """A frame carried something its seat may not know."""


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise Leak(message)


# ----- the oracle (also used in-process by tests/trust/test_leaks.py) -----------------------------------

def live_match(match: Match, match_id: str = "leak") -> LiveMatch:
    seed = str(match.seed)
    return LiveMatch(match_id, match, [], seed, match.commitment)


def play(live: LiveMatch, action: str) -> set[int | None]:
    """Play ``action`` as ``Hub.submit`` does (``last`` and its secrecy); returns the seats it is secret from."""
    match = live.match
    mover = match.to_move
    assert mover is not None
    before = match.state
    secret = secret_from(match, before, mover, action) if match.game.hidden_information else set()
    match.play(action, mover)
    live.last = {"seat": mover, "action": action}
    live.last_hidden = hidden_from(match.game, before, mover, action)
    return secret


def frame_for(live: LiveMatch, seat: int | None, log_seen: int = 0) -> str:
    """The text ``update_for`` sends to a client holding only ``seat`` that has seen ``log_seen`` log lines."""
    client = Client(send=None, seats=set() if seat is None else {seat}, log_seen=log_seen)
    return update_for(live, client)


def check_frame(live: LiveMatch, seat: int | None, frame: dict[str, Any], rng: Rng,
                secret: set[int | None] | frozenset[int | None] = frozenset()) -> None:
    """Rules 1-3 for one frame addressed to ``seat``, the server's match being at the frame's version."""
    match = live.match
    game = match.game
    where = f"{game.id} seed {match.seed} version {match.version} seat {seat}"
    expect(frame["version"] == match.version, f"{where}: frame of version {frame['version']}")
    expect(frame["view"] == match.view(seat), f"{where}: the view is not the seat's")
    expect(frame["seat"] == seat, f"{where}: addressed to seat {frame['seat']}")
    expect(frame["legal"] == (match.legal_actions() if seat is not None and seat == match.to_move else []),
           f"{where}: legal actions offered out of turn")
    expect((frame["seed"] is not None) == match.is_over, f"{where}: seed shown before the end")
    expect(frame["seed_commitment"] == match.commitment, f"{where}: not the published commitment")
    if seat in secret:
        expect(frame["last"]["action"] is None, f"{where}: names the secret action {live.last}")
    if game.hidden_information and not match.is_over:
        other = copy.copy(match)
        other.state = game.resample_hidden(match.state, seat, rng)
        twin = live_match(other, live.id)
        twin.seats, twin.last, twin.last_hidden = live.seats, live.last, live.last_hidden
        redrawn = json.loads(frame_for(twin, seat, frame["log_start"]))
        expect(redrawn == frame, f"{where}: the frame changes when what is hidden from the seat is redrawn")


def check_frames(live: LiveMatch, rng: Rng, secret: set[int | None] | frozenset[int | None] = frozenset()) -> int:
    """Check every seat's frame (and the spectator's) at the match's present state; returns frames checked."""
    checked = 0
    for seat in [None, *range(live.match.players)]:
        check_frame(live, seat, json.loads(frame_for(live, seat)), rng, secret)
        checked += 1
    return checked


def secret_from(match: Match, before: Any, mover: int, action: str) -> set[int | None]:
    """The seats that could not tell ``action`` from another legal action of ``mover`` (rule 3 above)."""
    game = match.game
    after = game.apply(before, action)
    lines = game.describe(before, action, after)
    secret: set[int | None] = set()
    for seat in [None, *range(match.players)]:
        if seat == mover:
            continue
        seen = game.view(after, seat)
        for other in game.legal_actions(before):
            after_other = game.apply(before, other)
            if other != action and game.view(after_other, seat) == seen \
                    and game.describe(before, other, after_other) == lines:
                secret.add(seat)
                break
    return secret


# ----- through the server -----------------------------------------------------------------------------

class Tally:
    def __init__(self) -> None:
        self.matches = self.actions = self.frames = self.leaks = 0
        self.first: list[str] = []

    def leak(self, message: str) -> None:
        self.leaks += 1
        if len(self.first) < 3:
            self.first.append(message[:300])


class AsgiSocket:
    """A WebSocket to the ASGI app on this event loop: the app's own handler, without a network or a thread."""

    def __init__(self, app: Any, path: str) -> None:
        self.to_app: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.from_app: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        scope = {"type": "websocket", "asgi": {"version": "3.0"}, "scheme": "ws", "http_version": "1.1",
                 "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
                 "headers": [(b"host", b"127.0.0.1")], "client": ("127.0.0.1", 50000),
                 "server": ("127.0.0.1", 80), "subprotocols": [], "state": {}}
        self.task = asyncio.create_task(app(scope, self.to_app.get, self.from_app.put))

    async def connect(self) -> None:
        await self.to_app.put({"type": "websocket.connect"})
        accepted = await self.from_app.get()
        if accepted["type"] != "websocket.accept":
            raise RuntimeError(f"the server did not accept the socket: {accepted}")

    def send_text(self, text: str) -> None:
        self.to_app.put_nowait({"type": "websocket.receive", "text": text})

    async def receive_text(self) -> str:
        message = await asyncio.wait_for(self.from_app.get(), 60)
        if message["type"] != "websocket.send":
            raise RuntimeError(f"the server closed the socket: {message}")
        return str(message["text"])

    async def close(self) -> None:
        await self.to_app.put({"type": "websocket.disconnect", "code": 1000})
        await asyncio.wait_for(self.task, 60)


async def play_one(app: Any, http: Any, game_id: str, options: dict[str, Any], rng: Rng, tally: Tally) -> None:
    """One random match with a socket per seat and a spectator; every frame each receives is checked."""
    hub = app.state.hub
    players = int(options.get("players", 2))
    created = await http.post("/api/matches", json={"game": game_id, "options": options,
                                                     "seats": [{"kind": "human"}] * players})
    assert created.status_code == 201, created.text
    body = created.json()
    match_id = body["match"]
    sockets: dict[int | None, AsgiSocket] = {}
    live: LiveMatch = hub.live[match_id]
    try:
        for seat in [None, *range(players)]:
            ws = sockets[seat] = AsgiSocket(app, f"/ws/matches/{match_id}")
            await ws.connect()
            await receive_checked(ws, None, live, rng, tally)  # before hello: what a watcher sees
            if seat is not None:
                ws.send_text(json.dumps({"type": "hello", "tokens": [body["tokens"][str(seat)]]}))
                await receive_checked(ws, seat, live, rng, tally)
        while not live.match.is_over:
            match = live.match
            mover = match.to_move
            assert mover is not None
            action = rng.choice(match.legal_actions())
            before = match.state
            secret = secret_from(match, before, mover, action) if match.game.hidden_information else set()
            version = match.version
            sockets[mover].send_text(json.dumps({"type": "act", "seat": mover, "version": version,
                                                 "action": action}))
            tally.actions += 1
            for seat in [mover, *(s for s in sockets if s != mover)]:  # a refusal would come to the mover
                frame = await receive_checked(sockets[seat], seat, live, rng, tally, secret)
                if frame.get("type") != "update" or frame["version"] <= version:
                    raise RuntimeError(f"{game_id}: seat {seat} got {str(frame)[:200]} after acting")
    finally:
        for ws in sockets.values():
            await ws.close()
    tally.matches += 1


async def receive_checked(ws: AsgiSocket, seat: int | None, live: LiveMatch, rng: Rng, tally: Tally,
                          secret: set[int | None] | frozenset[int | None] = frozenset()) -> dict[str, Any]:
    """The next update this socket receives, checked (clock frames carry no view and are skipped)."""
    while True:
        frame: dict[str, Any] = json.loads(await ws.receive_text())
        if frame.get("type") != "clock":
            break
    if frame.get("type") == "update":
        tally.frames += 1
        try:
            check_frame(live, seat, frame, rng, secret)
        except Leak as exc:
            tally.leak(str(exc))
    return frame


@contextlib.asynccontextmanager
async def lifespan(app: Any) -> AsyncIterator[None]:
    """Run the app's startup and shutdown (migrations, the store's committer) on this loop."""
    to_app: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    from_app: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    task = asyncio.create_task(app({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}},
                                   to_app.get, from_app.put))
    await to_app.put({"type": "lifespan.startup"})
    started = await from_app.get()
    if started["type"] != "lifespan.startup.complete":
        raise RuntimeError(f"the app did not start: {started}")
    try:
        yield
    finally:
        await to_app.put({"type": "lifespan.shutdown"})
        await from_app.get()
        await task


async def _measure(db: str, matches: int, games: list[str]) -> list[dict[str, Any]]:
    import httpx

    from regalia.server.app import create_app

    app = create_app(db, bot_pause=0.0, bot_workers=1)
    rows = []
    # as this machine's own client (loopback): the per-address limits leave the harness alone
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 50000))
    async with lifespan(app), httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        for game_id in games:
            tally = Tally()
            started = time.perf_counter()
            variants = VARIANTS[game_id]
            for number in range(matches):
                options = variants[number % len(variants)]
                await play_one(app, http, game_id, options, Rng(f"leak-bench:{game_id}:{number}"), tally)
            rows.append({"game": game_id, "options": " | ".join(json.dumps(v) for v in variants),
                         "matches": tally.matches, "actions": tally.actions, "frames checked": tally.frames,
                         "leaks": tally.leaks, "seconds": round(time.perf_counter() - started, 1),
                         "first leaks": " / ".join(tally.first)})
            print(json.dumps(rows[-1]), flush=True)  # a long run shows each game as it is done
    return rows


def measure(matches: int, games: list[str] | None = None) -> list[dict[str, Any]]:
    shm = "/dev/shm" if Path("/dev/shm").is_dir() else None  # a RAM folder: fsyncs cost nothing here
    with tempfile.TemporaryDirectory(dir=shm) as folder:
        return asyncio.run(_measure(f"sqlite:///{Path(folder) / 'leaks.db'}", matches, games or list(VARIANTS)))


def run(quick: bool = False, matches: int | None = None,
        games: list[str] | None = None) -> tuple[str, list[dict[str, Any]]]:
    matches = matches or (3 if quick else int(os.environ.get("REGALIA_LEAK_MATCHES", str(MATCHES))))
    rows = measure(matches, games)
    leaks = sum(r["leaks"] for r in rows)
    title = (f"leaks {'PASS' if leaks == 0 else 'FAIL'}: {sum(r['matches'] for r in rows):,} random matches "
             f"through the web app (a socket per seat and a spectator), {sum(r['frames checked'] for r in rows):,} "
             f"frames checked, {leaks} leaks")
    return title, rows


def main() -> None:
    from rich.console import Console

    from . import print_table

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=MATCHES, help="matches per game")
    parser.add_argument("--game", action="append", choices=list(VARIANTS), help="only these games")
    args = parser.parse_args()
    print_table(Console(), *run(matches=args.matches, games=args.game))


if __name__ == "__main__":
    main()
