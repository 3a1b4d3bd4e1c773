"""``regalia bench`` lists and runs only benchmarks: modules of ``regalia.bench`` that define ``run``."""

import importlib

import pytest
from rich.console import Console

from regalia.bench import names, run_benchmarks


def test_every_listed_benchmark_runs_and_helper_modules_are_not_listed():
    listed = names()
    assert {"crown_the_queen", "crown_the_queen_decisions", "crown_the_queen_verdict", "gold_battle"} <= set(listed)
    assert "crown_the_queen_ceiling" not in listed  # the ceiling player is a helper of the strength bench
    assert all(callable(importlib.import_module(f"regalia.bench.{name}").run) for name in listed)


def test_a_helper_module_is_an_unknown_benchmark():
    with pytest.raises(ValueError, match="unknown benchmark 'crown-the-queen-ceiling'"):
        run_benchmarks("crown-the-queen-ceiling", quick=True, console=Console())
