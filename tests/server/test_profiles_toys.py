"""Toys for the records' and the referee's tests (no tests here): Timed Pig, a Pig whose turns a clock limits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from regalia.ai.random_agent import RandomAgent
from regalia.core import Option
from regalia.server.app import create_app
from regalia.server.catalog import Catalog
from regalia.server.referee import Clock
from tests.toys.pig import HighCard, Pig, PigState


class TimedPig(Pig):
    """Pig with a turn clock: when ``turn_seconds`` are up, the clock plays ``timeout`` (banks the turn)."""

    id = "timed-pig"
    title = "Timed Pig"
    option_specs = (*Pig.option_specs,
                    Option("turn_seconds", 10.0, "seconds per turn", kind=float, minimum=0.01, maximum=600))

    def clock_actions(self, state: PigState) -> list[str]:
        return ["timeout"] if self.to_move(state) == state.seat and not state.rolling else []

    def turn_seconds(self, state: PigState) -> float | None:
        return float(self.options["turn_seconds"]) if self.to_move(state) == state.seat else None

    def apply(self, state: PigState, action: str) -> PigState:
        return super().apply(state, "stop" if action == "timeout" else action)

    def describe(self, before: PigState, action: str, after: PigState) -> list[str]:
        return [f"Time! seat {before.seat}'s turn is banked"] if action == "timeout" else [action]


def records_catalog() -> Catalog:
    return Catalog(games=lambda: [Pig, HighCard, TimedPig], levels=lambda game_id: ["random", "other"],
                   agent=lambda game_id, level, seed: RandomAgent(seed=seed), default_level="random")


def records_app(db: Path, clock: Clock | None = None) -> Any:
    """The app over the toys; ``clock`` replaces the referee's (a ``HandClock``: time moves when told)."""
    app = create_app(f"sqlite:///{db}", catalog=records_catalog(), bot_pause=0.0)
    if clock is not None:
        app.state.referee.clock = clock
    return app
