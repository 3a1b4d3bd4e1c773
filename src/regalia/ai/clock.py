"""The clock that thinking budgets are measured on.

A player waits in wall-clock time, so agents budget in wall-clock seconds by default. A strength
benchmark wants the opposite: the same thinking whatever else the machine is doing, so that a match
result does not depend on the load of the moment. ``REGALIA_AI_CLOCK=cpu`` (or ``use_cpu_clock()``)
switches every agent in the process to the thread's CPU time.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

_clock: Callable[[], float] = time.thread_time if os.environ.get("REGALIA_AI_CLOCK") == "cpu" else time.perf_counter


def now() -> float:
    """Seconds on the thinking clock (only differences mean anything)."""
    return _clock()


def use_cpu_clock(enabled: bool = True) -> None:
    """Budget thinking in this thread's CPU seconds (benchmarks) or wall-clock seconds (play)."""
    global _clock
    _clock = time.thread_time if enabled else time.perf_counter
    if enabled:
        os.environ["REGALIA_AI_CLOCK"] = "cpu"  # worker processes started later inherit it
    else:
        os.environ.pop("REGALIA_AI_CLOCK", None)


def is_cpu_clock() -> bool:
    return _clock is time.thread_time
