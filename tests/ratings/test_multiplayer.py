"""Multiplayer matches counted pairwise; computer levels as rated players."""

import pytest

from regalia.ratings.glicko2 import LICHESS, Outcome, Rating
from regalia.ratings.multiplayer import (
    computer_level,
    computer_player_id,
    forfeited,
    is_computer,
    match_outcome,
    pairwise_games,
    placings,
    rate_match,
    seats_of,
)


def test_placings_winner_first_then_by_score_with_ties():
    result = {"winners": [2], "scores": [30, 10, 25, 30]}
    # the winner is first even below another's score (a game's tie-break may decide it)
    assert placings(result, 4) == [2, 4, 1, 2]


def test_placings_shared_win_ties_first():
    assert placings({"winners": [0, 2], "scores": [50, 20, 50]}, 3) == [1, 3, 1]


def test_placings_draw_ties_everyone_whatever_the_scores():
    assert placings({"winners": [], "scores": [3, 1]}, 2) == [1, 1]


def test_placings_a_game_may_state_them():
    assert placings({"winners": [1], "scores": [0, 0, 0], "placings": [3, 1, 2]}, 3) == [3, 1, 2]
    with pytest.raises(ValueError, match="placings"):
        placings({"winners": [1], "placings": [0, 1]}, 2)
    with pytest.raises(ValueError, match="not seats"):
        placings({"winners": [5], "scores": [1, 2]}, 2)


def test_pairwise_games_round_robin():
    games = pairwise_games(["a", "b", "c", "d"], [1, 2, 2, 4])
    assert games["a"] == [("b", 1.0), ("c", 1.0), ("d", 1.0)]
    assert games["b"] == [("a", 0.0), ("c", 0.5), ("d", 1.0)]
    assert games["d"] == [("a", 0.0), ("b", 0.0), ("c", 0.0)]


def test_same_player_in_two_seats_never_plays_itself():
    hard = computer_player_id("kings-gold", "hard")
    games = pairwise_games([hard, "p1", hard], [1, 2, 3])
    assert games[hard] == [("p1", 1.0), ("p1", 0.0)]
    assert games["p1"] == [(hard, 0.0), (hard, 1.0)]


def test_guest_seats_play_no_rated_game():
    games = pairwise_games(["p1", None, "p2"], [1, 2, 3])
    assert games == {"p1": [("p2", 1.0)], "p2": [("p1", 0.0)]}


def test_two_player_match_equals_one_glicko_game_each():
    a, b = Rating(1600, 80, 0.06), Rating(1500, 120, 0.06)
    after = rate_match({"a": a, "b": b}, ["a", "b"], placings({"winners": [1], "scores": [0, 1]}, 2))
    assert after["a"] == LICHESS.rate(a, [Outcome(b, 0.0)])
    assert after["b"] == LICHESS.rate(b, [Outcome(a, 1.0)])


def test_everyone_is_rated_against_pre_match_ratings_in_any_seat_order():
    ratings = {"a": Rating(1500, 100, 0.06), "b": Rating(1700, 60, 0.06), "c": Rating(1400, 200, 0.06)}
    one = rate_match(ratings, ["a", "b", "c"], [1, 2, 3])
    two = rate_match(ratings, ["c", "a", "b"], [3, 1, 2])
    assert one == two
    assert one["a"].rating > 1500 and one["c"].rating < 1400
    assert ratings["a"] == Rating(1500, 100, 0.06)


def test_newcomers_start_at_the_system_default_and_zero_sum_between_equals():
    after = rate_match({}, ["x", "y"], [1, 2])
    assert after["x"].rating - 1500 == pytest.approx(1500 - after["y"].rating)
    assert after["x"].rd < LICHESS.newcomer.rd


def test_player_alone_at_the_table_keeps_rating():
    r = Rating(1500, 100, 0.06)
    assert rate_match({"me": r}, ["me", "me"], [1, 2]) == {"me": r}


def test_computer_level_ids():
    pid = computer_player_id("kings-gold", "hard")
    assert pid == "ai:kings-gold:hard" and is_computer(pid) and not is_computer("p_123")
    assert computer_level(pid) == ("kings-gold", "hard")
    with pytest.raises(ValueError):
        computer_level("p_123")
    with pytest.raises(ValueError):
        computer_player_id("kings:gold", "hard")


def test_match_outcome_for_the_record():
    seats = ["a", "b", "c", "a"]
    assert seats_of("a", seats) == [0, 3]
    assert match_outcome(seats_of("a", seats), [3]) == "win"
    assert match_outcome(seats_of("b", seats), [0, 2]) == "loss"
    assert match_outcome(seats_of("b", seats), []) == "draw"


def test_a_forfeited_seat_finishes_last_and_its_win_passes_to_the_best_seat_that_was_there():
    # the computer won seat 0 for its gone person: seat 1 (second) is now first and the winner
    assert forfeited([1, 2, 3], [0], {0}) == ([3, 1, 2], [1])
    # a seat that was there and won keeps the win; the others keep their order
    assert forfeited([2, 1, 3, 4], [1], {0}) == ([4, 1, 2, 3], [1])
    # a shared win loses its forfeited seat; a drawn match stays drawn among the seats that were there
    assert forfeited([1, 1, 3], [0, 1], {1}) == ([1, 3, 2], [0])
    assert forfeited([1, 1, 1], [], {2}) == ([1, 1, 3], [])
    # nobody gone: nothing moves
    assert forfeited([2, 1], [1], set()) == ([2, 1], [1])


def test_several_forfeited_seats_are_level_whatever_the_computer_made_of_them():
    assert forfeited([1, 2, 3, 4], [0], {0, 2}) == ([3, 1, 3, 2], [1])
    assert forfeited([1, 2], [0], {0, 1}) == ([1, 1], [])
