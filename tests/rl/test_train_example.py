"""The example trainer learns: its win rate against random rises on a tiny budget (Pig, seconds)."""

import numpy as np

from regalia.games import REGISTRY
from regalia.rl.train_example import LinearPolicy, main, train
from tests.toys.encoded import EncodedPig


def test_untrained_policy_is_uniform_over_the_legal_actions_only():
    policy = LinearPolicy(features=3, actions=4)
    p = policy.probabilities(np.zeros(3, dtype=np.float32), np.array([1, 0, 1, 0], dtype=np.int8))
    assert p.tolist() == [0.5, 0.0, 0.5, 0.0]


def test_win_rate_against_random_rises_with_training():
    run = train(EncodedPig(), 300, batch=10, learning_rate=0.5, evaluation=100, stages=1, seed=1)
    before, after = run.stages[0].win_rate, run.stages[-1].win_rate
    assert 0.35 < before < 0.65, "untrained, the learner is the random player"
    assert after > before + 0.15
    assert run.improvement == after - before


def test_command_line_prints_the_win_rate_at_each_stage(capsys, monkeypatch):
    monkeypatch.setitem(REGISTRY, "pig", "tests.toys.encoded:EncodedPig")
    main(["pig", "--episodes", "20", "--batch", "10", "--evaluation", "10"])
    out = capsys.readouterr().out
    assert "after      0 episodes: win rate" in out and "after     20 episodes" in out
