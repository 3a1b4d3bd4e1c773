"""Search's play-out in one loop: every seat plays a heuristic to the end of the deal in progress.

Hard's search (``regalia.ai.ismcts``, flat and paired) spends nearly all its time in rollouts: from a
world, every seat plays the ``race`` heuristic until the deal is over, which ``CrownTheQueen.rollout_cut``
scores by the rubber standing it leaves. Through the core protocol each of the ~45 steps of such a rollout
builds a new ``QueenState``, dispatches on its step, asks ``rollout_cut`` and the policy, and the policy
counts the unseen cards afresh. This module plays the same rollout over small mutable numbers instead:

* cards are their ranks (``cards.RANK``: 0 Policeman ... 7 Queen, 8-21 the cards of no value); hands are
  sorted lists of ranks, as hands are sorted tuples of names in the state;
* a procession is the set of its cards as a bit mask (what it accepts next, what a card is worth to it and
  its points follow from the set: rule 8 fixes the order but for the forces, whose order changes nothing);
* the pack is the sorted list of ranks, so ``pack[rng.randbelow(len(pack))]`` draws the very card that
  ``CrownTheQueen.sample_chance`` draws from the sorted tuple of names;
* ``gone`` counts, per card, the copies not in a procession and not face up: the pool the race
  heuristic counts unseen cards from, kept up to date instead of recounted.

Seats named in ``easy`` keep and swap as the ``easy`` heuristic instead (its pass is race's): the rollouts
that value medium's choices against two easies (bench/crown_the_queen_judgement.py).

It must give exactly what the generic loop gives: the same values (the same float operations, through
``lookahead.standings``) and the same draws from the random stream, so a search is the same search,
only faster. ``tests/games/crown_the_queen/test_playout.py`` plays both on thousands of positions and
compares them; any rule change in rules.py or heuristics.py must be made here too, and that test fails
until it is.
"""

from __future__ import annotations

from bisect import insort

from regalia.core.rng import Rng

from .cards import CARD_NAMES, CARD_POINTS, DECK, PROCESSION, QUEEN_POINTS, RANK, STAGE, uses, wanted
from .heuristics import SCARCE
from .lookahead import standings
from .state import ACQUIRE, DRAW, OVER, PASS, QueenState

POLICIES = frozenset({"race"})
"""The heuristics this loop plays (any other: None, and the generic loop plays it)."""

_QUEEN = RANK["Queen"]
_SPAN, _MASK, _GOLDEN = 1 << 64, (1 << 64) - 1, 0x9E3779B97F4A7C15
_CARDS = len(CARD_NAMES)
_COPIES = [DECK.count(name) for name in CARD_NAMES]
_STAGE = [STAGE[name] for name in PROCESSION]


def _procession(mask: int) -> tuple[str, ...]:
    """A procession holding the cards of ``mask``, in the order of rule 8 (for masks rule 8 allows)."""
    return tuple(name for i, name in enumerate(PROCESSION) if mask >> i & 1)


def _tables() -> tuple[list[tuple[int, ...]], list[list[float]], list[list[float]], list[int]]:
    accepts, worth, gift, score = [], [], [], []
    for mask in range(1 << len(PROCESSION)):
        procession = _procession(mask)
        taken = tuple(RANK[name] for name in wanted(procession)) if _allowed(mask) else ()
        use = [0.0] * _CARDS
        if _allowed(mask):
            for name, value in uses(procession).items():
                use[RANK[name]] = value
        accepts.append(taken)
        worth.append(use)
        gift.append([1.5 if c in taken else use[c] for c in range(_CARDS)])  # heuristics.gift
        score.append(sum(QUEEN_POINTS if name == "Queen" else CARD_POINTS for name in procession))
    return accepts, worth, gift, score


def _allowed(mask: int) -> bool:
    """Whether rule 8 can lay this set of cards: the Policeman, then forces, then the rest in order."""
    if mask == 0:
        return True
    if not mask & 1:
        return False
    if mask >> 4 == 0:
        return True
    return mask & 0b1111 == 0b1111 and (mask >> 4) + 1 & (mask >> 4) == 0  # a run from the Royal Coach


ACCEPTS, USE, GIFT, POINTS = _tables()
"""Per procession mask: the cards it accepts next (``cards.wanted``), each card's use to it (``cards.use``),
each card's worth as a gift to it (``heuristics.gift``), its points (rule 9)."""


