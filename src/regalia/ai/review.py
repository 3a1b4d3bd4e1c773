"""The computer's review of a finished match: each decision valued from the seat's view at the time.

A match record (``Match.record()``: options, seed, actions, chance) is verified and replayed. At every
step where a seat had a choice (two legal actions or more), the seat's view of that moment — exactly
what a computer player in that seat is given, hidden cards never — is valued by :func:`valuate`:

    exact        the game's own ``action_values(state)`` hook (King's Gold: the exact turn solver's
                 expected swing in points, what ``hard`` maximizes)
    alphabeta    perfect-information two-seat games without chance whose levels search (The Gold Battle):
                 the alpha-beta search of ai/alphabeta.py at a fixed depth, the root seat's utility
    sampling     games whose ``hard`` level is a paired ISMCTS (Crown the Queen): every legal action tried
                 on the same worlds drawn from the view, rolled out as the level does, averaged
    expectimax   any other game (Gold Crown): one decision of expectimax over the game's ``evaluate``,
                 the chance that follows averaged (ai/expectimax.py)

Values other than ``exact`` are utilities in [0, 1] shown as percentages. The loss of a decision is
``value_best - value_played`` (never below 0: the played action is one of those valued), labelled by
the game's thresholds (:data:`THRESHOLDS`). Every decision's generator is seeded by its step alone, so a
review is deterministic and a hidden card behind a view changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from regalia.core.errors import RecordError
from regalia.core.game import CHANCE, JSON, Game
from regalia.core.match import Match
from regalia.core.rng import Rng

from .alphabeta import OutOfBudget
from .alphabeta import Search as AlphaBetaSearch
from .expectimax import ExpectimaxAgent
from .expectimax import Search as ExpectimaxSearch
from .ismcts import ISMCTSAgent, Node

LABELS = ("inaccuracy", "mistake", "blunder")
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "kings-gold": (1.0, 2.5, 5.0),        # expected points of the turn
    "gold-battle": (5.0, 12.0, 25.0),     # points of winning chance (%)
    "crown-the-queen": (4.0, 8.0, 15.0),  # points of the standing at the deal's end (%), sampled
    "gold-crown": (4.0, 10.0, 20.0),      # points of the evaluation's winning chance (%)
}
"""Per game, the loss from which a decision is an inaccuracy, a mistake, a blunder."""
DEFAULT_THRESHOLDS = (4.0, 10.0, 20.0)

REVIEW_DEPTH = 4
"""The Gold Battle: plies searched per decision in a review (one more than medium; about 0.1 s a decision)."""
REVIEW_WORLDS = 64
"""Crown the Queen: worlds drawn from the view per decision (hard draws 64, up to 512 where in doubt)."""
HINT_WORLDS = 64
HINT_SHARE = 0.7
"""The Gold Battle: the share of hard's time cap a hint searches (the rest answers within the cap)."""
EXPECTIMAX_SAMPLES = 36
"""Gold Crown: chance outcomes averaged after a step (the spinner's 12 and a boulder's 25 all counted)."""


@dataclass
class Valuation:
    """Each valued legal action's value for the seat, the best of them, and how they were found."""

    values: dict[str, float]
    best: str
    method: str
    unit: str
    """``points`` (expected points) or ``%`` (a utility in [0, 1] times 100)."""
    reply: str | None = None
    """alphabeta: the answer the search expects to the best action."""


def method_of(game: Game) -> str:
    """How :func:`valuate` values this game's decisions."""
    if getattr(game, "action_values", None) is not None:
        return "exact"
    from . import levels

    hard = levels(game.id).get("hard", {})
    if hard.get("algorithm") == "alphabeta" and not game.has_chance and not game.hidden_information:
        return "alphabeta"
    if hard.get("algorithm") == "ismcts":
        return "sampling"
    return "expectimax"


def valuate(game: Game, view: dict[str, JSON], seat: int, legal: list[str], *, seed: int | str = 0,
            purpose: str = "review") -> Valuation | None:
    """The value of each of ``legal`` for ``seat``, decided from ``view`` only (None: nothing valued).

    ``purpose`` is ``review`` (fixed budgets: deterministic) or ``hint`` (deeper where time allows)."""
    method = method_of(game)
    rng = Rng(seed).derive(f"valuate:{method}")
    if method == "exact":
        state = game.determinize(view, seat, rng)
        found = game.action_values(state)  # type: ignore[attr-defined]
        if not found:
            return None
        values = {a: float(v) for a, v in found.items() if a in legal}
        if not values:
            return None
        return Valuation(values, _best(values, legal), method, "points")
    if method == "alphabeta":
        return _alphabeta(game, view, seat, legal, rng, purpose)
    if method == "sampling":
        return _sampling(game, view, seat, legal, seed, HINT_WORLDS if purpose == "hint" else REVIEW_WORLDS)
    return _expectimax(game, view, seat, legal, seed)


def _best(values: dict[str, float], legal: list[str]) -> str:
    """The highest value; among equals the first in the rules' order."""
    ranked = [a for a in legal if a in values]
    return max(ranked, key=lambda a: (round(values[a], 9), -ranked.index(a)))


