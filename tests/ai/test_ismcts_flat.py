"""Paired ISMCTS, flat (a root-only tree, every later decision the rollout policy's), with a budget of worlds
(``samples``) and rollouts that end where the game says (``horizon`` and the game's ``rollout_cut``)."""

from __future__ import annotations

import pytest

from regalia.ai import ismcts
from regalia.ai.ismcts import ISMCTSAgent
from tests.toys.pig import Pig, PigState

STOP_WINS = PigState((15, 18), 5, 0, False)
"""Seat 0 to move: stopping banks 20 and wins at once; rolling risks a 1."""


class PolicyPig(Pig):
    """Pig with a named policy (roll to 6 this turn, then stop) that counts its calls."""

    asked = 0

    def policy(self, name, state, seat, rng, **params):
        PolicyPig.asked += 1
        return "roll" if state.turn < 6 else "stop"


def search(game, state=STOP_WINS, **params) -> tuple[ISMCTSAgent, str]:
    agent = ISMCTSAgent(seed=1, paired=True, **params)
    return agent, agent.search(game, lambda rng: state, 0, game.legal_actions(state))


def test_flat_search_grows_no_node_below_the_root_actions(monkeypatch):
    made: list[object] = []

    class Counted(ismcts.Node):
        def __init__(self, players: int) -> None:
            super().__init__(players)
            made.append(self)

    monkeypatch.setattr(ismcts, "Node", Counted)
    game = PolicyPig(players=2, target=30)
    state = PigState((0, 0), 0, 0, False)
    search(game, state, iterations=40, flat=True, rollout_policy="to six")
    assert len(made) == 1 + 2  # the root and its two actions
    made.clear()
    search(game, state, iterations=40, rollout_policy="to six")
    assert len(made) > 3  # a tree grows below them


def test_flat_rollouts_ask_the_policy_for_every_decision_after_the_root():
    game = PolicyPig(players=2, target=30)
    PolicyPig.asked = 0
    agent, _ = search(game, PigState((0, 0), 0, 0, False), iterations=20, flat=True, rollout_policy="to six")
    # each rollout is many decisions until a seat reaches 30, all of them the policy's
    assert PolicyPig.asked > agent.last_iterations


def test_samples_bound_the_worlds_of_a_paired_search():
    game = Pig(players=2, target=20)
    worlds: list[int] = []

    def sample(rng):
        worlds.append(1)
        return STOP_WINS

    agent = ISMCTSAgent(seed=1, paired=True, iterations=None, samples=7, flat=True)
    agent.search(game, sample, 0, ["roll", "stop"])
    assert len(worlds) == 7 and agent.last_iterations == 14  # each world tried below both root actions


class CutPig(Pig):
    """Pig whose rollouts a cut ends at once: it scores a die in the air as a win for seat 0 (a made-up value
    that contradicts the game, so that only the cut can make search roll)."""

    starts: list[PigState] = []

    def rollout_cut(self, start, state):
        CutPig.starts.append(start)
        return [1.0, 0.0] if state.rolling else [0.0, 1.0]


def test_a_games_rollout_cut_ends_rollouts_with_its_values_only_with_horizon():
    game = CutPig(players=2, target=20)
    CutPig.starts = []
    _, action = search(game, iterations=20, flat=True, horizon=True)
    assert action == "roll"  # the cut's values decided
    assert CutPig.starts and all(start == STOP_WINS for start in CutPig.starts)  # cut from the searched world
    CutPig.starts = []
    _, action = search(game, iterations=200, flat=True)
    assert action == "stop" and not CutPig.starts  # without horizon the game plays out: stopping wins


def test_flat_search_and_samples_need_paired_search():
    with pytest.raises(ValueError, match="paired"):
        ISMCTSAgent(iterations=10, flat=True)
    with pytest.raises(ValueError, match="paired"):
        ISMCTSAgent(samples=10)
    ISMCTSAgent(iterations=None, samples=10, paired=True)  # samples alone are a budget
