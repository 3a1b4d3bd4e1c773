"""Benchmarks: ``regalia bench [WHAT]``. Each module here exposes ``run(quick) -> (title, rows)``.

CI runs tests, not benchmarks; ``--quick`` exists for a smoke check of the harness.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from rich.console import Console
from rich.table import Table

Row = dict[str, Any]


def names() -> list[str]:
    """The modules that are benchmarks (they define ``run``); the others are helpers of a benchmark."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__)
                  if not m.name.startswith("_") and hasattr(importlib.import_module(f"{__name__}.{m.name}"), "run"))


def print_table(console: Console, title: str, rows: list[Row]) -> None:
    table = Table(title=title)
    columns: list[str] = []
    for row in rows:
        columns += [c for c in row if c not in columns]
    for column in columns:
        table.add_column(column, justify="right" if rows and isinstance(rows[0].get(column), int | float) else "left")
    for row in rows:
        table.add_row(*(fmt(row.get(c, "")) for c in columns))
    console.print(table)


def fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.3g}" if abs(value) < 100 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def run_benchmarks(what: str | None, *, quick: bool, console: Console) -> None:
    available = names()
    chosen = available if what is None else [what.replace("-", "_")]
    for name in chosen:
        if name not in available:
            raise ValueError(f"unknown benchmark {what!r}; benchmarks: {', '.join(available)}")
        module = importlib.import_module(f"regalia.bench.{name}")
        title, rows = module.run(quick=quick)
        print_table(console, title, rows)
