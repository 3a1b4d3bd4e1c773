"""The 54-card pack of Crown the Queen and the order a procession is laid in (seed rules 8-10, §3.1).

A procession is eight cards laid in a line, stage by stage::

    stage:   0            1                        2             3      4            5
           Policeman -> Soldier, Sailor, Airman -> Royal Coach -> Page -> Archbishop -> QUEEN
                        (any order, one each)

Each card laid scores 10 and the Queen 30, so a crowned procession is worth 100 (rule 9). The fourteen
cards of rule 10 (flags, buildings, the coat of arms, the trumpeter) never join a procession.

Cards are plain strings: the same names appear in actions (``pass Royal Coach``), in views and in the log.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

POLICEMAN, SOLDIER, SAILOR, AIRMAN = "Policeman", "Soldier", "Sailor", "Airman"
ROYAL_COACH, PAGE, ARCHBISHOP, QUEEN = "Royal Coach", "Page", "Archbishop", "Queen"

FORCES = (SOLDIER, SAILOR, AIRMAN)
"""Stage 1 of a procession: one of each, in any order (rule 8)."""

PROCESSION = (POLICEMAN, *FORCES, ROYAL_COACH, PAGE, ARCHBISHOP, QUEEN)
"""The eight cards of a complete procession, in the order of rule 8."""

STAGE = {POLICEMAN: 0, SOLDIER: 1, SAILOR: 1, AIRMAN: 1, ROYAL_COACH: 2, PAGE: 3, ARCHBISHOP: 4, QUEEN: 5}
"""The stage at which each procession card may be laid."""

COPIES = {POLICEMAN: 7, SOLDIER: 5, SAILOR: 5, AIRMAN: 5, ROYAL_COACH: 5, PAGE: 5, ARCHBISHOP: 4, QUEEN: 4}
"""How many of each procession card the pack holds (§3.1, from the World of Playing Cards listing)."""

FLAGS = ("Union Jack", "Canada", "Australia", "New Zealand", "South Africa", "India", "Ceylon")
BUILDINGS = ("Buckingham Palace", "Houses of Parliament", "Big Ben", "Marble Arch", "Hyde Park")
COAT_OF_ARMS = "Royal Arms"
TRUMPETER = "Trumpeter"
NO_VALUE = (TRUMPETER, COAT_OF_ARMS, *BUILDINGS, *FLAGS)
"""The fourteen cards of rule 10, one of each: they score nothing and are never laid."""

CARD_NAMES = (*PROCESSION, *NO_VALUE)
"""Every distinct card, in a fixed order (hands are sorted by it; the action space follows it)."""

RANK = {name: i for i, name in enumerate(CARD_NAMES)}

DECK: tuple[str, ...] = tuple(name for name in CARD_NAMES for _ in range(COPIES.get(name, 1)))
"""The whole pack, 54 cards, sorted."""

HAND_SIZE = 3
CARD_POINTS = 10
QUEEN_POINTS = 30


def sort_cards(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A multiset of cards in the fixed order (hands and the pack carry no order of their own)."""
    return tuple(sorted(cards, key=RANK.__getitem__))


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` less one copy of ``card`` (order kept)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def with_card(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` plus one copy of ``card``, still sorted."""
    rank = RANK[card]
    for i, held in enumerate(cards):
        if RANK[held] > rank:
            return cards[:i] + (card,) + cards[i:]
    return (*cards, card)


@cache
def wanted(procession: tuple[str, ...]) -> tuple[str, ...]:
    """The cards this procession accepts next (rule 8): the Policeman first, then any force not yet laid..."""
    laid = len(procession)
    if laid == 0:
        return (POLICEMAN,)
    if laid < 4:
        return tuple(f for f in FORCES if f not in procession)
    return PROCESSION[laid:laid + 1]


@cache
def still_needed(procession: tuple[str, ...]) -> tuple[str, ...]:
    """Every card this procession has yet to lay, in laying order."""
    return tuple(card for card in PROCESSION if card not in procession)


def use(card: str, procession: tuple[str, ...]) -> float:
    """How much a seat with ``procession`` needs ``card``: 0 for no use, else 1 / (1 + stages away)."""
    return uses(procession).get(card, 0.0)


@cache
def uses(procession: tuple[str, ...]) -> dict[str, float]:
    """``use`` of every card the procession still needs (shared: never modify it).

    A few dozen processions can be laid under rule 8 and search asks millions of times, so this is
    cached, like ``wanted`` and ``still_needed`` (pure functions of the procession)."""
    return {c: 1.0 / (1 + STAGE[c] - stage_of(procession)) for c in still_needed(procession)}


def reachable_up_to(card: str, procession: tuple[str, ...], reachable: Counter[str]) -> bool:
    """Whether every card this procession must lay before ``card`` can still be had (card counting)."""
    for step in PROCESSION:
        if STAGE[step] >= STAGE[card]:
            return True
        if step not in procession and not reachable[step]:
            return False
    return True


def stage_of(procession: tuple[str, ...]) -> int:
    """The stage the procession is at: 0 = awaiting the Policeman ... 6 = crowned."""
    laid = len(procession)
    if laid == 0:
        return 0
    if laid < 4:
        return 1
    return laid - 2


def points(procession: tuple[str, ...]) -> int:
    """Rule 9 / CQ-4: 10 per processional card laid, 30 for the Queen."""
    return sum(QUEEN_POINTS if card == QUEEN else CARD_POINTS for card in procession)


def unseen(*known: tuple[str, ...] | list[str]) -> list[str]:
    """The pack less every card in ``known`` (the cards a seat cannot see, as a sorted list)."""
    left = Counter(DECK)
    for group in known:
        left.subtract(group)
    if any(n < 0 for n in left.values()):
        raise ValueError("more copies of a card are known than the pack holds")
    return [name for name in CARD_NAMES for _ in range(left[name])]
