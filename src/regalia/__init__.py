"""Regalia: a digital home for four royal tabletop games.

    >>> from regalia import load_game
    >>> match = load_game("kings-gold", players=2).new_match(seed=7)
"""

from regalia.core.errors import IllegalAction, RecordError, UnknownGame
from regalia.core.match import Match
from regalia.games import list_games, load_game

__version__ = "0.1.0"
__all__ = ["IllegalAction", "Match", "RecordError", "UnknownGame", "list_games", "load_game"]
