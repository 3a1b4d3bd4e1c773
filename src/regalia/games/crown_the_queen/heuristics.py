"""Computer players' judgement of cards: what a card is worth to a procession, and whom a pass helps.

The policies decide only from what the seat can see (its hand, the card passed to it, every procession,
the face-up pile and hence the pool of unseen cards); they ignore whatever a determinization sampled.

* ``easy`` — keep a passed card your procession still needs, otherwise swap it for a fresh draw; pass
  the card you need least, and among those the one the next player needs least ("helps no one").
* ``race`` — keeps a passed card only when it is laid at once, or belongs to the next stage while few
  copies are left unseen and every card before it can still be had (card counting over the processions
  and the face-up pile); otherwise a fresh draw is worth more, so it swaps. It passes as easy. It was the
  medium level until 2026-12-02; search plays it in its rollouts (playout.py), where it must be cheap.
* ``medium`` — the race's choices improved by what rollouts showed them to be worth (judgement.py: trees
  fitted offline, played from the view): it keeps a card it lays at once, swaps one it has no use for,
  and leaves every other keep and every pass to the trees.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from regalia.core.rng import Rng

from . import judgement
from .cards import reachable_up_to, use, wanted, without
from .rules import KEEP, PASS_PREFIX, SWAP
from .state import ACQUIRE, QueenState
from .view import hidden_from


def need(card: str, procession: tuple[str, ...], others: tuple[str, ...]) -> float:
    """How much ``card`` helps ``procession`` when the owner also holds ``others``: 1 = lay it now."""
    if card in others:
        return 0.0
    return use(card, procession)


def gift(card: str, procession: tuple[str, ...]) -> float:
    """How much passing ``card`` helps the receiver: a card laid at once scores and draws again."""
    if card in wanted(procession):
        return 1.5
    return need(card, procession, ())


def easy(state: QueenState, seat: int, rng: Rng) -> str:
    hand, procession = state.hands[seat], state.processions[seat]
    if state.step == ACQUIRE:
        assert state.passed is not None
        return KEEP if need(state.passed, procession, hand) > 0 else SWAP
    following = state.processions[(seat + 1) % state.players]
    best = min(dict.fromkeys(hand), key=lambda c: (need(c, procession, without(hand, c)), gift(c, following)))
    return PASS_PREFIX + best


def medium(state: QueenState, seat: int, rng: Rng) -> str:
    """Keep a card laid at once, swap a useless one, and let the judgement trees choose the rest.

    Against two easies (``python -m regalia.bench.crown_the_queen strength --hero medium --field easy``,
    seats rotated, 2026-12-02): 45.4% of rubbers ``strength:0..1999`` and 46.2% of ``2000..3999`` (45.8% ± 1.5%
    of 4,000), where the race took 38.9% and 38.2%: +6.4 ± 1.3 and +7.9 ± 1.3 points, paired rubber by
    rubber. Against two races 37.7% of ``0..1999`` (+3.7 ± 1.2), so the trees are no mere exploit of
    easy's habits. See judgement.py for how they were fitted.
    """
    hand, procession = state.hands[seat], state.processions[seat]
    if state.step == ACQUIRE:
        card = state.passed
        assert card is not None
        if card in wanted(procession):
            return KEEP
        if need(card, procession, hand) == 0:
            return SWAP
        return KEEP if judgement.keep_gain(state, seat) > 0 else SWAP
    return PASS_PREFIX + max(dict.fromkeys(hand), key=lambda card: judgement.pass_worth(state, seat, card))


def race(state: QueenState, seat: int, rng: Rng) -> str:
    """Race: keep only a card that is laid now, or next and scarce; pass what we need least.

    Measured against two easies (``python -m regalia.bench.crown_the_queen strength``), the lever is
    the keep: a passed card for a later stage is worth less than a fresh draw, which may be laid at
    once and draws again — so medium keeps a card of the next stage only when at most ``SCARCE`` copies
    are unseen (a swap seldom brings another) and every card before it can still be had (card
    counting: copies face up or in processions are gone for good). Everything else is swapped, which
    also turns the card face up, out of everyone's reach.

    Tried and not adopted (6,000 paired rubbers each, seats rotated, rubbers ``strength:0..5999``): passing
    by ``need + 0.2 * gift`` instead of need first, gift second (give up a card needed three stages off
    rather than one the next seat lays at once) wins +2.0 ± 0.6 points against two easies (40.5%) but
    +0.1 ± 0.5 against two mediums; weighting that by who leads, by the copies left unseen, keeping to
    deny the next seat, keeping when no draw can be laid, and pacing the last game by the standings gained
    nothing. None came near the 45% goal; the judgement trees of ``medium`` did.
    """
    hand, procession = state.hands[seat], state.processions[seat]
    if state.step == ACQUIRE:
        card = state.passed
        assert card is not None
        return KEEP if _worth_keeping(card, hand, procession, state, seat) else SWAP
    return easy(state, seat, rng)


SCARCE = 3
"""Keep a passed card of the next stage only when this many copies or fewer are unseen."""


def _worth_keeping(card: str, hand: tuple[str, ...], procession: tuple[str, ...], state: QueenState,
                   seat: int) -> bool:
    if card in wanted(procession):
        return True
    if need(card, procession, hand) < 0.5:  # more than one stage off, a duplicate, or no use at all
        return False
    pool = Counter(hidden_from(state, seat))
    if pool[card] > SCARCE:
        return False
    return reachable_up_to(card, procession, pool + Counter(hand))


POLICIES: dict[str, Callable[..., str]] = {"easy": easy, "race": race, "medium": medium}
