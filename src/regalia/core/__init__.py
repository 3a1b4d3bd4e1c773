"""Game-agnostic engine core: the game protocol, matches, chance, records and the conformance kit."""

from .errors import IllegalAction, RecordError, UnknownGame
from .game import CHANCE, Game
from .match import Match
from .options import Option
from .rng import Rng

__all__ = ["CHANCE", "Game", "IllegalAction", "Match", "Option", "RecordError", "Rng", "UnknownGame"]
