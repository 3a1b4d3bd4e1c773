"""The medium level's judgement: how much a keep or a pass is worth, learned from rollouts.

Each choice is described by numbers a seat can see (``features``: its hand, the card passed to it, every
procession, the face-up pile and so the unseen pool, the totals, the size of the pack) and scored by a
small forest of regression trees (``judgement_trees.py``, generated). The trees were fitted to what each
choice was worth: at 158,200 choices of 3,200 rubbers against two ``easy`` players, every legal choice
was valued by 128 rollouts on the true cards to the end of the deal, with the same draws for every
choice, as the standing it left (the chance of winning the rubber, ``lookahead.standing``). So the trees
are a one-step policy improvement over the ``race`` heuristic (heuristics.py), learned once, offline,
and played from the view alone: nothing is searched and nothing hidden is used at play. The rollouts
knew the cards, the trees do not: they learn what a choice is worth on average over the hands and packs
that are behind what the seat sees, which is what a player can act on.

What the rollouts showed, tabulated by the card's stage and use on the first 1,600 rubbers (the trees
were given no such rule): a card the next seat would lay at once is a costly gift, worth giving up a card
of one's own that is three or four stages off rather than pass it; a card of the next stage is worth keeping even when four copies are unseen, and one two
stages off when two or fewer are; a card an easy player would keep without laying it (one its procession
needs later) is a better pass than one of no use to anybody, since it stops that player drawing.

Those words are not the trees' strength. A table policy read off them (the trees' keep by stage distance and
copies unseen: a card of the next stage always, one two stages off when two or fewer copies are unseen;
the race's pass) agrees with the trees on most keeps and 82% of passes, yet against two mediums it took
28.5% of rubbers ``strength:0..999`` where the race took 29.9% and medium itself 34.7% (2026-12-02, scratch
code, not kept): what the trees know of passing is spread over many features, so no cheap rule stands in
for them in search's rollouts.

``python -m regalia.bench.crown_the_queen_judgement`` regenerates the trees (it needs scikit-learn, the
``train`` extra); ``tests/games/crown_the_queen/test_judgement.py`` checks what they must respect.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import QUEEN, STAGE, reachable_up_to, stage_of, use, wanted, without
from .judgement_trees import KEEP_TREES, PASS_TREES
from .state import QueenState
from .view import hidden_from

Forest = tuple[float, tuple[Any, ...]]
"""A baseline and trees; a tree is a leaf's value or (feature, threshold, left, right) of trees."""

FEATURES = (
    # the table, as the seat sees it
    "pack", "games finished", "own stage", "next seat's stage", "previous seat's stage",
    "own lead with processions", "next seat's lead over us", "own lead in finished games",
    "share of the unseen that we lay at once", "share of the unseen that the next seat lays at once",
    "unseen cards",
    # the card kept or passed
    "our need of it", "its worth to the next seat", "its stage", "copies unseen", "the next seat lays it at once",
    "its use to the next seat", "we hold another", "we lay it at once", "every card before it can be had",
    "other cards in hand we need",
)


def features(state: QueenState, seat: int, card: str, rest: tuple[str, ...]) -> list[float]:
    """``card`` (the card passed to ``seat``, or one it may pass) with the rest of its hand, in the order
    of ``FEATURES``: only what ``seat`` sees."""
    n = state.players
    pool = Counter(hidden_from(state, seat))
    size = sum(pool.values())
    processions = state.processions
    own, following, before = processions[seat], processions[(seat + 1) % n], processions[(seat - 1) % n]
    totals = [sum(r[s] for r in state.results) for s in range(n)]
    now = [t + sum(30 if c == QUEEN else 10 for c in p) for t, p in zip(totals, processions, strict=True)]
    others_now = max(c for s, c in enumerate(now) if s != seat)
    others_total = max(t for s, t in enumerate(totals) if s != seat)
    lay_own = sum(pool[c] for c in wanted(own)) / max(size, 1) if len(own) < 8 else 0
    lay_next = sum(pool[c] for c in wanted(following)) / max(size, 1) if len(following) < 8 else 0
    need = _need(card, own, rest)
    return [
        len(state.pack), len(state.results), stage_of(own), stage_of(following), stage_of(before),
        now[seat] - others_now, now[(seat + 1) % n] - now[seat], totals[seat] - others_total, lay_own, lay_next,
        size,
        need, _gift(card, following), STAGE.get(card, -1), pool[card], float(card in wanted(following)),
        use(card, following), float(card in rest), float(card in wanted(own)),
        float(reachable_up_to(card, own, pool + Counter(rest))) if need else 0.0,
        sum(_need(h, own, without(rest, h)) > 0 for h in rest),
    ]


def keep_gain(state: QueenState, seat: int) -> float:
    """How much better keeping the card passed to ``seat`` is than swapping it (in standing)."""
    assert state.passed is not None
    return score(KEEP_TREES, features(state, seat, state.passed, state.hands[seat]))


def pass_worth(state: QueenState, seat: int, card: str) -> float:
    """How good passing ``card`` is, against the other cards ``seat`` might pass (higher: pass it)."""
    return score(PASS_TREES, features(state, seat, card, without(state.hands[seat], card)))


def score(forest: Forest, x: list[float]) -> float:
    """The baseline plus, per tree, the leaf ``x`` reaches (``x[feature] <= threshold`` goes left)."""
    base, trees = forest
    total = base
    for node in trees:
        while type(node) is tuple:
            node = node[2] if x[node[0]] <= node[1] else node[3]
        total += node
    return float(total)


def _need(card: str, procession: tuple[str, ...], others: tuple[str, ...]) -> float:
    return 0.0 if card in others else use(card, procession)


def _gift(card: str, procession: tuple[str, ...]) -> float:
    return 1.5 if card in wanted(procession) else use(card, procession)
