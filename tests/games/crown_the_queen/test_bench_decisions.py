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


def test_a_peeking_world_holds_the_true_hands_it_sees_and_deals_the_others_from_their_own_cards():
    from collections import Counter

    from regalia.core.rng import Rng
    from regalia.games.crown_the_queen.cards import DECK

    match, seat = decisions.decision_points(1, seed=0, every=25)[3]
    state = match.state
    following = (seat + 1) % state.players
    others = [s for s in range(state.players) if s not in (seat, following)]
    rng = Rng("peek")
    worlds = [decisions.peek(state, seat, {following}, rng) for _ in range(20)]
    for world in worlds:
        assert world.hands[seat] == state.hands[seat] and world.hands[following] == state.hands[following]
        assert all(len(world.hands[s]) == len(state.hands[s]) for s in others)
        on_table = [*world.face_up, *(c for p in world.processions for c in p), *(c for h in world.hands for c in h),
                    *world.pack, *([world.passed] if world.passed else [])]
        assert Counter(on_table) == Counter(DECK)  # every card once: the others' hands and the pack share their cards
    assert any(world.hands[s] != state.hands[s] for world in worlds for s in others)  # those are dealt, not seen
    assert decisions.peek(state, seat, set(range(state.players)), Rng("all")).hands == state.hands


def test_sight_of_hands_is_a_variant_of_the_bench_and_its_name_is_checked():
    rows = decisions.quality({"hard": {}, "seeing every hand": {"sees": "hands"}}, "hard", rubbers=1, seed=0,
                             every=30, rollouts=8)
    assert [row["variant"] for row in rows] == ["hard", "seeing every hand"]
    assert rows[1]["decisions"] == rows[0]["decisions"] > 3 and 0.0 <= rows[1]["same choice"] <= 1.0
    with pytest.raises(ValueError, match="sees must be one of"):
        decisions.Peeking("x", sees="the pack")
