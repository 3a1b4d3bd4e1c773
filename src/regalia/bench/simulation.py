"""Bulk simulation throughput: matches per second per game, on 1 and 2 local workers and on Ray.

For each game, random players fill every seat. One worker plays matches for about ``seconds`` to fix
the batch size; the same batch (same seeds) is then played by a 2-process pool and by a 2-CPU local
Ray cluster. ``speed-up`` is the wall-clock gain over one worker. Each backend's cost is also counted in
CPU seconds (this process and every descendant: pool workers, Ray's raylet, GCS and workers), and Ray's
``efficiency`` is its matches per CPU second over the local pool's: on a machine shared with other work
the wall-clock figures mostly measure the neighbours, the CPU cost does not. The Ray cluster is started
once, before the timings (its start-up time is in the title), as a long run would amortise it.
"""

from __future__ import annotations

import importlib.util
import os
import resource
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


def rate(setup: Setup, players: int, matches: int, backend: Any) -> tuple[float, float]:
    """Matches per wall-clock second, and per CPU second of this process and its reaped children.

    The CPU rate is what a busy machine cannot distort: the wall-clock rate of two workers on a
    machine whose cores are shared with other work says little, their CPU cost still says how much
    the pool itself costs.
    """
    specs = plan_batch(matches, ["random"] * players, seed=1)
    start, cpu = time.perf_counter(), cpu_seconds()
    run_plan(setup, specs, backend)
    return matches / (time.perf_counter() - start), matches / max(cpu_seconds() - cpu, 1e-9)


def cpu_seconds() -> float:
    """CPU seconds of this process and all its descendants: reaped ones (the pool's workers, once
    joined) from ``getrusage``, live ones (a local Ray cluster's raylet, GCS and workers) from /proc."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime + live_descendants_cpu()


def live_descendants_cpu() -> float:
    """utime + stime of the live descendants of this process (Linux /proc; 0 elsewhere)."""
    if not os.path.isdir("/proc"):
        return 0.0
    parent: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry.name)
        parent[pid] = int(fields[1])  # fields[0] is the state; see proc(5)
        ticks[pid] = int(fields[11]) + int(fields[12])  # utime, stime
    me, total = os.getpid(), 0
    for pid in ticks:
        ancestor = parent.get(pid)
        while ancestor and ancestor != me:
            ancestor = parent.get(ancestor)
        if ancestor == me:
            total += ticks[pid]
    return total / os.sysconf("SC_CLK_TCK")


def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    """Local timings first for every game, then Ray's (no process is forked from a Ray driver)."""
    seconds = 0.5 if quick else 6.0
    load_before = os.getloadavg()[0]
    rows: list[dict[str, Any]] = []
    batches = {}
    for game_id in available_games():
        game = load_game(game_id)
        setup = Setup.of(game)
        matches = batch_size(setup, game.players, seconds)
        batches[game_id] = (setup, game.players, matches)
        one, one_cpu = rate(setup, game.players, matches, LocalBackend(1))
        two, two_cpu = rate(setup, game.players, matches, LocalBackend(2))
        rows.append({"game": game_id, "matches": matches, "1 worker /s": one, "2 workers /s": two,
                     "speed-up": two / one, "/CPU-s 1w": one_cpu, "/CPU-s 2w": two_cpu})
    has_ray = importlib.util.find_spec("ray") is not None
    note = "" if has_ray else "; Ray not installed: pip install 'regalia[scale]'"
    if has_ray and not quick:
        import ray

        start = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
        note = f"; Ray start-up {time.perf_counter() - start:.1f} s"
        try:
            for row in rows:
                on_ray, on_ray_cpu = rate(*batches[row["game"]], RayBackend(2))
                row.update({"ray 2 CPUs /s": on_ray, "ray /CPU-s": on_ray_cpu,
                            "ray efficiency (CPU)": on_ray_cpu / row["/CPU-s 2w"]})
        finally:
            ray.shutdown()
    title = (f"Bulk simulation, random matches per second ({os.cpu_count()} CPUs, load average "
             f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after{note})")
    return title, rows
