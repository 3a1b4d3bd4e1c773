"""Why an action is not legal now: every refusal names, in words, the rule that forbids it.

A player reads these: they name the rule by its title ("Rolling & Locking", "Cannons", "Captain's Duel"),
never by a contributor's code (the KG-n decision each one applies is in the comments and RULES.md).

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
        return "Game end: the match is over"
    if phase in (ROLLOFF, THROW, COUNTER):
        return "the dice are in the air: wait for them to land"
    if phase == DEAL:
        return "Captain's Duel: the ability cards are being dealt"
    if action == TIMEOUT:
        return "Blackbeard's Blitz: only the turn clock calls time, and only in a Blitz"  # KG-20
    words = action.split()
    verb = words[0] if words else ""
    if phase == KEEP:
        if action in KEEP_ACTIONS:
            return "Captain's Duel: that card was not dealt to you"  # KG-22
        return "Captain's Duel: first keep one of your two dealt cards: keep 1 or keep 2"
    if phase == REACT:
        return _why_not_answer(state, action)
    if verb == "keep":
        return "Captain's Duel: cards are kept once, at the start of the match"
    if verb == "play":
        return _why_not_play(state, action)
    if action == PASS:
        return "Captain's Duel: pass answers a Curse or a theft; there is none to answer now"
    if action == ROLL:
        if phase in (ASSIGN, AIM):
            return "Resolving the dice: the dice are final; resolve them first"  # KG-5
        return "Rolling & Locking: only the first throw of a turn throws all five dice; throw again with reroll (e.g. reroll 2 5)"
    if verb == "reroll":
        return _why_not_reroll(state, words[1:])
    if action == STOP:
        if phase == READY:
            return "Rolling & Locking: throw the dice first (roll)"
        return "Resolving the dice: the dice are already final; resolve them"
    if verb == "crest":
        if phase != ASSIGN:
            return "Royal Crests: a Crest is assigned only after the dice are final, while it can pair with a Coin"  # KG-2
        return f"Royal Crests: a Crest is assigned with crest convert or crest shield, not {short(action)}"
    if verb == "fire":
        return _why_not_fire(state, words[1:])
    if verb in ("hold", "keep"):
        return "Rolling & Locking: holds are implied: reroll names the dice to throw again (reroll 2 5 holds all the others)"
    return f"{short(action)} is not King's Gold notation: {NOTATION_HELP}" + (
        f"; {DUEL_HELP}" if state.kept else "")


def _why_not_answer(state: KGState, action: str) -> str:
    who = NAMES[state.reacting]
    event = "the theft" if state.theft else "the Curse"
    card = CARD_BY_NAME.get(action[5:]) if action.startswith("play ") else None
    wanted = IRON_HULL if state.theft else SMUGGLER
    if card is not None and card != wanted:
        return (f"Captain's Duel: only the {'Iron Hull' if state.theft else 'Smuggler'} answers {event}; "
                f"{who} may also pass")
    if card == wanted:
        return f"Captain's Duel: {who} does not hold an unused {action[5:]}"
    return f"Captain's Duel: {who} answers {event}: play your card if it applies, or pass"


def _why_not_play(state: KGState, action: str) -> str:
    if not state.kept:
        return "Ability cards exist only in the Captain's Duel (mode duel)"
    name = action[5:]
    die = None
    if name.startswith("Powder Monkey "):
        name, die = "Powder Monkey", name[len("Powder Monkey "):]
    card = CARD_BY_NAME.get(name)
    if card is None:
        return f"Captain's Duel: there is no ability card {short(name)}"
    if state.phase != CHOOSE:
        if card in (SMUGGLER, IRON_HULL):
            return f"Captain's Duel: the {name} is a reaction: it is played when you are asked to answer"
        return f"Captain's Duel: the {name} is played while you are rolling (your turn, dice showing)"
    if card in (SMUGGLER, IRON_HULL):
        return f"Captain's Duel: the {name} is a reaction: it is played when you are asked to answer"
    seat = state.seat
    if state.kept[seat] == NO_CARD or state.kept[seat] != card:
        return f"Captain's Duel: you do not hold the {name}"
    if state.played[seat]:
        return "Captain's Duel: each ability card is used once"
    if card == POWDER_MONKEY:
        if die is None or die not in ("1", "2", "3", "4", "5"):
            return "Captain's Duel: name the Skull's die: play Powder Monkey 3"
        if state.dice[int(die) - 1] != SKULL:
            return f"Captain's Duel: the Powder Monkey re-throws a locked Skull; die {die} is not a Skull"
    if card in TURN_CARDS and die is not None:
        return f"Captain's Duel: play {name} names no die"
    return "Captain's Duel: that card cannot be played now"


def _why_not_reroll(state: KGState, numbers: list[str]) -> str:
    if state.phase == READY:
        return "Initial All-Die Roll: the turn begins by throwing all five dice (roll)"
    if state.phase != CHOOSE:
        return "Rolling & Locking: the dice are final once you stop; resolve them"
    if state.kept and rolling_over(state):
        return ("Royal Curse: three Skulls end the rolling" if state.skulls >= 3 else  # KG-6
                "Rolling & Locking: no throw is left (the Navigator gives a fourth)")
    if not numbers:
        return "Rolling & Locking: a re-roll throws at least one die"  # KG-15
    if not all(n in ("1", "2", "3", "4", "5") for n in numbers) or sorted(set(numbers)) != numbers:
        return "Rolling & Locking: name the dice to re-roll by number, 1 to 5, each once, in increasing order (reroll 2 5)"
    for n in numbers:
        if state.dice[int(n) - 1] == SKULL:
            return f"Rolling & Locking: a Skull is locked for the rest of the turn (die {n} shows a Skull)"
    return "Rolling & Locking: that re-roll is not allowed now"


def _why_not_fire(state: KGState, words: list[str]) -> str:
    if state.phase != AIM:
        return "Cannons: they are aimed after the Crests and the payout, when several opponents can be hit"  # KG-4, KG-5
    if len(words) != 1 or not words[0].isdigit() or int(words[0]) >= len(state.coins):
        return f"Cannons: fire at a captain by number: {_numbered(state)}"
    target = int(words[0])
    if target == state.seat:
        return "Cannons: a captain fires only at opponents"
    if state.eliminated[target]:
        return f"Total Mutiny: {NAMES[target]} is out of the match"  # KG-21
    if state.immune[target]:
        return f"Shields: {NAMES[target]}'s Shield protects him from your cannons for the rest of this turn"  # KG-3
    return f"Cannons: {NAMES[target]} has no standard coin to steal (doubloons cannot be stolen)"  # KG-4




def _numbered(state: KGState) -> str:
    """The captains ``fire N`` may name, by the number the notation gives them ("fire 1 for Ben")."""
    return ", ".join(f"fire {t} for {NAMES[t]}" for t in range(len(state.coins)) if t != state.seat)
