"""Play a plan on a backend, streaming records to a results file and reporting progress."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from .backends import LocalBackend, RayBackend
from .plan import MatchSpec, Record, Setup
from .results import ResultsFile

Progress = Callable[[int], None]


def run_plan(setup: Setup, specs: list[MatchSpec], backend: LocalBackend | RayBackend | None = None, *,
             out: Path | str | None = None, header: dict[str, Any] | None = None,
             progress: Progress | None = None) -> list[Record]:
    """Every planned match's record, in plan order; with ``out``, matches already there are not replayed.

    ``progress`` is called with the number of matches done (resumed ones included) after each match.
    """
    backend = backend or LocalBackend()
    results = ResultsFile(out, {"game": setup.game_id, "rules": setup.rules, "options": setup.options,
                                **(header or {})}) if out else None
    done: dict[int, Record] = results.resume(specs) if results else {}
    if progress:
        progress(len(done))

    def on_record(record: Record) -> None:
        done[record["index"]] = record
        if results:
            results.append(record)
        if progress:
            progress(len(done))

    try:
        backend.run(setup, [s for s in specs if s.index not in done], on_record)
    finally:
        if results:
            results.close()
    return [done[spec.index] for spec in specs]
