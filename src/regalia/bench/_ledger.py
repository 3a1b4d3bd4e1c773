"""A resumable ledger of benchmark matches: one JSON line per finished match, appended at once.

Long strength runs (hours of CPU) outlive a session. A ledger file, committed with the repository, keeps
every finished match; a later run skips the matches already in it and adds the rest, so a killed run loses
only the matches it was playing. Each entry carries a *fingerprint*: a hash of everything that decides play
(the source files of the rules, evaluation, levels and searches, plus settings such as the clock mode and
budgets). Figures count only the entries of the current fingerprint: after a change to any of those files
the old entries stay in the file but no longer count, and the missing matches are played again.

A line cut short (a run killed mid-write) is skipped with a warning; the next append starts on a new line.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import warnings
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

Z95 = 1.959963984540054


def fingerprint(files: Iterable[str | Path], *extras: str, root: str | Path | None = None) -> str:
    """A short hash of the contents of ``files`` (their names relative to ``root``) and of ``extras``."""
    return _digest(files, extras, root, Path.read_bytes)


def _digest(files: Iterable[str | Path], extras: tuple[str, ...], root: str | Path | None,
            content: Callable[[Path], bytes]) -> str:
    digest = hashlib.sha256()
    base = Path(root) if root is not None else None
    for file in sorted({Path(f) for f in files}, key=lambda p: p.as_posix()):
        name = file.relative_to(base).as_posix() if base is not None else file.name
        digest.update(name.encode() + b"\0" + content(file) + b"\0")
    for extra in extras:
        digest.update(b"extra\0" + extra.encode() + b"\0")
    return digest.hexdigest()[:16]


def now() -> str:
    """The date and time of an entry, UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


class Ledger:
    """Entries of a JSON-lines file: ``read`` them, ``append`` one (flushed to disk before returning)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def read(self) -> list[dict[str, Any]]:
        return list(self._entries())

    def _entries(self) -> Iterator[dict[str, Any]]:
        if not self.path.exists():
            return
        with self.path.open(encoding="utf-8", errors="replace") as lines:
            for number, line in enumerate(lines, 1):
                text = line.strip()
                if not text:
                    continue
                try:
                    entry = json.loads(text)
                except json.JSONDecodeError:
                    entry = None
                if not isinstance(entry, dict):
                    warnings.warn(f"{self.path}:{number}: not a whole entry (a run killed mid-write?): skipped",
                                  stacklevel=3)
                    continue
                yield entry

    def append(self, entry: dict[str, Any]) -> None:
        """Add one entry as one line; a previous line cut short is left alone, on a line of its own."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(entry, sort_keys=True, separators=(",", ":")) + "\n"
        with self.path.open("a+b") as file:
            if file.tell() > 0:
                file.seek(-1, os.SEEK_END)
                if file.read(1) != b"\n":
                    text = "\n" + text
            file.write(text.encode())
            file.flush()
            os.fsync(file.fileno())

    def current(self, fingerprint: str, **match: Any) -> list[dict[str, Any]]:
        """The entries of ``fingerprint`` whose fields equal ``match``'s, one per ``seed`` (the first)."""
        seen: set[Any] = set()
        found = []
        for entry in self._entries():
            if entry.get("fingerprint") != fingerprint or any(entry.get(k) != v for k, v in match.items()):
                continue
            if entry.get("seed") in seen:
                continue
            seen.add(entry.get("seed"))
            found.append(entry)
        return found


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``score / n`` (a draw may count a half)."""
    if n <= 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
