"""Alpha-beta search with iterative deepening and a transposition table, over the core protocol.

The agent rebuilds a state from its seat's view (``game.determinize``) and searches it. Values are the
root seat's utility in [0, 1]: ``game.returns`` at the end of a match, ``game.evaluate`` at the horizon.
Nodes where the root seat acts maximise; every other seat minimises ("paranoid" search, the usual way to
run minimax with more than two players); chance nodes average over ``game.chance_outcomes``
(expectiminimax). A seat may act several times in a row (a game's extra actions): only who acts matters.

Quiescence (``quiescence=N``, off by default): at the horizon, instead of evaluating at once, the side to
move may stand pat (take the evaluation) or play one of ``game.noisy_actions`` (captures...), up to N more
plies, so the search never judges a position in the middle of an exchange.

Budgets are time (``seconds``) for play and nodes (``nodes``) for tests: with a node limit the search is
deterministic. Move ordering: the transposition table's best move, two killer moves per depth, the
history heuristic; at the root, the previous iteration's scores (root moves are first shuffled with the
agent's own generator, so equal moves vary from match to match).

Principal-variation search: a node's first move is searched with the full window, each later one first
with a null window (can it beat the best so far? ``alpha`` and the next float above it) and again with the
full window only if it can. Fail-soft bounds, so a fixed depth's value is the plain alpha-beta value; with
the ordering above the tree is already close to the minimal one (about b^3 leaves at depth 5), so this
saves only ~5% of the nodes at depth 5 on the Gold Battle. Aspiration windows at the root saved ~1% more
and are not used.
"""

from __future__ import annotations

from collections import defaultdict
from math import nextafter
from typing import Any

from regalia.core.game import CHANCE, JSON, Game, State

from . import clock
from .agent import Agent

EXACT, LOWER, UPPER = 0, 1, 2
DECAY = 0.001
"""A win found sooner is worth a little more than the same win later (and a loss later, a little more)."""
MARGIN = 0.03
"""The share of a time budget kept back for answering, so a decision stays within its seconds."""


class OutOfBudget(Exception):
    """Unwinds the search when the time or node budget is spent."""


