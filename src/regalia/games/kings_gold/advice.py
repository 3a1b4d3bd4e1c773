"""The exact solver's value of every choice a captain has now, and the words a hint says it in.

What ``hard`` maximizes (solver.TurnSolver, heuristics.exact), one number per legal action: the expected
score swing of the rest of the turn (the captain's own points gained less the rivals' mean), in points.

    stop            the value of resolving the dice showing, with the best Crest and Cannon choices (T)
    reroll 2 5      the expected value of holding the other dice and throwing these (W), played on optimally
    crest convert   the swing the turn ends with after this choice and the best later ones (searched exactly,
    crest shield    as ``best_resolution`` does; nothing is left to chance in them)
    fire 2

Used by the hint and the review (regalia.ai.hint, regalia.ai.review) through the optional ``Game`` hooks
``action_values(state)`` and ``advice_words(state, action, value)``. The Duel's card plays, keeps and
reactions are not valued by the solver (its heuristic decides them): they are left out, and in the
phases that have only them ``action_values`` answers None. Only the captain's own side is read: the
solver never looks at the other captain's cards.
"""

from __future__ import annotations

from . import rules
from .dice import FACE_NAMES, count_faces
from .duel import rolling_over
from .heuristics import solver_rolls
from .notation import CONVERT, NAMES, SHIELD, STOP, parse_reroll
from .rules import Config, legal_actions
from .scoring import scores
from .solver import is_final, solver_for
from .state import AIM, ASSIGN, CHOOSE, KGState

NUMBERS = ("no", "a", "two", "three", "four", "five")


def action_values(cfg: Config, state: KGState) -> dict[str, float] | None:
    """Each valued legal action's expected swing in points, or None where the solver values nothing."""
    if state.phase == CHOOSE:
        return _rolling_values(cfg, state)
    if state.phase in (ASSIGN, AIM):
        return _resolution_values(cfg, state)
    return None


def _rolling_values(cfg: Config, state: KGState) -> dict[str, float] | None:
    solver = solver_for(cfg, state)
    pool = count_faces(state.dice)
    rolls = solver_rolls(state)
    values: dict[str, float] = {}
    over = (state.kept and rolling_over(state)) or is_final(rolls, pool)
    for action in legal_actions(state):
        if action == STOP:
            values[action] = solver.final(pool)
            continue
        thrown = parse_reroll(action)
        if thrown is None or over:
            continue  # a Duel card (its heuristic decides), or a throw the solver does not count
        keep = list(pool)
        for slot in thrown:
            keep[state.dice[slot]] -= 1
        values[action] = solver.rethrow(rolls, (keep[0], keep[1], keep[2], keep[3]))
    return values or None


def _resolution_values(cfg: Config, state: KGState) -> dict[str, float]:
    seat = state.seat
    before = scores(cfg, state)
    others = [t for t in range(len(before)) if t != seat and not state.eliminated[t]]
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

    return {a: value(rules.apply(cfg, state, a)) for a in legal_actions(state)}


def held_words(state: KGState, action: str) -> str:
    """What a ``reroll`` holds, in the dice's names: "hold the two Coins and a Crest"."""
    thrown = parse_reroll(action) or ()
    kept = [f for slot, f in enumerate(state.dice) if slot not in thrown]
    counts = [kept.count(face) for face in range(len(FACE_NAMES))]
    parts = []
    for face, n in enumerate(counts):
        if n and FACE_NAMES[face] != "Skull":
            name = FACE_NAMES[face] + ("s" if n > 1 else "")
            parts.append(f"{NUMBERS[n]} {name}" if n == 1 else f"the {NUMBERS[n]} {name}")
    if not parts:
        return "throw every free die again"
    held = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    dice = [str(slot + 1) for slot in thrown]
    named = dice[0] if len(dice) == 1 else ", ".join(dice[:-1]) + " and " + dice[-1]
    return f"hold {held}, throw {'die' if len(dice) == 1 else 'dice'} {named}"


def advice_words(state: KGState, action: str, value: float) -> str:
    """One line in the game's words: "hold the two Coins and a Crest, throw dice 1 and 4: +4.3 expected"."""
    if action == STOP:
        what = "stop and take what the dice show"
    elif action.startswith("reroll"):
        what = held_words(state, action)
    elif action == CONVERT:
        what = "pair a Crest with a Coin for a Doubloon"
    elif action == SHIELD:
        what = "take the Crest as a Shield"
    elif action.startswith("fire "):
        target = int(action.split()[1])
        what = f"fire at {NAMES[target] if target < len(NAMES) else f'Seat {target + 1}'}"
    else:
        what = action
    return f"{what}: {value:+.1f} expected"
