"""The computer captains' decision procedures, from the most cautious to the exact one.

    cautious   (easy)    a fixed novice rule: hold Coins and Crests, re-throw the rest while at most one
                         Skull shows; always convert Crests; fire at the first target clockwise.
    lookahead  (medium)  one-throw lookahead on the exact value of the final dice (solver.myopic_keep),
                         the default Crest conversion (KG-2) and Cannons at the richest target.
    exact      (hard)    the turn solved exactly (solver.TurnSolver) and the Crests and Cannons searched
                         through the rules themselves, maximizing the score swing; ties go to the leader.

In the Captain's Duel (KG-22) the same rolling, plus a documented heuristic for the cards (``duel_*``
below): keep by a fixed ranking, play a turn card when the solver's decision says it pays, answer with a
reaction card when it saves two coins or more. ``easy`` keeps the first card and never plays it. Only the
captain's own card is read: the state comes from his view, where the other captain's cards are drawn
at random (``determinize``).

Each takes the state rebuilt from the captain's own view and returns one legal action.
"""

from __future__ import annotations

from collections.abc import Callable

from . import rules
from .cards import (
    IRON_HULL,
    MARQUE,
    NAVIGATOR,
    NO_CARD,
    POWDER_MONKEY,
    QUARTERMASTER,
    SMUGGLER,
)
from .dice import SKULL, Counts, count_faces
from .duel import keeper, roll_limit, rolling_over, unused_card
from .notation import CONVERT, KEEP_ACTIONS, PASS, ROLL, SHIELD, STOP, fire_action, play_action, reroll_action
from .rules import Config, cannon_targets, legal_actions
from .scoring import scores
from .solver import Keep, TurnSolver, keeps, solver_for
from .state import AIM, ASSIGN, CHOOSE, KEEP, REACT, READY, KGState

Policy = Callable[[Config, KGState], str]


def reroll_for(state: KGState, keep: Keep) -> str:
    """The ``reroll`` that holds ``keep`` (face counts): hold the leftmost dice of each face."""
    wanted = list(keep)
    thrown = []
    for slot, face in enumerate(state.dice):
        if wanted[face]:
            wanted[face] -= 1
        else:
            thrown.append(slot)
    return reroll_action(tuple(thrown))


def cautious_keep(rolls: int, pool: Counts) -> Keep | None:
    """The novice's rolling rule on face counts: while at most one Skull shows, re-throw the Cannons."""
    skulls, cannons, coins, crests = pool
    return (skulls, 0, coins, crests) if skulls <= 1 and cannons else None


def rolling(state: KGState, keep: Keep | None) -> str:
    """``stop`` or the ``reroll`` holding ``keep``; ``stop`` when no throw is left (the Duel's last word)."""
    if keep is None or (state.kept and rolling_over(state)):
        return STOP
    return reroll_for(state, keep)


def solver_rolls(state: KGState) -> int:
    """Throws used as the solver counts them (of 3): one fewer under the Navigator's 4th throw."""
    return state.rolls - (roll_limit(state) - 3) if state.kept else state.rolls


def cautious(cfg: Config, state: KGState) -> str:
    """easy: the novice's fixed rule."""
    if state.phase == CHOOSE:
        return rolling(state, cautious_keep(state.rolls, count_faces(state.dice)))
    if state.phase == ASSIGN:
        return CONVERT
    if state.phase == AIM:
        return fire_action(cannon_targets(state)[0])
    return legal_actions(state)[0]


def lookahead(cfg: Config, state: KGState) -> str:
    """medium: one throw of lookahead, default Crests, Cannons at the richest."""
    if state.phase == CHOOSE:
        solver, pool = solver_for(cfg, state), count_faces(state.dice)
        keep = solver.myopic_keep(pool)
        return duel_card(state, solver, pool, keep) or rolling(state, keep)
    if state.phase in (KEEP, REACT):
        return duel_choice(state)
    if state.phase == ASSIGN:
        return CONVERT
    if state.phase == AIM:
        return fire_action(max(cannon_targets(state), key=lambda t: (state.coins[t], -t)))
    return legal_actions(state)[0]