class AlphaBetaAgent(Agent):
    name = "alphabeta"

    def __init__(self, seed: int | str = 0, *, seconds: float | None = 1.0, nodes: int | None = None,
                 max_depth: int = 64, quiescence: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        self.seconds = None if nodes is not None else seconds
        self.node_limit = nodes
        self.max_depth = max_depth
        self.quiescence = quiescence
        """Plies of capture-only search beyond the horizon (0: evaluate at the horizon)."""
        self.last: dict[str, Any] = {}
        """Facts about the last search (depth, nodes, seconds, value) for benchmarks and tests."""

    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        state = game.determinize(view, seat, self.rng)
        search = Search(game, seat, self.seconds, self.node_limit, self.quiescence)
        order = list(legal)
        self.rng.shuffle(order)
        action, value, depth = search.run(state, order, self.max_depth)
        self.last = {"depth": depth, "nodes": search.nodes, "value": value,
                     "seconds": clock.now() - search.started}
        return action


class Search:
    """One decision's search: iterative deepening over a shared transposition table."""

    def __init__(self, game: Game, seat: int, seconds: float | None, node_limit: int | None,
                 quiescence: int = 0) -> None:
        self.game = game
        self.seat = seat
        self.quiescence = quiescence
        self.started = clock.now()
        self.deadline = None if seconds is None else self.started + seconds * (1.0 - MARGIN)
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[Any, tuple[int, float, int, str | None]] = {}
        self.killers: dict[int, list[str]] = {}
        self.history: defaultdict[str, int] = defaultdict(int)
        self.partial: tuple[str, float] | None = None

    def run(self, state: State, order: list[str], max_depth: int) -> tuple[str, float, int]:
        """The best root action, its value, and the deepest iteration completed.

        An iteration cut short still counts when it got through at least the previous best move (searched
        first): any move it found better at the new depth is better than that one.
        """
        best, best_value, completed = order[0], 0.0, 0
        scores: dict[str, float] = {}
        for depth in range(1, max_depth + 1):
            order.sort(key=lambda a: -scores.get(a, -1.0))
            self.partial = None
            try:
                action, value, scores = self.root(state, order, depth)
            except OutOfBudget:
                if self.partial is not None:
                    best, best_value = self.partial
                break
            best, best_value, completed = action, value, depth
        return best, best_value, completed

    def root(self, state: State, order: list[str], depth: int) -> tuple[str, float, dict[str, float]]:
        game = self.game
        alpha, beta = -1.0, 2.0
        best, best_value = order[0], -1.0
        scores: dict[str, float] = {}
        for action in order:
            child = game.apply(state, action)
            if best_value < -0.5 or depth == 1:  # the first move (or a leaf's exact value): a full window
                value = self.value(child, depth - 1, alpha, beta, 1)
            else:  # the others: can it beat alpha? (a null window), searched again only if it can
                value = self.value(child, depth - 1, alpha, nextafter(alpha, 3.0), 1)
                if value > alpha:
                    value = self.value(child, depth - 1, alpha, beta, 1)
            scores[action] = value
            if value > best_value:
                best, best_value = action, value
            alpha = max(alpha, value)
            self.partial = (best, best_value)
        return best, best_value, scores

    def count_node(self) -> None:
        """One more node searched; OutOfBudget once the node limit or the deadline is reached."""
        self.nodes += 1
        if self.nodes == self.node_limit:
            raise OutOfBudget
        if self.nodes & 63 == 0 and self.deadline is not None and clock.now() >= self.deadline:
            raise OutOfBudget

    def value(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The root seat's value of ``state`` searched ``depth`` more plies, within (alpha, beta)."""
        self.count_node()
        game = self.game
        mover = game.to_move(state)
        if mover is None:
            utility = game.returns(state)[self.seat]
            return 0.5 + (utility - 0.5) * (1.0 - DECAY * ply)
        if depth <= 0:
            if self.quiescence and mover != CHANCE:
                return self.quiesce(state, mover, alpha, beta, ply, self.quiescence)
            guess = game.evaluate(state)
            return 0.5 if guess is None else guess[self.seat]
        if mover == CHANCE:
            return sum(p * self.value(game.apply(state, outcome), depth - 1, -1.0, 2.0, ply + 1)
                       for outcome, p in game.chance_outcomes(state))
        key = game.search_key(state)
        entry = self.table.get(key)
        hint = None
        if entry is not None:
            stored_depth, stored, flag, hint = entry
            if stored_depth >= depth:
                if flag == EXACT:
                    return stored
                if flag == LOWER and stored >= beta:
                    return stored
                if flag == UPPER and stored <= alpha:
                    return stored
        maximise = mover == self.seat
        original_alpha, original_beta = alpha, beta
        best_value = -1.0 if maximise else 2.0
        best_action = None
        leaves = depth == 1 and not self.quiescence
        seat = self.seat
        first = True
        for action in self.ordered(game.legal_actions(state), hint, ply):
            child = game.apply(state, action)
            if leaves:  # ``value(child, 0, ...)`` without quiescence, written out: the last ply's hot loop
                self.nodes = nodes = self.nodes + 1  # ``count_node``
                if nodes == self.node_limit:
                    raise OutOfBudget
                if nodes & 63 == 0 and self.deadline is not None and clock.now() >= self.deadline:
                    raise OutOfBudget
                if game.to_move(child) is None:
                    utility = game.returns(child)[seat]
                    value = 0.5 + (utility - 0.5) * (1.0 - DECAY * (ply + 1))
                else:
                    guess = game.evaluate(child)
                    value = 0.5 if guess is None else guess[seat]
            elif first or depth == 1:  # the first move (the best, hopefully), or quiescence: a full window
                first = False
                value = self.value(child, depth - 1, alpha, beta, ply + 1)
            elif maximise:  # principal-variation search: can it beat alpha? searched again only if it can
                value = self.value(child, depth - 1, alpha, nextafter(alpha, 3.0), ply + 1)
                if alpha < value < beta:
                    value = self.value(child, depth - 1, alpha, beta, ply + 1)
            else:
                value = self.value(child, depth - 1, nextafter(beta, -2.0), beta, ply + 1)
                if alpha < value < beta:
                    value = self.value(child, depth - 1, alpha, beta, ply + 1)
            if maximise:
                if value > best_value:
                    best_value, best_action = value, action
                if value > alpha:  # alpha = max(alpha, value)
                    alpha = value
            else:
                if value < best_value:
                    best_value, best_action = value, action
                if value < beta:  # beta = min(beta, value)
                    beta = value
            if alpha >= beta:
                self.remember_cutoff(action, depth, ply)
                break
        if best_value <= original_alpha:
            flag = UPPER
        elif best_value >= original_beta:
            flag = LOWER
        else:
            flag = EXACT
        self.table[key] = (depth, best_value, flag, best_action)
        return best_value

    def quiesce(self, state: State, mover: int, alpha: float, beta: float, ply: int, left: int) -> float:
        """The value of ``state`` (not over, ``mover`` to act) searched over noisy actions only.

        The side to move may stand pat on the evaluation or play a noisy action; ``left`` plies at most.
        """
        game = self.game
        guess = game.evaluate(state)
        stand = 0.5 if guess is None else guess[self.seat]
        if left <= 0:
            return stand
        maximise = mover == self.seat
        if maximise:
            if stand >= beta:
                return stand
            alpha = max(alpha, stand)
        else:
            if stand <= alpha:
                return stand
            beta = min(beta, stand)
        best = stand
        for action in game.noisy_actions(state):
            child = game.apply(state, action)
            self.nodes += 1
            if self.nodes == self.node_limit:
                raise OutOfBudget
            if self.nodes & 63 == 0 and self.deadline is not None and clock.now() >= self.deadline:
                raise OutOfBudget
            after = game.to_move(child)
            if after is None:
                utility = game.returns(child)[self.seat]
                value = 0.5 + (utility - 0.5) * (1.0 - DECAY * (ply + 1))
            elif after == CHANCE:
                guess = game.evaluate(child)
                value = 0.5 if guess is None else guess[self.seat]
            else:
                value = self.quiesce(child, after, alpha, beta, ply + 1, left - 1)
            if maximise:
                if value > best:
                    best = value
                alpha = max(alpha, value)
            else:
                if value < best:
                    best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def ordered(self, actions: list[str], hint: str | None, ply: int) -> list[str]:
        """The table's move first, then killers at this ply, then by history score."""
        history = self.history
        if history:
            actions.sort(key=history.__getitem__, reverse=True)  # stable: ties keep their order
        first = [a for a in (hint, *self.killers.get(ply, ())) if a is not None and a in actions]
        if not first:
            return actions
        return list(dict.fromkeys(first + actions))

    def remember_cutoff(self, action: str, depth: int, ply: int) -> None:
        killers = self.killers.setdefault(ply, [])
        if action not in killers:
            killers.insert(0, action)
            del killers[2:]
        self.history[action] = self.history.get(action, 0) + depth * depth
