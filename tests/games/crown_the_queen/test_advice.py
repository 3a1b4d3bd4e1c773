"""A hint's words (advice.py): which card to keep or pass and why, in the procession's terms, from the seat's
view only — the same words whatever is hidden behind that view."""

from __future__ import annotations

import pytest

from regalia.ai import load_agent
from regalia.ai.hint import hint, hint_for_match
from regalia.core import Rng
from regalia.games.crown_the_queen.advice import (
    advice_words,
    needs_next,
    open_stations,
    station_filled,
    unseen_copies,
)
from regalia.games.crown_the_queen.cards import (
    AIRMAN,
    ARCHBISHOP,
    PAGE,
    POLICEMAN,
    QUEEN,
    ROYAL_COACH,
    SAILOR,
    SOLDIER,
    TRUMPETER,
)
from regalia.games.crown_the_queen.state import ACQUIRE

from .helpers import game, position

UP_TO_THE_COACH = [POLICEMAN, SOLDIER, SAILOR, AIRMAN, ROYAL_COACH]
UP_TO_THE_PAGE = [*UP_TO_THE_COACH, PAGE]


def test_the_predicates_read_a_procession():
    assert needs_next(()) == (POLICEMAN,)
    assert needs_next((POLICEMAN, SAILOR)) == (SOLDIER, AIRMAN)
    assert needs_next(tuple(UP_TO_THE_PAGE)) == (ARCHBISHOP,)
    assert open_stations(tuple(UP_TO_THE_COACH)) == (PAGE, ARCHBISHOP, QUEEN)
    assert station_filled((POLICEMAN, SAILOR), SAILOR) and not station_filled((POLICEMAN,), SAILOR)


def test_a_constructed_pass_names_the_station_needed_by_you_and_by_the_next_player():
    # Seat 1 has laid up to the Royal Coach (its Sailor station filled) and needs the Page; Seat 2, next, has
    # laid up to the Page and needs the Archbishop.
    g = game(3)
    state = position([[SAILOR, ARCHBISHOP, TRUMPETER, QUEEN], [], []],
                     processions=[UP_TO_THE_COACH, UP_TO_THE_PAGE, [POLICEMAN]])
    view = g.view(state, 0)
    sailor = advice_words(view, 0, "pass Sailor", 40.0)
    assert sailor.startswith("pass the Sailor: your procession already has its Sailor")
    assert "you need the Page next (" in sailor
    assert "Seat 2 (next) has laid up to the Page, so needs the Archbishop: they have their Sailor already" in sailor
    assert sailor.endswith("40% expected standing")
    archbishop = advice_words(view, 0, "pass Archbishop", 30.0)
    assert "your procession needs it later, after the Page" in archbishop
    assert "so needs the Archbishop: passing it lets them lay it at once (+10 to them)" in archbishop
    assert advice_words(view, 0, "pass Trumpeter", 35.0).startswith("pass the Trumpeter: it never joins a procession")
    # card counting from the view: 5 Pages in the pack, one laid by Seat 2, none seen elsewhere
    assert unseen_copies(view, 0, PAGE) == 4 and "(4 not yet seen)" in sailor
    # the whole hint says it: the best pass with its reason in these words, every choice valued
    found = hint(g, view, 0, g.legal_actions(state))
    assert found.reason == found.choices[0]["words"] and found.reason.startswith(f"pass the {found.best[5:]}:")
    assert "Seat 2 (next) has laid up to the Page, so needs the Archbishop" in found.reason
    assert "expected standing" in found.reason and "rule" not in found.reason.lower()
    assert found.best != "pass Archbishop"  # handing the next player its Archbishop is never the best


def test_keep_or_swap_the_card_passed_says_what_it_is_to_your_procession():
    g = game(3)
    state = position([[TRUMPETER, QUEEN, SAILOR], [], []], processions=[[POLICEMAN, SOLDIER], [], []],
                     step=ACQUIRE, passed=AIRMAN)
    view = g.view(state, 0)
    keep = advice_words(view, 0, "keep", 50.0)
    assert keep.startswith("keep the Airman: your procession takes it next and lays it at once (+10)")
    swapped = position([[TRUMPETER, QUEEN, SAILOR], [], []], processions=[[POLICEMAN, SOLDIER], [], []],
                       step=ACQUIRE, passed=SOLDIER)
    swap = advice_words(g.view(swapped, 0), 0, "swap", 50.0)
    assert swap.startswith("swap the Soldier: your procession already has its Soldier; turn it face up")
    assert "you need the Sailor or the Airman next" in swap


def _positions(seed: int, players: int, count: int):
    g = game(players)
    match = g.new_match(seed=seed)
    agent = load_agent("crown-the-queen", "medium", seed=seed)
    found = 0
    while not match.is_over and found < count:
        if len(match.legal_actions()) > 1:
            yield g, match
            found += 1
        match.play(agent.choose(match))


def _hidden_twin(match, seat, seed):
    """The same match with every card ``seat`` cannot see dealt anew (a no-peek twin)."""
    twin = match.game.new_match(seed=match.seed)
    for action in match.actions:
        twin.play(action)
    twin.state = match.game.resample_hidden(match.state, seat, Rng(seed))
    return twin


@pytest.mark.parametrize("seed, players", [(5, 3), (8, 4)])
def test_the_words_never_change_with_the_hidden_cards_behind_the_view(seed, players):
    checked = differed = 0
    for _g, match in _positions(seed, players, 5):
        seat = match.to_move
        view = match.view(seat)
        words = {a: advice_words(view, seat, a, 33.0) for a in match.legal_actions()}
        said = [c["words"] for c in hint_for_match(match, seat).choices]
        for redeal in range(3):
            twin = _hidden_twin(match, seat, f"twin:{redeal}")
            differed += twin.state.hands != match.state.hands
            assert twin.view(seat) == view
            assert {a: advice_words(twin.view(seat), seat, a, 33.0) for a in twin.legal_actions()} == words
        assert [c["words"] for c in hint_for_match(twin, seat).choices] == said  # the whole hint, too
        checked += 1
    assert checked == 5 and differed >= 10


def test_the_hint_s_words_come_from_the_view_not_from_a_sampled_world(monkeypatch):
    g, match = next(_positions(11, 3, 1))
    seat = match.to_move
    before = hint_for_match(match, seat)
    worlds = iter(range(1000))
    real = g.determinize
    monkeypatch.setattr(g, "determinize", lambda view, s, rng: real(view, s, Rng(f"other:{next(worlds)}")))
    assert [c["words"] for c in hint_for_match(match, seat).choices] == [c["words"] for c in before.choices]
