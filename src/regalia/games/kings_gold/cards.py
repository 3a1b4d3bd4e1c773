"""Captain's Duel ability cards (seed §2.6.3, KG-22): the six cards, the deal, and the notation.

The list of cards is public; which two a captain was dealt and which one he kept are not (the bluff).
Each captain keeps one card, uses it once, and reveals it by using it::

    card             when                          effect (this turn, KG-22)
    Navigator        while rolling (your turn)     a 4th throw
    Quartermaster    while rolling (your turn)     each plain Coin takes 2 standard coins
    Letter of Marque while rolling (your turn)     each Cannon steals 2
    Powder Monkey    while rolling (your turn)     re-throw one locked Skull, once (not a throw of the 3)
    Smuggler         reaction to your own Curse    no forfeit (the roll stays void)
    Iron Hull        reaction to a theft on you    that one theft is cancelled

Cards are small ints (indices of ``CARD_NAMES``). The deal is a CHANCE node per captain whose outcome
names his two cards (``"Navigator + Iron Hull"``); those outcomes stay in the match's hidden chance record.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

NAVIGATOR, QUARTERMASTER, MARQUE, POWDER_MONKEY, SMUGGLER, IRON_HULL = range(6)
CARD_NAMES = ("Navigator", "Quartermaster", "Letter of Marque", "Powder Monkey", "Smuggler", "Iron Hull")
CARD_BY_NAME = {name: card for card, name in enumerate(CARD_NAMES)}
DECK = tuple(range(len(CARD_NAMES)))
HAND_SIZE = 2
"""Two cards dealt to each captain, one kept (KG-22)."""
NO_CARD = -1

TURN_CARDS = (NAVIGATOR, QUARTERMASTER, MARQUE)
"""Cards played while rolling whose effect lasts the rest of the turn."""

CARD_TEXT = {
    NAVIGATOR: "a 4th throw this turn",
    QUARTERMASTER: "each plain Coin takes 2 standard coins this turn",
    MARQUE: "each Cannon steals 2 this turn",
    POWDER_MONKEY: "re-throw one locked Skull, once",
    SMUGGLER: "reaction: ignore a Curse forfeit (the roll stays void)",
    IRON_HULL: "reaction: cancel one theft",
}

SEPARATOR = " + "


def hand_text(cards: tuple[int, ...]) -> str:
    """``(0, 5)`` -> ``"Navigator + Iron Hull"``: a deal's outcome string."""
    return SEPARATOR.join(CARD_NAMES[c] for c in cards)


@cache
def deal_outcomes(dealt: tuple[int, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every hand of two the next captain can be dealt once ``dealt`` cards are out, in a fixed order."""
    rest = tuple(c for c in DECK if c not in dealt)
    return tuple((hand_text(pair), pair) for pair in combinations(rest, HAND_SIZE))


@cache
def parse_hand(dealt: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    """Deal outcome string -> the two cards (anything else is not an outcome)."""
    return dict(deal_outcomes(dealt))
