"""The Gold Battle: a medieval duel on an 11 x 11 board (Crimson Knights against Azure Lords).

Modules, each with one job: ``board`` (squares and neighbour tables), ``state`` (the immutable position),
``position`` (the one-line text form), ``rules`` (rules 1-10 and decision 2.4's resolution),
``notation`` (``e4-e5``, ``free d3``, ``pass``), ``why`` (the rule behind an illegal action),
``chronicle`` (the log), ``view`` (what the page shows), ``encoding`` (planes for learning agents),
``evaluation`` (the search heuristic) and ``game`` (all of it behind the core protocol).
"""

from .game import GoldBattle
from .position import START, format_position, parse_position

__all__ = ["GoldBattle", "START", "format_position", "parse_position"]
