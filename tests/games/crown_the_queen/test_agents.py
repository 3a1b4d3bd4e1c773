"""Computer players: declared levels, sensible heuristics, and decisions from the seat's view alone."""

from __future__ import annotations

import pytest

from regalia.ai import load_agent
from regalia.ai.arena import play_match
from regalia.core import Rng
from regalia.games.crown_the_queen import CrownTheQueen
from regalia.games.crown_the_queen.cards import POLICEMAN, QUEEN, SOLDIER
from regalia.games.crown_the_queen.state import ACQUIRE

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


@pytest.mark.parametrize("level", ["easy", "medium"])
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
