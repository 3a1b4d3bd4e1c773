"""Computer players' judgement of cards: what a card is worth to a procession, and whom a pass helps.

Both policies decide only from what the seat can see (its hand, the card passed to it, every procession,
the face-up pile and hence the pool of unseen cards); they ignore whatever a determinization sampled.

* ``easy`` — keep a passed card your procession still needs, otherwise swap it for a fresh draw; pass
  the card you need least, and among those the one the next player needs least ("helps no one").
* ``medium`` — weighs the same choices by expectation: a swap is worth the mean value of an unseen card,
  a card the next player can lay at once is a gift (he scores and draws again), cards whose copies are all
  gone are dead, and the leader of the rubber hurries the end by swapping while a trailer slows it.
"""

from __future__ import annotations

from collections import Counter

from regalia.core.rng import Rng

from .cards import PROCESSION, STAGE, points, stage_of, still_needed, wanted, without
from .rules import KEEP, PASS_PREFIX, SWAP
from .state import ACQUIRE, QueenState
from .view import hidden_from


def need(card: str, procession: tuple[str, ...], others: tuple[str, ...]) -> float:
    """How much ``card`` helps ``procession`` when the owner also holds ``others``: 1 = lay it now."""
    if card not in still_needed(procession) or card in others:
        return 0.0
    return 1.0 / (1 + STAGE[card] - stage_of(procession))


def gift(card: str, procession: tuple[str, ...]) -> float:
    """How much passing ``card`` helps the receiver: a card laid at once scores and draws again."""
    if card in wanted(procession):
        return 1.5
    return need(card, procession, ())


def live(card: str, procession: tuple[str, ...], state: QueenState, seat: int) -> bool:
    """Whether a copy of every card up to ``card`` can still reach this procession (card counting)."""
    reachable = Counter(hidden_from(state, seat)) + Counter(state.hands[seat])
    if state.passed is not None and state.turn == seat:
        reachable[state.passed] += 1
    for step in PROCESSION:
        if step in procession:
            continue
        if not reachable[step]:
            return False
        if step == card:
            return True
    return True


def easy(state: QueenState, seat: int, rng: Rng) -> str:
    hand, procession = state.hands[seat], state.processions[seat]
    if state.step == ACQUIRE:
        assert state.passed is not None
        return KEEP if need(state.passed, procession, hand) > 0 else SWAP
    following = state.processions[(seat + 1) % state.players]
    best = min(dict.fromkeys(hand), key=lambda c: (need(c, procession, without(hand, c)), gift(c, following)))
    return PASS_PREFIX + best


def medium(state: QueenState, seat: int, rng: Rng) -> str:
    hand, procession = state.hands[seat], state.processions[seat]
    lead = _lead(state, seat)
    if state.step == ACQUIRE:
        assert state.passed is not None
        kept = _worth(state.passed, procession, hand, state, seat)
        pool = hidden_from(state, seat)
        drawn = sum(_worth(c, procession, hand, state, seat) for c in pool) / max(len(pool), 1)
        # A swap takes a pack card, bringing the end nearer: the leader likes that, a trailer does not.
        drawn += 0.05 * lead
        return KEEP if kept > 0 and kept >= drawn else SWAP
    following = state.processions[(seat + 1) % state.players]

    def cost(card: str) -> float:
        return _worth(card, procession, without(hand, card), state, seat) + 0.8 * gift(card, following)

    return PASS_PREFIX + min(dict.fromkeys(hand), key=cost)


def _worth(card: str, procession: tuple[str, ...], others: tuple[str, ...], state: QueenState,
           seat: int) -> float:
    value = need(card, procession, others)
    if value and not live(card, procession, state, seat):
        return 0.0
    return 1.5 if value and card in wanted(procession) else value


def _lead(state: QueenState, seat: int) -> float:
    """+1 when this seat leads the rubber as it stands, -1 when it trails, 0 otherwise."""
    totals = [sum(r[s] for r in state.results) + points(state.processions[s]) for s in range(state.players)]
    mine = totals[seat]
    rest = max(t for s, t in enumerate(totals) if s != seat)
    return 1.0 if mine > rest else (-1.0 if mine < rest else 0.0)


POLICIES = {"easy": easy, "medium": medium}
