"""The generic ISMCTS agent on toys with known answers: chance, hidden cards, several players."""

from __future__ import annotations

import pytest

from regalia.ai.ismcts import ISMCTSAgent
from regalia.core import Rng
from tests.toys.pig import HighCard, HighCardState, Pig, PigState


class CountingHighCard(HighCard):
    """High Card that counts how often search rebuilds a state from a view."""

    determinized = 0

    def determinize(self, view, seat, rng):
        CountingHighCard.determinized += 1
        return super().determinize(view, seat, rng)


def decide(game, state, seat, iterations=300, seed=1, **params):
    agent = ISMCTSAgent(seed=seed, iterations=iterations, **params)
    view = game.view(state, seat)
    return agent, agent.decide(game, view, seat, game.legal_actions(state))


@pytest.mark.parametrize("players", [2, 3])
def test_holds_the_best_card_and_searches_only_determinizations(players):
    game = CountingHighCard(players=players)
    cards = (9, 1, 2)[:players]
    CountingHighCard.determinized = 0
    agent, action = decide(game, HighCardState(cards, ()), 0)
    assert action == "hold"
    assert CountingHighCard.determinized == agent.last_iterations == 300


def test_chance_nodes_are_sampled_and_a_sure_win_is_taken():
    game = Pig(players=2, target=20)
    # Seat 0 has 15 banked and 5 this turn: stopping wins now, rolling risks a 1.
    _, action = decide(game, PigState((15, 18), 5, 0, False), 0, iterations=400)
    assert action == "stop"


def test_same_seed_and_view_give_the_same_choice():
    game = HighCard(players=3)
    state = HighCardState((5, 3, 8), ())
    first = [decide(game, state, 0, iterations=60, seed=s)[1] for s in range(5)]
    again = [decide(game, state, 0, iterations=60, seed=s)[1] for s in range(5)]
    assert first == again


def test_rollout_depth_falls_back_to_evaluate_or_an_even_share():
    game = Pig(players=3, target=30)
    agent, action = decide(game, PigState((0, 0, 0), 0, 0, False), 0, iterations=50, rollout_depth=2)
    assert action in ("roll", "stop") and agent.last_iterations == 50


def test_a_budget_is_required():
    with pytest.raises(ValueError, match="budget"):
        ISMCTSAgent(iterations=None, seconds=None)


def test_the_agent_stream_is_its_own():
    assert ISMCTSAgent(seed=3).rng.state == ISMCTSAgent(seed=3).rng.state != Rng(3).state


def test_paired_search_compares_root_actions_on_the_same_worlds():
    game = Pig(players=2, target=20)
    agent, action = decide(game, PigState((15, 18), 5, 0, False), 0, iterations=200, paired=True)
    assert action == "stop"
    assert agent.last_iterations == 200  # two root actions per world, 100 worlds
    _, held = decide(HighCard(players=3), HighCardState((9, 4, 2), ()), 0, iterations=60, paired=True)
    assert held == "hold"


def test_paired_worlds_get_fresh_luck_even_when_sampling_draws_nothing():
    class Recording(Pig):
        rolls: list[str] = []

        def sample_chance(self, state, rng):
            outcome = super().sample_chance(state, rng)
            Recording.rolls.append(outcome)
            return outcome

    game = Recording(players=2, target=20)
    state = PigState((10, 10), 0, 0, False)
    agent = ISMCTSAgent(seed=2, iterations=40, paired=True, rollout_depth=1)
    agent.search(game, lambda rng: state, 0, ["roll", "stop"])
    assert len(set(Recording.rolls)) > 1
