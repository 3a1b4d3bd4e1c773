"""Leaderboards: lichess's cuts (games, live RD, recent play), ties, your own rank."""

from datetime import UTC, datetime, timedelta

from regalia.ratings.glicko2 import Rating
from regalia.ratings.leaderboard import LeaderboardPolicy, Standing, leaderboard, rank_of

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
RECENT = NOW - timedelta(hours=2)


def standing(pid, rating, rd=50.0, games=20, last=RECENT, name=None):
    return Standing(pid, name or pid, Rating(rating, rd, 0.06), games, last)


BOARD = [
    standing("anne", 1700),
    standing("bob", 1650),
    standing("cara", 1650, rd=48),
    standing("dan", 1900, rd=200),  # not yet stable
    standing("eve", 1800, games=1),  # too few games
    standing("finn", 2000, last=NOW - timedelta(days=45)),  # inactive
    standing("ai:kings-gold:hard", 1750),
]


def test_board_is_ordered_with_shared_ranks_and_cuts():
    rows = leaderboard(BOARD, NOW)
    assert [(e.rank, e.player_id) for e in rows] == [(1, "anne"), (2, "cara"), (2, "bob")]


def test_computers_only_when_asked():
    rows = leaderboard(BOARD, NOW, policy=LeaderboardPolicy(include_computers=True))
    assert [e.player_id for e in rows][:2] == ["ai:kings-gold:hard", "anne"]
    assert rows[0].is_computer


def test_top_limits_rows():
    assert len(leaderboard(BOARD, NOW, top=1)) == 1


def test_my_rank_and_why_not_ranked():
    assert rank_of("bob", BOARD, NOW).rank == 2
    assert rank_of("bob", BOARD, NOW).of == 3
    assert "not yet stable" in rank_of("dan", BOARD, NOW).reason
    assert rank_of("eve", BOARD, NOW).reason == "play 1 more rated game to be ranked"
    assert "last 30 days" in rank_of("finn", BOARD, NOW).reason
    assert rank_of("zed", BOARD, NOW).rating is None


def test_computer_level_is_placed_among_the_people():
    mine = rank_of("ai:kings-gold:hard", BOARD, NOW)
    assert mine.rank == 1 and mine.of == 4


def test_idle_player_drifts_off_as_live_rd_grows():
    edge = standing("gus", 1600, rd=72, last=NOW - timedelta(days=29))
    assert rank_of("gus", [edge], NOW).rank is None
    assert rank_of("gus", [edge], NOW - timedelta(days=29)).rank == 1
