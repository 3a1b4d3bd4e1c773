"""A tutorial step, the same for every game: a position (options + seed + opening actions, as any match), what
to do there and why, the moves it teaches, and what is said after.

A game's ``tutorial.py`` is a tuple of steps (its data: positions and words); the server plays each step as a
match (server/tutorials.py) and the game's tests check every step against its rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .game import Game
from .match import Match


@dataclass(frozen=True)
class Step:
    """One step of a tutorial: a position, what to do there and why, and what is said after."""

    title: str
    text: str
    """What to do and why, in the game's words (a sentence or two)."""
    moves: tuple[str, ...]
    """The moves the step teaches: any one of them completes it. Empty: the closing match, played freely."""
    hint: str
    """Said, gently, when another legal move is tried."""
    done: str
    """Said when the step is done."""
    options: dict[str, Any] = field(default_factory=dict)
    """The match's options (players, a set position...)."""
    seed: str | int = "0"
    """The match's seed: it throws the step's dice, deals its cards, spins its arrow."""
    prefix: tuple[tuple[int, str], ...] = ()
    """Actions (seat, action) played from the start to reach the step's moment."""
    seat: int = 0
    """The seat the learner plays."""
    opponent: str = "easy"
    """The computer level of the other seats."""

    def opening(self, game: Game) -> Match:
        """The step's position: a match of ``game`` (built with the step's options) from its seed, led by its
        opening actions."""
        match = game.new_match(seed=self.seed)
        for seat, action in self.prefix:
            match.play(action, seat)
        return match


def lesson_maker(**defaults: Any) -> Any:
    """A game's way of writing its steps: ``Step`` with the game's own defaults (its options, its seed)."""

    names = [f.name for f in fields(Step)]

    def lesson(*given: Any, **named: Any) -> Step:
        unset = {k: v for k, v in defaults.items() if k not in names[:len(given)]}  # given by position wins
        return Step(*given, **{**unset, **named})

    return lesson


__all__ = ["Step", "lesson_maker"]
