"""CQ-8 as properties: no view of any seat or spectator ever holds a card hidden from it."""

from __future__ import annotations

import json
from collections import Counter

import pytest
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
        view.pop("record")  # the memory of past turns: see test_cq_8_record_...
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


class Witness:
    """What really happened in each finished turn of the game in progress, noted from outside the view
    while a match is played: the full record, every card passed included."""

    def __init__(self) -> None:
        self.turns: list[dict] = []
        self.current: dict | None = None
        self.game = 0

    def before(self, state, action) -> None:
        if len(state.results) != self.game:  # a new game was dealt: its memory starts afresh
            self.game, self.turns, self.current = len(state.results), [], None
        if self.current is None and state.step == "acquire":
            self.current = {"seat": state.turn, "acquired": action,
                            "turned_up": state.passed if action == "swap" else None,
                            "laid_from": len(state.processions[state.turn])}
        elif self.current is None and state.step == "pass":  # the first turn: rule 4's draw (chance, unseen here)
            self.current = {"seat": state.turn, "acquired": "draw", "turned_up": None, "laid_from": 0}
        if state.step == "pass" and self.current is not None:
            seat = state.turn
            laid = list(state.processions[seat][self.current.pop("laid_from"):])
            if self.turns and self.turns[-1]["receiver"] is None:
                self.turns[-1]["receiver"] = self.current["acquired"]
            self.turns.append({**self.current, "laid": laid, "passed_to": (seat + 1) % state.players,
                               "passed": action[len("pass "):], "receiver": None})
            self.current = None
        elif state.step == "acquire" and self.turns and self.turns[-1]["receiver"] is None:
            self.turns[-1]["receiver"] = action

    def seen_by(self, seat, state) -> list[dict]:
        """The record as ``seat`` may know it (None: a spectator): the card passed only to its two ends."""
        n = state.players
        out = []
        for turn in self.turns:
            shown = dict(turn)
            if seat is None or seat not in (turn["seat"], (turn["seat"] + 1) % n):
                shown["passed"] = None
            out.append(shown)
        return out


def _turns_of(match, seat):
    return [{k: t[k] for k in ("seat", "acquired", "turned_up", "laid", "passed_to", "passed", "receiver")}
            for t in match.view(seat)["record"]]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (3, 3), (4, 4), (6, 5)])
def test_cq_8_record_is_what_each_seat_saw_of_every_turn_and_nothing_more(players, seed):
    """Perfect recall: every seat's view lists each finished turn of the game in progress exactly as it
    happened (draw/keep/swap, the card turned up, the cards laid, whether the receiver kept or swapped),
    and names the card passed to its passer and receiver only; a spectator sees no card passed."""
    g = game(players)
    match = g.new_match(seed=seed)
    rng = Rng(seed)
    witness = Witness()
    turns_seen = 0
    while not match.is_over:
        action = rng.choice(match.legal_actions())
        if match.to_move is not None:
            witness.before(match.state, action)
        match.play(action)
        if len(match.state.results) != witness.game:
            continue  # between games (or over): the witness catches up at the next deal
        for seat in [None, *range(players)]:
            assert _turns_of(match, seat) == witness.seen_by(seat, match.state), (seat, len(match.actions))
        turns_seen = max(turns_seen, len(witness.turns))
    assert turns_seen > 5


def test_cq_8_the_record_hides_passed_cards_from_resampling_and_survives_determinize():
    """Everything hidden from a seat may be redrawn (``resample_hidden``) without changing its record;
    a state rebuilt from the view (``determinize``) gives the same record back."""
    g = game(4)
    match = g.new_match(seed=31)
    rng = Rng(31)
    checked = 0
    while not match.is_over and checked < 200:
        match.play(rng.choice(match.legal_actions()))
        for seat in [None, *range(4)]:
            view = g.view(match.state, seat)
            assert g.view(g.resample_hidden(match.state, seat, Rng(checked)), seat) == view
            rebuilt = g.determinize(json.loads(json.dumps(view)), seat, Rng(checked))
            assert g.view(rebuilt, seat) == view
            hidden = [t for t in rebuilt.record if seat is None or seat not in (t[0], (t[0] + 1) % 4)]
            assert all(t[1] is None for t in hidden)  # a rebuilt state never invents an unseen pass
        checked += 1
