"""Crown the Queen, research only: the all-seeing ceiling player (``Oracle``). Never a level; not in the package.

It served the settled question of hard's strength (benchmarks/README.md): the share of rubbers that a
player who sees every hand and the pack can take against two mediums, i.e. what the deal's luck leaves.
It decides by perfect-information rollouts on the true state (Bertsekas' rollout algorithm): every legal
action is played forward to the end of the deal, the opponents by a fixed policy (``model``), itself by
``base``, and scored by the rubber standing it leaves (``lookahead.standing``, as hard scores its rollouts).

* ``samples=0``: the rollouts use the match's own chance stream, so it knows the draws to come (it wins
  nearly every rubber: foresight of the draws is worth everything);
* ``samples=n``: the pack-blind ceiling: n chance streams of its own, common to every action; the prior's
  choice stands unless another is clearly better (``margin`` paired standard errors), with hard's
  sequential budget (``more_samples``, ``open_margin``). Given hard's budget, prior and rollouts it is hard's
  own search with sight of the hands.

The tests also use it as the step-by-step reference of the fused rollouts (``_played_value`` against
``playout.play_out``). Run it from the repository root::

    REGALIA_AI_CLOCK=cpu python -m benchmarks.crown_the_queen.ceiling --field medium --seed 2000 --rubbers 2000 \
        --workers 2

(against two mediums, rubbers 2000-19984: 35.6% (34.9-36.3), where hard took 33.9%).
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from regalia.ai.agent import Agent
from regalia.core.game import CHANCE, JSON, Game
from regalia.core.match import Match
from regalia.core.rng import Rng
from regalia.core.stats import clearly_better, is_open
from regalia.games import load_game
from regalia.games.crown_the_queen import heuristics
from regalia.games.crown_the_queen.cards import wanted, without
from regalia.games.crown_the_queen.game import CrownTheQueen
from regalia.games.crown_the_queen.heuristics import SCARCE, need, reachable_up_to
from regalia.games.crown_the_queen.lookahead import standing
from regalia.games.crown_the_queen.playout import play_out
from regalia.games.crown_the_queen.rules import KEEP, PASS_PREFIX, SWAP
from regalia.games.crown_the_queen.state import ACQUIRE, OVER, QueenState

GAME = "crown-the-queen"


class _Seeing(Agent):
    """A research-only player that reads the match's true state: it is handed the match, never a view."""

    def choose(self, match: Match) -> str:
        legal = match.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = match.to_move
        assert seat is not None
        return self.choose_seeing(match, seat, legal)

    def choose_seeing(self, match: Match, seat: int, legal: list[str]) -> str:
        raise NotImplementedError

    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        raise RuntimeError("the all-seeing player needs the match, not a view")


def _seeing_medium(state: Any, seat: int) -> str:
    """The race heuristic fed the true state (the pack it will draw from, the next player's hand): the
    ceiling's own turns in its rollouts."""
    hand, procession = state.hands[seat], state.processions[seat]
    pack = Counter(state.pack)
    if state.step == ACQUIRE:
        card = state.passed
        if card in wanted(procession):
            return KEEP
        worth = need(card, procession, hand)
        if worth == 0:
            return SWAP
        reachable = reachable_up_to(card, procession, pack + Counter(hand))
        if not any(pack[w] for w in wanted(procession)):
            return KEEP if reachable else SWAP  # no draw can be laid now: hold what will be needed
        return KEEP if worth >= 0.5 and pack[card] <= SCARCE and reachable else SWAP
    following = (seat + 1) % state.players
    after, held = state.processions[following], state.hands[following]

    def harm(card: str) -> float:
        return 2.0 if card in wanted(after) else need(card, after, held)

    return PASS_PREFIX + min(dict.fromkeys(hand), key=lambda c: (need(c, procession, without(hand, c)), harm(c)))


def _base_action(game: CrownTheQueen, state: QueenState, seat: int, base: str, rng: Rng) -> str:
    if base == "seeing-medium":
        return _seeing_medium(state, seat)
    return game.policy(base, state, seat, rng)


