"""A particle filter over the others' hands: the game replayed from the deal with every other seat modelled
as a heuristic player, keeping the hidden histories that explain what the seat saw them do.

``belief.believe`` deals the others' hands from a few facts (laying is automatic, kept passes, hands lean
to what their owners need). This module goes further: it replays the game in progress turn by turn from
the seat's perfect recall (``view.recall``) with ``particles`` hidden histories at once. Each history deals
the others' first hands, draws their cards and chooses their passes; it is weighted by how likely the
seat's observations are under it:

* **the cards laid** — laying is automatic (rule 8, §3.2), so every card a seat draws either is the card
  it lays next or one it cannot lay; draws are sampled only among the cards that agree with what was laid
  (the weight takes the chance of such a draw);
* **keep or swap** — a seat is modelled by the ``easy`` or ``race`` heuristic (each history draws one
  of the two per seat, so the filter also learns who is who), with a small chance ``NOISE`` of any other
  choice;
* **the card passed** — both heuristics pass the card they need least and, among those, the one the next
  seat needs least; the card passed to the seat (and any card a receiver swapped, which is then face up)
  must come from the passer's hand and weighs by that rule; a card passed out of the seat's sight is drawn
  from the rule and weighed by the receiver's keep.

A history that cannot explain a card laid or passed (it dealt the seat other cards) is mended rather than
dropped: one of the seat's cards not known to be there (not a kept pass the seat saw) is traded for the
card, and a held card the seat would have laid is traded for one it would not, each weighed by the chance
of such a card; without this, a few dozen histories die out within a game.

The seat's own cards (its hand, the cards it laid and passed, less what was passed to it) never enter the
others' hands: they came to it from the deal or the pack. Histories are resampled whenever their weights
grow uneven. Every step reads only what ``seat`` may see (its hand, processions, the face-up pile, sizes,
and the record through ``view.recall``), so the worlds drawn depend on the seat's view and the random
stream alone. ``worlds`` returns None when no history explains the record (a player far from both
models); callers then fall back to ``belief.believe``.

Measured (``python -m regalia.bench.crown_the_queen belief --field F --rubbers 15``, 3 players, the
hero's decisions of 15 rubbers, 10 worlds each; cards of the two others' hands right, out of 6):

    against two easies:   uniform 1.65   belief 3.19   particles (48) 3.10
    against two mediums:  uniform 1.65   belief 3.13   particles (48) 3.05

So modelling the others exactly (the easy and medium heuristics are what they are) does not know their
hands better than ``belief.believe``'s few facts: what a hand holds beyond those facts is mostly what its
owner drew, which no observation shows. Diagnostics on 3 rubbers against two mediums (not the bench):
144 histories 2.94, medium-only models 2.90, NOISE 0.01 2.98, belief 3.03. No level uses the filter;
``CrownTheQueen.world_sampler(..., particles=N)`` (ISMCTS option ``worlds={"particles": N}``) lets a
search try it. A decision costs ~18 ms of CPU at 48 histories.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from regalia.core.rng import Rng

from .cards import DECK, QUEEN, STAGE, sort_cards, stage_of, still_needed, wanted
from .state import ACQUIRE, PASS, QueenState
from .view import hidden_from, recall

NOISE = 0.05
"""The chance that a modelled seat departs from its heuristic (any other choice, equally likely)."""
PARTICLES = 48
"""Histories replayed at once."""
SCARCE = 3
"""``heuristics.SCARCE``, repeated here (heuristics imports this module's neighbours): the race keeps a
next-stage card only when this many copies or fewer are unseen to it."""
KINDS = ("easy", "race")
"""The heuristics a seat is modelled by: the easy level's, and the race (the medium level until 2026-12-02;
the medium level's trees, judgement.py, are not modelled)."""

Hands = list[list[str]]
T = TypeVar("T")


def _use(card: str, procession: tuple[str, ...]) -> float:
    if card not in still_needed(procession):
        return 0.0
    return 1.0 / (1 + STAGE[card] - stage_of(procession))


def _need(card: str, procession: tuple[str, ...], others: list[str]) -> float:
    """``heuristics.need``: 0 for a card also held among ``others``."""
    return 0.0 if card in others else _use(card, procession)


def _gift(card: str, procession: tuple[str, ...]) -> float:
    return 1.5 if card in wanted(procession) else _use(card, procession)


def model_pass(hand: list[str], procession: tuple[str, ...], following: tuple[str, ...]) -> str:
    """The card both heuristics pass: the one they need least, then the one the next seat needs least
    (ties to the first in the order of cards, as ``heuristics.easy``)."""
    cards = sort_cards(hand)
    best, key = cards[0], (9.0, 9.0)
    for i, card in enumerate(cards):
        if i and card == cards[i - 1]:
            continue
        rest = list(cards[:i] + cards[i + 1:])
        k = (_need(card, procession, rest), _gift(card, following))
        if k < key:
            best, key = card, k
    return best


def _pass_chance(card: str, hand: list[str], procession: tuple[str, ...], following: tuple[str, ...]) -> float:
    if card not in hand:
        return 0.0
    distinct = len(set(hand))
    if model_pass(hand, procession, following) == card:
        return 1.0 - NOISE if distinct > 1 else 1.0
    return NOISE / (distinct - 1)


def _reachable(card: str, procession: tuple[str, ...], reachable: Counter[str]) -> bool:
    for step in ("Policeman", "Soldier", "Sailor", "Airman", "Royal Coach", "Page", "Archbishop", "Queen"):
        if STAGE[step] >= STAGE[card]:
            return True
        if step not in procession and not reachable[step]:
            return False
    return True


def model_keeps(kind: str, card: str, hand: list[str], procession: tuple[str, ...],
                public: Counter[str]) -> bool:
    """Whether the ``kind`` heuristic keeps ``card`` passed to a seat holding ``hand`` (``public``: every
    card in a procession or face up, which the medium heuristic counts)."""
    if card in wanted(procession):
        return True
    need = _need(card, procession, hand)
    if kind == "easy" or need == 0.0:
        return need > 0.0
    if need < 0.5:
        return False
    pool = Counter(DECK)
    pool.subtract(public)
    pool.subtract(hand)
    pool[card] -= 1
    if pool[card] > SCARCE:
        return False
    held = Counter(hand)
    return _reachable(card, procession, Counter({c: n for c, n in pool.items() if n > 0}) + held)


def _keep_chance(kind: str, keep: bool, card: str, hand: list[str], procession: tuple[str, ...],
                 public: Counter[str]) -> float:
    return 1.0 - NOISE if model_keeps(kind, card, hand, procession, public) == keep else NOISE


def _first_accepted(hand: list[str], procession: tuple[str, ...], extra: str | None = None) -> str | None:
    for card in wanted(procession):
        if card in hand or card == extra:
            return card
    return None


class _History:
    __slots__ = ("hands", "pinned", "pack", "kinds", "weight", "pending", "weighed")

    def __init__(self, hands: Hands, pack: Counter[str], kinds: list[str], weight: float,
                 pending: str | None, weighed: bool = False, pinned: Hands | None = None) -> None:
        self.hands = hands
        self.pinned = pinned if pinned is not None else [[] for _ in hands]
        """Per seat, the cards of its hand it is known (in this history) to have kept from a pass."""
        self.pack = pack
        self.kinds = kinds
        self.weight = weight
        self.pending = pending
        self.weighed = weighed
        """Whether the receiver's keep of ``pending`` is already in the weight (a pass out of sight)."""

    def copy(self) -> _History:
        return _History([list(h) for h in self.hands], Counter(self.pack), self.kinds, self.weight,
                        self.pending, self.weighed, [list(p) for p in self.pinned])

    def draw(self, rng: Rng, hand: list[str], pinned: list[str], procession: tuple[str, ...],
             next_laid: str | None) -> bool:
        """Draw a card into ``hand`` among those that agree with what is laid next (None: nothing); a
        card already in hand that would be laid first instead is traded first (``_repair``)."""
        first = _first_accepted(hand, procession)
        while first is not None and first != next_laid:
            if not _repair(self, rng, hand, pinned, first, wanted(procession)):
                return False
            first = _first_accepted(hand, procession)
        pack = self.pack
        total = 0
        fits: list[tuple[str, int]] = []
        for card, count in pack.items():
            if count <= 0:
                continue
            total += count
            if _first_accepted(hand, procession, card) == next_laid:
                fits.append((card, count))
        fitting = sum(n for _, n in fits)
        if not fitting:
            self.weight = 0.0
            return False
        self.weight *= fitting / total
        card = _pick(fits, rng.randbelow(fitting))
        pack[card] -= 1
        hand.append(card)
        return True


def own_cards(state: QueenState, seat: int, turns: list[dict]) -> Counter[str]:
    """The cards that came to ``seat`` from the deal or the pack this game: its hand, the cards it laid
    and passed, less the cards passed to it that it kept (those came from the previous seat)."""
    mine = Counter(state.hands[seat])
    mine.update(state.processions[seat])
    for turn in turns:
        if turn["seat"] == seat and turn["passed"] is not None:
            mine[turn["passed"]] += 1
        if turn["passed_to"] == seat and turn["receiver"] == "keep":
            mine[turn["passed"]] -= 1
    return +mine


def worlds(state: QueenState, seat: int, rng: Rng, particles: int = PARTICLES,
           kinds: tuple[str, ...] = KINDS) -> list[tuple[float, Hands]] | None:
    """Weighted histories' current hands of every seat (``seat``'s own hand as it is), or None."""
    n = state.players
    turns = recall(state, seat)
    mine = own_cards(state, seat, turns)
    pool = Counter(DECK)
    pool.subtract(mine)
    if any(c < 0 for c in pool.values()):
        return None
    others = [s for s in range(n) if s != seat]
    histories = []
    for _ in range(particles):
        cards = [c for c, k in pool.items() for _ in range(k)]
        rng.shuffle(cards)
        hands: Hands = [[] for _ in range(n)]
        for s in others:
            hands[s] = [cards.pop() for _ in range(3)]
        histories.append(_History(hands, Counter(cards), [rng.choice(kinds) for _ in range(n)], 1.0, None))
    processions: list[tuple[str, ...]] = [() for _ in range(n)]
    public: Counter[str] = Counter()
    for k, turn in enumerate(turns):
        s = turn["seat"]
        following = (s + 1) % n
        after = turns[k + 1] if k + 1 < len(turns) else None
        if s == seat:
            for h in histories:
                h.pending, h.weighed = turn["passed"], False
        else:
            target = turn["passed"]
            if target is None and after is not None and after["acquired"] == "swap":
                target = after["turned_up"]  # the receiver turned it face up
            for h in histories:
                _replay_turn(h, rng, s, turn, processions[s], processions[following], public, target,
                             after, seat)
        if turn["acquired"] == "swap":
            public[turn["turned_up"]] += 1
        for card in turn["laid"]:
            public[card] += 1
        processions[s] = (*processions[s], *turn["laid"])
        total = sum(h.weight for h in histories)
        if total <= 0.0:
            return None
        if s != seat:
            histories = _resample(histories, total, rng)
    return [(h.weight, h.hands) for h in histories if h.weight > 0.0]


def _replay_turn(h: _History, rng: Rng, s: int, turn: dict, procession: tuple[str, ...],
                 following: tuple[str, ...], public: Counter[str], target: str | None, after: dict | None,
                 seat: int) -> None:
    """One turn of another seat ``s`` in history ``h``: acquire, lay (drawing), pass."""
    hand = h.hands[s]
    acquired = turn["acquired"]
    drawn = acquired != "keep"
    if acquired != "draw":
        card = h.pending
        if card is None or (acquired == "swap" and card != turn["turned_up"]):
            h.weight = 0.0
            return
        if not h.weighed:  # a pass out of sight is already weighed by this keep
            h.weight *= _keep_chance(h.kinds[s], acquired == "keep", card, hand, procession, public)
        if acquired == "keep":
            hand.append(card)
            if not h.weighed:  # a pass the seat saw (an unseen one is only this history's guess)
                h.pinned[s].append(card)
    laid = turn["laid"]
    pinned = h.pinned[s]
    if drawn and not h.draw(rng, hand, pinned, procession, laid[0] if laid else None):
        return
    for i, card in enumerate(laid):
        first = _first_accepted(hand, procession)
        while first != card:
            if first is None:
                if not _bring(h, rng, hand, pinned, card):
                    return
            elif not _repair(h, rng, hand, pinned, first, wanted(procession)):
                return
            first = _first_accepted(hand, procession)
        hand.remove(card)
        if card in pinned:
            pinned.remove(card)
        procession = (*procession, card)
        if card != QUEEN and not h.draw(rng, hand, pinned, procession,
                                        laid[i + 1] if i + 1 < len(laid) else None):
            return
    first = _first_accepted(hand, procession)
    while first is not None:
        if not _repair(h, rng, hand, pinned, first, wanted(procession)):
            return
        first = _first_accepted(hand, procession)
    receiver = (s + 1) % len(h.hands)
    if target is not None:
        if target not in hand and not _bring(h, rng, hand, pinned, target, (procession, following)):
            return
        h.weight *= _pass_chance(target, hand, procession, following)
        if h.weight == 0.0:
            return
        passed = target
    elif after is None or receiver == seat:
        passed = model_pass(hand, procession, following)
    else:  # out of sight, and the receiver kept it: draw the pass by the rule, weighed by that keep
        kind = h.kinds[receiver]
        options = []
        for card in dict.fromkeys(hand):
            chance = _pass_chance(card, hand, procession, following)
            chance *= _keep_chance(kind, True, card, h.hands[receiver], following, public)
            options.append((card, chance))
        total = sum(c for _, c in options)
        if total <= 0.0:
            h.weight = 0.0
            return
        h.weight *= total
        passed = _pick(options, rng.random() * total)
        _give(hand, pinned, passed)
        h.pending, h.weighed = passed, True
        return
    _give(hand, pinned, passed)
    h.pending, h.weighed = passed, False


def _give(hand: list[str], pinned: list[str], card: str) -> None:
    hand.remove(card)
    if card in pinned:
        pinned.remove(card)


def _bring(h: _History, rng: Rng, hand: list[str], pinned: list[str], card: str,
           passing: tuple[tuple[str, ...], tuple[str, ...]] | None = None) -> bool:
    """The seat lays or passes ``card``, which this history did not deal it: one of its cards not known
    to be there (dealt or drawn, not a kept pass the seat saw) becomes ``card``, weighed by the chance of
    it. For a pass (``passing``: the seat's procession and the next seat's), the card traded is the one
    the model would have passed instead; else any."""
    free = _free(hand, pinned)
    total = sum(h.pack.values())
    if not free or h.pack[card] <= 0:
        h.weight = 0.0
        return False
    if passing is not None:
        out = model_pass(free, *passing)
    else:
        out = free[rng.randbelow(len(free))]
    h.weight *= h.pack[card] / total
    _trade(h, hand, out, card)
    return True


def _repair(h: _History, rng: Rng, hand: list[str], pinned: list[str], card: str,
            barred: tuple[str, ...]) -> bool:
    """``card`` in hand contradicts what the seat laid: if it is not known to be there, it becomes a
    pack card outside ``barred``, weighed by the chance of such a card."""
    if hand.count(card) <= pinned.count(card):
        h.weight = 0.0
        return False
    fits = [(c, n) for c, n in h.pack.items() if n > 0 and c not in barred]
    fitting = sum(n for _, n in fits)
    if not fitting:
        h.weight = 0.0
        return False
    h.weight *= fitting / sum(h.pack.values())
    _trade(h, hand, card, _pick(fits, rng.randbelow(fitting)))
    return True


def _free(hand: list[str], pinned: list[str]) -> list[str]:
    free = list(hand)
    for kept in pinned:
        if kept in free:
            free.remove(kept)
    return free


def _trade(h: _History, hand: list[str], out: str, card: str) -> None:
    h.pack[card] -= 1
    h.pack[out] += 1
    hand.remove(out)
    hand.append(card)


def _pick(options: list[tuple[T, float]] | list[tuple[T, int]], point: float) -> T:
    """The option whose share of the running total holds ``point``."""
    for option, share in options:
        if point < share:
            return option
        point -= share
    return options[-1][0]


def _resample(histories: list[_History], total: float, rng: Rng) -> list[_History]:
    """Systematic resampling when the weights are uneven (effective size under half)."""
    squares = sum(h.weight * h.weight for h in histories)
    if total * total >= 0.5 * len(histories) * squares:
        return histories
    count = len(histories)
    step = total / count
    point = rng.random() * step
    out = []
    cumulative = 0.0
    i = -1
    for _ in range(count):
        while cumulative <= point and i + 1 < count:
            i += 1
            cumulative += histories[i].weight
        chosen = histories[i].copy()
        chosen.weight = total / count
        out.append(chosen)
        point += step
    return out


def sampler(state: QueenState, seat: int, rng: Rng, particles: int = PARTICLES,
            fallback: Callable[[QueenState, int, Rng], QueenState] | None = None
            ) -> Callable[[Rng], QueenState]:
    """Run the filter once; then each call deals a world: a history drawn by weight, the pack the rest."""
    found = worlds(state, seat, rng, particles) if seat is not None else None
    pool = Counter(hidden_from(state, seat))
    usable: list[tuple[float, tuple[tuple[str, ...], ...]]] = []
    for weight, hands in found or []:
        held: Counter[str] = Counter()
        for s, hand in enumerate(hands):
            if s != seat:
                held.update(hand)
        if held - pool or any(len(hands[s]) != len(state.hands[s]) for s in range(state.players) if s != seat):
            continue
        usable.append((weight, tuple(state.hands[s] if s == seat else sort_cards(hands[s])
                                     for s in range(state.players))))
    if not usable:
        from .belief import believe

        back = fallback or believe
        return lambda r: back(state, seat, r)
    usable_by = [(hands, weight) for weight, hands in usable]
    total = sum(w for w, _ in usable)

    def deal(r: Rng) -> QueenState:
        hands = _pick(usable_by, r.random() * total)
        left = pool.copy()
        for s, hand in enumerate(hands):
            if s != seat:
                left.subtract(hand)
        return state._replace(hands=hands, pack=sort_cards(list(left.elements())))
    return deal


def believe(state: QueenState, seat: int | None, rng: Rng, particles: int = PARTICLES) -> QueenState:
    """One world from the filter (for the belief bench and tests)."""
    if seat is None or state.step not in (ACQUIRE, PASS):
        from .belief import believe as plain

        return plain(state, seat, rng)
    return sampler(state, seat, rng, particles)(rng)
