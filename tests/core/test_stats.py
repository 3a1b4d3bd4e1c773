"""``clearly_better``: a paired comparison that sampling noise alone does not pass."""

from regalia.core.stats import clearly_better, is_open


def test_a_steady_gain_is_clearly_better_and_noise_or_a_loss_is_not():
    assert clearly_better([1.0, 1.1, 0.9, 1.0], [0.0, 0.1, 0.0, 0.1], margin=2.0)
    assert not clearly_better([1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0], margin=1.0)  # mean gain 0
    assert not clearly_better([0.0, 0.0, 0.1], [1.0, 1.0, 1.0], margin=0.0)  # a loss
    assert not clearly_better([5.0], [0.0], margin=0.0)  # one pair says nothing
    gains = [0.3, -0.1, 0.2, 0.0]  # mean 0.1, standard error ~0.0913
    best = [1 + g for g in gains]
    assert clearly_better(best, [1.0] * 4, margin=1.0)
    assert not clearly_better(best, [1.0] * 4, margin=1.2)


def test_a_choice_is_open_while_another_action_clearly_leads_the_default():
    outcomes = {"keep": [1.0, 1.0, 1.0, 1.0], "pass": [1.3, 0.9, 1.2, 1.0], "swap": [0.0, 0.0, 0.0, 0.0]}
    assert is_open(outcomes, "keep", margin=1.0)  # pass leads by ~1.1 SE
    assert not is_open(outcomes, "keep", margin=1.2)
    assert not is_open(outcomes, "pass", margin=0.0)  # nothing leads pass
    assert not is_open({"keep": [1.0, 1.0]}, "keep", margin=0.0)  # no other action
