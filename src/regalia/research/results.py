"""Results streamed to a JSON-lines file, one match per line, so an interrupted run can resume.

    {"format": "regalia.results", "version": 1, "kind": "simulate", "game": ..., "plan": {...}}   header
    {"index": 0, "seed": 0, "seats": ["hard", "random"], "winners": [0], "scores": [...], ...}  a match
    ...

Each line is written and flushed as its match finishes (in whatever order the workers finish). On
resume the header must describe the same plan (the kind, game, options and plan parameters; the number
of matches may grow), every record must match the spec planned for its index, and a last line cut off
by the interruption is dropped. Only the matches not yet in the file are played.
"""

from __future__ import annotations

import fcntl
import json
from pathlib import Path
from typing import IO, Any

from .plan import MatchSpec, Record

FORMAT = "regalia.results"
VERSION = 1


class ResultsFile:
    """An append-only JSON-lines file of match records under a header that names the plan."""

    def __init__(self, path: Path | str, header: dict[str, Any]) -> None:
        self.path = Path(path)
        self.header = {"format": FORMAT, "version": VERSION, **header}
        self._out: IO[str] | None = None

    def resume(self, specs: list[MatchSpec]) -> dict[int, Record]:
        """The records already in the file, checked against the plan (the file is created if absent).

        The file stays locked (``flock``) until ``close``: a second run on the same file is refused
        instead of interleaving its lines.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._out = self.path.open("a+")
        try:
            fcntl.flock(self._out, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.close()
            raise ValueError(f"{self.path} is being written by another run") from None
        try:
            done = self._read(specs)
        except BaseException:
            self.close()
            raise
        if done is None:
            self._write(self.header)
            return {}
        return done

    def append(self, record: Record) -> None:
        self._write(record)

    def close(self) -> None:
        if self._out is not None:
            self._out.close()
            self._out = None

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- internals ------------------------------------------------------------------------------

    def _write(self, data: dict[str, Any]) -> None:
        assert self._out is not None, "resume() opens the file"
        self._out.write(json.dumps(data, separators=(",", ":")) + "\n")
        self._out.flush()

    def _read(self, specs: list[MatchSpec]) -> dict[int, Record] | None:
        """The planned records in the file (None: no header yet, a new file)."""
        assert self._out is not None
        text = self.path.read_text()
        complete, _, partial = text.rpartition("\n")
        if partial:  # a line cut off mid-write: drop it before appending
            self._out.truncate(len(complete.encode()) + 1 if complete else 0)
        if not complete:
            return None
        lines = complete.split("\n")
        header = json.loads(lines[0])
        if header != self.header:
            raise ValueError(f"{self.path} holds another plan ({_difference(header, self.header)}); "
                             "choose another --out file to start a new run")
        planned = {spec.index: spec.to_dict() for spec in specs}
        done: dict[int, Record] = {}
        for number, line in enumerate(lines[1:], start=2):
            record = json.loads(line)
            index = record.get("index")
            if index not in planned:
                continue  # planned by a longer run of the same plan: kept in the file, not counted
            if {k: record[k] for k in planned[index]} != planned[index]:
                raise ValueError(f"{self.path} line {number} does not match the plan's match {index}")
            done[index] = record
        return done


def _difference(found: dict[str, Any], wanted: dict[str, Any]) -> str:
    keys = [k for k in sorted(set(found) | set(wanted)) if found.get(k) != wanted.get(k)]
    return ", ".join(f"{k}: {found.get(k)!r} in the file, {wanted.get(k)!r} now" for k in keys)
