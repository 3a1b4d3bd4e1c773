"""CQ-8 as properties: no view of any seat or spectator ever holds a card hidden from it."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from regalia.core import Rng
from regalia.core.conformance import check_game
from regalia.games.crown_the_queen import CrownTheQueen
from regalia.games.crown_the_queen.cards import CARD_NAMES
from regalia.games.crown_the_queen.view import sees_passed

from .helpers import game

NAMES = frozenset(CARD_NAMES)


def cards_in(value: object) -> Counter[str]:
    """Every card name anywhere in a JSON value."""
    found: Counter[str] = Counter()
    if isinstance(value, str):
        if value in NAMES:
            found[value] += 1
    elif isinstance(value, dict):
        for item in value.values():
            found += cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found += cards_in(item)
    return found


def visible(state, seat) -> Counter[str]:
    """The cards ``seat`` may see, as a multiset (processions twice: now and as the last game ended)."""
    seen = Counter(state.face_up)
    for procession in (*state.processions, *state.last_processions):
        seen.update(procession)
    if seat is not None:
        seen.update(state.hands[seat])
    if sees_passed(state, seat):
        seen[state.passed] += 1
    return seen


def assert_no_leak(g, match):
    for seat in [None, *range(g.players)]:
        view = match.view(seat)
        shown = cards_in(json.loads(json.dumps(view)))
        allowed = visible(match.state, seat)
        assert not shown - allowed, f"seat {seat} sees {shown - allowed}"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_cq_8_property_no_view_ever_contains_a_hidden_card(seed, players):
    g = game(players)
    match = g.new_match(seed=seed)
    rng = Rng(seed)
    while not match.is_over:
        assert_no_leak(g, match)
        match.play(rng.choice(match.legal_actions()))
    assert_no_leak(g, match)


def test_cq_8_resample_and_determinize_keep_every_view():
    check_game(CrownTheQueen, seeds=range(3), players=[2, 3, 6], garbage_every=5)


def test_cq_8_determinize_redeals_only_what_the_seat_cannot_see():
    g = game(4)
    match = g.new_match(seed=9)
    while match.state.step != "acquire":
        match.play(match.legal_actions()[0])
    seat = match.to_move
    view = match.view(seat)
    worlds = {g.determinize(view, seat, Rng(i)).hands for i in range(20)}
    assert len(worlds) > 1  # the others' hands really are sampled
    for hands in worlds:
        assert hands[seat] == match.state.hands[seat]


def test_spectator_sees_counts_never_cards_in_hands():
    match = game(3).new_match(seed=4)
    view = match.view(None)
    assert view["hand"] is None and view["passed"] is None
    assert sum(view["hand_sizes"]) >= 9


def test_action_space_covers_every_legal_action_and_encodings_have_one_length():
    g = game(4)
    space = g.action_space()
    assert len(space) == len(set(space)) == 2 + len(CARD_NAMES)
    match = g.new_match(seed=12)
    rng = Rng(12)
    lengths = set()
    while not match.is_over:
        assert set(match.legal_actions()) <= set(space)
        lengths.add(len(g.encode_view(match.view(match.to_move))))
        match.play(rng.choice(match.legal_actions()))
    assert lengths == {135}


def test_evaluate_is_a_share_per_seat_and_final_returns_at_the_end():
    g = game(3)
    match = g.new_match(seed=2)
    rng = Rng(2)
    while not match.is_over:
        values = g.evaluate(match.state)
        assert len(values) == 3 and all(0 <= v <= 1 for v in values) and abs(sum(values) - 1) < 1e-9
        match.play(rng.choice(match.legal_actions()))
    assert g.evaluate(match.state) == g.returns(match.state)
