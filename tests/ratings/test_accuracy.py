"""The ladder finds strength: simulated players with known strengths (the ``regalia bench ratings`` model)."""

import pytest

from regalia.bench.ratings import _plackett_luce, _spearman, ladder_accuracy
from regalia.core.rng import Rng


def test_spearman_sanity():
    assert _spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert _spearman([1, 2, 3, 4], [40, 30, 20, 10]) == pytest.approx(-1.0)


def test_plackett_luce_favours_the_stronger():
    rng = Rng("pl")
    firsts = sum(_plackett_luce([1800.0, 1200.0], rng)[0] == 0 for _ in range(400))
    assert firsts > 360  # expected 400 * 1/(1 + 10^-1.5) = 387


def test_pairwise_counting_sorts_players_better_than_winner_only():
    runs = [ladder_accuracy(f"t{i}", pool=24, matches_each=8) for i in range(3)]
    pairwise = sum(r["pairwise"] for r in runs) / 3
    winner_only = sum(r["winner only"] for r in runs) / 3
    assert pairwise > 0.8 and pairwise > winner_only