def _alphabeta(game: Game, view: dict[str, JSON], seat: int, legal: list[str], rng: Rng,
               purpose: str) -> Valuation:
    state = game.determinize(view, seat, rng)
    if purpose == "hint":  # iterative deepening within the hard level's time cap, as the level plays
        from . import levels

        hard = levels(game.id).get("hard", {})
        search = AlphaBetaSearch(game, seat, float(hard.get("seconds", 1.0)) * HINT_SHARE, None)
        order, best, depth = list(legal), legal[0], 0
        scores: dict[str, float] = {}
        for deeper in range(1, int(hard.get("max_depth", 5)) + 1):
            order.sort(key=lambda a: -scores.get(a, -1.0))
            try:
                best, _, scores = search.root(state, order, deeper)
            except OutOfBudget:
                break
            depth = deeper
        if not scores:
            search = AlphaBetaSearch(game, seat, None, None)
            best, _, scores = search.root(state, list(legal), 1)
            depth = 1
    else:
        search = AlphaBetaSearch(game, seat, None, None)
        depth = REVIEW_DEPTH
        best, _, scores = search.root(state, list(legal), depth)
    values = {a: 100.0 * v for a, v in scores.items()}
    reply = _expected_reply(game, search, state, best, depth)
    return Valuation(values, best, "alphabeta", "%", reply)


def exact_value(game: Game, view: dict[str, JSON], seat: int, action: str, depth: int) -> float:
    """alphabeta: the full-window value of one action (for an action the root search only bounded)."""
    state = game.determinize(view, seat, Rng(0))
    search = AlphaBetaSearch(game, seat, None, None)
    return 100.0 * search.value(game.apply(state, action), depth - 1, -1.0, 2.0, 1)


def _expected_reply(game: Game, search: AlphaBetaSearch, state: Any, best: str, depth: int) -> str | None:
    after = game.apply(state, best)
    mover = game.to_move(after)
    if mover is None or mover == CHANCE or mover == search.seat or depth < 2:
        return None
    entry = search.table.get(game.search_key(after))
    if entry is not None and entry[3] is not None:
        return entry[3]
    return None


def _sampling(game: Game, view: dict[str, JSON], seat: int, legal: list[str], seed: int | str,
              worlds: int) -> Valuation:
    from . import levels

    hard = dict(levels(game.id).get("hard", {}))
    agent = ISMCTSAgent(seed=f"review:{seed}", iterations=None, samples=worlds, flat=True, paired=True,
                        horizon=bool(hard.get("horizon", False)), rollout_policy=hard.get("rollout_policy"),
                        rollout_depth=hard.get("rollout_depth"), worlds=hard.get("worlds"))
    prepare = getattr(game, "world_sampler", None)
    if prepare is not None:
        sample = prepare(view, seat, agent.rng, **agent.worlds)
    else:
        def sample(rng: Rng) -> Any:
            return game.determinize(view, seat, rng)
    cut = getattr(game, "rollout_cut", None) if agent.horizon else None
    agent._play_out = None
    if cut is not None and agent.rollout_policy is not None and agent.rollout_depth is None:
        agent._play_out = getattr(game, "play_out", None)
    root = Node(game.players)
    totals = dict.fromkeys(legal, 0.0)
    for _ in range(worlds):
        world = sample(agent.rng)
        stream = Rng(state=agent.rng.next64())
        for action in legal:  # common random numbers: every action on the same world and luck
            totals[action] += agent._iterate(game, world, root, stream.copy(), first=action, cut=cut)[seat]
    values = {a: 100.0 * t / worlds for a, t in totals.items()}
    return Valuation(values, _best(values, legal), "sampling", "%")


def _expectimax(game: Game, view: dict[str, JSON], seat: int, legal: list[str], seed: int | str) -> Valuation:
    agent = ExpectimaxAgent(seed=f"review:{seed}", seconds=None, max_depth=1, chance_samples=EXPECTIMAX_SAMPLES)
    state = game.determinize(view, seat, agent.rng)
    search = ExpectimaxSearch(game, agent, legal)
    found, _ = search.run([state])
    values = {a: 100.0 * v[seat] for a, v in found.items()}
    return Valuation(values, _best(values, legal), "expectimax", "%")


# ----- the review of a record ----------------------------------------------------------------------------


@dataclass
class Decision:
    step: int
    seat: int
    played: str
    best: str
    value_played: float
    value_best: float
    loss: float
    label: str | None
    choices: int

    def to_dict(self) -> dict[str, JSON]:
        return {"step": self.step, "seat": self.seat, "played": self.played, "best": self.best,
                "value_played": round(self.value_played, 4), "value_best": round(self.value_best, 4),
                "loss": round(self.loss, 4), "label": self.label, "choices": self.choices}


