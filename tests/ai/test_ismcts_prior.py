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