class Oracle(_Seeing):
    """Benchmark-only all-seeing player: rollouts on the true state with the match's own chance stream."""

    name = "oracle"

    def __init__(self, seed: int | str = 0, *, model: str = "race", base: str = "seeing-medium",
                 depth: int = 1, samples: int = 0, margin: float = 0.0, more_samples: int = 0,
                 open_margin: float = 0.5, prior: str | None = None, **params: Any) -> None:
        super().__init__(seed, **params)
        self.model = model
        self.base = base
        self.prior = prior
        """The policy whose choice at the root stands unless rollouts overturn it (None: ``base``, which
        plays this player's own turns in its rollouts). The verdict gives it hard's ``prior_policy``, so
        the ceiling starts from the same choice as hard and differs from it only by what it sees."""
        self.depth = depth
        self.samples = samples
        """0: the match's own chance stream (the pack's order known). n > 0: the pack-blind ceiling — n fresh
        streams, the same n for every candidate (common random numbers), so every draw is a uniform pick of
        the true pack's cards, as the game itself models a draw; the action with the best mean is played."""
        self.margin = margin
        """With samples: the base policy's choice stands unless another's paired mean gain over it exceeds
        ``margin`` standard errors (16 draws' noise otherwise overturns it at random: see the figures)."""
        self.more_samples = more_samples
        self.open_margin = open_margin
        """With samples and a margin: the sequential budget of hard's search (``ISMCTSAgent.more_samples``):
        while some action leads the base's choice by ``open_margin`` SE, ``samples`` more streams at a time,
        up to ``more_samples``."""

    def choose_seeing(self, match: Match, seat: int, legal: list[str]) -> str:
        game = match.game
        assert isinstance(game, CrownTheQueen)
        if self.samples:
            streams = [self.rng.next64() for _ in range(self.samples)]
        else:
            streams = [match._rng.state]  # bench-only: the chance stream the match will use from here
        return self._best(game, match.state, streams, seat, legal, self.depth)

    def _best(self, game: CrownTheQueen, state: QueenState, streams: list[int], seat: int, legal: list[str],
              depth: int) -> str:
        default = _base_action(game, state, seat, self.prior or self.base, self.rng)
        outcomes = {a: [self._value(game, state, a, s, seat, depth) for s in streams] for a in legal}
        while len(streams) < self.more_samples and self.margin and is_open(outcomes, default, self.open_margin):
            batch = [self.rng.next64() for _ in range(min(self.samples, self.more_samples - len(streams)))]
            streams = streams + batch
            for a in legal:
                outcomes[a] += [self._value(game, state, a, s, seat, depth) for s in batch]
        base = outcomes[default]
        best, best_gain = default, 0.0
        for action in legal:
            if action == default:
                continue
            values = outcomes[action]
            if len(values) > 1 and self.margin and not clearly_better(values, base, self.margin):
                continue  # the base policy's choice stands unless the paired gain is clear
            gain = sum(v - b for v, b in zip(values, base, strict=True)) / len(values)
            if gain > best_gain + 1e-12:
                best, best_gain = action, gain
        return best

    def _value(self, game: CrownTheQueen, state: QueenState, action: str, stream: int, seat: int,
               depth: int) -> float:
        """``seat``'s standing after playing ``action`` and the true future to the end of this game."""
        if depth == 1 and self.base == "seeing-medium":  # the game's fused loop plays exactly this
            values = play_out(self.model, state, game.apply(state, action), Rng(state=stream), seer=seat)
            if values is not None:
                return values[seat]
        return self._played_value(game, state, action, stream, seat, depth)

    def _played_value(self, game: CrownTheQueen, state: QueenState, action: str, stream: int, seat: int,
                      depth: int) -> float:
        """``_value`` step by step through the core protocol (any base, model and depth)."""
        rng = Rng(state=stream)
        finished = len(state.results)
        state = game.apply(state, action)
        while True:
            if state.step == OVER or len(state.results) > finished:
                return standing(state, seat)
            mover = game.to_move(state)
            if mover == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            assert mover is not None
            if mover == seat:
                legal = game.legal_actions(state)
                if len(legal) == 1:
                    choice = legal[0]
                elif depth > 1:
                    choice = self._best(game, state, [rng.state], seat, legal, depth - 1)
                    depth = 1  # only the first own decision after the candidate is searched again
                else:
                    choice = _base_action(game, state, seat, self.base, self.rng)
            else:
                choice = heuristics.POLICIES[self.model](state, mover, self.rng)
            state = game.apply(state, choice)


def ceiling(seed: str, field: str | None = None, **params: Any) -> Agent:
    """The pack-blind ceiling with hard's budget, prior and rollouts (read from the level), as in the
    settled question; ``params`` override them."""
    hard = load_game(GAME).agent_levels()["hard"]
    budget = {"samples": hard["samples"], "margin": hard["prior_margin"], "more_samples": hard["more_samples"],
              "open_margin": hard["open_margin"], "prior": hard["prior_policy"]}
    # Its rollouts model the field exactly where it plays a cheap heuristic (easy, race); medium's trees by the race.
    return Oracle(seed=seed, **{"model": field if field in ("easy", "race") else "race", **budget, **params})


def _ceiling(level: str, seed: str, field: str | None = None, **params: Any) -> Agent:
    return ceiling(seed, field, **params)


def main() -> None:
    from regalia.bench.crown_the_queen import strength

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--field", default="medium")
    parser.add_argument("--rubbers", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2000, help="the first rubber")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    print(strength("ceiling", args.field, args.rubbers, seed=args.seed, progress=True, workers=args.workers,
                   maker=_ceiling), flush=True)


if __name__ == "__main__":
    main()
