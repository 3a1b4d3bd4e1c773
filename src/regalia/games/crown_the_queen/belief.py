"""A seat's belief about the cards it cannot see: the others' hands dealt consistently with all it knows.

A uniform redeal of the unseen cards (``view.redeal``) ignores most of what a player at the table knows.
``believe`` deals the others' hands from the same pool (card counting: the pack less every card the seat
has seen where it still lies), under what the seat has seen happen (``state.record``, perfect recall):

1. **Laying is automatic** (rule 8, §3.2) — a certain fact: a seat that has finished its laying holds no
   card its procession accepts next. Its hand is dealt without those cards.
2. **Cards you passed that the receiver kept** (you saw the card; everyone saw the keep): the receiver
   holds such a card while its procession still needs it and has not laid it (``held``). A player can
   pass a kept card on later, so this is a belief, not a certainty: it is applied with ``trust``.
3. **The card passed to you** (the previous seat has not played since): players pass the card they need
   least, so its other cards are ones it needs at least as much (``threshold``; applied with ``trust``).
4. **Hands lean to what their owners need**: every turn a player keeps what it needs and passes the rest
   on, so a seat that has played is dealt up to ``lean`` cards more and gives back those it needs least.

Every step reads only what ``seat`` may see (its hand, processions, the face-up pile, sizes, the record
with the cards it saw), so a world drawn here depends on the seat's view and the random stream alone.
Whatever is left of the pool is the pack (sizes are always kept; nothing else is known of its order).
"""

from __future__ import annotations

from typing import Any

from regalia.core.rng import Rng

from .cards import sort_cards, still_needed, use, uses, wanted
from .state import ACQUIRE, PASS, QueenState
from .view import hidden_from, seen_card, sees_passed, skeleton

TRUST = 1.0
"""How often facts 2 and 3 (beliefs about the others' play, not certainties) are applied to a world."""
LEAN = 20
"""Fact 4: a seat that has played is dealt up to this many cards in excess (a number drawn afresh for each
world, 0 to LEAN), then gives back those it needs least.

Measured by the cards of the two others' hands a world gets right (3 players, the hero's decision points
of 15 rubbers of medium against two easies / two mediums, 10 worlds each, out of 6): uniform redeal
1.68 / 1.66; facts 1-3 alone 2.32 / -; a fixed lean of 2: 2.84 / -; 4: 3.12 / 2.92; 9: 3.46 / 3.28;
12: - / 3.34; 20: - / 3.39 (the old ``plausible_world`` with kept=3: 2.73 / 2.66); facts 2 and 3 add
~0.04 at lean 9. A fixed lean of 12 or more deals nearly the same world every time (three distinct worlds
in thirty): the lean drawn from 0..20 keeps the worlds varied and gets - / 3.14 right.

Cards right reward the likeliest deal, not a calibrated spread of worlds, so the lean was checked again by
what hard's choices are worth (2026-12-01; ``bench/crown_the_queen_decisions.py``, 2,932 positions of medium
self-play, rubbers 50000-50399 in two halves, true-state Q by 256 rollouts; paired gain over this lean, in
standing a decision): a lean drawn from 10..20 -0.00038 ± 0.00013, a fixed 20 -0.00053 ± 0.00019, 0..40
-0.00020 ± 0.00012, 0..5 -0.00025 ± 0.00014, and the particle filter (48 histories) -0.00034 ± 0.00018.
Each departs from this lean's choice in 5-9% of decisions and is worse on them: 0..20 stays.

Against the judgement trees (the medium level since 2026-12-02, which pass on cards they need to avoid
gifts, so fact 2 holds less often), measured again the same way (``belief_accuracy(15, "medium")``): 3.10
right (uniform 1.65, the particle filter 3.04), against 3.14 when medium was the race: the belief was
tuned on the race, and it holds for the trees.

What a better belief could still win, and two that did not (2026-12-02, decision quality on positions of the
trees' self-play, true-state Q by 128 rollouts, paired over hard with this belief):

* **Sight of hands** (``bench/crown_the_queen_decisions.py``, ``Peeking``: hard's search on worlds holding
  the true hands of some seats, the rest dealt as here; rubbers 60000-60059, 1,857 positions): the next
  seat's hand +0.00061 ± 0.00035 a decision, the previous seat's +0.00003 ± 0.00019, every hand (the
  ceiling's sight) +0.00104 ± 0.00030; on 3,119 other positions the next seat's +0.00075 ± 0.00016. What the
  belief lacks is the hand of the seat hard passes to.
* **Medium's own passes** (scratch, not kept): a seat's last pass that the hero saw (the previous seat's to
  it, or the next seat's, turned face up when the receiver swapped it) was made by medium's trees from a
  view the hero can rebuild exactly (1,481 of 1,481 true passes reproduced), so worlds in which medium would
  not have passed that card were dealt again (up to 20 tries; 20% of this belief's worlds fail it). The
  previous seat's cards right rose from 1.43 to 1.52 of 3; hard's choices gained -0.00012 ± 0.00024.
* **Learned marginals** (scratch, not kept): a gradient-boosted classifier of "the next (previous) seat holds
  a card of this kind" from 16 view features (600 rubbers of medium self-play, 450 to fit, 150 to test) has a
  Brier score of 0.142 (0.141) where this belief's worlds have 0.177 (0.181), the same calibrated 0.156
  (0.156), and the base rate 0.210 (0.213). Worlds dealt from its marginals: -0.00011 ± 0.00019 on the
  3,119 positions, where sight of the next hand gained +0.00075 ± 0.00016.

So what decides is what the next seat drew, which the view does not show: a sharper or better calibrated
belief moves hard's choices by less than the noise, where sight of that hand moves them by two to five
standard errors."""


