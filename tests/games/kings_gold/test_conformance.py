"""The shared conformance kit over every player count, several seeds and the option combinations."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regalia.core.conformance import check_game, check_match
from regalia.core.rng import Rng

from .helpers import KingsGold, total_gold

OPTIONS = [
    {},
    {"total_mutiny": True},
    {"navy_rounds": 4, "ransom_coins_only": True},
    {"end_on_coins": True, "coin_value": 2, "doubloon_value": 7, "shield_value": 1, "master_bonus": 0},
    {"mode": "blitz", "turn_seconds": 5},
    {"fast_roll": True, "total_mutiny": True},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "standard")
def test_conformance_all_player_counts(options):
    report = check_game(KingsGold, seeds=range(3), options=options, garbage_every=13, views_every=5)
    assert report.matches == 15


def test_conformance_agents_play_through_the_match_api():
    from regalia.ai import load_agent
    from regalia.ai.arena import play_match

    game = KingsGold(players=4)
    agents = [load_agent("kings-gold", level, seed=s) for s, level in enumerate(["random", "easy", "medium", "hard"])]
    match = play_match(game, agents, seed=8)
    assert match.is_over and match.winners
    again = game.match_from_json(match.to_json())
    assert again.log == match.log


@settings(max_examples=25, deadline=None, derandomize=True)  # fixed examples: tests use fixed seeds
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), total_mutiny=st.booleans())
def test_gold_is_conserved_treasury_reserve_and_chests(seed, players, total_mutiny):
    """Property: coins and doubloons are never made or destroyed (Mutiny's transfer included)."""
    game = KingsGold(players=players, total_mutiny=total_mutiny)
    rng = Rng(seed)
    state = game.initial_state()
    expected = total_gold(state)
    mutinies = 0
    while game.to_move(state) is not None:
        if game.to_move(state) == -1:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            before = sum(state.penalties)
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            mutinies += sum(state.penalties) > before
        assert total_gold(state) == expected
        assert all(c >= 0 for c in state.coins) and state.treasury_coins >= 0 and state.reserve >= 0
        assert all(0 <= s <= 3 for s in state.shields)
    assert expected == (60, 20)


def test_apply_never_mutates_its_input_and_states_are_plain_hashable_data():
    game = KingsGold(players=3)
    match = game.new_match(seed=2)
    while not match.is_over:
        state = match.state
        copy = tuple(state)
        hash(state)
        match.play(match.legal_actions()[-1])
        assert tuple(state) == copy


def test_same_seed_same_match_for_all_levels():
    a, b = check_match(KingsGold(players=2), 5), check_match(KingsGold(players=2), 5)
    assert a.to_json() == b.to_json()
