"""Blackbeard's Blitz (seed §2.6.2, KG-20): the time-up rule, and the countdown as pure arithmetic.

No clock here: time is an input. Whoever keeps the clock (the server's referee, the terminal, a test with
a hand-wound clock) asks the rules object, which answers from this module:

* ``KingsGold.turn_seconds(state)`` -> :func:`turn_seconds`: the seconds a turn has, or None when no
  clock runs now (not a Blitz, the dice in the air, the match over);
* ``KingsGold.clock_actions(state)`` -> :func:`clock_actions`: ``["timeout"]`` while the captain at the
  helm is to act;
* the ``timeout`` action, played with ``clock=True`` and recorded like any other, resolves by
  :func:`time_up`: the dice as they stand are final and every choice left takes its default.

The keeper restarts the countdown when the turn changes (:func:`turn_of` on a view, or the seat to move:
the same thing in a Blitz) and, once :func:`expired`, plays the clock action::

    view = match.view(None)
    if turn_of(view) != timer_turn:                 # a new turn: restart the countdown
        timer_turn, started = turn_of(view), now()
    if expired(view, now() - started):              # turn_seconds are up
        match.play(match.game.clock_actions(match.state)[0], clock=True)   # "timeout", recorded

A table counts down with :func:`seconds_left`.
"""

from __future__ import annotations

from typing import Any

from .notation import CONVERT, NAMES, ROLL, STOP, TIMEOUT, fire_action
from .rules import Config, Log, apply, cannon_targets, end_turn
from .state import AIM, ASSIGN, CHOOSE, READY, KGState

# ----- the rule (KG-20) ---------------------------------------------------------------------------------


def clock_actions(cfg: Config, state: KGState) -> list[str]:
    """The clock may call time whenever the captain at the helm is to act in a Blitz."""
    if cfg.blitz and state.phase in (READY, CHOOSE, ASSIGN, AIM):
        return [TIMEOUT]
    return []


def turn_seconds(cfg: Config, state: KGState) -> float | None:
    """The seconds of a Blitz turn whenever the clock may call time now, else None."""
    return float(cfg.turn_seconds) if clock_actions(cfg, state) else None


def time_up(cfg: Config, state: KGState, log: Log) -> KGState:
    """KG-20: the turn's time is up: the dice showing are final and every choice left takes its default
    (``timeout_action``). **Our reading:** a captain who had not thrown yet loses his turn (no dice show)."""
    seat = state.seat
    if log is not None:
        log.append(f"Time! {NAMES[seat]}'s {cfg.turn_seconds} seconds are up: the dice showing are final")
    if state.phase == READY:
        if log is not None:
            log.append(f"{NAMES[seat]} never threw: the turn passes")
        return end_turn(cfg, state, log)
    while state.seat == seat and state.phase in (CHOOSE, ASSIGN, AIM):
        state = apply(cfg, state, timeout_action(state), log)
    return state


def timeout_action(state: KGState) -> str:
    """KG-20: what a 10-second timeout plays: the dice showing are final, Crests convert first,
    Cannons hit the opponent with most standard coins and no Shield (tie: next in turn order)."""
    phase = state.phase
    if phase == CHOOSE:
        return STOP
    if phase == ASSIGN:
        return CONVERT
    if phase == AIM:
        n, seat = len(state.coins), state.seat
        targets = cannon_targets(state)
        return fire_action(max(targets, key=lambda t: (state.shields[t] == 0, state.coins[t], -((t - seat) % n))))
    return ROLL


# ----- the countdown, read off a view ---------------------------------------------------------------------


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
    """The keeper of the clock must call time: a clock runs and ``elapsed`` reached ``turn_seconds``."""
    limit = deadline(view)
    return limit is not None and elapsed >= limit
