"""Crown the Queen's benchmark harness runs (figures come from `regalia bench crown-the-queen`, never from
tests), and the research-only ceiling player kept under benchmarks/crown_the_queen/ still plays."""

from __future__ import annotations

from typing import Any

import pytest
from benchmarks.crown_the_queen.ceiling import Oracle, _ceiling

from regalia.ai import load_agent
from regalia.bench.crown_the_queen import (
    game_api_steps_per_second,
    ismcts_simulations_per_second,
    rubber_share,
    strength,
)
from regalia.games import load_game
from regalia.games.crown_the_queen import CrownTheQueen
from regalia.games.crown_the_queen.lookahead import standing


def test_strength_harness_rotates_seats_and_counts_shares():
    row = strength("hard", "random", 3, hero_params={"iterations": 5, "seconds": None})
    assert row["rubbers"] == 3 and 0 <= row["share"] <= 1 and row["fair"] == 1 / 3
    assert row["95% low"] <= row["share"] <= row["95% high"]
    assert row["field's share"] == (1 - row["share"]) / 2


def test_rubber_i_seats_the_hero_at_i_mod_3_whatever_the_first_rubber():
    """``--seed 2000`` plays rubbers 2000, 2001, ... with the hero in seats 2, 0, ...: the same rubbers as the
    ledger of hard against two mediums, which a run from another first rubber would not be."""
    row = strength("medium", "easy", 4, seed=2000)
    assert row["share"] == sum(rubber_share("medium", "easy", i) for i in range(2000, 2004)) / 4


def test_strength_on_two_workers_counts_the_same_rubbers_as_one():
    one = strength("medium", "easy", 6, seed=10)
    two = strength("medium", "easy", 6, seed=10, workers=2)
    assert one["share"] == two["share"]


def test_speed_harness_plays_whole_rubbers():
    row = game_api_steps_per_second(0.01)
    assert row["matches"] >= 1 and row["mean steps"] > 50


def test_the_oracle_plays_whole_rubbers_and_is_no_level():
    row = strength("oracle", "easy", 3, maker=lambda level, seed, field=None, **p: Oracle(seed=seed, model="easy"))
    assert row["rubbers"] == 3 and 0 <= row["share"] <= 1
    assert "oracle" not in CrownTheQueen.agent_levels() and "ceiling" not in CrownTheQueen.agent_levels()


def test_the_ceiling_with_hards_budget_plays_whole_rubbers():
    row = strength("ceiling", "random", 1, maker=_ceiling, hero_params={"samples": 4, "more_samples": 8})
    assert row["rubbers"] == 1 and 0 <= row["share"] <= 1


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
