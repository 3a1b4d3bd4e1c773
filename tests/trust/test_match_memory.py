"""What a live match costs in memory, step by step: the soak's "memory growth under 10%", made exact.

A server holds every match in play; each grows by what one step leaves behind (the action, its place in
the history, the log's lines). A rule cache that chains a state to its ancestors, or a level's cache that
keeps whole positions, would make a long match cost far more, and a server with hundreds of them grow
for as long as they last. Measured with ``tracemalloc`` on fixed-seed random matches, after a first match
of the same game has filled what a process fills once (tables, bounded caches).
"""

from __future__ import annotations

import gc
import platform
import sys
import tracemalloc

import pytest

from regalia.core.match import Match
from regalia.core.rng import Rng
from regalia.games import load_game

GAMES = [("kings-gold", {"players": 2}), ("crown-the-queen", {"players": 3}), ("gold-battle", {}),
         ("gold-crown", {"players": 2})]
STEPS = 400
BYTES_PER_STEP = 600
"""A history entry (64 B), the list slots (16 B) and a log line or two (about 100 B each), with room."""
LEFT_BEHIND = 2 * 1024 * 1024


def play(game_id: str, options: dict, seed: int, steps: int) -> Match:
    match = Match(load_game(game_id, **options), seed=seed)
    rng = Rng(f"memory:{seed}")
    while not match.is_over and len(match.history) < steps:
        match.play(rng.choice(match.legal_actions()))
    return match


def traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_a_live_match_holds_a_few_hundred_bytes_a_step(game_id, options):
    tracemalloc.start()
    try:
        for seed in range(10, 16):  # the process's one-time fill: tables, bounded caches
            play(game_id, options, seed, STEPS)
        before = traced()
        matches = [play(game_id, options, seed, STEPS) for seed in (3, 4, 5)]
        held = traced() - before
        steps = sum(len(m.history) for m in matches)
        assert held / steps < BYTES_PER_STEP, f"{game_id}: {held / steps:.0f} B a step over {steps} steps"
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_what_matches_leave_behind_stays_small(game_id, options):
    """The rules' and levels' tables that outlive a match (memos keyed by position) are bounded: sixty more
    matches leave under 2 MiB behind, however long the process has run."""
    tracemalloc.start()
    try:
        for seed in (1, 2):
            play(game_id, options, seed, STEPS)
        before = traced()
        for seed in range(3, 63):
            play(game_id, options, seed, STEPS)
        left = traced() - before
        assert left < LEFT_BEHIND, f"{game_id}: {left / 1024:.0f} KiB left behind by 60 finished matches"
    finally:
        tracemalloc.stop()


def test_the_server_caps_malloc_arenas_before_anything_starts(monkeypatch):
    """``regalia serve`` limits glibc's per-thread arenas first thing (see ``run.MALLOC_ARENAS``)."""
    from regalia.server import run

    calls: list[str] = []
    monkeypatch.setattr(run, "limit_malloc_arenas", lambda: calls.append("arenas"))

    def no_database(url: str) -> None:
        calls.append("database")
        raise run.StartupError("stop here")

    monkeypatch.setattr(run, "check_database", no_database)
    with pytest.raises(SystemExit):
        run.run_server(db="sqlite:///nowhere.db")
    assert calls == ["arenas", "database"]


@pytest.mark.skipif(not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
                    reason="mallopt's arena limit is glibc's")
def test_the_arena_limit_takes_on_glibc_unless_the_operator_chose(monkeypatch):
    from regalia.server.run import limit_malloc_arenas

    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    assert limit_malloc_arenas() is True
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    assert limit_malloc_arenas() is False
