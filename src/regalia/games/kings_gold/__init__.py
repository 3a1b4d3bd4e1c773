"""King's Gold (2026 Edition): push-your-luck pirate dice for 2-6 captains, in three modes.

The package is the rulebook in code: ``game`` (the rules object), ``dice`` (the Pirate Dice and every
throw), ``state`` (the plain data of a match), ``notation`` (the action strings), ``rules`` (the turn
procedure, DECISIONS §4.4, the Blitz timeout and fast roll), ``cards`` and ``duel`` (the Captain's Duel's
ability cards, reactions and counter-cannon), ``hidden`` (the Duel's cards a seat cannot see, drawn anew),
``blitz`` (the referee's countdown arithmetic), ``explain`` (why an action is refused, naming the rule),
``scoring`` (§2.7, tie-breaks and badges), ``view`` (the Captain's Ledger), ``solver`` and ``heuristics``
(the computer captains). RULES.md is the rulebook for people.
"""

from .game import KingsGold
from .state import KGState

__all__ = ["KingsGold", "KGState"]
