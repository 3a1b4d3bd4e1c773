"""The turn of §3.2 as pure functions: every function returns a new state and leaves its input alone.

Notation (see RULES.md): chance outcomes are ``dealer 2`` (who deals the first game, CQ-6) and card names
(a card dealt or drawn from the centre pack); a seat plays ``swap`` or ``keep`` (rule 7) and
``pass CARD`` (rules 4-6). Laying is automatic (§3.2): whenever the seat on turn holds a card its
procession accepts, it is laid, then a card is drawn (rule 5).
"""

from __future__ import annotations

from collections import Counter

from regalia.core.game import short

from .cards import CARD_NAMES, DECK, HAND_SIZE, QUEEN, points, wanted, with_card
from .state import ACQUIRE, DEAL, DEALER, DRAW, OVER, PASS, QueenState

SWAP, KEEP, PASS_PREFIX = "swap", "keep", "pass "
RUBBER_GAMES = 3
"""Rule 1: three games make a rubber."""

_new = tuple.__new__
"""Hot paths build a QueenState positionally (``_new(QueenState, fields)``): several times cheaper than
``_replace``, which matters because random play and search apply millions of steps."""

_CARD_AT = len(PASS_PREFIX)
_PASSES: dict[tuple[str, ...], tuple[str, ...]] = {}
"""The pass actions of each hand of four cards at most."""
PASSES_KEPT = 8192
"""Hands in the order they were dealt run into the hundred thousands: the table is emptied at this size
(about 1.5 MiB; a server runs for months). Smaller costs random play: 2,048 made it 5-10% slower."""
_PASS_OF = {card: PASS_PREFIX + card for card in CARD_NAMES}

_WANTED: dict[tuple[str, ...], tuple[str, ...]] = {}


def _wanted(procession: tuple[str, ...]) -> tuple[str, ...]:
    """``cards.wanted`` remembered per procession (a few dozen legal processions exist)."""
    accepted = _WANTED.get(procession)
    if accepted is None:
        accepted = _WANTED[procession] = wanted(procession)
    return accepted


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
    (step, game, dealer, turn, hands, processions, face_up, pack, passed, dealt, took, idle, results, games,
     ending, last, record) = state
    if step == DEALER:
        return new_game(state, 0, int(outcome.split()[1]))
    i = pack.index(outcome)
    pack = pack[:i] + pack[i + 1:]
    hand = with_card(hands[turn], outcome)
    if step == DEAL:
        held = list(hands)  # _put, written out
        held[turn] = hand
        hands = tuple(held)
        dealt += 1
        n = len(hands)
        if dealt < HAND_SIZE * n:
            turn = (dealer + 1 + dealt) % n
        else:  # Rule 4: the player left of the dealer begins by taking the top card of the centre pack.
            step, turn = DRAW, (dealer + 1) % n
        return _new(QueenState, (step, game, dealer, turn, hands, processions, face_up, pack, passed, dealt, took,
                                 idle, results, games, ending, last, record))
    return lay(state, hand, pack, True, passed)


def draw(state: QueenState, outcome: str) -> QueenState:
    """``apply_chance`` for a card drawn from the centre pack (rule 5): the seat lays what fits, then draws."""
    pack = state.pack
    i = pack.index(outcome)
    return lay(state, with_card(state.hands[state.turn], outcome), pack[:i] + pack[i + 1:], True, state.passed)


# ----- the seat's choices ------------------------------------------------------------------------------

def legal_actions(state: QueenState) -> list[str]:
    step = state.step
    if step == ACQUIRE:
        return [SWAP, KEEP]
    if step == PASS:
        hand = state.hands[state.turn]
        passes = _PASSES.get(hand)
        if passes is None:
            passes = tuple([_PASS_OF[card] for card in dict.fromkeys(hand)])
            if len(hand) <= HAND_SIZE + 1:
                if len(_PASSES) >= PASSES_KEPT:  # hands in deal order are many: a server must not grow
                    _PASSES.clear()
                _PASSES[hand] = passes
        return list(passes)
    return []


def apply_action(state: QueenState, action: str) -> QueenState:
    if state.step == ACQUIRE:
        return acquire(state, action)
    return pass_card(state, action[_CARD_AT:])


