"""Computer players: declared levels, sensible heuristics, and decisions from the seat's view alone."""

from __future__ import annotations

import pytest

from regalia.ai import load_agent
from regalia.ai.arena import play_match
from regalia.core import Rng
from regalia.games.crown_the_queen import CrownTheQueen
from regalia.games.crown_the_queen.cards import POLICEMAN, QUEEN, SOLDIER
from regalia.games.crown_the_queen.state import ACQUIRE, QueenState

from .helpers import game, position

LEVELS = ("random", "easy", "medium", "hard")
QUICK = {"hard": {"iterations": 40, "seconds": None}}
"""A deterministic budget for search in tests (no wall clock)."""


def agent(level: str, seed: int | str = 5):
    return load_agent("crown-the-queen", level, seed=seed, **QUICK.get(level, {}))


def test_levels_are_declared():
    assert set(LEVELS) <= set(CrownTheQueen.agent_levels())
    assert CrownTheQueen.agent_levels()["hard"]["algorithm"] == "ismcts"


def _hidden_twin(match, seat: int, seed: int):
    """A copy of ``match`` whose hidden cards (others' hands, the pack) differ, with the same view."""
    twin = match.game.new_match(seed=match.seed)
    for action in match.actions:
        twin.play(action)
    twin.state = match.game.resample_hidden(match.state, seat, Rng(seed))
    return twin


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_decides_from_the_view_only(level):
    g = game(3)
    match = g.new_match(seed=21)
    checked = 0
    while not match.is_over and checked < 6:
        seat = match.to_move
        twin = _hidden_twin(match, seat, seed=len(match.actions))
        assert twin.view(seat) == match.view(seat)
        assert twin.state.hands != match.state.hands or twin.state.pack != match.state.pack
        assert agent(level).choose(match) == agent(level).choose(twin)
        match.play(agent(level, seed="play").choose(match))
        checked += 1


def test_easy_keeps_what_the_procession_needs_and_swaps_the_rest():
    g = game(3)
    needed = position([["Trumpeter", "Big Ben", "Canada"], ["Ceylon", "Hyde Park", "India"],
                       ["Union Jack", "Marble Arch", "Australia"]], step=ACQUIRE, passed=POLICEMAN)
    assert g.policy("easy", needed, 0, Rng(1)) == "keep"
    useless = needed._replace(passed="Royal Arms", pack=tuple(sorted((POLICEMAN, *needed.pack[1:]))))
    assert g.policy("easy", useless, 0, Rng(1)) == "swap"


@pytest.mark.parametrize("level", ["easy", "race", "medium"])
def test_heuristics_pass_what_helps_no_one(level):
    g = game(3)
    # Seat 1 waits for a Policeman: passing it the spare Policeman would be a gift.
    state = position([[POLICEMAN, POLICEMAN, SOLDIER, "Trumpeter"], ["Ceylon", "Hyde Park", "India"],
                      ["Union Jack", "Marble Arch", "Australia"]], processions=[[], [], []])
    assert g.policy(level, state, 0, Rng(1)) == "pass Trumpeter"
    no_junk = position([[POLICEMAN, POLICEMAN, SOLDIER, QUEEN], ["Ceylon", "Hyde Park", "India"],
                        ["Union Jack", "Marble Arch", "Australia"]])
    assert g.policy(level, no_junk, 0, Rng(1)) != f"pass {SOLDIER}"


def test_a_rubber_between_all_levels_finishes():
    g = game(4)
    agents = [agent(level, seed=i) for i, level in enumerate(LEVELS)]
    match = play_match(g, agents, seed=3)
    assert match.is_over and len(match.state.results) == 3


FORCES_LAID = [POLICEMAN, SOLDIER, "Sailor", "Airman"]
"""A procession waiting for the Royal Coach; the Page is the card of the stage after."""


def _passed_to_seat_0(card: str, face_up: tuple = ()) -> QueenState:
    return position([["Trumpeter", "Big Ben", "Canada"], ["Ceylon", "Hyde Park", "India"],
                     ["Union Jack", "Marble Arch", "Australia"]], processions=[FORCES_LAID, [], []],
                    face_up=face_up, step=ACQUIRE, passed=card)


def test_medium_keeps_a_card_it_lays_at_once():
    assert game(3).policy("medium", _passed_to_seat_0("Royal Coach"), 0, Rng(1)) == "keep"
    assert game(3).policy("race", _passed_to_seat_0("Royal Coach"), 0, Rng(1)) == "keep"


def test_medium_swaps_a_card_its_procession_has_no_use_for():
    assert game(3).policy("medium", _passed_to_seat_0("Soldier"), 0, Rng(1)) == "swap"  # laid already
    assert game(3).policy("medium", _passed_to_seat_0("Royal Arms"), 0, Rng(1)) == "swap"  # rule 10


def test_medium_leaves_a_card_for_a_later_stage_to_its_judgement():
    """Neither laid at once nor useless: the trees decide (judgement.keep_gain), and their verdict is
    medium's choice."""
    from regalia.games.crown_the_queen import judgement

    for card in ("Page", "Archbishop", QUEEN):
        state = _passed_to_seat_0(card)
        expected = "keep" if judgement.keep_gain(state, 0) > 0 else "swap"
        assert game(3).policy("medium", state, 0, Rng(1)) == expected


def test_the_race_swaps_a_card_for_a_later_stage_where_easy_keeps_it():
    far = _passed_to_seat_0(QUEEN)
    assert game(3).policy("easy", far, 0, Rng(1)) == "keep"
    assert game(3).policy("race", far, 0, Rng(1)) == "swap"


def test_the_race_keeps_a_next_stage_card_only_when_few_copies_are_unseen():
    g = game(3)
    plenty = _passed_to_seat_0("Page")  # four more Pages unseen: a fresh draw is worth more
    assert g.policy("race", plenty, 0, Rng(1)) == "swap"
    scarce = _passed_to_seat_0("Page", face_up=("Page", "Page"))  # two left unseen
    assert g.policy("race", scarce, 0, Rng(1)) == "keep"


def test_the_race_counts_cards_a_next_stage_card_is_useless_when_its_forerunner_is_gone():
    g = game(3)
    gone = _passed_to_seat_0("Page", face_up=("Page", "Page", *["Royal Coach"] * 5))
    assert g.policy("race", gone, 0, Rng(1)) == "swap"


def test_hard_plays_medium_unless_search_overturns_it():
    """With a single sampled world there is no spread to judge by, so hard's choice is medium's."""
    g = game(3)
    match = g.new_match(seed=4)
    for _ in range(8):
        medium_choice = agent("medium").choose(match)
        one_world = load_agent("crown-the-queen", "hard", seed=5, iterations=len(match.legal_actions()),
                               seconds=None)
        assert one_world.choose(match) == medium_choice
        match.play(medium_choice)


def test_search_ends_a_rollout_when_the_deal_in_progress_ends():
    """``rollout_cut``: no value while the deal goes on; once it is over, each seat's chance of winning the
    rubber from the totals it leaves (the standings of ``lookahead``), which sum to one."""
    from regalia.games.crown_the_queen.lookahead import standing

    g = game(3)
    match = g.new_match(seed=8)
    start = match.state
    while len(match.state.results) == len(start.results):
        assert g.rollout_cut(start, match.state) is None
        match.play(agent("easy", seed="cut").choose(match))
    values = g.rollout_cut(start, match.state)
    assert values == [standing(match.state, s) for s in range(3)] and abs(sum(values) - 1) < 1e-9
    leader = max(range(3), key=lambda s: match.state.results[-1][s])
    assert values[leader] == max(values)
