"""Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system", 2013) and lichess's bounds."""

import math

import pytest

from regalia.ratings.glicko2 import (
    LICHESS,
    PAPER,
    SCALE,
    Outcome,
    Rating,
    _g,
    _improvement_sum,
    _new_volatility,
    _variance,
    expected_score,
    glicko2_update,
)

PLAYER = Rating(1500, 200, 0.06)
GAMES = [
    Outcome(Rating(1400, 30, 0.06), 1.0),
    Outcome(Rating(1550, 100, 0.06), 0.0),
    Outcome(Rating(1700, 300, 0.06), 0.0),
]


def test_paper_worked_example_final_rating():
    after = PAPER.rate(PLAYER, GAMES)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_paper_worked_example_intermediate_steps():
    # step 2: the Glicko-2 scale
    assert PLAYER.mu == 0 and PLAYER.phi == pytest.approx(1.1513, abs=1e-4)
    assert [o.opponent.mu for o in GAMES] == pytest.approx([-0.5756, 0.2878, 1.1513], abs=1e-4)
    # step 3: g and E per opponent, then v
    assert [_g(o.opponent.phi) for o in GAMES] == pytest.approx([0.9955, 0.9531, 0.7242], abs=1e-4)
    assert [expected_score(PLAYER, o.opponent) for o in GAMES] == pytest.approx([0.639, 0.432, 0.303], abs=1e-3)
    v = _variance(PLAYER.mu, GAMES)
    assert v == pytest.approx(1.7785, abs=1e-3)  # the paper sums g and E already rounded to 3-4 digits
    # step 4: delta
    delta = v * _improvement_sum(PLAYER.mu, GAMES)
    assert delta == pytest.approx(-0.4834, abs=1e-3)
    # step 5: sigma'
    sigma = _new_volatility(0.06, PLAYER.phi, v, delta, tau=0.5, tolerance=1e-6)
    assert sigma == pytest.approx(0.05999, abs=1e-5)
    # steps 6-7: phi* = 1.152862, phi' = 0.8722, mu' = -0.2069
    after = glicko2_update(PLAYER, GAMES, tau=0.5)
    assert math.sqrt(PLAYER.phi**2 + sigma**2) == pytest.approx(1.152862, abs=1e-4)
    assert after.phi == pytest.approx(0.8722, abs=1e-4)
    assert after.mu == pytest.approx(-0.2069, abs=1e-4)


def test_update_is_pure_and_order_free():
    before = Rating(1500, 200, 0.06)
    a = PAPER.rate(before, GAMES)
    b = PAPER.rate(before, list(reversed(GAMES)))
    assert before == Rating(1500, 200, 0.06)
    assert a.rating == pytest.approx(b.rating) and a.rd == pytest.approx(b.rd)


def test_period_without_games_only_grows_rd():
    after = glicko2_update(PLAYER, [], tau=0.5)
    assert after.rating == PLAYER.rating and after.volatility == PLAYER.volatility
    assert after.rd == pytest.approx(math.sqrt(PLAYER.phi**2 + 0.06**2) * SCALE)


def test_win_raises_loss_lowers_draw_between_equals_keeps():
    me = LICHESS.newcomer
    assert LICHESS.rate(me, [Outcome(me, 1.0)]).rating > me.rating
    assert LICHESS.rate(me, [Outcome(me, 0.0)]).rating < me.rating
    assert LICHESS.rate(me, [Outcome(me, 0.5)]).rating == pytest.approx(me.rating)


def test_upset_moves_more_than_expected_result():
    me, strong = Rating(1500, 80, 0.06), Rating(1900, 80, 0.06)
    upset = LICHESS.rate(me, [Outcome(strong, 1.0)]).rating - me.rating
    expected = me.rating - LICHESS.rate(me, [Outcome(strong, 0.0)]).rating
    assert upset > 5 * expected


def test_lichess_bounds_rd_volatility_and_floor():
    many_draws = [Outcome(Rating(1500, 45, 0.06), 0.5)] * 20
    assert PAPER.rate(Rating(1500, 50, 0.01), many_draws).rd < 45
    assert LICHESS.rate(Rating(1500, 50, 0.01), many_draws).rd == 45.0
    bottom = Rating(410, 300, 0.2)
    after = LICHESS.rate(bottom, [Outcome(Rating(410, 50, 0.06), 0.0)])
    assert after.rating == 400.0 and after.volatility <= 0.1
    assert LICHESS.newcomer == Rating(1500, 500, 0.09)


def test_live_rd_grows_with_idle_days_like_lichess():
    # lila: ratingPeriodsPerDay is "chosen so a typical player's RD goes from 60 -> 110 in 1 year"
    typical = Rating(1800, 60, 0.06)
    assert LICHESS.live(typical, 365).rd == pytest.approx(110, abs=5)
    assert LICHESS.live(typical, 0) == typical
    assert LICHESS.live(Rating(1500, 490, 0.09), 10_000).rd == 500.0


def test_provisional_threshold():
    assert LICHESS.is_provisional(LICHESS.newcomer)
    assert not LICHESS.is_provisional(Rating(1500, 109, 0.06))


def test_bad_score_is_rejected():
    with pytest.raises(ValueError, match="1 \\(win\\), 0.5 \\(draw\\) or 0 \\(loss\\)"):
        Outcome(PLAYER, 2.0)
