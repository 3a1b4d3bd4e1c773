"""``clearly_better``: a paired comparison that sampling noise alone does not pass."""

from regalia.core.stats import clearly_better


def test_a_steady_gain_is_clearly_better_and_noise_or_a_loss_is_not():
    assert clearly_better([1.0, 1.1, 0.9, 1.0], [0.0, 0.1, 0.0, 0.1], margin=2.0)
    assert not clearly_better([1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0], margin=1.0)  # mean gain 0
    assert not clearly_better([0.0, 0.0, 0.1], [1.0, 1.0, 1.0], margin=0.0)  # a loss
    assert not clearly_better([5.0], [0.0], margin=0.0)  # one pair says nothing
    gains = [0.3, -0.1, 0.2, 0.0]  # mean 0.1, standard error ~0.0913
    best = [1 + g for g in gains]
    assert clearly_better(best, [1.0] * 4, margin=1.0)
    assert not clearly_better(best, [1.0] * 4, margin=1.2)
