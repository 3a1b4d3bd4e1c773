"""The benchmark harness runs (figures come from `regalia bench crown-the-queen`, never from tests)."""

from __future__ import annotations

from regalia.bench.crown_the_queen import against_ceiling, game_api_steps_per_second, strength


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
