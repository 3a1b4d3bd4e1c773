"""Bulk simulation throughput: matches per second per game, on 1 and 2 local workers and on Ray.

For each game, random players fill every seat. One worker plays matches for about ``seconds`` to fix
the batch size; the same batch (same seeds) is then played by a 2-process pool and by a 2-CPU local
Ray cluster. ``speed-up`` is against one worker; Ray's ``efficiency`` is its rate over the local pool's
at the same worker count. The Ray cluster is started once, before the timings (its start-up cost is
reported on its own row), as a long run would amortise it.
"""

from __future__ import annotations

import time
from typing import Any

from regalia.games import available_games, load_game
from regalia.research.backends import LocalBackend, RayBackend
from regalia.research.plan import Setup, play
from regalia.research.runner import run_plan
from regalia.research.simulate import plan_batch


def batch_size(setup: Setup, players: int, seconds: float) -> int:
    """How many random-vs-random matches one worker plays in about ``seconds`` (at least 4)."""
    start, n = time.perf_counter(), 0
    for spec in plan_batch(10_000, ["random"] * players):
        play(setup, spec)
        n += 1
        if time.perf_counter() - start >= seconds:
            break
    return max(n, 4)


def rate(setup: Setup, players: int, matches: int, backend: Any) -> float:
    specs = plan_batch(matches, ["random"] * players, seed=1)
    start = time.perf_counter()
    run_plan(setup, specs, backend)
    return matches / (time.perf_counter() - start)


def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    seconds = 0.5 if quick else 6.0
    rows: list[dict[str, Any]] = []
    ray = None
    if not quick:
        import ray as ray_module

        start = time.perf_counter()
        ray_module.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
        ray = ray_module
        rows.append({"game": "(ray start-up)", "seconds": time.perf_counter() - start})
    try:
        for game_id in available_games():
            game = load_game(game_id)
            setup = Setup.of(game)
            matches = batch_size(setup, game.players, seconds)
            one = rate(setup, game.players, matches, LocalBackend(1))
            two = rate(setup, game.players, matches, LocalBackend(2))
            row: dict[str, Any] = {"game": game_id, "matches": matches, "1 worker /s": one,
                                   "2 workers /s": two, "speed-up": two / one}
            if ray is not None:
                on_ray = rate(setup, game.players, matches, RayBackend(2))
                row.update({"ray 2 CPUs /s": on_ray, "ray efficiency": on_ray / two})
            rows.append(row)
    finally:
        if ray is not None:
            ray.shutdown()
    return "Bulk simulation: random matches per second (local processes and Ray)", rows
