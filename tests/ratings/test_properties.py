"""Properties of the rating maths over many generated cases (hypothesis, fixed derandomized seed)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regalia.ratings.glicko2 import LICHESS, Outcome, Rating
from regalia.ratings.multiplayer import pairwise_games, rate_match

ratings = st.builds(Rating, st.floats(600, 2600), st.floats(45, 500), st.floats(0.04, 0.1))
fast = settings(max_examples=150, derandomize=True, deadline=None)


@fast
@given(ratings, st.lists(st.tuples(ratings, st.sampled_from([0.0, 0.5, 1.0])), min_size=1, max_size=6))
def test_update_stays_in_bounds(me, games):
    after = LICHESS.rate(me, [Outcome(o, s) for o, s in games])
    assert 400 <= after.rating and 45 <= after.rd <= 500 and 0 < after.volatility <= 0.1


@fast
@given(ratings, ratings)
def test_win_never_lowers_and_loss_never_raises(me, other):
    assert LICHESS.rate(me, [Outcome(other, 1.0)]).rating >= me.rating
    assert LICHESS.rate(me, [Outcome(other, 0.0)]).rating <= max(me.rating, LICHESS.min_rating)


@fast
@given(ratings, st.floats(-400, 400))
def test_a_game_against_a_near_opponent_narrows_the_rd(me, gap):
    # (against someone 1000 points away a result says almost nothing, and step 6's growth can win)
    settled, other = Rating(me.rating, 200, 0.06), Rating(me.rating + gap, 100, 0.06)
    assert LICHESS.rate(settled, [Outcome(other, 0.5)]).rd < settled.rd


@fast
@given(st.lists(st.integers(1, 4), min_size=2, max_size=6))
def test_pairwise_scores_are_zero_sum_per_pair(places):
    seats = [f"p{i}" for i in range(len(places))]
    games = pairwise_games(seats, places)
    total = sum(score for player_games in games.values() for _, score in player_games)
    assert total == len(places) * (len(places) - 1) / 2
    for a in seats:
        for b, score in games[a]:
            assert (a, 1 - score) in games[b]


@fast
@given(st.lists(ratings, min_size=2, max_size=6), st.data())
def test_rate_match_ignores_seat_order(rs, data):
    seats = [f"p{i}" for i in range(len(rs))]
    places = data.draw(st.lists(st.integers(1, len(rs)), min_size=len(rs), max_size=len(rs)))
    order = data.draw(st.permutations(range(len(rs))))
    before = dict(zip(seats, rs, strict=True))
    one = rate_match(before, seats, places)
    two = rate_match(before, [seats[i] for i in order], [places[i] for i in order])
    for player in seats:  # equal up to the order of a floating-point sum
        assert one[player].rating == pytest.approx(two[player].rating, abs=1e-9)
        assert one[player].rd == pytest.approx(two[player].rd, abs=1e-9)