def acquire(state: QueenState, action: str) -> QueenState:
    """Rule 7: swap (the passed card face up, draw instead) or keep the card just passed."""
    passed = state.passed
    assert passed is not None
    if action == SWAP:
        # Rule 7: the passed card goes face up; the top pack card is taken instead.
        (_, game, dealer, turn, hands, processions, face_up, pack, _, dealt, took, idle, results, games,
         ending, last, record) = state
        return _new(QueenState, (DRAW, game, dealer, turn, hands, processions, (*face_up, passed), pack, None,
                                 dealt, took, idle, results, games, ending, last, record))
    return lay(state, with_card(state.hands[state.turn], passed), state.pack, state.took, None)


def lay(state: QueenState, hand: tuple[str, ...], pack: tuple[str, ...], took: bool,
        passed: str | None) -> QueenState:
    """Rules 4, 5, 8: lay the card the procession accepts, then draw; when nothing fits, pass.

    ``hand`` is the seat's hand after it acquired a card, and ``pack``, ``took``, ``passed`` the fields
    the acquisition changed (one copy of the state is made, which matters to search). When the centre pack
    is empty (CQ-3) the seat still lays what it holds, draws nothing, and the game ends after its laying.
    A Queen ends the game at once (CQ-2).
    """
    (_, game, dealer, seat, hands, processions, face_up, _, _, dealt, _, idle, results, games, ending,
     last, record) = state
    procession = processions[seat]
    laid = None
    while True:
        accepted = _WANTED.get(procession)
        if accepted is None:
            accepted = _wanted(procession)
        for card in accepted:
            if card in hand:
                break
        else:
            break
        i = hand.index(card)
        hand, procession, laid = hand[:i] + hand[i + 1:], (*procession, card), card
        if card == QUEEN or pack:
            break
    held = list(hands)  # _put, written out
    held[seat] = hand
    hands = tuple(held)
    if laid is not None:
        processions = _put(processions, seat, procession)
    state = _new(QueenState, (PASS if laid is None else DRAW, game, dealer, seat, hands, processions, face_up, pack,
                              passed, dealt, took, idle, results, games, ending, last, record))
    if laid == QUEEN:
        return end_game(state, "queen")
    if not pack:
        return end_game(state, "pack")
    return state


def apply_pass(state: QueenState, action: str) -> QueenState:
    """``pass CARD``: see ``pass_card``."""
    return pass_card(state, action[_CARD_AT:])


APPLY = {DEALER: apply_chance, DEAL: apply_chance, DRAW: draw, ACQUIRE: acquire, PASS: apply_pass}
"""The transition of each step (chance outcomes and seats' actions alike), for a one-lookup dispatch."""


def pass_card(state: QueenState, card: str) -> QueenState:
    """Rules 5-6: one card face down to the next player; CQ-5 ends a game that no longer draws."""
    (_, game, dealer, turn, hands, processions, face_up, pack, _, dealt, took, idle, results, games, ending,
     last, record) = state
    n = len(hands)
    idle = 0 if took else idle + 1
    if idle >= 2 * n:
        # The second idle round is complete: the game ends with this turn; the pass is moot.
        return end_game(state._replace(idle=idle), "deadlock")
    hand = hands[turn]
    i = hand.index(card)
    held = list(hands)  # _put, written out
    held[turn] = hand[:i] + hand[i + 1:]
    record = (*record, (turn, card, len(face_up), len(processions[turn])))  # the turn is over: remember it
    return _new(QueenState, (ACQUIRE, game, dealer, (turn + 1) % n, tuple(held), processions, face_up, pack, card,
                             dealt, False, idle, results, games, ending, last, record))


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
                return f"{text}: there is no card called {short(card)} in Crown the Queen"  # §3.1
            return f"{text}: rule 5 lets you pass only a card from your own hand, and you hold no {card}"
        if action.startswith("lay"):
            return f"{text}: cards are laid for you; every card your procession accepts is already laid"  # §3.2
        return f"{text}: you have laid what you can; rule 5 says pass one card: pass CARD"
    if action.startswith(PASS_PREFIX):
        return f"{text}: first decide on the card passed to you (rule 7): swap or keep"
    return f"{text}: rule 7: swap (the passed card face up, take the top pack card) or keep it"


def _put(items: tuple[tuple[str, ...], ...], index: int, value: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """``items`` with ``items[index]`` replaced (through a list: cheaper than slicing and joining)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)