def laid_out(state: QueenState, seat: int) -> bool:
    """Whether ``seat`` has finished laying since its procession last grew (fact 1 then holds)."""
    if seat == state.turn and state.step not in (ACQUIRE, PASS):
        return False  # mid-turn: it may hold a card it is about to lay
    if seat == state.turn and state.step == PASS:
        return True
    return any(t[0] == seat for t in state.record)


def held(state: QueenState, seat: int) -> list[str]:
    """Fact 2: the cards ``seat`` passed to the next seat, which kept them and still needs them."""
    n = state.players
    receiver = (seat + 1) % n
    record = state.record
    procession = state.processions[receiver]
    barred = wanted(procession)
    cards: list[str] = []
    for i, turn in enumerate(record):
        if turn[0] != seat:
            continue
        card = seen_card(turn, seat, n)
        if card is None or card in cards or card in barred or card not in still_needed(procession):
            continue
        if i + 1 < len(record):
            kept = record[i + 1][2] == turn[2]
        else:
            kept = state.step != ACQUIRE and len(state.face_up) == turn[2]
        if kept:
            cards.append(card)
    return cards


def threshold(state: QueenState, seat: int) -> tuple[int, float] | None:
    """Fact 3: (the previous seat, the least it needs any card it still holds), from the card it passed
    to ``seat`` on the last turn; None when that tells nothing (no such pass, or it needed the card not)."""
    record = state.record
    if not record:
        return None
    passer, _, _, laid = record[-1]
    n = state.players
    if (passer + 1) % n != seat or passer == seat or (passer == state.turn and state.step != ACQUIRE):
        return None
    card = seen_card(record[-1], seat, n)
    procession = state.processions[passer]
    if card is None or len(procession) != laid:
        return None
    least = use(card, procession)
    return (passer, least) if least > 0 else None


