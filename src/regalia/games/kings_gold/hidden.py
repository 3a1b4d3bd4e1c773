"""What a seat cannot see in the Captain's Duel, drawn anew (``determinize`` / ``resample_hidden``).

Only the ability cards are hidden (KG-22). A captain knows his own two dealt cards and the one he kept;
of the other captain he knows the public list of six cards, that two were dealt to him (from the four
he does not hold), whether he has kept one, and the card he played, once played. So the other captain's
hand is his revealed card (if any) plus cards drawn from those the viewer cannot place, and his kept card
is the revealed one or either card of that hand. A spectator places nothing: both hands are drawn.
"""

from __future__ import annotations

from regalia.core.rng import Rng

from .cards import DECK, NO_CARD
from .state import KGState


def resample_hidden(state: KGState, seat: int | None, rng: Rng) -> KGState:
    """A Duel state that ``seat`` (None: a spectator) cannot tell from ``state``."""
    hands, kept, played = list(state.hands), list(state.kept), state.played
    others = [s for s in range(len(hands)) if s != seat]
    known = set(hands[seat]) if seat is not None and seat < len(hands) else set()
    known |= {kept[s] for s in others if played[s]}
    pool = [c for c in DECK if c not in known]
    rng.shuffle(pool)
    for s in others:
        revealed = [kept[s]] if played[s] else []
        hand = tuple(sorted(revealed + [pool.pop() for _ in range(len(hands[s]) - len(revealed))]))
        hands[s] = hand
        if played[s]:
            continue
        kept[s] = NO_CARD if kept[s] == NO_CARD else hand[rng.randbelow(len(hand))]
    return state._replace(hands=tuple(hands), kept=tuple(kept))
