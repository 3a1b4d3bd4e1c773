"""Captain's Duel (seed §2.6.3, KG-22): the ability cards in play, the reactions and the counter-cannon.

These are the Duel's pieces of the turn; ``rules`` calls them at the right moments::

    DEAL (chance, per captain) -> KEEP (each captain, secretly) -> roll-off -> turns as usual, where
      CHOOSE also offers `play <card>`, and when the rolling would end by itself a captain holding an
      unused card is asked once more (stop, or play it: a Navigator's 4th throw, a Powder Monkey...);
      a Curse on a captain with an unused card -> REACT (play Smuggler | pass);
      a theft not blocked by a Shield -> REACT of the defender if he holds an unused card
      (play Iron Hull | pass) -> COUNTER (chance: one die) -> hit, evade or return fire.

**The bluff is kept by asking uniformly.** Whether a captain is asked (the pause after the last throw, a
reaction) depends only on public facts (he still has an unused card), never on which card it is; the
legal actions then differ, but only the captain himself sees them. Nothing here reads the dealt cards of a
captain other than the one deciding.
"""

from __future__ import annotations

from .cards import (
    CARD_NAMES,
    IRON_HULL,
    MARQUE,
    NAVIGATOR,
    NO_CARD,
    POWDER_MONKEY,
    QUARTERMASTER,
    SMUGGLER,
    TURN_CARDS,
    parse_hand,
)
from .dice import CANNON, CREST, SKULL
from .notation import KEEP_ACTIONS, NAMES, PASS, STOP, play_action, rerolls
from .state import COUNTER, KEEP, REACT, ROLLOFF, THROW, KGState

Log = list[str] | None


def is_duel(state: KGState) -> bool:
    """The state of a Captain's Duel (only the Duel deals cards)."""
    return bool(state.kept)


def unused_card(state: KGState, seat: int) -> int:
    """The card ``seat`` still holds, or NO_CARD (never dealt, not kept yet, or already used)."""
    if not state.kept or state.played[seat]:
        return NO_CARD
    return state.kept[seat]


def may_answer(state: KGState, seat: int) -> bool:
    """A public fact: ``seat`` still has a card to use, so he is asked (whatever the card is)."""
    return bool(state.kept) and state.kept[seat] != NO_CARD and not state.played[seat]


def roll_limit(state: KGState) -> int:
    """Three throws (Rule 1), four under the Navigator (KG-22)."""
    return 4 if NAVIGATOR in state.effects else 3


def rolling_over(state: KGState) -> bool:
    """No more throws: the last throw is used or three Skulls are locked (Rule 1, KG-6)."""
    return state.skulls >= 3 or state.rolls >= roll_limit(state)


def pauses(state: KGState) -> bool:
    """When the rolling ends by itself, does the captain get a last word (an unused card: public)?"""
    return may_answer(state, state.seat)


def card_plays(state: KGState) -> list[str]:
    """The card the captain at the helm may use while rolling (KG-22)."""
    card = unused_card(state, state.seat)
    if card in TURN_CARDS:
        return [play_action(card)]
    if card == POWDER_MONKEY:
        return [play_action(card, slot) for slot, face in enumerate(state.dice) if face == SKULL]
    return []


def choices(state: KGState) -> list[str]:
    """CHOOSE in the Duel: stop, the re-rolls while throws are left, and the card."""
    throws = [] if rolling_over(state) else list(rerolls(tuple(i for i, f in enumerate(state.dice) if f != SKULL)))
    return [STOP, *throws, *card_plays(state)]


def reactions(state: KGState) -> list[str]:
    """REACT: pass, or the card that answers this event (Smuggler a Curse, Iron Hull a theft)."""
    card = unused_card(state, state.reacting)
    wanted = IRON_HULL if state.theft else SMUGGLER
    return [PASS, play_action(wanted)] if card == wanted else [PASS]


def keeper(state: KGState) -> int:
    """The captain to keep a card now (in seat order)."""
    return state.kept.index(NO_CARD)


# ----- setup: the deal and the keep -------------------------------------------------------------------


def dealt_cards(state: KGState) -> tuple[int, ...]:
    return tuple(c for hand in state.hands for c in hand)


def land_deal(state: KGState, action: str, log: Log) -> KGState:
    """A captain is dealt two cards (the outcome stays in the hidden chance record)."""
    seat = len(state.hands)
    hands = (*state.hands, parse_hand(dealt_cards(state))[action])
    if log is not None:
        log.append(f"{NAMES[seat]} is dealt two ability cards")
    return state._replace(hands=hands, phase=KEEP if len(hands) == len(state.kept) else state.phase)


def keep(state: KGState, action: str, log: Log) -> KGState:
    """``keep 1`` / ``keep 2``: a captain keeps one card secretly; the other is discarded unseen."""
    seat = keeper(state)
    kept = list(state.kept)
    kept[seat] = state.hands[seat][KEEP_ACTIONS.index(action)]
    if log is not None:
        log.append(f"{NAMES[seat]} keeps one card and discards the other, face down")
    state = state._replace(kept=tuple(kept))
    return state if NO_CARD in kept else state._replace(phase=ROLLOFF)


