"""Ratings of players per game: Glicko-2 as lichess runs it, multiplayer matches counted pairwise, boards.

Pure functions over plain data: no clock (callers pass ``now``), no storage (see ``regalia.records``).
"""

from .glicko2 import LICHESS, PAPER, GlickoSystem, Outcome, Rating, expected_score, glicko2_update
from .leaderboard import Entry, LeaderboardPolicy, MyRank, Standing, leaderboard, rank_of
from .multiplayer import (
    computer_level,
    computer_player_id,
    is_computer,
    match_outcome,
    pairwise_games,
    placings,
    rate_match,
    seats_of,
)

__all__ = [
    "LICHESS", "PAPER", "Entry", "GlickoSystem", "LeaderboardPolicy", "MyRank", "Outcome", "Rating",
    "Standing", "computer_level", "computer_player_id", "expected_score", "glicko2_update", "is_computer",
    "leaderboard", "match_outcome", "pairwise_games", "placings", "rank_of", "rate_match", "seats_of",
]
