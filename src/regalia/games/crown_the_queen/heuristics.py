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

GIFT_WEIGHT = 0.8
"""How much a card's help to the next player counts against passing it, relative to its worth to us."""
SWAP_MARGIN = 1.0
"""Keep a passed card when its prospect is at least this share of a swap's expected prospect."""
TEMPO = 0.05
"""The worth of hastening the end by one pack card, to the rubber's leader (a trailer: the opposite)."""
LAID = 1.0
"""The worth of laying a card now (10 points), on the scale of ``need`` where 1 = the very next card."""


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


def live(card: str, procession: tuple[str, ...], reachable: Counter[str]) -> bool:
    """Whether a copy of every card up to ``card`` can still reach this procession (card counting)."""
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
    following = state.processions[(seat + 1) % state.players]
    pool = Counter(hidden_from(state, seat))
    if state.step == ACQUIRE:
        assert state.passed is not None
        reachable = pool + Counter(hand) + Counter((state.passed,))
        size = sum(pool.values())
        draw = sum(n * _worth(c, procession, hand, reachable) for c, n in pool.items()) / max(size, 1)
        kept = _prospect((*hand, state.passed), procession, following, reachable, draw)
        swapped = sum(n * _prospect((*hand, c), procession, following, reachable, draw)
                      for c, n in pool.items()) / max(size, 1)
        # A swap takes a pack card, bringing the end nearer: the leader likes that, a trailer does not.
        swapped += TEMPO * _lead(state, seat)
        return KEEP if kept >= SWAP_MARGIN * swapped else SWAP
    reachable = pool + Counter(hand)
    return PASS_PREFIX + _best_pass(hand, procession, following, reachable)[0]


def _best_pass(hand: tuple[str, ...], procession: tuple[str, ...], following: tuple[str, ...],
               reachable: Counter[str]) -> tuple[str, float]:
    """The card to pass (least worth to us, least help to the next player) and what the hand keeps."""
    def cost(card: str) -> float:
        return _worth(card, procession, without(hand, card), reachable) + GIFT_WEIGHT * gift(card, following)

    card = min(dict.fromkeys(hand), key=cost)
    rest = without(hand, card)
    kept = sum(_worth(c, procession, without(rest, c), reachable) for c in dict.fromkeys(rest))
    return card, kept - GIFT_WEIGHT * gift(card, following)


def _prospect(hand: tuple[str, ...], procession: tuple[str, ...], following: tuple[str, ...],
              reachable: Counter[str], draw: float) -> float:
    """What a hand promises: each card laid now (a sure 10 points and a fresh draw), then the best pass."""
    laid = 0
    while True:
        card = next((c for c in wanted(procession) if c in hand), None)
        if card is None:
            break
        hand, procession = without(hand, card), (*procession, card)
        laid += 1
    if not hand:
        return laid * (LAID + draw)
    return laid * (LAID + draw) + _best_pass(hand, procession, following, reachable)[1]


def _worth(card: str, procession: tuple[str, ...], others: tuple[str, ...], reachable: Counter[str]) -> float:
    value = need(card, procession, others)
    if value and not live(card, procession, reachable):
        return 0.0
    return 1.5 if value and card in wanted(procession) else value


def _lead(state: QueenState, seat: int) -> float:
    """+1 when this seat leads the rubber as it stands, -1 when it trails, 0 otherwise."""
    totals = [sum(r[s] for r in state.results) + points(state.processions[s]) for s in range(state.players)]
    mine = totals[seat]
    rest = max(t for s, t in enumerate(totals) if s != seat)
    return 1.0 if mine > rest else (-1.0 if mine < rest else 0.0)


POLICIES = {"easy": easy, "medium": medium}