def exact(cfg: Config, state: KGState) -> str:
    """hard: the turn solved exactly, maximizing the expected score swing."""
    if state.phase == CHOOSE:
        solver, pool = solver_for(cfg, state), count_faces(state.dice)
        keep = None if state.kept and rolling_over(state) else solver.best_keep(solver_rolls(state), pool)
        return duel_card(state, solver, pool, keep) or rolling(state, keep)
    if state.phase in (KEEP, REACT):
        return duel_choice(state)
    if state.phase in (ASSIGN, AIM):
        return best_resolution(cfg, state)
    if state.phase == READY:
        return ROLL
    return legal_actions(state)[0]


def best_resolution(cfg: Config, state: KGState) -> str:
    """Search the Crest and Cannon choices through the rules (no chance is left in them)."""
    seat = state.seat
    before = scores(cfg, state)
    others = [t for t in range(len(before)) if t != seat and not state.eliminated[t]]
    leader_first = {t: -before[t] for t in range(len(before))}
    memo: dict[KGState, float] = {}

    def value(s: KGState) -> float:
        if s.seat != seat or s.phase not in (ASSIGN, AIM):
            after = scores(cfg, s)
            opp = sum(after[t] - before[t] for t in others) / max(len(others), 1)
            return after[seat] - before[seat] - opp
        found = memo.get(s)
        if found is None:
            found = memo[s] = max(value(rules.apply(cfg, s, a)) for a in legal_actions(s))
        return found

    def preference(action: str) -> tuple[float, float]:
        # Ties: convert before shielding (KG-2's default), and aim at the leader (Technique 2).
        if action in (CONVERT, SHIELD):
            return (round(value(rules.apply(cfg, state, action)), 9), action == CONVERT)
        target = int(action.split()[1])
        return (round(value(rules.apply(cfg, state, action)), 9), -leader_first[target])

    return max(legal_actions(state), key=preference)


# ----- the Captain's Duel (KG-22): a documented heuristic on top of the solver ------------------------

KEEP_RANKING = (QUARTERMASTER, NAVIGATOR, MARQUE, IRON_HULL, POWDER_MONKEY, SMUGGLER)
"""Which dealt card to keep, best first: the Quartermaster can double a Coin-heavy turn's payout, the
Navigator adds a whole throw; the Letter of Marque pays only with Cannons and a rich opponent; the Iron
Hull saves one theft; the Powder Monkey and the Smuggler only soften a bad turn."""


def duel_choice(state: KGState) -> str:
    """KEEP: the better card by KEEP_RANKING. REACT: Iron Hull against a theft of 2 coins or more, the
    Smuggler against a forfeit of 2 coins; otherwise pass (and keep the card for a bigger moment)."""
    if state.phase == KEEP:
        hand = state.hands[keeper(state)]
        best = min(hand, key=KEEP_RANKING.index)
        return KEEP_ACTIONS[hand.index(best)]
    card = unused_card(state, state.reacting)
    if card == IRON_HULL and state.theft >= 2:
        return play_action(IRON_HULL)
    if card == SMUGGLER and not state.theft and state.coins[state.reacting] >= 2:
        return play_action(SMUGGLER)
    return PASS


def duel_card(state: KGState, solver: TurnSolver, pool: Counts, keep: Keep | None) -> str | None:
    """The captain's own turn card, when it pays now (None: not now). ``keep`` is the rolling decision
    without the card (None: stop)."""
    card = unused_card(state, state.seat) if state.kept else NO_CARD
    if card == NO_CARD:
        return None
    skulls, cannons, coins, crests = pool
    if card == POWDER_MONKEY and skulls >= 3:
        return play_action(card, state.dice.index(SKULL))  # a chance to escape the Curse or the Mutiny
    if card == NAVIGATOR and rolling_over(state) and skulls < 3:
        # The last throw is used: would one more throw (valued as a 3rd throw) beat stopping?
        if max((solver.rethrow(2, k) for k in keeps(pool)), default=-1e9) > solver.final(pool) + 1.0:
            return play_action(card)
    if keep is not None or skulls >= 3 or 5 in pool:
        return None
    if card == QUARTERMASTER and coins - crests >= 2 and state.treasury_coins >= 2:
        return play_action(card)
    opponent = 1 - state.seat
    if card == MARQUE and cannons >= 2 and state.coins[opponent] >= 2 and not state.shields[opponent]:
        return play_action(card)
    return None


POLICIES: dict[str, Policy] = {"cautious": cautious, "lookahead": lookahead, "exact": exact}