def believe(state: QueenState, seat: int | None, rng: Rng, trust: float = TRUST, lean: int = LEAN) -> QueenState:
    """A world ``seat`` cannot tell from ``state``: its hidden cards dealt by the facts of the module.

    Hands are dealt one after the other from a shuffled pool; when a later hand cannot be completed
    under fact 1 (late in a game few unseen cards may be left that it may hold) the pool is shuffled
    again, up to ``ATTEMPTS`` times, then facts 2-4 are dropped; fact 1 is dropped only if that fails.
    """
    hidden = hidden_from(state, seat)
    n = state.players
    sure = seat is not None and (trust >= 1.0 or rng.random() < trust)
    given = held(state, seat) if sure and seat is not None else []
    floor = threshold(state, seat) if sure and seat is not None else None
    order = [(seat + k) % n for k in range(1, n)] if seat is not None else list(range(n))
    lean = rng.randbelow(lean + 1)  # worlds of every strength of the lean: variety, not one likeliest deal
    for attempt in range(ATTEMPTS + 2):
        pool = list(hidden)
        rng.shuffle(pool)
        if attempt == ATTEMPTS:
            given, floor, lean = [], None, 0
        hands = _deal(state, seat, pool, order, given, floor, lean, attempt <= ATTEMPTS)
        if hands is not None:
            break
    assert hands is not None
    passed = state.passed
    if passed is not None and not sees_passed(state, seat):
        passed = pool.pop()
    return state._replace(hands=tuple(hands), passed=passed, pack=sort_cards(pool))


ATTEMPTS = 12


def _deal(state: QueenState, seat: int | None, pool: list[str], order: list[int], given: list[str],
          floor: tuple[int, float] | None, lean: int, strict: bool) -> list[tuple[str, ...]] | None:
    """Deal the hands of ``order`` from ``pool`` (what is left stays in it); None if fact 1 cannot hold."""
    n = state.players
    hands: list[tuple[str, ...]] = list(state.hands)
    for s in order:
        size = len(state.hands[s])
        procession = state.processions[s]
        played = laid_out(state, s)
        barred = wanted(procession) if played else ()
        usefulness = uses(procession)
        dealt: list[str] = []
        if seat is not None and s == (seat + 1) % n:
            for card in given:
                if len(dealt) < size and card in pool:
                    pool.remove(card)
                    dealt.append(card)
        fixed = len(dealt)
        least = floor[1] if floor is not None and floor[0] == s else 0.0
        extra = min(lean, max(0, len(pool) - size)) if played else 0
        want = size + extra
        i = len(pool) - 1
        while len(dealt) < want and i >= 0:
            card = pool[i]
            if card not in barred and (least == 0.0 or usefulness.get(card, 0.0) >= least):
                dealt.append(pool.pop(i))
            i -= 1
        if len(dealt) < size:  # the beliefs cannot all be met from this pool: any card fact 1 allows
            i = len(pool) - 1
            while len(dealt) < size and i >= 0:
                if pool[i] not in barred:
                    dealt.append(pool.pop(i))
                i -= 1
            if len(dealt) < size:
                if strict:
                    return None
                while len(dealt) < size:
                    dealt.append(pool.pop())
        while len(dealt) > size:  # fact 4: give back the card needed least (never a kept card of fact 2)
            pool.insert(0, dealt.pop(_least_needed(dealt, fixed, usefulness)))
        hands[s] = sort_cards(dealt)
    return hands


def _least_needed(dealt: list[str], fixed: int, usefulness: dict[str, float]) -> int:
    """The index from ``fixed`` on of the card needed least: a second copy needs nothing, else its use;
    the first such card on a tie. (One pass, stopping at a card of no use: worlds are dealt by the
    hundred thousand.)"""
    seen = set(dealt[:fixed])
    least, worth = fixed, 2.0
    for j in range(fixed, len(dealt)):
        card = dealt[j]
        value = 0.0 if card in seen else usefulness.get(card, 0.0)
        if value < worth:
            least, worth = j, value
            if value == 0.0:
                break
        seen.add(card)
    return least


def determinize(data: dict[str, Any], seat: int | None, rng: Rng, **params: Any) -> QueenState:
    """A full state consistent with the view ``data`` of ``seat``, its hidden cards dealt by belief."""
    return believe(skeleton(data, seat), seat, rng, **params)
