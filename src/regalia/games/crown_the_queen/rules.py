"""The turn of §3.2 as pure functions: every function returns a new state and leaves its input alone.

Notation (see RULES.md): chance outcomes are ``dealer 2`` (who deals the first game, CQ-6) and card names
(a card dealt or drawn from the centre pack); a seat plays ``swap`` or ``keep`` (rule 7) and
``pass CARD`` (rules 4-6). Laying is automatic (§3.2): whenever the seat on turn holds a card its
procession accepts, it is laid, then a card is drawn (rule 5).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from regalia.core.game import short

from .cards import CARD_NAMES, DECK, HAND_SIZE, QUEEN, points, wanted, with_card, without
from .state import ACQUIRE, DEAL, DEALER, DRAW, OVER, PASS, QueenState

SWAP, KEEP, PASS_PREFIX = "swap", "keep", "pass "
RUBBER_GAMES = 3
"""Rule 1: three games make a rubber."""


def new_rubber(players: int, games: int = RUBBER_GAMES) -> QueenState:
    """Before anything: chance chooses the first dealer (CQ-6)."""
    empty = ((),) * players
    return QueenState(DEALER, 0, -1, 0, empty, empty, (), DECK, games=games)


def new_game(state: QueenState, game: int, dealer: int) -> QueenState:
    """A fresh deal: cards collected and reshuffled (CQ-6), dealing starts left of the dealer (rule 3)."""
    n = state.players
    empty = ((),) * n
    return QueenState(DEAL, game, dealer, (dealer + 1) % n, empty, empty, (), DECK,
                      results=state.results, ending=state.ending, games=state.games,
                      last_processions=state.last_processions)


# ----- chance ------------------------------------------------------------------------------------------

def chance_outcomes(state: QueenState) -> list[tuple[str, float]]:
    if state.step == DEALER:
        return [(f"dealer {s}", 1 / state.players) for s in range(state.players)]
    counts = Counter(state.pack)
    size = len(state.pack)
    return [(card, counts[card] / size) for card in CARD_NAMES if counts[card]]


def apply_chance(state: QueenState, outcome: str) -> QueenState:
    if state.step == DEALER:
        return new_game(state, 0, int(outcome.split()[1]))
    pack = without(state.pack, outcome)
    hand = with_card(state.hands[state.turn], outcome)
    if state.step == DEAL:
        hands = _replace_at(state.hands, state.turn, hand)
        dealt = state.dealt + 1
        n = state.players
        if dealt < HAND_SIZE * n:
            return state._replace(hands=hands, pack=pack, dealt=dealt, turn=(state.dealer + 1 + dealt) % n)
        # Rule 4: the player left of the dealer begins by taking the top card of the centre pack.
        return state._replace(step=DRAW, hands=hands, pack=pack, dealt=dealt, turn=(state.dealer + 1) % n)
    return lay(state, hand, pack=pack, took=True)


# ----- the seat's choices ------------------------------------------------------------------------------

def legal_actions(state: QueenState) -> list[str]:
    if state.step == ACQUIRE:
        return [SWAP, KEEP]
    if state.step == PASS:
        return [PASS_PREFIX + card for card in dict.fromkeys(state.hands[state.turn])]
    return []


def apply_action(state: QueenState, action: str) -> QueenState:
    if state.step == ACQUIRE:
        assert state.passed is not None
        if action == SWAP:
            # Rule 7: the passed card goes face up; the top pack card is taken instead.
            return state._replace(step=DRAW, face_up=(*state.face_up, state.passed), passed=None)
        hand = with_card(state.hands[state.turn], state.passed)
        return lay(state, hand, passed=None)
    return pass_card(state, action[len(PASS_PREFIX):])


def lay(state: QueenState, hand: tuple[str, ...], **changes: Any) -> QueenState:
    """Rules 4, 5, 8: lay the card the procession accepts, then draw; when nothing fits, pass.

    ``hand`` is the seat's hand after it acquired a card; ``changes`` are the other fields that the
    acquisition changed (one copy of the state is made, which matters to search). When the centre pack is
    empty (CQ-3) the seat still lays what it holds, draws nothing, and the game ends after its laying.
    A Queen ends the game at once (CQ-2).
    """
    seat = state.turn
    procession = state.processions[seat]
    pack = changes.get("pack", state.pack)
    laid = None
    while True:
        card = next((c for c in wanted(procession) if c in hand), None)
        if card is None:
            break
        hand, procession, laid = without(hand, card), (*procession, card), card
        if card == QUEEN or pack:
            break
    hands = _replace_at(state.hands, seat, hand)
    if laid is None:
        if not pack:
            return end_game(state._replace(hands=hands, **changes), "pack")
        return state._replace(step=PASS, hands=hands, **changes)
    processions = _replace_at(state.processions, seat, procession)
    state = state._replace(hands=hands, processions=processions, **changes)
    if laid == QUEEN:
        return end_game(state, "queen")
    if not pack:
        return end_game(state, "pack")
    return state._replace(step=DRAW) if state.step != DRAW else state


def pass_card(state: QueenState, card: str) -> QueenState:
    """Rules 5-6: one card face down to the next player; CQ-5 ends a game that no longer draws."""
    n = state.players
    idle = 0 if state.took else state.idle + 1
    if idle >= 2 * n:
        # The second idle round is complete: the game ends with this turn; the pass is moot.
        return end_game(state._replace(idle=idle), "deadlock")
    hands = _replace_at(state.hands, state.turn, without(state.hands[state.turn], card))
    return state._replace(step=ACQUIRE, hands=hands, idle=idle, turn=(state.turn + 1) % n, passed=card,
                          took=False)


def end_game(state: QueenState, why: str) -> QueenState:
    """Score the game (CQ-4); the rubber goes on with the deal passing left (CQ-6), or is over."""
    scored = (*state.results, tuple(points(p) for p in state.processions))
    state = state._replace(step=OVER, results=scored, ending=why, passed=None,
                           last_processions=state.processions)
    if len(scored) < state.games:
        return new_game(state, state.game + 1, (state.dealer + 1) % state.players)
    return state


# ----- why not -----------------------------------------------------------------------------------------

def why_illegal(state: QueenState, action: object) -> str:
    """The rule that forbids ``action`` now."""
    text = short(action)
    if state.step == OVER:
        return "the rubber is over (rule 1): no action can be played"
    if state.step in (DEALER, DEAL, DRAW):
        return f"{text}: chance is dealing or drawing now; no seat may act"
    if not isinstance(action, str):
        return f"{text} is not an action: write swap, keep or pass CARD"
    if state.step == PASS:
        if action in (SWAP, KEEP):
            return f"{action}: rule 7 lets you swap or keep only the card just passed to you, before laying"
        if action.startswith(PASS_PREFIX):
            card = action[len(PASS_PREFIX):]
            if card not in CARD_NAMES:
                return f"{text}: there is no card called {short(card)} in Crown the Queen (§3.1)"
            return f"{text}: rule 5 lets you pass only a card from your own hand, and you hold no {card}"
        if action.startswith("lay"):
            return f"{text}: laying is automatic (§3.2); every card your procession accepts is already laid"
        return f"{text}: you have laid what you can; rule 5 says pass one card: pass CARD"
    if action.startswith(PASS_PREFIX):
        return f"{text}: first decide on the card passed to you (rule 7): swap or keep"
    return f"{text}: rule 7: swap (the passed card face up, take the top pack card) or keep it"


def _replace_at(items: tuple, index: int, value: object) -> tuple:
    return items[:index] + (value,) + items[index + 1:]

