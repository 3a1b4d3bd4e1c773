"""Gold Crown (Helen of Toy, 1966/1969): barons besiege a tyrant King's castle on the spinner.

The package is the rules and nothing else: ``mat`` (the board as data), ``spinner``, ``state``, ``setup``,
``notation``, ``rules/`` (one module per concern), ``report`` (the log), ``view``; the computer barons'
game knowledge lives in ``evaluation`` and ``planner``. RULES.md is the rulebook.
"""

from .game import GoldCrown

__all__ = ["GoldCrown"]
