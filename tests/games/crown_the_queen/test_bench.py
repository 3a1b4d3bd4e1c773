"""The benchmark harness runs (figures come from `regalia bench crown-the-queen`, never from tests)."""

from __future__ import annotations

from regalia.bench.crown_the_queen import game_api_steps_per_second, strength


def test_strength_harness_rotates_seats_and_counts_shares():
    row = strength("all-seeing", "random", 3, hero_params={"iterations": 5, "seconds": None})
    assert row["rubbers"] == 3 and 0 <= row["share"] <= 1 and row["fair"] == 1 / 3


def test_speed_harness_plays_whole_rubbers():
    row = game_api_steps_per_second(0.01)
    assert row["matches"] >= 1 and row["mean steps"] > 50
