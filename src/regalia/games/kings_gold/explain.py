"""Why an action is not legal now: every refusal names the rule (or decision) that forbids it.

The match calls this only after an action failed the legality check, so it may take its time; it must
accept any garbage (None, bytes, huge strings) and never raise.
"""

from __future__ import annotations

from regalia.core.game import short

from .cards import CARD_BY_NAME, IRON_HULL, NO_CARD, POWDER_MONKEY, SMUGGLER, TURN_CARDS
from .dice import SKULL
from .duel import rolling_over
from .notation import KEEP_ACTIONS, NAMES, PASS, ROLL, STOP, TIMEOUT
from .state import AIM, ASSIGN, CHOOSE, COUNTER, DEAL, KEEP, OVER, REACT, READY, ROLLOFF, THROW, KGState

NOTATION_HELP = "actions are roll, reroll 2 5, stop, crest convert, crest shield, fire N"
DUEL_HELP = "in the Captain's Duel also keep 1, keep 2, play <card>, pass"


def why_illegal(state: KGState, action: object) -> str:
    """The rule that forbids ``action`` now (any garbage accepted)."""
    phase = state.phase
    if not isinstance(action, str):
        return f"{short(action)} is not an action: {NOTATION_HELP}"
    if phase == OVER:
        return "§2.8: the match is over"
    if phase in (ROLLOFF, THROW, COUNTER):
        return "the dice are in the air: wait for them to land"
    if phase == DEAL:
        return "KG-22: the ability cards are being dealt"
    if action == TIMEOUT:
        return "KG-20: only the referee's clock calls time, and only in Blackbeard's Blitz"
    words = action.split()
    verb = words[0] if words else ""
    if phase == KEEP:
        if action in KEEP_ACTIONS:
            return "KG-22: that card was not dealt to you"
        return "KG-22: first keep one of your two dealt cards: keep 1 or keep 2"
    if phase == REACT:
        return _why_not_answer(state, action)
    if verb == "keep":
        return "KG-22: cards are kept once, at the start of a Captain's Duel"
    if verb == "play":
        return _why_not_play(state, action)
    if action == PASS:
        return "KG-22: pass answers a Curse or a theft; there is none to answer now"
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
    return f"{short(action)} is not King's Gold notation: {NOTATION_HELP}" + (
        f"; {DUEL_HELP}" if state.kept else "")


def _why_not_answer(state: KGState, action: str) -> str:
    who = NAMES[state.reacting]
    event = "the theft" if state.theft else "the Curse"
    card = CARD_BY_NAME.get(action[5:]) if action.startswith("play ") else None
    wanted = IRON_HULL if state.theft else SMUGGLER
    if card is not None and card != wanted:
        return (f"KG-22: only the {'Iron Hull' if state.theft else 'Smuggler'} answers {event}; "
                f"{who} may also pass")
    if card == wanted:
        return f"KG-22: {who} does not hold an unused {action[5:]}"
    return f"KG-22: {who} answers {event}: play your card if it applies, or pass"


def _why_not_play(state: KGState, action: str) -> str:
    if not state.kept:
        return "§2.6.3: ability cards exist only in the Captain's Duel (mode duel)"
    name = action[5:]
    die = None
    if name.startswith("Powder Monkey "):
        name, die = "Powder Monkey", name[len("Powder Monkey "):]
    card = CARD_BY_NAME.get(name)
    if card is None:
        return f"KG-22: there is no ability card {short(name)}"
    if state.phase != CHOOSE:
        if card in (SMUGGLER, IRON_HULL):
            return f"KG-22: the {name} is a reaction: it is played when you are asked to answer"
        return f"KG-22: the {name} is played while you are rolling (your turn, dice showing)"
    if card in (SMUGGLER, IRON_HULL):
        return f"KG-22: the {name} is a reaction: it is played when you are asked to answer"
    seat = state.seat
    if state.kept[seat] == NO_CARD or state.kept[seat] != card:
        return f"KG-22: you do not hold the {name}"
    if state.played[seat]:
        return "KG-22: each ability card is used once"
    if card == POWDER_MONKEY:
        if die is None or die not in ("1", "2", "3", "4", "5"):
            return "KG-22: name the Skull's die: play Powder Monkey 3"
        if state.dice[int(die) - 1] != SKULL:
            return f"KG-22: the Powder Monkey re-throws a locked Skull; die {die} is not a Skull"
    if card in TURN_CARDS and die is not None:
        return f"KG-22: play {name} names no die"
    return "KG-22: that card cannot be played now"


def _why_not_reroll(state: KGState, numbers: list[str]) -> str:
    if state.phase == READY:
        return "§2.4 Phase 1: the turn begins by throwing all five dice (roll)"
    if state.phase != CHOOSE:
        return "Rule 1: the dice are final once you stop; resolve them"
    if state.kept and rolling_over(state):
        return ("KG-6: three Skulls end the rolling" if state.skulls >= 3 else
                "Rule 1: no throw is left (the Navigator gives a fourth, KG-22)")
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


