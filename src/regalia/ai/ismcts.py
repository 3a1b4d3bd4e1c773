"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, "SO-ISMCTS").

A player who cannot see everything cannot search the true state. Instead, every iteration:

1. **samples** a full state consistent with the seat's view — ``game.determinize(view, seat, rng)`` —
   so the hidden cards differ from one iteration to the next and are never the real ones;
2. **descends** one shared tree whose nodes are the sequences of *actions* taken from the root, choosing
   among the actions legal in this determinization by UCB with availability counts (an action that is
   only sometimes legal is judged against the iterations in which it was available);
3. **expands** one new action, then **rolls out** (random, or a game policy) for a bounded number of
   decisions, and scores the end with ``game.returns`` or, when cut short, ``game.evaluate``;
4. **backs up** one value per seat, so any number of players each maximise their own share.

Chance nodes (a die, a card drawn) are sampled with ``game.sample_chance`` and add no tree node: the
tree is "open loop" over chance, which is what lets every determinization share it — the results of all
samples are *combined* in the visit counts. The decision is the most visited root action.

With ``paired`` (common random numbers at the root), each sampled world is searched once below *every*
root action with the same random stream, so root actions are compared on the same hidden cards and, as
far as the actions allow, the same luck: far less noise per iteration in games where luck dominates.

With ``prior_policy`` (paired search only), the game's named policy proposes the default action (on
the first sampled world, so from the seat's view) and search must overturn it: the best-scoring action
replaces it only when its paired advantage over the default exceeds ``prior_margin`` standard errors.
Where luck swamps a short search, the agent then plays at least as well as the policy, and departs from
it only where the evidence is clear.

