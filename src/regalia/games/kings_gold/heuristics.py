"""The computer captains' decision procedures, from the most cautious to the exact one.

    cautious   (easy)    a fixed novice rule: hold Coins and Crests, re-throw the rest while at most one
                         Skull shows; always convert Crests; fire at the first target clockwise.
    lookahead  (medium)  one-throw lookahead on the exact value of the final dice (solver.myopic_keep),
                         the default Crest conversion (KG-2) and Cannons at the richest target.
    exact      (hard)    the turn solved exactly (solver.TurnSolver) and the Crests and Cannons searched
                         through the rules themselves, maximizing the score swing; ties go to the leader.

Each takes the state rebuilt from the captain's own view and returns one legal action.
"""

from __future__ import annotations

from collections.abc import Callable

from . import rules
from .dice import Counts, count_faces
from .notation import CONVERT, ROLL, SHIELD, STOP, fire_action, reroll_action
from .rules import Config, cannon_targets, legal_actions
from .scoring import scores
from .solver import Keep, solver_for
from .state import AIM, ASSIGN, CHOOSE, READY, KGState

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


def cautious(cfg: Config, state: KGState) -> str:
    """easy: the novice's fixed rule."""
    if state.phase == CHOOSE:
        keep = cautious_keep(state.rolls, count_faces(state.dice))
        return STOP if keep is None else reroll_for(state, keep)
    if state.phase == ASSIGN:
        return CONVERT
    if state.phase == AIM:
        return fire_action(cannon_targets(state)[0])
    return legal_actions(state)[0]


def lookahead(cfg: Config, state: KGState) -> str:
    """medium: one throw of lookahead, default Crests, Cannons at the richest."""
    if state.phase == CHOOSE:
        keep = solver_for(cfg, state).myopic_keep(count_faces(state.dice))
        return STOP if keep is None else reroll_for(state, keep)
    if state.phase == ASSIGN:
        return CONVERT
    if state.phase == AIM:
        return fire_action(max(cannon_targets(state), key=lambda t: (state.coins[t], -t)))
    return legal_actions(state)[0]


def exact(cfg: Config, state: KGState) -> str:
    """hard: the turn solved exactly, maximizing the expected score swing."""
    if state.phase == CHOOSE:
        keep = solver_for(cfg, state).best_keep(state.rolls, count_faces(state.dice))
        return STOP if keep is None else reroll_for(state, keep)
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


POLICIES: dict[str, Policy] = {"cautious": cautious, "lookahead": lookahead, "exact": exact}
