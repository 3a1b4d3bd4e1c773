"""Where planned matches are played: in this process, in local worker processes, or on a Ray cluster.

Every backend takes a ``Setup`` and a list of ``MatchSpec`` and calls ``on_record`` once per finished
match, in completion order. A match is fully determined by its spec, so every backend gives the same
records; only the order and the speed differ. Matches travel in chunks (a few per task) so that the
per-task overhead of a pool or of Ray stays small against the games' own cost.

Ray is imported only when the Ray backend is chosen: it is an optional extra (``scale``) with a few
seconds of start-up cost, never on the default import path. A local cluster's workers inherit the
driver's ``sys.path``; the nodes of a remote cluster (``--address``) need the same ``regalia``
installed, since a worker rebuilds the game from the rules class's import path (``Setup.rules``).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

from .plan import MatchSpec, Record, Setup, play, play_many

OnRecord = Callable[[Record], None]
BACKENDS = ("local", "ray")


def chunks(specs: list[MatchSpec], size: int) -> Iterator[list[MatchSpec]]:
    for start in range(0, len(specs), size):
        yield specs[start:start + size]


def chunk_size(matches: int, workers: int) -> int:
    """About eight chunks per worker (load balance), at most 16 matches each (streaming granularity)."""
    return max(1, min(16, matches // (8 * max(workers, 1))))


class LocalBackend:
    """This machine: in-process for one worker, a process pool for more."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError(f"--workers must be at least 1, not {workers}")
        self.workers = workers

    def run(self, setup: Setup, specs: list[MatchSpec], on_record: OnRecord) -> None:
        if self.workers == 1 or len(specs) <= 1:
            for spec in specs:
                on_record(play(setup, spec))
            return
        size = chunk_size(len(specs), self.workers)
        pool = multiprocessing.get_context().Pool(self.workers)
        try:
            for records in pool.imap_unordered(_play_chunk, ((setup, c) for c in chunks(specs, size))):
                for record in records:
                    on_record(record)
            pool.close()  # the workers finish and exit on their own: no SIGTERM on the happy path
        finally:
            pool.terminate()
            pool.join()


def _play_chunk(job: tuple[Setup, list[MatchSpec]]) -> list[Record]:
    return play_many(*job)


class RayBackend:
    """A Ray cluster: the one at ``address``, or a local one started (and stopped) for this run."""

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        self.workers = workers
        self.address = address

    def run(self, setup: Setup, specs: list[MatchSpec], on_record: OnRecord) -> None:
        try:
            import ray
        except ImportError as exc:
            raise ValueError("the ray backend needs Ray: pip install 'regalia[scale]'") from exc
        started = not ray.is_initialized()
        if started:
            ray.init(**self._init_args())
        try:
            remote = ray.remote(play_many)
            setup_ref = ray.put(setup)
            workers = self.workers or int(ray.cluster_resources().get("CPU", 1))
            pending = [remote.remote(setup_ref, c) for c in chunks(specs, chunk_size(len(specs), workers))]
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for record in ray.get(ready[0]):
                    on_record(record)
        finally:
            if started:
                ray.shutdown()

    def _init_args(self) -> dict[str, Any]:
        args: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                "configure_logging": False}
        if self.address:
            args["address"] = self.address
        else:
            if self.workers:
                args["num_cpus"] = self.workers
            # a local cluster's workers import what the driver imports (the rules of unregistered games too)
            args["runtime_env"] = {"env_vars": {"PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}}
        return args


def make_backend(name: str, workers: int | None = None, address: str | None = None) -> LocalBackend | RayBackend:
    """The backend called ``name`` (``local`` or ``ray``)."""
    if name == "local":
        if address:
            raise ValueError("--address names a Ray cluster: use it with --backend ray")
        return LocalBackend(1 if workers is None else workers)
    if name == "ray":
        return RayBackend(workers, address)
    raise ValueError(f"unknown backend {name!r}; backends: {', '.join(BACKENDS)}")
