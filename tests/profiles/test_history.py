"""Match history entries, records per game, Crown the Queen rubbers."""

from datetime import UTC, datetime, timedelta

from regalia.profiles.history import (
    MatchEntry,
    RatingPoint,
    SeatLine,
    is_rubber,
    rating_series,
    rubbers,
)

T0 = datetime(2026, 11, 1, tzinfo=UTC)


def entry(match_id, game_id, outcome, extras=None, my_seats=(0,), before=None, after=None, minutes=0):
    seats = (SeatLine(0, "me", "Anne", 10, 1), SeatLine(1, "ai:x:hard", "Computer (hard)", 5, 2),
             SeatLine(2, "p2", "Mary", 3, 3))
    return MatchEntry(match_id, game_id, T0 + timedelta(minutes=minutes), seats, tuple(my_seats), outcome, True,
                      before, after, extras=extras or {})


def test_rating_change_and_opponents():
    e = entry("1", "kings-gold", "win", before=1500.0, after=1531.5)
    assert e.rating_change == 31.5 and e.opponents == ["Computer (hard)", "Mary"]
    assert entry("2", "kings-gold", "win").rating_change is None


def test_crown_the_queen_rubbers_from_the_players_seat():
    rubber = {"games": [[40, 100, 20], [100, 30, 50], [20, 10, 60]], "queens": [1, 1, 0]}
    single = {"games": [[40, 100, 20]], "queens": [0, 1, 0]}
    entries = [entry("r1", "crown-the-queen", "win", rubber, my_seats=(0,)),
               entry("s1", "crown-the-queen", "loss", single),
               entry("r2", "crown-the-queen", "loss", rubber, my_seats=(2,)),
               entry("k1", "kings-gold", "win")]
    assert [is_rubber(e) for e in entries] == [True, False, True, False]
    found = rubbers(entries)
    assert [(r.match_id, r.deals, r.total, r.queens, r.outcome) for r in found] == [
        ("r1", (40, 100, 20), 160, 1, "win"), ("r2", (20, 50, 60), 130, 0, "loss")]


def test_rating_series_in_time_order():
    pts = [RatingPoint(T0 + timedelta(days=2), 1510, 90), RatingPoint(T0, 1500, 100)]
    assert [p.rating for p in rating_series(pts)] == [1500, 1510]
