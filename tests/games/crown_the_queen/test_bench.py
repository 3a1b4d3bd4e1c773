"""The benchmark harness runs (figures come from `regalia bench crown-the-queen`, never from tests)."""

from __future__ import annotations

from regalia.ai import load_agent
from regalia.bench.crown_the_queen import against_ceiling, game_api_steps_per_second, strength
from regalia.bench.crown_the_queen_ceiling import Oracle, standing_value
from regalia.games import load_game
from regalia.games.crown_the_queen import CrownTheQueen


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
    assert foreseen == standing_value(game, match.state, seat)