# ----- cards played while rolling ---------------------------------------------------------------------


def _spend(state: KGState, seat: int) -> KGState:
    played = list(state.played)
    played[seat] = True
    return state._replace(played=tuple(played))


def play_turn_card(state: KGState, action: str, log: Log) -> KGState:
    """Navigator, Quartermaster, Letter of Marque (in force for the turn) or the Powder Monkey (a throw)."""
    seat = state.seat
    card = state.kept[seat]
    state = _spend(state, seat)
    if log is not None:
        log.append(f"{NAMES[seat]} reveals and plays {CARD_NAMES[card]}: {_effect(card, action)}")
    if card == POWDER_MONKEY:
        slot = int(action.rsplit(" ", 1)[1]) - 1
        return state._replace(phase=THROW, throwing=(slot,), extra_throw=True)
    return state._replace(effects=(*state.effects, card))


def _effect(card: int, action: str) -> str:
    if card == POWDER_MONKEY:
        return f"the Skull of die {action.rsplit(' ', 1)[1]} is thrown again"
    return {NAVIGATOR: "a fourth throw this turn", QUARTERMASTER: "each plain Coin takes 2 coins this turn",
            MARQUE: "each Cannon steals 2 this turn"}[card]


def coins_per_coin(state: KGState) -> int:
    """Standard coins a plain Coin takes: 2 under the Quartermaster (KG-22), else 1 (Rule 2)."""
    return 2 if QUARTERMASTER in state.effects else 1


def coins_per_cannon(state: KGState) -> int:
    """Standard coins a Cannon steals: 2 under a Letter of Marque (KG-22), else 1 (KG-4)."""
    return 2 if MARQUE in state.effects else 1


# ----- thefts, reactions and the counter-cannon -------------------------------------------------------


def start_theft(state: KGState, target: int, take: int, broadside: bool, log: Log) -> KGState:
    """A theft would hit ``target`` (no Shield blocked it): he may answer, then throws the counter die."""
    if log is not None:
        log.append(f"{NAMES[target]} is under fire ({take} coin{'s' * (take > 1)} at stake)")
    state = state._replace(theft=take, broadside_theft=broadside, reacting=target)
    return state._replace(phase=REACT if may_answer(state, target) else COUNTER)


def start_curse_answer(state: KGState) -> KGState:
    """A Curse on a captain who still holds a card: he may answer (Smuggler) or pass."""
    return state._replace(phase=REACT, reacting=state.seat, theft=0)


def iron_hull(state: KGState, log: Log) -> KGState:
    """Iron Hull: the pending theft is cancelled (KG-22)."""
    seat = state.reacting
    if log is not None:
        log.append(f"{NAMES[seat]} reveals and plays Iron Hull: the theft is cancelled")
    return end_theft(_spend(state, seat))


def smuggler(state: KGState, log: Log) -> KGState:
    """Smuggler: no forfeit; the roll stays void and the Curse still counts as a Skull penalty (KG-22, KG-18)."""
    seat = state.seat
    if log is not None:
        log.append(f"Royal Curse! {NAMES[seat]} reveals and plays Smuggler: nothing is forfeited")
    state = _spend(state, seat).with_seat(seat, penalties=state.penalties[seat] + 1)
    return state._replace(reacting=-1)


def land_counter(state: KGState, face: int, coin_value: int, log: Log) -> KGState:
    """The counter-cannon die (KG-22): Cannon returns fire, Crest evades, Coin or Skull: the theft hits."""
    attacker, defender, take = state.seat, state.reacting, state.theft
    if face == CANNON:
        back = min(1, state.coins[attacker])
        if log is not None:
            got = "1 coin" if back else "nothing (no standard coin aboard)"
            log.append(f"Counter-cannon: Cannon! {NAMES[defender]} returns fire and takes {got} from "
                       f"{NAMES[attacker]}")
        state = state.with_seat(attacker, coins=state.coins[attacker] - back)
        state = state.with_seat(defender, coins=state.coins[defender] + back)
    elif face == CREST:
        if log is not None:
            log.append(f"Counter-cannon: Crest! {NAMES[defender]} evades")
    else:
        if log is not None:
            log.append(f"Counter-cannon: {'Coin' if face != SKULL else 'Skull'}. The shot hits: "
                       f"{NAMES[attacker]} takes {take} coin{'s' * (take > 1)} from {NAMES[defender]}")
        state = state.with_seat(defender, coins=state.coins[defender] - take)
        state = state.with_seat(attacker, coins=state.coins[attacker] + take)
        state = state._replace(gain=state.gain + take * coin_value)
    return end_theft(state)


def end_theft(state: KGState) -> KGState:
    """Back to the roller's resolution (``rules.after_theft`` goes on with the Cannons or ends the turn)."""
    return state._replace(theft=0, reacting=-1)
