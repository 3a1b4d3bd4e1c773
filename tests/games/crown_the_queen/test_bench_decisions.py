"""The decision-quality bench: true-state values of each legal action, and variants credited by them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from regalia.bench import crown_the_queen_decisions as decisions


def test_decision_points_are_copies_at_choices_of_medium_self_play():
    points = decisions.decision_points(1, seed=0, every=10)
    assert 10 <= len(points) <= 30  # about 190 choices a rubber, every tenth kept
    match, seat = points[3]
    assert match.to_move == seat and len(match.legal_actions()) > 1
    before = match.steps
    assert points[4][0].steps > before  # later points are later positions, not the same match moved on


def test_action_values_are_reproducible_standings_for_every_legal_action():
    match, seat = decisions.decision_points(1, seed=0, every=25)[2]
    values = decisions.action_values(match, seat, rollouts=8, seed="q:test")
    assert set(values) == set(match.legal_actions())
    assert all(0.0 <= v <= 1.0 for v in values.values())
    assert decisions.action_values(match, seat, rollouts=8, seed="q:test") == values


def test_random_choices_are_credited_clearly_less_than_medium_s():
    rows = decisions.quality({"medium": {}, "random": {"level": "random"}}, "medium", rubbers=2, seed=0,
                             every=5, rollouts=16)
    medium, random = rows
    assert medium["decisions"] == random["decisions"] > 40
    assert random["regret"] > medium["regret"]
    assert random["gain"] + 2 * random["paired SE"] < 0  # worse by more than two paired standard errors
    assert random["same choice"] < 0.6


def test_the_cache_serves_the_same_values_and_is_redone_for_other_positions(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch):
    points = decisions.decision_points(1, seed=0, every=40)
    cache = tmp_path / "q.json"
    values = decisions.all_action_values(points, 4, "key", cache)
    assert json.loads(cache.read_text())["key"] == "key"

    def no_rollouts(*args: object) -> dict[str, float]:
        raise AssertionError("the cache should have served these")

    monkeypatch.setattr(decisions, "action_values", no_rollouts)
    assert decisions.all_action_values(points, 4, "key", cache) == values
    with pytest.raises(AssertionError):
        decisions.all_action_values(points, 4, "other key", cache)
