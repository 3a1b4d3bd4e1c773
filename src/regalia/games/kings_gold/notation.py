"""The notation of King's Gold: every action a captain can type, and the fixed action space.

    roll              throw all five dice (the first throw of a turn, §2.4 Phase 1)
    reroll 2 5        re-throw dice 2 and 5; every other die is held (Rule 1, KG-15)
    stop              end the rolling and resolve the dice (Rule 1)
    crest convert     pair one Crest with an unpaired Coin: that Coin takes a Doubloon (KG-1)
    crest shield      take one Crest as a Shield instead (KG-2)
    fire 2            aim one Cannon at seat 2 (KG-4; seats are numbered from 0)

Dice are numbered 1..5, left to right. Chance outcomes are the faces thrown, in slot order:
``"Coin Coin Skull Cannon Crest"`` for the first throw, ``"Coin Skull"`` when two dice are re-thrown,
and one face per contender in the start-player roll-off.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

ROLL = "roll"
STOP = "stop"
CONVERT = "crest convert"
SHIELD = "crest shield"
MAX_SEATS = 6
NAMES = ("Anne", "Ben", "Calico", "Mary", "Ned", "Grace")
"""Captains' names by seat, for the log (Anne Bonny, Ben Hornigold, Calico Jack, Mary Read, ...)."""


def reroll_action(slots: tuple[int, ...]) -> str:
    """``(1, 4)`` (0-based slots) -> ``"reroll 2 5"``."""
    return "reroll " + " ".join(str(s + 1) for s in slots)


def fire_action(target: int) -> str:
    """``2`` -> ``"fire 2"``."""
    return f"fire {target}"


@cache
def rerolls(free: tuple[int, ...]) -> tuple[str, ...]:
    """Every ``reroll`` whose dice are among the ``free`` (non-Skull) slots: all non-empty subsets."""
    return tuple(reroll_action(c) for k in range(1, len(free) + 1) for c in combinations(free, k))


@cache
def _reroll_slots() -> dict[str, tuple[int, ...]]:
    all_slots = tuple(range(5))
    return {reroll_action(c): c for k in range(1, 6) for c in combinations(all_slots, k)}


def parse_reroll(action: str) -> tuple[int, ...] | None:
    """The 0-based slots of a well-formed ``reroll`` (dice in increasing order), else None."""
    return _reroll_slots().get(action)


FIRE_ACTIONS = tuple(fire_action(s) for s in range(MAX_SEATS))
FIRE_TARGET = {a: s for s, a in enumerate(FIRE_ACTIONS)}

ACTION_SPACE: tuple[str, ...] = (ROLL, STOP, *_reroll_slots(), CONVERT, SHIELD, *FIRE_ACTIONS)
"""Every action string, in a fixed order: roll, stop, the 31 rerolls (by size, then dice), the two
Crest choices, ``fire 0`` .. ``fire 5``. Index i of an RL policy is ``ACTION_SPACE[i]``."""
