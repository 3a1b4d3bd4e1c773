"""Round-robin tournaments and the Elo fit behind them."""

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.research.ratings import ELO, PairwiseScores, fit
from regalia.research.tournament import plan_round_robin, tournament


def test_round_robin_pairs_every_agent_and_rotates_the_seats():
    specs = plan_round_robin(["a", "b", "c"], players=2, games=4, seed=10)
    assert [s.seats for s in specs[:4]] == [("a", "b"), ("b", "a"), ("a", "b"), ("b", "a")]
    assert {frozenset(s.seats) for s in specs} == {frozenset(p) for p in (("a", "b"), ("a", "c"), ("b", "c"))}
    assert [s.seed for s in specs] == list(range(10, 22))
    three = plan_round_robin(["a", "b", "c"], players=3, games=3)
    assert [s.seats for s in three] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    with pytest.raises(ValueError, match="names an agent twice"):
        plan_round_robin(["a", "a"], 2, 2)
    with pytest.raises(ValueError, match="needs at least 3 agents"):
        plan_round_robin(["a", "b"], 3, 2)


def test_fit_recovers_a_known_elo_gap():
    """76% expected score is +200 Elo; 1000 games pin it within the interval, the interval near ±22."""
    scores = PairwiseScores(["random", "strong"])
    p = 1 / (1 + 10 ** (-200 / 400))
    wins = round(1000 * p)
    for k in range(1000):
        scores.add_match(["strong", "random"], [0] if k < wins else [1])
    strong, random = fit(scores)
    assert random.agent == "random" and random.elo == 0.0
    assert strong.low < 200 < strong.high
    assert strong.elo == pytest.approx(200, abs=5)
    assert 15 < (strong.high - strong.low) / 2 < 30


def test_fit_stays_finite_when_an_agent_wins_everything_and_counts_draws_as_halves():
    scores = PairwiseScores(["a", "b"])
    for _ in range(10):
        scores.add_match(["a", "b"], [0])
    a, _ = fit(scores, anchor=None)
    assert math.isfinite(a.elo) and a.elo > 0 and a.score == 1.0
    even = PairwiseScores(["a", "b"])
    for _ in range(6):
        even.add_match(["a", "b"], [])
    assert [r.elo for r in fit(even)] == pytest.approx([0.0, 0.0], abs=1e-6)
    assert even.share("a", "b") == 0.5


def test_multiplayer_match_counts_every_pair_of_seats():
    scores = PairwiseScores(["a", "b", "c"])
    scores.add_match(["a", "b", "c"], [1])
    assert scores.share("b", "a") == 1.0 and scores.share("b", "c") == 1.0
    assert scores.share("a", "c") == 0.5
    assert list(scores.matches) == [1, 1, 1]
    assert np.allclose(scores.wins + scores.wins.T, scores.games)


def test_tournament_ranks_the_known_strategies(pig_registered):
    result = tournament("pig", ["random", "hold-10", "hold-2"], 40, seed=3)
    order = [r.agent for r in result.ratings]
    assert order[0] == "hold-10" and result.matches == 120
    best = result.ratings[0]
    assert best.low > 0, "hold-10 is clearly stronger than random"
    assert result.to_dict()["pairwise"]["hold-10"]["random"] > 0.8
    assert ELO == pytest.approx(173.7178, rel=1e-5)


def test_tournament_command_prints_an_elo_table_and_json(pig_registered, tmp_path):
    runner = CliRunner()
    shown = runner.invoke(app, ["tournament", "pig", "--agents", "random,hold-10", "--games", "6"])
    assert shown.exit_code == 0, shown.output
    assert "Elo" in shown.output and "hold-10" in shown.output and "95% interval" in shown.output
    out = tmp_path / "t.jsonl"
    as_json = runner.invoke(app, ["tournament", "pig", "--agents", "random,hold-10", "--games", "6", "--json",
                                  "--workers", "2", "--out", str(out)])
    data = json.loads(as_json.stdout.strip().splitlines()[-1])
    assert data["matches"] == 6 and {r["agent"] for r in data["ratings"]} == {"random", "hold-10"}
    assert len(out.read_text().splitlines()) == 7
    bad = runner.invoke(app, ["tournament", "pig", "--agents", "random,grandmaster"])
    assert bad.exit_code == 2 and "unknown level 'grandmaster'" in bad.output
