"""Paired ISMCTS with a prior policy: the policy's action stands unless search shows a clearly better one."""

from __future__ import annotations

import pytest

from regalia.ai.ismcts import ISMCTSAgent
from tests.toys.pig import Pig, PigState


class RollingPig(Pig):
    """Pig with a (poor) policy that always rolls."""

    def policy(self, name, state, seat, rng, **params):
        assert name == "roll"
        return "roll"


def decide(iterations: int, margin: float) -> str:
    game = RollingPig(players=2, target=20)
    # Stopping banks the win at once: rolling can only risk it.
    state = PigState((15, 18), 5, 0, False)
    agent = ISMCTSAgent(seed=1, iterations=iterations, paired=True, prior_policy="roll", prior_margin=margin)
    return agent.decide(game, game.view(state, 0), 0, game.legal_actions(state))


def test_clear_evidence_overturns_the_policy():
    assert decide(iterations=200, margin=1.0) == "stop"


def test_the_policy_stands_without_enough_evidence():
    assert decide(iterations=2, margin=1.0) == "roll"  # one world: no spread to judge by
    assert decide(iterations=200, margin=1e9) == "roll"


def test_a_prior_needs_paired_search():
    with pytest.raises(ValueError, match="paired"):
        ISMCTSAgent(iterations=10, prior_policy="roll")


class PolicyPig(Pig):
    """Pig whose named policy is the action of that name (``"roll"`` or ``"stop"``)."""

    def policy(self, name, state, seat, rng, **params):
        return name


def worlds_searched(prior: str, **params) -> tuple[int, str]:
    """How many worlds a flat paired search of 16 worlds drew, and what it chose, where stopping wins at once
    and rolling loses only after a 1 and then some bad luck."""
    game = PolicyPig(players=2, target=20)
    state = PigState((15, 18), 5, 0, False)  # stopping wins at once
    drawn: list[int] = []

    def sample(rng):
        drawn.append(1)
        return state

    agent = ISMCTSAgent(seed=1, paired=True, iterations=None, flat=True, samples=16, prior_policy=prior,
                        prior_margin=1.0, **params)
    choice = agent.search(game, sample, 0, ["roll", "stop"])
    return len(drawn), choice


def test_a_clear_decision_spends_only_the_small_budget():
    # the prior stops, and rolling never does better than a sure win: nothing leads, search stops at 16
    assert worlds_searched("stop", more_samples=64) == (16, "stop")


def test_an_open_decision_goes_on_to_the_larger_budget_and_no_further():
    # 16 worlds show stopping ahead of the prior's roll, but not by the 1 SE it needs to be played
    assert worlds_searched("roll") == (16, "roll")
    # it leads by more than the open margin, so search goes on, 16 worlds at a time, and the larger budget
    # overturns the prior; it ends at the larger budget exactly, mid-batch if need be
    assert worlds_searched("roll", more_samples=64) == (64, "stop")
    assert worlds_searched("roll", more_samples=70) == (70, "stop")


def test_a_decision_is_open_while_an_action_leads_the_default_by_the_open_margin():
    agent = ISMCTSAgent(seed=1, paired=True, iterations=None, samples=4, more_samples=16, prior_policy="roll",
                        open_margin=1.0)
    default = [0.0, 1.0, 0.0, 1.0]
    behind = {"roll": default, "stop": [0.0, 0.0, 0.0, 0.0]}  # gains 0, -1, 0, -1
    level = {"roll": default, "stop": [1.0, 1.0, 0.0, 1.0]}  # gains 1, 0, 0, 0: mean 0.25, SE 0.25: 1 SE
    ahead = {"roll": default, "stop": [1.0, 1.0, 1.0, 1.0]}  # gains 1, 0, 1, 0: mean 0.5, SE 0.29: 1.7 SE
    assert not agent._goes_on(4, behind, "roll")
    assert not agent._goes_on(4, level, "roll")  # exactly the margin is not a lead
    assert agent._goes_on(4, ahead, "roll")
    assert agent._goes_on(6, behind, "roll")  # a batch begun is finished
    assert not agent._goes_on(16, ahead, "roll")  # the larger budget is spent


def test_more_samples_needs_samples_and_a_prior():
    with pytest.raises(ValueError, match="more_samples"):
        ISMCTSAgent(paired=True, iterations=10, prior_policy="roll", more_samples=64)
    with pytest.raises(ValueError, match="more_samples"):
        ISMCTSAgent(paired=True, samples=8, more_samples=64)
