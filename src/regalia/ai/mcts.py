"""Plain UCT (Kocsis & Szepesvári 2006): random rollouts, no game knowledge — the common baseline.

Every game's computer player is measured against this agent (level ``uct``), so it relies on nothing but
the core protocol: ``legal_actions``, ``apply``, ``to_move``, ``returns`` and, at chance nodes,
``chance_outcomes`` sampled with the agent's own generator. It handles any number of seats: a node keeps
the summed returns of every seat, and selection at a node maximises the return of the seat acting there.

The search runs on one state rebuilt from the seat's view (``game.determinize``): exact for games of
perfect information, a single determinization otherwise (ISMCTS is the agent for hidden information).
Budgets: ``seconds`` for play, ``iterations`` for tests (deterministic).
"""

from __future__ import annotations

import math
from typing import Any

from regalia.core.game import CHANCE, JSON, Game, State
from regalia.core.rng import Rng

from . import clock
from .agent import Agent


class Node:
    """A state in the tree with its visit count and the summed returns of each seat below it."""

    __slots__ = ("state", "mover", "untried", "children", "visits", "totals")

    def __init__(self, game: Game, state: State, rng: Rng) -> None:
        self.state = state
        self.mover = game.to_move(state)
        self.untried: list[str] = []
        if self.mover is not None and self.mover != CHANCE:
            self.untried = game.legal_actions(state)
            rng.shuffle(self.untried)
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.totals = [0.0] * game.players


class MCTSAgent(Agent):
    name = "mcts"

    def __init__(self, seed: int | str = 0, *, seconds: float | None = 1.0, iterations: int | None = None,
                 exploration: float = 1.4, rollout_limit: int | None = None, **params: Any) -> None:
        super().__init__(seed, **params)
        self.seconds = None if iterations is not None else seconds
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.last: dict[str, Any] = {}
        """Facts about the last search (iterations, seconds) for benchmarks and tests."""

    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        started = clock.now()
        root = Node(game, game.determinize(view, seat, self.rng), self.rng)
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if self.seconds is not None and done and clock.now() - started >= self.seconds * 0.97:
                break
            self.iterate(game, root)
            done += 1
        self.last = {"iterations": done, "seconds": clock.now() - started}
        best = max(root.children.items(), key=lambda item: item[1].visits)[0]
        return best if best in legal else legal[0]

    def iterate(self, game: Game, root: Node) -> None:
        """One simulation: select and expand down the tree, roll out at random, back the returns up."""
        path = [root]
        node = root
        while node.mover is not None:
            if node.mover == CHANCE:
                outcome = self.rng.weighted(game.chance_outcomes(node.state))
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = Node(game, game.apply(node.state, outcome), self.rng)
                    path.append(child)
                    break
            elif node.untried:
                action = node.untried.pop()
                child = node.children[action] = Node(game, game.apply(node.state, action), self.rng)
                path.append(child)
                break
            else:
                child = self.select(node)
            node = child
            path.append(node)
        returns = self.rollout(game, path[-1].state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, value in enumerate(returns):
                totals[seat] += value

    def select(self, node: Node) -> Node:
        """The child maximising UCB1 for the seat acting at ``node``."""
        seat = node.mover
        assert seat is not None and seat >= 0
        log_n = math.log(node.visits)
        c = self.exploration
        best, best_score = None, -math.inf
        for child in node.children.values():
            score = child.totals[seat] / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def rollout(self, game: Game, state: State) -> list[float]:
        """Random play to the end (or to ``rollout_limit`` plies: then a draw-like even split)."""
        rng = self.rng
        plies = 0
        while True:
            mover = game.to_move(state)
            if mover is None:
                return game.returns(state)
            if self.rollout_limit is not None and plies >= self.rollout_limit:
                return [1.0 / game.players] * game.players
            if mover == CHANCE:
                state = game.apply(state, rng.weighted(game.chance_outcomes(state)))
            else:
                state = game.apply(state, rng.choice(game.legal_actions(state)))
            plies += 1
