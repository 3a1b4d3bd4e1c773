"""Why an action is not legal now: every refusal names the rule (or decision) that forbids it.

The match calls this only after an action failed the legality check, so it may take its time; it must
accept any garbage (None, bytes, huge strings) and never raise.
"""

from __future__ import annotations

from regalia.core.game import short

from .dice import SKULL
from .notation import NAMES, ROLL, STOP
from .state import AIM, ASSIGN, CHOOSE, OVER, READY, ROLLOFF, THROW, KGState

NOTATION_HELP = "actions are roll, reroll 2 5, stop, crest convert, crest shield, fire N"


def why_illegal(state: KGState, action: object) -> str:
    """The rule that forbids ``action`` now (any garbage accepted)."""
    phase = state.phase
    if not isinstance(action, str):
        return f"{short(action)} is not an action: {NOTATION_HELP}"
    if phase == OVER:
        return "§2.8: the match is over"
    if phase in (ROLLOFF, THROW):
        return "the dice are in the air: wait for them to land"
    words = action.split()
    verb = words[0] if words else ""
    if action == ROLL:
        if phase in (ASSIGN, AIM):
            return "KG-5: the dice are final; resolve them first"
        return "Rule 1: only the first throw of a turn throws all five dice; throw again with reroll (e.g. reroll 2 5)"
    if verb == "reroll":
        return _why_not_reroll(state, words[1:])
    if action == STOP:
        if phase == READY:
            return "Rule 1: throw the dice first (roll)"
        return "KG-5: the dice are already final; resolve them"
    if verb == "crest":
        if phase != ASSIGN:
            return "KG-2: a Crest is assigned only after the dice are final, while it can pair with a Coin"
        return f"KG-2: a Crest is assigned with crest convert or crest shield, not {short(action)}"
    if verb == "fire":
        return _why_not_fire(state, words[1:])
    if verb in ("hold", "keep"):
        return "Rule 1: holds are implied: reroll names the dice to throw again (reroll 2 5 holds all the others)"
    return f"{short(action)} is not King's Gold notation: {NOTATION_HELP}"


def _why_not_reroll(state: KGState, numbers: list[str]) -> str:
    if state.phase == READY:
        return "§2.4 Phase 1: the turn begins by throwing all five dice (roll)"
    if state.phase != CHOOSE:
        return "Rule 1: the dice are final once you stop; resolve them"
    if not numbers:
        return "KG-15: at least one die must be rolled"
    if not all(n in ("1", "2", "3", "4", "5") for n in numbers) or sorted(set(numbers)) != numbers:
        return "Rule 1: name the dice to re-roll by number, 1 to 5, each once, in increasing order (reroll 2 5)"
    for n in numbers:
        if state.dice[int(n) - 1] == SKULL:
            return f"Rule 1: a Skull is locked for the rest of the turn (die {n} shows a Skull)"
    return "Rule 1: that re-roll is not allowed now"


def _why_not_fire(state: KGState, words: list[str]) -> str:
    if state.phase != AIM:
        return "KG-4: Cannons are aimed after the Crests and the payout, when several opponents can be hit"
    if len(words) != 1 or not words[0].isdigit() or int(words[0]) >= len(state.coins):
        return f"KG-4: fire at a seat number, 0 to {len(state.coins) - 1} (fire 1)"
    target = int(words[0])
    if target == state.seat:
        return "KG-4: a captain fires only at opponents"
    if state.eliminated[target]:
        return f"KG-21: {NAMES[target]} is out of the match"
    if state.immune[target]:
        return f"KG-3: {NAMES[target]}'s Shield protects him from your cannons for the rest of this turn"
    return f"KG-4: {NAMES[target]} has no standard coin to steal (doubloons cannot be stolen)"


