"""Blackbeard's Blitz for the referee (seed §2.6.2, KG-20): pure arithmetic on the view, no clock here.

Time is an input. The referee (the server, or a test with an injected clock) owns the clock and the rules
own the consequence::

    view = match.view(None)
    if turn_of(view) != timer_turn:                 # a new turn: restart the countdown
        timer_turn, started = turn_of(view), now()
    if expired(view, now() - started):              # turn_seconds are up
        match.play(match.game.clock_actions(match.state)[0], clock=True)   # "timeout", recorded

The timeout is an action like any other in the match's record (a seat cannot play it; replay reproduces
it); ``rules.time_up`` resolves it by the KG-20 defaults. The table counts down with ``seconds_left``.
"""

from __future__ import annotations

from typing import Any


def deadline(view: dict[str, Any]) -> float | None:
    """The seconds a Blitz turn has (``turn_seconds``), or None when no clock runs now (not a Blitz,
    the dice in the air, the match over)."""
    clock = view.get("clock")
    if not clock or not clock["running"] or view.get("is_over"):
        return None
    return float(clock["turn_seconds"])


def turn_of(view: dict[str, Any]) -> tuple[int, int] | None:
    """The turn the countdown belongs to, (round, captain): restart the timer when it changes."""
    clock = view.get("clock")
    return (clock["turn"][0], clock["turn"][1]) if clock else None


def seconds_left(view: dict[str, Any], elapsed: float) -> float | None:
    """What the table shows: the seconds left of the turn after ``elapsed`` seconds (never below 0)."""
    limit = deadline(view)
    return None if limit is None else max(0.0, limit - elapsed)


def expired(view: dict[str, Any], elapsed: float) -> bool:
    """The referee must call time: a clock runs and ``elapsed`` reached ``turn_seconds``."""
    limit = deadline(view)
    return limit is not None and elapsed >= limit
