"""Hints: the computer's suggestion for a seat, from that seat's view only, with a one-line reason.

    >>> from regalia.ai.hint import hint_for_match
    >>> h = hint_for_match(match, seat)
    >>> h.best, h.reason            # "reroll 2 5", "hold the two Coins and a Crest, throw dice 2 and 5: +4.3 expected"
    >>> h.choices                   # every valued legal action, best first: action, value, words

The values are those of the review (regalia.ai.review.valuate), with the budgets of play: King's Gold the
exact turn solver (every hold and every stop/convert/aim choice, expected points of the turn); The Gold
Battle the alpha-beta search of ``hard`` within its time cap (the best move's value is exact, the others'
are bounds: "at most"); Crown the Queen the paired sampling of ``hard`` (64 worlds dealt from the view);
Gold Crown one decision of expectimax over the evaluation, the spin or the boulder's scatter averaged.

The words: a game's optional hook ``advice_words(state, action, value)`` says a whole choice (King's Gold);
else ``advice_line(state, action)`` says the move and what it does or aims at in the game's terms (The
Gold Battle: what it captures, saves, guards or threatens; Gold Crown: the aim, breach, gate or chamber),
and the value follows; else the action and the game's log line. A game's ``view_advice_words(view, seat,
action, value)`` comes before them all: it says a whole choice from the seat's view itself, never from a
world determinized from it (Crown the Queen: a sampled world deals the others' hands and could invent facts).

A hint is computed exactly as a computer player decides: from ``view`` (``Match.view(seat)``) and the
legal actions, never from the match's state. Its generator is seeded by the view's version, so asking
twice gives the same hint.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from regalia.core.errors import IllegalAction
from regalia.core.game import JSON, Game
from regalia.core.match import Match
from regalia.core.rng import Rng

from .review import Valuation, valuate


@dataclass
class Hint:
    game: str
    seat: int
    best: str
    reason: str
    unit: str
    method: str
    choices: list[dict[str, JSON]] = field(default_factory=list)
    """Every valued legal action, best first: ``{"action", "value", "words"}``."""

    def to_dict(self) -> dict[str, JSON]:
        return {"game": self.game, "seat": self.seat, "best": self.best, "reason": self.reason,
                "unit": self.unit, "method": self.method, "choices": list(self.choices)}


def hint(game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> Hint:
    """The suggestion for ``seat`` from its ``view`` among ``legal`` (IllegalAction if nothing to choose)."""
    if not legal:
        raise IllegalAction("there is nothing to choose: no hint")
    version = view.get("version", 0)
    seed = f"hint:{version}"
    found: Valuation | None = None
    if len(legal) > 1:
        found = valuate(game, view, seat, legal, seed=seed, purpose="hint")
    if found is None:
        if len(legal) == 1:
            reason = f"{legal[0]}: the only move"
            return Hint(game.id, seat, legal[0], reason, "", "none", [{"action": legal[0], "value": None,
                                                                        "words": reason}])
        # a choice the engines do not value (e.g. the Duel's cards): the hard level's own decision
        from . import load_agent

        best = load_agent(game.id, "hard", seed=seed).decide(game, view, seat, legal)
        reason = f"{best}: what the hard computer plays here"
        return Hint(game.id, seat, best, reason, "", "level",
                    [{"action": best, "value": None, "words": reason},
                     *({"action": a, "value": None, "words": a} for a in legal if a != best)])
    state = None
    planner = getattr(game, "planned_action", None)
    if planner is not None:  # the game's own plan for the turn (Gold Crown's move points) is the suggestion
        state = game.determinize(view, seat, Rng(seed).derive("words"))
        planned = planner(state, seat)
        if planned in found.values and planned != found.best:
            found = replace(found, best=planned, method="plan")
    ranked = sorted(found.values, key=lambda a: (-round(found.values[a], 9), legal.index(a)))
    ranked.remove(found.best)
    ranked.insert(0, found.best)
    words_hook = getattr(game, "advice_words", None)
    view_words = getattr(game, "view_advice_words", None)
    if view_words is not None:  # the hook ``view_advice_words(view, seat, action, value)`` (Crown the Queen)
        # says a choice from the seat's view itself: a world sampled from the view could invent others' cards

        def words_hook(_state: Any, action: str, value: float) -> str:
            return str(view_words(view, seat, action, value))
    line_hook = None if words_hook is not None else getattr(game, "advice_line", None)
    if state is None and (words_hook is not None or line_hook is not None):
        state = game.determinize(view, seat, Rng(seed).derive("words"))
    lines = {action: str(line_hook(state, action)) for action in ranked} if line_hook is not None else {}
    choices: list[dict[str, JSON]] = []
    for action in ranked:
        value = found.values[action]
        if words_hook is not None:
            words = words_hook(state, action, value)
        else:
            words = _words(found, action, value, lines.get(action))
        choices.append({"action": action, "value": round(value, 3), "words": words})
    reason = str(choices[0]["words"])
    if words_hook is None:
        reason = _reason(game, view, seat, found, ranked, lines.get(found.best))
    return Hint(game.id, seat, found.best, reason, found.unit, found.method, choices)


def hint_for_match(match: Match, seat: int) -> Hint:
    """The hint for ``seat`` in a live match: its view and legal actions only (IllegalAction if not its turn)."""
    if match.to_move != seat:
        raise IllegalAction(f"it is not seat {seat}'s turn: no hint")
    return hint(match.game, match.view(seat), seat, match.legal_actions())


def _words(found: Valuation, action: str, value: float, line: str | None = None) -> str:
    if found.unit == "points":
        return f"{line}; {value:+.1f} expected" if line else f"{action}: {value:+.1f} expected"
    bound = "at most " if found.method == "alphabeta" and action != found.best else ""
    return f"{line}; {bound}{value:.0f}%" if line else f"{action}: {bound}{value:.0f}%"


def _said(game: Game, state: Any, action: str) -> str:
    """The public log line the game writes for ``action`` (its own words), or the action itself."""
    try:
        lines = game.describe(state, action, game.apply(state, action))
    except Exception:  # a game whose describe needs the chance that follows: the notation says it
        lines = []
    return lines[-1].rstrip(".") if lines else action


def _reason(game: Game, view: dict[str, JSON], seat: int, found: Valuation, ranked: list[str],
            line: str | None = None) -> str:
    """The best choice said in the game's words: the game's ``advice_line`` (the move and what it does or aims
    at) where it has one, else its log line, then the value."""
    state = game.determinize(view, seat, Rng("hint:reason"))
    best = found.best
    said = best if found.method == "sampling" else _said(game, state, best)  # a pass's card is not in the log
    sep = "; " if line else ": "
    if line:
        said = line
    value = found.values[best]
    if found.method == "alphabeta":
        line = f"{said}{sep}winning chance {value:.0f}%"
        if found.reply is not None:
            after = game.apply(state, best)
            line += f"; the search expects {_said(game, after, found.reply)} in answer"
        return line
    second = ranked[1] if len(ranked) > 1 else None
    ahead = value - found.values[second] if second else 0.0
    unit = "points" if found.unit == "points" else "percentage points"
    gap = f", {ahead:.1f} {unit} more than {second}" if second and ahead >= 0.05 else ""  # never "0.0 more"
    if found.method == "plan":  # the planner's step, for the whole turn: no gap to a one-decision best
        return f"{said}{sep}{value:.0f}% expected standing"
    if found.method == "sampling":
        return f"{said}{sep}{value:.0f}% expected standing over the deals dealt from what you know{gap}"
    return f"{said}{sep}{value:.0f}% expected standing{gap}"


__all__ = ["Hint", "hint", "hint_for_match"]
