"""The benchmark harness runs (figures come from `regalia bench crown-the-queen`, never from tests)."""

from __future__ import annotations

from typing import Any

import pytest

from regalia.ai import load_agent
from regalia.bench.crown_the_queen import (
    against_ceiling,
    belief_accuracy,
    game_api_steps_per_second,
    ismcts_simulations_per_second,
    paired,
    strength,
)
from regalia.bench.crown_the_queen_ceiling import Oracle
from regalia.games import load_game
from regalia.games.crown_the_queen import CrownTheQueen
from regalia.games.crown_the_queen.lookahead import standing


def test_strength_harness_rotates_seats_and_counts_shares():
    row = strength("all-seeing", "random", 3, hero_params={"iterations": 5, "seconds": None})
    assert row["rubbers"] == 3 and 0 <= row["share"] <= 1 and row["fair"] == 1 / 3


def test_speed_harness_plays_whole_rubbers():
    row = game_api_steps_per_second(0.01)
    assert row["matches"] >= 1 and row["mean steps"] > 50


def test_ceiling_harness_plays_hard_and_the_all_seeing_player_on_the_same_rubbers():
    row = against_ceiling("random", 2, hero_params={"iterations": 4, "seconds": None})
    assert row["rubbers"] == 2 and 0 <= row["hard"] <= 1 and 0 <= row["all-seeing"] <= 1


def test_the_cheap_all_seeing_player_plays_whole_rubbers():
    row = strength("all-seeing-medium", "medium", 3)
    assert row["rubbers"] == 3 and 0 <= row["share"] <= 1


def test_the_oracle_plays_whole_rubbers_and_is_no_level():
    row = strength("oracle", "easy", 3)
    assert row["rubbers"] == 3 and 0 <= row["share"] <= 1
    assert "oracle" not in CrownTheQueen.agent_levels()


def test_the_oracle_foresees_the_match_exactly():
    """Its rollouts replay the match's own chance stream: the true future, not a sample of it."""
    game = load_game("crown-the-queen", players=3)
    match = game.new_match(seed=7)
    oracle = Oracle(seed=1, model="medium", base="medium")
    mediums = [load_agent("crown-the-queen", "medium", seed=s) for s in range(3)]
    seat = match.to_move
    foreseen = oracle._value(game, match.state, mediums[seat].choose(match), match._rng.state, seat, 1)
    finished = len(match.state.results)
    while len(match.state.results) == finished:
        match.play(mediums[match.to_move].choose(match))
    assert foreseen == standing(match.state, seat)


def test_paired_harness_plays_every_variant_on_the_same_rubbers():
    row = paired({"a": {"iterations": 4, "seconds": None}, "b": {"iterations": 6, "seconds": None}}, "hard", "easy", 2)
    assert row["rubbers"] == 2 and 0 <= row["a"] <= 1 and 0 <= row["b"] <= 1
    assert isinstance(row["b better"], bool)
    same = paired({"a": {}, "again": {}}, "medium", "easy", 3)
    assert same["a"] == same["again"] and same["again - a"] == 0  # same seeds, same play


def test_belief_harness_counts_cards_right():
    row = belief_accuracy(1, worlds=2)
    assert row["decisions"] > 0
    assert 0 <= row["uniform: cards right of 6"] <= 6 and 0 <= row["belief: cards right of 6"] <= 6


def first_choice_with_spied_streams(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, int, list[str], list[int]]:
    """The first decision with a choice in a medium self-play match, and the list every stream the oracle's
    rollouts use is recorded in."""
    game = load_game("crown-the-queen", players=3)
    mediums = [load_agent("crown-the-queen", "medium", seed=s) for s in range(3)]
    match = game.new_match(seed=11)
    while len(match.legal_actions()) < 2:
        match.play(mediums[match.to_move].choose(match))
    used: list[int] = []
    rollout = Oracle._value

    def spy(self, game, state, action, stream, seat, depth):  # type: ignore[no-untyped-def]
        used.append(stream)
        return rollout(self, game, state, action, stream, seat, depth)

    monkeypatch.setattr(Oracle, "_value", spy)
    return match, match.to_move, match.legal_actions(), used


def test_the_pack_blind_ceiling_never_reads_the_matchs_chance_stream(monkeypatch):
    """With ``samples`` the oracle sees every hand and the pack's cards, never the draws to come: its rollouts
    run on streams of its own (never the match's), so the same state behind another generator gives the
    same choice."""
    match, seat, legal, used = first_choice_with_spied_streams(monkeypatch)
    choices = set()
    for stream in (1, 2**40 + 3, 2**63 - 5):
        match._rng.state = stream
        choices.add(Oracle(seed=1, model="medium", samples=8).choose_seeing(match, seat, legal))
        assert stream not in used
    assert len(choices) == 1 and len(used) == 3 * 8 * len(legal)
    used.clear()
    Oracle(seed=1, model="medium").choose_seeing(match, seat, legal)  # the foreseeing oracle: the match's own
    assert set(used) == {match._rng.state}
    row = strength("oracle", "medium", 2, hero_params={"samples": 4})
    assert row["rubbers"] == 2 and 0 <= row["share"] <= 1


def test_the_pack_blind_oracle_draws_more_streams_only_while_its_choice_is_open(monkeypatch):
    """With ``more_samples`` the oracle spends hard's sequential budget: ``samples`` streams, then as many
    again at a time up to ``more_samples``, only while some action leads the base's choice by ``open_margin``."""
    match, seat, legal, used = first_choice_with_spied_streams(monkeypatch)

    def streams(**params: Any) -> int:
        used.clear()
        Oracle(seed=1, model="race", samples=4, margin=1.0, more_samples=10, **params).choose_seeing(
            match, seat, legal)
        assert len(used) % len(legal) == 0
        return len(used) // len(legal)

    assert streams(open_margin=1e9) == 4  # never open: the small budget
    assert streams(open_margin=0.0) == 10  # open at any lead, and here one action leads: 4, 8, then 2 more
    assert streams() in (4, 8, 10)


def test_search_speed_harness_times_hards_flat_search_and_a_tree_with_random_rollouts():
    hard = ismcts_simulations_per_second(0.05)
    assert hard["engine"] == "regalia ISMCTS (flat, race rollouts to the deal's end)" and hard["simulations/s"] > 0
    tree = ismcts_simulations_per_second(0.05, rollout_policy=None, rollout_depth=None, flat=False, horizon=False)
    assert tree["engine"] == "regalia ISMCTS (random rollouts to depth None)" and tree["simulations/s"] > 0