def play_out(policy: str, start: QueenState, state: QueenState, rng: Rng,
             seer: int | None = None, easy: frozenset[int] = frozenset()) -> list[float] | None:
    """The values of the generic rollout from ``state`` (begun at ``start``) with every seat playing
    ``policy`` to ``rollout_cut``; None where this loop does not play that (another policy or step).

    ``seer``: a seat that plays the race knowing the pack instead (``_sees_keep``, ``_sees_pass``):
    the benchmark's all-seeing ceiling (bench/crown_the_queen_ceiling.py), which no level plays."""
    if policy not in POLICIES:
        return None
    if state.step == OVER or len(state.results) != len(start.results):
        return standings(state.results, state.games, state.step == OVER, len(state.hands))
    step = state.step
    if step not in (DRAW, ACQUIRE, PASS):
        return None
    n = len(state.hands)
    hands = [[RANK[c] for c in hand] for hand in state.hands]
    masks = []
    gone = list(_COPIES)
    for procession in state.processions:
        mask = 0
        for name in procession:
            rank = RANK[name]
            mask |= 1 << rank
            gone[rank] -= 1
        masks.append(mask)
    for name in state.face_up:
        gone[RANK[name]] -= 1
    pack = [RANK[c] for c in state.pack]
    turn = state.turn
    passed = -1 if state.passed is None else RANK[state.passed]
    took, idle = state.took, state.idle
    accepts, use, gift = ACCEPTS, USE, GIFT
    seed = rng.state
    while True:
        hand = hands[turn]
        if step == PASS:
            idle = 0 if took else idle + 1
            if idle >= 2 * n:  # CQ-5: the second idle round is complete
                break
            if turn == seer:
                best = _sees_pass(hand, masks[turn], masks[(turn + 1) % n], hands[(turn + 1) % n])
                hand.remove(best)
                passed, turn, took, step = best, (turn + 1) % n, False, ACQUIRE
                continue
            mask, give = masks[turn], gift[masks[(turn + 1) % n]]
            worth = use[mask]
            best, key = -1, (9.0, 9.0)
            previous = -1
            for card in hand:  # heuristics.easy's pass: need least, then help the next seat least
                if card == previous:
                    continue
                previous = card
                k = (0.0 if hand.count(card) > 1 else worth[card], give[card])
                if k < key:
                    best, key = card, k
            hand.remove(best)
            passed, turn, took, step = best, (turn + 1) % n, False, ACQUIRE
            continue
        if step == ACQUIRE:
            mask = masks[turn]
            card = passed
            passed = -1
            if turn == seer:
                keeps = _sees_keep(card, hand, mask, pack)
            elif turn in easy:  # heuristics.easy: keep whatever the procession still needs
                keeps = card not in hand and use[mask][card] > 0
            else:
                keeps = _keeps(card, hand, mask, gone)
            if not keeps:  # rule 7: face up, draw instead
                gone[card] -= 1
                step = DRAW
                continue
            insort(hand, card)
        else:  # DRAW (rule 5): rng.randbelow(len(pack)), written out (SplitMix64, rng.py)
            size = len(pack)
            limit = (_SPAN // size) * size
            while True:
                seed = (seed + _GOLDEN) & _MASK
                z = ((seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            insort(hand, pack.pop(z % size))
            took = True
        # Rules 4, 5, 8: lay what the procession accepts; one card, then a draw, while the pack lasts.
        mask = masks[turn]
        laid = -1
        while True:
            for card in accepts[mask]:
                if card in hand:
                    break
            else:
                break
            hand.remove(card)
            mask |= 1 << card
            gone[card] -= 1
            laid = card
            if card == _QUEEN or pack:
                break
        masks[turn] = mask
        if laid == _QUEEN or not pack:  # CQ-2, CQ-3
            break
        step = PASS if laid < 0 else DRAW
    rng.state = seed
    results = (*state.results, tuple(POINTS[mask] for mask in masks))
    return standings(results, state.games, len(results) >= state.games, n)


def _keeps(card: int, hand: list[int], mask: int, gone: list[int]) -> bool:
    """``heuristics.race``'s keep: a card laid now, or one of the next stage that is scarce (at most
    ``SCARCE`` copies unseen) while every card before it can still be had."""
    if card in ACCEPTS[mask]:
        return True
    if card in hand or USE[mask][card] < 0.5:
        return False
    if gone[card] - 1 > SCARCE:  # unseen by the seat: not laid, not face up, not in its hand, not this card
        return False
    stage = _STAGE[card]
    for step in range(len(PROCESSION)):
        if _STAGE[step] >= stage:
            return True
        if not mask >> step & 1 and gone[step] <= 0:
            return False
    return True


def _sees_keep(card: int, hand: list[int], mask: int, pack: list[int]) -> bool:
    """The ceiling's keep (``bench.crown_the_queen._seeing_medium``): the race, counting the pack's
    true cards; and when no card in the pack can be laid now, keep whatever will be needed."""
    if card in ACCEPTS[mask]:
        return True
    worth = 0.0 if card in hand else USE[mask][card]
    if worth == 0.0:
        return False
    reachable = True
    stage = _STAGE[card]
    for step in range(len(PROCESSION)):
        if _STAGE[step] >= stage:
            break
        if not mask >> step & 1 and pack.count(step) + hand.count(step) <= 0:
            reachable = False
            break
    if not any(c in pack for c in ACCEPTS[mask]):
        return reachable
    return worth >= 0.5 and pack.count(card) <= SCARCE and reachable


def _sees_pass(hand: list[int], mask: int, following: int, held: list[int]) -> int:
    """The ceiling's pass: the card it needs least, then the one that helps the next seat least, which
    it sees (a card that seat lays at once most, then its use unless that seat already holds one)."""
    worth, accepts, help_ = USE[mask], ACCEPTS[following], USE[following]
    best, key = -1, (9.0, 9.0)
    previous = -1
    for card in hand:
        if card == previous:
            continue
        previous = card
        harm = 2.0 if card in accepts else (0.0 if card in held else help_[card])
        k = (0.0 if hand.count(card) > 1 else worth[card], harm)
        if k < key:
            best, key = card, k
    return best
