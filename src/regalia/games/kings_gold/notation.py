"""The notation of King's Gold: every action a captain can type, and the fixed action space.

    roll              throw all five dice (the first throw of a turn, §2.4 Phase 1)
    reroll 2 5        re-throw dice 2 and 5; every other die is held (Rule 1, KG-15)
    stop              end the rolling and resolve the dice (Rule 1)
    crest convert     pair one Crest with an unpaired Coin: that Coin takes a Doubloon (KG-1)
    crest shield      take one Crest as a Shield instead (KG-2)
    fire 2            aim one Cannon at seat 2 (KG-4; seats are numbered from 0)

Captain's Duel (KG-22) and Blackbeard's Blitz (KG-20):

    keep 1            keep the first of your two dealt ability cards (keep 2: the second); the string
                      names no card, so even a leaked action list hides the bluff
    play Navigator    use your kept card (also Quartermaster, Letter of Marque, Smuggler, Iron Hull)
    play Powder Monkey 3   use the Powder Monkey on the locked Skull of die 3
    pass              answer a Curse or a theft without a card (the counter-cannon die is thrown next)
    timeout           the referee's clock: the turn's time is up (never a seat's action)

Dice are numbered 1..5, left to right. Chance outcomes are the faces thrown, in slot order:
``"Coin Coin Skull Cannon Crest"`` for the first throw, ``"Coin Skull"`` when two dice are re-thrown,
and one face per contender in the start-player roll-off.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from .cards import CARD_NAMES, DECK, POWDER_MONKEY

ROLL = "roll"
STOP = "stop"
PASS = "pass"
TIMEOUT = "timeout"
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

KEEP_ACTIONS = ("keep 1", "keep 2")
"""Keep the first or the second dealt card (cards of a hand are in ``cards.CARD_NAMES`` order)."""


def play_action(card: int, die: int | None = None) -> str:
    """``play Navigator``; the Powder Monkey names the Skull's die (0-based here): ``play Powder Monkey 3``."""
    return f"play {CARD_NAMES[card]}" + (f" {die + 1}" if die is not None else "")


def _play_actions() -> tuple[str, ...]:
    return tuple(a for card in DECK for a in (
        [play_action(card, d) for d in range(5)] if card == POWDER_MONKEY else [play_action(card)]))


PLAY_ACTIONS = _play_actions()

ACTION_SPACE: tuple[str, ...] = (ROLL, STOP, *_reroll_slots(), CONVERT, SHIELD, *FIRE_ACTIONS,
                                 *KEEP_ACTIONS, *PLAY_ACTIONS, PASS)
"""Every action string a seat can play, in a fixed order: roll, stop, the 31 rerolls (by size, then dice),
the two Crest choices, ``fire 0`` .. ``fire 5``, then the Duel's ``keep 1``, ``keep 2``, the card plays
(Powder Monkey once per die) and ``pass``. Index i of an RL policy is ``ACTION_SPACE[i]``. The clock's
``timeout`` is no seat's action and is not in it."""
