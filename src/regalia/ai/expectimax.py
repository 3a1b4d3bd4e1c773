"""Expectimax for games of chance with any number of seats (max-n at decisions, expectation at chance).

Alpha-beta (``alphabeta.py``) runs "paranoid" search: every other seat is assumed to play against the
root seat. That is right for a duel and wrong for a table of three pirates, where each rival plays for
himself. Here every node's value is a vector, one entry per seat: a seat to move picks the child best for
*its own* entry (max-n, Luckhardt & Irani 1986), a chance node averages its children by
``game.chance_outcomes`` probabilities, and a leaf is ``game.returns`` at the end or ``game.evaluate``
at the horizon (``1/n`` each where the game offers no evaluation). Without pruning the tree is searched
whole, so this suits short horizons and push-your-luck decisions (roll again or bank?), where the
expectation over the dice *is* the question.

Depth counts decisions; chance nodes are free (a turn of rolls costs only its choices). A chance node with
more than ``chance_samples`` outcomes is estimated from that many outcomes drawn with the agent's own
generator, each weighted alike (sparse sampling), so one wide roll does not swallow the budget.

Hidden information: the agent sees only its seat's view. It rebuilds ``worlds`` full states with
``game.determinize`` and averages each root action's value over them (perfect-information Monte Carlo:
simple and often strong, though it assumes the rivals know what it does not).

Budgets: ``seconds`` for play, ``nodes`` for tests (deterministic). Iterative deepening keeps the deepest
depth that every world finished, and stops early once no line reaches the horizon; a table memoises
``(key, depth)`` within one world and depth (a value carries its ply's small win-sooner bonus).
"""

from __future__ import annotations

from typing import Any

from regalia.core.game import CHANCE, JSON, Game, State

from . import clock
from .agent import Agent
from .alphabeta import DECAY, MARGIN, OutOfBudget  # the same budget margin, win-sooner bonus and unwinding


class ExpectimaxAgent(Agent):
    name = "expectimax"

    def __init__(self, seed: int | str = 0, *, seconds: float | None = 1.0, nodes: int | None = None,
                 max_depth: int = 32, worlds: int = 1, chance_samples: int = 36, **params: Any) -> None:
        super().__init__(seed, **params)
        if worlds < 1 or chance_samples < 1 or max_depth < 1:
            raise ValueError("expectimax needs worlds, chance_samples and max_depth of at least 1")
        self.seconds = None if nodes is not None else seconds
        self.node_limit = nodes
        self.max_depth = max_depth
        self.worlds = worlds
        self.chance_samples = chance_samples
        self.last: dict[str, Any] = {}
        """Facts about the last search (depth, nodes, seconds, root values) for benchmarks and tests."""

    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        states = [game.determinize(view, seat, self.rng) for _ in range(self.worlds)]
        search = Search(game, self, legal)
        values, depth = search.run(states)
        best = max(legal, key=lambda a: values[a][seat])  # ties: the first in the rules' order
        self.last = {"depth": depth, "nodes": search.nodes, "seconds": clock.now() - search.started,
                     "values": {a: v[seat] for a, v in values.items()}}
        return best


class Search:
    """One decision: iterative deepening, each depth searched in every world before the next."""

    def __init__(self, game: Game, agent: ExpectimaxAgent, legal: list[str]) -> None:
        self.game = game
        self.agent = agent
        self.legal = legal
        self.started = clock.now()
        seconds = agent.seconds
        self.deadline = None if seconds is None else self.started + seconds * (1.0 - MARGIN)
        self.nodes = 0
        self.uniform = [1.0 / game.players] * game.players
        self.table: dict[Any, tuple[list[float], bool]] = {}
        """(search key, depth) -> (value, cut) for the world and depth being searched."""

    def run(self, states: list[State]) -> tuple[dict[str, list[float]], int]:
        """Each root action's value vector averaged over the worlds, at the deepest complete depth."""
        game, legal = self.game, self.legal
        best: dict[str, list[float]] = {a: list(self.uniform) for a in legal}
        completed = 0
        for depth in range(1, self.agent.max_depth + 1):
            try:
                totals = {a: [0.0] * game.players for a in legal}
                cut = False
                for state in states:
                    self.table = {}
                    for action in legal:
                        value, cut_here = self.value(game.apply(state, action), depth - 1, 1)
                        cut = cut or cut_here
                        totals[action] = [t + v for t, v in zip(totals[action], value, strict=True)]
            except OutOfBudget:
                break
            best = {a: [t / len(states) for t in v] for a, v in totals.items()}
            completed = depth
            if not cut:  # every line ended before the horizon: deeper search changes nothing
                break
        return best, completed

    def count_node(self) -> None:
        self.nodes += 1
        if self.nodes == self.agent.node_limit:
            raise OutOfBudget
        if self.nodes & 63 == 0 and self.deadline is not None and clock.now() >= self.deadline:
            raise OutOfBudget

    def value(self, state: State, depth: int, ply: int) -> tuple[list[float], bool]:
        """The value vector of ``state`` searched ``depth`` more decisions, and whether some line was cut
        at the horizon (if none was, a deeper search would find the same)."""
        self.count_node()
        game = self.game
        mover = game.to_move(state)
        if mover is None:
            shrink = 1.0 - DECAY * ply
            share = 1.0 / game.players
            return [share + (u - share) * shrink for u in game.returns(state)], False
        if mover == CHANCE:
            outcomes = game.chance_outcomes(state)
            if len(outcomes) > self.agent.chance_samples:
                drawn = [self.agent.rng.weighted(outcomes) for _ in range(self.agent.chance_samples)]
                outcomes = [(o, 1.0 / len(drawn)) for o in drawn]
            total = [0.0] * game.players
            cut = False
            for outcome, p in outcomes:
                value, cut_here = self.value(game.apply(state, outcome), depth, ply)
                cut = cut or cut_here
                total = [t + p * v for t, v in zip(total, value, strict=True)]
            return total, cut
        if depth <= 0:
            guess = game.evaluate(state)
            return (list(self.uniform) if guess is None else list(guess)), True
        key = (game.search_key(state), depth)
        cached = self.table.get(key)
        if cached is not None:
            return cached
        best: list[float] | None = None
        cut = False
        for action in game.legal_actions(state):
            value, cut_here = self.value(game.apply(state, action), depth - 1, ply + 1)
            cut = cut or cut_here
            if best is None or value[mover] > best[mover]:
                best = value
        assert best is not None, f"{game.id}: a seat to move has no legal action"
        self.table[key] = (best, cut)
        return best, cut