With ``flat`` (paired search only) the tree is the root alone: below each root action every decision,
the seat's own included, is the rollout policy's, and a world's value is that of one policy rollout. This is
determinized flat Monte Carlo; where the rollout policy plays well and luck dominates, it beats a deeper
tree whose expansions try moves at random on a few dozen worlds (Crown the Queen's hard level).

With ``horizon`` a game that defines ``rollout_cut(start, state)`` ends every rollout where that says, with
the values it gives (e.g. at the end of the deal in progress, scored by the standings it leaves): a natural
point to stop, where a fixed ``rollout_depth`` would stop anywhere. Such a game may also play a whole
rollout of a policy itself: ``play_out(policy, start, state, rng)`` returns exactly the values the loop here
would (the same draws from ``rng``), typically from one loop over its own compact state; None where it
does not play that policy.

The agent stops after ``iterations`` (deterministic: use this in tests), ``samples`` worlds (paired search),
or ``seconds`` of wall time, whichever comes first. With ``more_samples`` (paired search with a prior) the
budget of worlds is sequential: most decisions are clear after ``samples`` worlds, and only where some action
leads the prior's choice by ``open_margin`` standard errors does search go on, a batch at a time, to at most
``more_samples`` worlds, so a finer margin costs little more than the small budget.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from regalia.core.game import CHANCE, JSON, Game, State
from regalia.core.rng import Rng
from regalia.core.stats import clearly_better, is_open

from . import clock
from .agent import Agent


class Node:
    """Statistics of one action sequence from the root: visits, availability and value per seat."""

    __slots__ = ("children", "visits", "available", "value")

    def __init__(self, players: int) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 0
        self.value = [0.0] * players

    def ucb(self, seat: int, exploration: float) -> float:
        return self.value[seat] / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


class ISMCTSAgent(Agent):
    """A computer player for any game of the core protocol, hidden information and chance included."""

    name = "ismcts"

    def __init__(self, seed: int | str = 0, *, iterations: int | None = 1000, seconds: float | None = None,
                 exploration: float = 0.7, rollout_policy: str | None = None, rollout_depth: int | None = None,
                 paired: bool = False, prior_policy: str | None = None, prior_margin: float = 1.0,
                 worlds: dict[str, Any] | None = None, flat: bool = False, samples: int | None = None,
                 horizon: bool = False, more_samples: int | None = None, open_margin: float = 0.5,
                 **params: Any) -> None:
        super().__init__(seed, **params)
        if iterations is None and seconds is None and samples is None:
            raise ValueError("ismcts needs a budget: iterations, samples, seconds or some of them")
        if (flat or samples is not None) and not paired:
            raise ValueError("flat search and a budget of samples need paired search (every root action per world)")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_policy = rollout_policy
        self.rollout_depth = rollout_depth
        self.paired = paired
        if prior_policy is not None and not paired:
            raise ValueError("prior_policy needs paired search (root actions compared on the same worlds)")
        self.prior_policy = prior_policy
        self.prior_margin = prior_margin
        if more_samples is not None and (samples is None or prior_policy is None):
            raise ValueError("more_samples extends a budget of samples where the prior's choice is in doubt:"
                             " it needs samples and prior_policy")
        self.worlds = worlds or {}
        """Keyword arguments for the game's ``world_sampler`` (how it draws worlds), if it has one."""
        self.flat = flat
        self.samples = samples
        """Paired search: how many worlds per decision (each tried below every root action)."""
        self.horizon = horizon
        self.more_samples = more_samples
        """Paired search with a prior: a larger budget of worlds, spent only where the decision is open."""
        self.open_margin = open_margin
        """With ``more_samples``: the decision is open while some action leads the default by at least this
        many paired standard errors (less than ``prior_margin``, which it must pass to be played)."""
        self.last_iterations = 0
        """Iterations run by the last decision (for benchmarks)."""
        self.last_clocked = False
        """Whether the clock (``seconds``) ended the last decision before its other budget did: where it
        does, the choice depends on the machine's speed and a rubber may not replay exactly (benchmarks)."""
        self._play_out: Callable[[str, State, State, Rng], list[float] | None] | None = None
        """The game's own rollout loop for this search, if it has one (``play_out``)."""

    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        # A game may prepare its sampling of the hidden state once per decision (e.g. a belief computed
        # from the whole view) and then deal each world cheaply: ``world_sampler(view, seat, rng)``
        # returns a function of a random stream (``worlds``: its options). Otherwise every world is
        # ``determinize``'d afresh.
        prepare = getattr(game, "world_sampler", None)
        if prepare is not None:
            return self.search(game, prepare(view, seat, self.rng, **self.worlds), seat, legal)
        return self.search(game, lambda rng: game.determinize(view, seat, rng), seat, legal)

    def search(self, game: Game, sample: Callable[[Rng], State], seat: int, legal: list[str]) -> str:
        """The most visited of ``legal`` after searching states drawn by ``sample``."""
        rng = self.rng
        root = Node(game.players)
        deadline = None if self.seconds is None else clock.now() + self.seconds
        done = worlds = 0
        self.last_clocked = False
        default: str | None = None
        outcomes: dict[str, list[float]] = {action: [] for action in legal}
        cut = getattr(game, "rollout_cut", None) if self.horizon else None
        self._play_out = None
        if cut is not None and self.rollout_policy is not None and self.rollout_depth is None:
            self._play_out = getattr(game, "play_out", None)
        while self.iterations is None or done < self.iterations:
            if deadline is not None and clock.now() >= deadline:
                self.last_clocked = True
                break
            if self.samples is not None and worlds >= self.samples and not self._goes_on(worlds, outcomes, default):
                break
            world = sample(rng)
            worlds += 1
            if not self.paired:
                self._iterate(game, world, root, rng, cut=cut)
                done += 1
                continue
            if self.prior_policy is not None and default is None:
                default = game.policy(self.prior_policy, world, seat, rng)
            # Common random numbers: every root action is tried in the same world, with the same stream
            # for chance and rollouts, so root actions are compared on equal luck.
            stream = Rng(state=rng.next64())  # a fresh stream per world, even if sampling drew nothing
            for action in legal:
                outcomes[action].append(self._iterate(game, world, root, stream.copy(), first=action, cut=cut)[seat])
            done += len(legal)
        self.last_iterations = done
        if self.paired:  # every root action has the same visits: the best mean decides
            scored = [(root.children[a].value[seat], -i, a) for i, a in enumerate(legal) if a in root.children]
            if default in outcomes and scored:
                best = max(scored)[2]
                return best if self._overturns(outcomes[best], outcomes[default]) else default
        else:
            scored = [(root.children[a].visits, -i, a) for i, a in enumerate(legal) if a in root.children]
        return max(scored)[2] if scored else legal[0]

    def _goes_on(self, worlds: int, outcomes: dict[str, list[float]], default: str | None) -> bool:
        """Whether search goes on past ``samples`` worlds: a batch of ``samples`` more at a time, up to
        ``more_samples``, while some action leads the default by ``open_margin`` paired standard errors."""
        if self.more_samples is None or default is None or worlds >= self.more_samples:
            return False
        assert self.samples is not None
        if worlds % self.samples:
            return True  # finish the batch
        return is_open(outcomes, default, self.open_margin)

    def _overturns(self, best: list[float], default: list[float]) -> bool:
        """Whether ``best`` beats ``default`` by more than ``prior_margin`` standard errors (paired)."""
        return clearly_better(best, default, self.prior_margin)

    def _iterate(self, game: Game, state: State, root: Node, rng: Rng, first: str | None = None,
                 cut: Callable[[State, State], list[float] | None] | None = None) -> list[float]:
        path = [root]
        node = root
        start = state
        if first is not None:  # a paired iteration: the root action is given
            child = root.children.get(first)
            if child is None:
                child = root.children[first] = Node(game.players)
            child.available += 1
            path.append(child)
            node = child
            state = game.apply(state, first)
        while not self.flat:  # selection, then one expansion
            mover = game.to_move(state)
            if mover is None:
                break
            if mover == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            legal = game.legal_actions(state)
            untried = []
            for action in legal:
                child = node.children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                child = node.children[action] = Node(game.players)
                child.available = 1
                path.append(child)
                state = game.apply(state, action)
                break
            c = self.exploration
            action = max(legal, key=lambda a: node.children[a].ucb(mover, c))
            node = node.children[action]
            path.append(node)
            state = game.apply(state, action)
        values = self._rollout(game, state, rng, start, cut)
        for visited in path:
            visited.visits += 1
            total = visited.value
            for s, v in enumerate(values):
                total[s] += v
        return values

    def _rollout(self, game: Game, state: State, rng: Rng, start: State,
                 cut: Callable[[State, State], list[float] | None] | None) -> list[float]:
        if self._play_out is not None:
            assert self.rollout_policy is not None
            values = self._play_out(self.rollout_policy, start, state, rng)
            if values is not None:
                return values
        decisions = 0
        while True:
            if cut is not None:
                values = cut(start, state)
                if values is not None:
                    return values
            mover = game.to_move(state)
            if mover is None:
                return game.returns(state)
            if mover == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            if self.rollout_depth is not None and decisions >= self.rollout_depth:
                guess = game.evaluate(state)
                return guess if guess is not None else [1.0 / game.players] * game.players
            if self.rollout_policy is None:
                action = rng.choice(game.legal_actions(state))
            else:
                action = game.policy(self.rollout_policy, state, mover, rng)
            state = game.apply(state, action)
            decisions += 1
