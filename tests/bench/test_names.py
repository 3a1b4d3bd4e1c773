"""``regalia bench`` lists and runs only benchmarks: modules of ``regalia.bench`` that define ``run``."""

import importlib

import pytest
from rich.console import Console

from regalia.bench import names, run_benchmarks


def test_every_listed_benchmark_runs_and_helper_modules_are_not_listed():
    listed = names()
    assert {"crown_the_queen", "gold_battle", "gold_crown", "kings_gold", "server_load", "soak", "leaks",
            "simulation"} <= set(listed)
    assert all(callable(importlib.import_module(f"regalia.bench.{name}").run) for name in listed)


def test_a_helper_module_is_an_unknown_benchmark():
    with pytest.raises(ValueError, match="unknown benchmark 'ledger'"):
        run_benchmarks("ledger", quick=True, console=Console())


@pytest.mark.parametrize("name", ["verdict", "ceiling", "baseline", "decisions", "judgement", "opponents"])
def test_the_crown_the_queen_research_harnesses_left_the_package(name):
    """The settled question's harnesses live under benchmarks/crown_the_queen/ (or are gone), not in the product."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"regalia.bench.crown_the_queen_{name}")
    assert f"crown_the_queen_{name}" not in names()