@dataclass
class Review:
    game: str
    players: int
    method: str
    unit: str
    thresholds: tuple[float, float, float]
    decisions: list[Decision] = field(default_factory=list)
    unvalued: list[int] = field(default_factory=list)
    """Steps of a choice the method does not value (e.g. the Duel's cards): left out of the review."""
    graph: list[dict[str, JSON]] = field(default_factory=list)
    scores: list[float] | None = None

    def summary(self) -> list[dict[str, JSON]]:
        out: list[dict[str, JSON]] = []
        for seat in range(self.players):
            mine = [d for d in self.decisions if d.seat == seat]
            total = sum(d.loss for d in mine)
            row: dict[str, JSON] = {"seat": seat, "decisions": len(mine),
                                    "average_loss": round(total / len(mine), 4) if mine else 0.0,
                                    "total_loss": round(total, 4),
                                    "best_played": sum(1 for d in mine if d.loss <= 1e-9)}
            for label in LABELS:
                row[label + "s" if label != "inaccuracy" else "inaccuracies"] = sum(
                    1 for d in mine if d.label == label)
            out.append(row)
        return out

    def to_dict(self) -> dict[str, JSON]:
        return {"game": self.game, "players": self.players, "method": self.method, "unit": self.unit,
                "thresholds": dict(zip(LABELS, self.thresholds, strict=True)),
                "decisions": [d.to_dict() for d in self.decisions],
                "summary": self.summary(), "unvalued": list(self.unvalued), "graph": self.graph,
                "scores": self.scores}


def label_of(loss: float, thresholds: tuple[float, float, float]) -> str | None:
    found = None
    for label, limit in zip(LABELS, thresholds, strict=True):
        if loss >= limit - 1e-9:
            found = label
    return found


def load_record(data: Any) -> Match:
    """The record verified (RecordError names what does not replay)."""
    from regalia.core.replay import replay_dict

    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise RecordError(f"the record is not JSON: {exc}") from exc
    return replay_dict(data)


def decision_points(record: Match) -> list[tuple[int, int, dict[str, JSON], list[str], str, dict[str, JSON]]]:
    """(step, seat, view, legal, played, public view) of every seat's action with a choice, in a verified
    match. ``step`` counts the seats' actions from 0 (the record's ``actions`` index)."""
    game = record.game
    match = Match(game, record.seed)
    points = []
    for step, action in enumerate(record.actions):
        clock = action in game.clock_actions(match.state)
        seat = match.to_move
        if not clock and seat is not None and seat >= 0:
            legal = match.legal_actions()
            if len(legal) > 1:
                points.append((step, seat, match.view(seat), legal, action, match.view(None)))
        match.play(action, clock=clock)
    return points


def standing(game: Game, view: dict[str, JSON], step: int) -> list[float]:
    """Each seat's expected standing (the game's evaluation, from the public view only), in [0, 100]."""
    state = game.determinize(view, None, Rng(f"standing:{step}"))
    if game.to_move(state) is None:
        values = game.returns(state)
    else:
        found = game.evaluate(state)
        values = found if found is not None else [1.0 / game.players] * game.players
    return [round(100.0 * v, 2) for v in values]


def review_decision(game: Game, view: dict[str, JSON], seat: int, legal: list[str], played: str,
                    step: int) -> Decision | None:
    """One decision of a review, valued from ``view`` only (None: the method does not value it)."""
    found = valuate(game, view, seat, legal, seed=step)
    if found is None or played not in found.values:
        return None
    best = found.best
    value_best = found.values[best]
    value_played = found.values[played]
    if found.method == "alphabeta" and played != best:  # the root search only bounded it
        value_played = min(value_best, exact_value(game, view, seat, played, REVIEW_DEPTH))
    loss = max(0.0, value_best - value_played)
    thresholds = THRESHOLDS.get(game.id, DEFAULT_THRESHOLDS)
    return Decision(step, seat, played, best, value_played, value_best, loss, label_of(loss, thresholds),
                    len(legal))


def review_match(record: Match, progress: Callable[[int, int], None] | None = None) -> Review:
    """The review of a verified match (see the module's text)."""
    game = record.game
    method = method_of(game)
    review = Review(game.id, game.players, method, "points" if method == "exact" else "%",
                    THRESHOLDS.get(game.id, DEFAULT_THRESHOLDS))
    points = decision_points(record)
    for done, (step, seat, view, legal, played, public) in enumerate(points):
        review.graph.append({"step": step, "seat": seat, "standing": standing(game, public, step)})
        decision = review_decision(game, view, seat, legal, played, step)
        if decision is None:
            review.unvalued.append(step)
        else:
            review.decisions.append(decision)
        if progress is not None:
            progress(done + 1, len(points))
    if record.is_over:
        review.scores = list(record.scores)
    return review


def review_record(data: Any, progress: Callable[[int, int], None] | None = None) -> dict[str, JSON]:
    """``regalia review --json``: the review of a record (a dict or its JSON text) as one object."""
    return review_match(load_record(data), progress).to_dict()


__all__ = ["Valuation", "valuate", "method_of", "review_match", "review_record", "load_record", "THRESHOLDS",
           "LABELS", "decision_points", "review_decision"]
