"""The belief model: worlds dealt from a seat's view never contradict what that seat knows."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from regalia.ai import load_agent
from regalia.core import Rng
from regalia.games.crown_the_queen import belief
from regalia.games.crown_the_queen.cards import DECK, wanted
from regalia.games.crown_the_queen.view import sees_passed

from .helpers import game


def positions(players: int, seed: int, limit: int = 400):
    """Every seat's decision points of a rubber between heuristic players (fixed seeds)."""
    g = game(players)
    match = g.new_match(seed=seed)
    agents = [load_agent("crown-the-queen", "easy" if s % 2 else "medium", seed=s) for s in range(players)]
    while not match.is_over and len(match.actions) < limit:
        yield g, match
        match.play(agents[match.to_move].choose(match))


def hidden_total(state, seat) -> Counter:
    cards = Counter(state.pack)
    for s, hand in enumerate(state.hands):
        if s != seat:
            cards.update(hand)
    if state.passed is not None and not sees_passed(state, seat):
        cards[state.passed] += 1
    return cards


def test_fact_1_holds_in_real_play_every_seat_that_has_laid_holds_no_card_its_procession_accepts():
    """The certain fact the belief is built on, checked against the true hands."""
    checked = 0
    for players, seed in [(2, 1), (3, 2), (4, 3)]:
        for _g, match in positions(players, seed):
            state = match.state
            for s in range(players):
                if belief.laid_out(state, s):
                    assert not set(state.hands[s]) & set(wanted(state.processions[s]))
                    checked += 1
    assert checked > 500


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5), (3, 6), (5, 7)])
def test_believed_worlds_never_violate_a_known_constraint(players, seed):
    """Many worlds from every decision point: the seat's own cards and everything public are kept, sizes
    are kept, the hidden cards are exactly the cards the seat cannot account for (card counting), no seat
    that has laid holds a card its procession accepts, and (trust 1) the receiver holds every card the seat
    passed it that it kept and still needs, whenever such a card is still unseen (as many as its hand holds)."""
    rng = Rng(seed)
    worlds = 0
    for g, match in positions(players, seed, limit=250):
        state = match.state
        seat = match.to_move
        view = g.view(state, seat)
        given = belief.held(state, seat)
        receiver = (seat + 1) % players
        for _ in range(8):
            world = g.determinize(json.loads(json.dumps(view)), seat, rng)
            worlds += 1
            assert g.view(world, seat) == view
            assert world.hands[seat] == state.hands[seat]
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            assert len(world.pack) == len(state.pack)
            assert hidden_total(world, seat) == hidden_total(state, seat)
            seen = sum(map(len, state.processions)) + len(state.face_up) + len(state.hands[seat])
            assert sum(hidden_total(world, seat).values()) + seen + sees_passed(state, seat) == len(DECK)
            for s in range(players):
                if s != seat and belief.laid_out(state, s):
                    assert not set(world.hands[s]) & set(wanted(world.processions[s])), (s, world.hands[s])
            unseen = hidden_total(state, seat)
            kept = [card for card in given if unseen[card]]
            if receiver != seat:  # as many as its hand holds: a seat may keep more than it can hold at once
                assert sum(card in world.hands[receiver] for card in kept) >= min(len(kept), len(world.hands[receiver]))
    assert worlds > 300


def test_the_previous_seat_is_dealt_only_cards_it_needs_at_least_as_much_as_the_one_it_passed():
    g = game(3)
    rng = Rng(8)
    applied = 0
    for _g, match in positions(3, 8, limit=300):
        state, seat = match.state, match.to_move
        floor = belief.threshold(state, seat)
        if floor is None:
            continue
        passer, least = floor
        procession = state.processions[passer]
        pool = belief.hidden_from(state, seat)
        if sum(1 for c in pool if belief.use(c, procession) >= least and c not in wanted(procession)) < 12:
            continue  # too few such cards unseen: the sampler may have to relax
        world = g.determinize(g.view(state, seat), seat, rng)
        assert all(belief.use(c, procession) >= least for c in world.hands[passer])
        applied += 1
    assert applied > 5


def test_belief_depends_on_the_view_only():
    """Two states a seat cannot tell apart (hidden cards redrawn) give the very same worlds."""
    for g, match in positions(3, 9, limit=120):
        seat = match.to_move
        twin = g.resample_hidden(match.state, seat, Rng(len(match.actions)))
        a = belief.believe(match.state, seat, Rng(5))
        b = belief.believe(twin, seat, Rng(5))
        assert (a.hands, a.pack, a.passed) == (b.hands, b.pack, b.passed)


def test_belief_spreads_over_many_worlds():
    g = game(4)
    match = None
    for _g, match in positions(4, 10, limit=40):  # noqa: B007 (the last position is wanted)
        pass
    assert match is not None
    seat = match.to_move
    worlds = {g.determinize(g.view(match.state, seat), seat, Rng(i)).hands for i in range(30)}
    assert len(worlds) > 10


def test_fact_4_gives_back_the_first_card_needed_least_as_the_plain_minimum_does():
    from regalia.games.crown_the_queen.cards import uses

    rng = Rng("least")
    processions = [(), ("Policeman",), ("Policeman", "Soldier", "Sailor", "Airman"),
                   ("Policeman", "Airman", "Soldier", "Sailor", "Royal Coach", "Page")]
    for _ in range(2000):
        usefulness = uses(processions[rng.randbelow(len(processions))])
        dealt = [DECK[rng.randbelow(len(DECK))] for _ in range(2 + rng.randbelow(20))]
        fixed = rng.randbelow(2)
        plain = min(range(fixed, len(dealt)),
                    key=lambda j: 0.0 if dealt[j] in dealt[:j] else usefulness.get(dealt[j], 0.0))
        assert belief._least_needed(dealt, fixed, usefulness) == plain
