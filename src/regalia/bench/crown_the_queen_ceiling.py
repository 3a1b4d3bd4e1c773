"""Crown the Queen, benchmark only: the all-seeing ceiling player (``oracle``). NEVER a level the server offers.

The issue's fallback measures "the ceiling": the rubber share of a player that knows every hand and the
pack. The pack of ``QueenState`` is a multiset and every draw is a chance outcome, but in a match those
outcomes come from the match's own generator (``Match._rng``), whose every future output is fixed by its
current state: a copy of it replays exactly the draws the match will make. So this player knows the pack
ORDER — which card a swap brings, which card each laid card draws, what every seat will draw next turn.

It decides by perfect-information rollouts on the true state: for every legal action it plays the true
future forward — the same chance stream as the match, the opponents played by a fixed policy (by default
the policy the field plays, so against ``easy`` and ``medium`` the model is exact: those heuristics are
deterministic functions of their seat's view), itself by a base policy — to the end of the current game,
and scores the resulting rubber standing (the exact result when that game ends the rubber; else the
chance of winning the rubber from the totals: ``lookahead.standing``, as hard scores its rollouts). The
best action is played; ties keep the base policy's choice. This is a one-step policy improvement over the
base policy with an exact model (Bertsekas' rollout algorithm), so it plays at least as well as its base
policy, by construction.

Optionally (``depth=2``) the first decision of its own after the candidate is also chosen by rollouts.
A decision costs a few rollouts of one game (well under a millisecond each).

Measured (2,000 rubbers each, seats rotated, 3 players, ``REGALIA_AI_CLOCK=cpu``, seeds ``strength:0..1999``;
``python -m regalia.bench.crown_the_queen strength --hero oracle --field easy --rubbers 2000``):

* against two easies: 99.4% ± 0.3% of the rubbers; 0.87 ms CPU per decision (max 8.8 ms);
* against two mediums: 98.6% ± 0.5%; 0.81 ms CPU per decision (max 8.5 ms).

So the deal's luck does NOT cap the edge of a player that knows the draws to come: it wins nearly every
rubber. Read as that player, the issue's fallback (70% of the ceiling's edge) would ask for a share of
79.6% against easies and 79.0% against mediums — more than the direct 45% target.

**The pack-blind ceiling** (``samples=n``). In this game's model the pack has no order: ``QueenState.pack``
is a multiset and every draw is a chance outcome, a uniform pick of it. A player that "knows every hand and
the pack" in that model knows the whole state — every hand, the passed card, the pack's cards — but not the
draws to come, which are the deal's luck the issue speaks of. With ``samples`` the oracle is that player: the
same rollouts on the true state, the opponents' policy exact, but on ``n`` chance streams of its own
(common to every candidate), the base policy's choice overturned only by a paired gain of more than
``margin`` standard errors. Pilot, rubbers 30000-30299 against two mediums (``paired``): no margin, 16
streams 15.7%, 64 streams 22.8% (noise overturns the base at random); 32 streams, margin 1: 33.8%, margin 2:
38.3%; on the same rubbers seeing-medium (its base) 34.3%, medium 35.2%, and the same rollouts on worlds
drawn from the seat's belief (a game-internal lookahead, since replaced by hard's flat search; 32 worlds,
margin 2, the others modelled as medium) 33.5%. Measured with 64 streams and margin 2 (``REGALIA_AI_CLOCK=cpu``; ``python -m
regalia.bench.crown_the_queen strength --hero oracle --field medium --rubbers 1000 --seed 0 --params
'{"samples": 64, "margin": 2}'`` and ``--seed 1000``; ~3 s CPU a rubber):

* against two mediums: 40.6% ± 2.2% of 2,000 rubbers (41.1% and 40.1% per thousand);
* against two easies: 46.9% ± 2.2% of 2,000 rubbers (``--seed 0`` 600 rubbers 45.4%, ``--seed 600`` 400
  rubbers 47.7%, ``--seed 1000`` and ``--seed 1500`` 500 rubbers each 47.6% and 47.1%).

So the deal's luck caps what seeing every card is worth: against two mediums well below the 45% target,
against two easies about at it. The fallback then asks hard for 33.3% + 0.7 × 7.3 = 38.4% against two
mediums, where it takes 37.4% ± 2.1% of the same 2,000 rubbers (55% of the ceiling's edge; the same
kind of rollouts as this player, on believed worlds instead of the true hands; the level before, a tree search,
took 34.7%, 18%); and medium for 33.3% + 0.7 × 13.5 = 42.8% against two easies, where it takes 38.9% of the
same 2,000 (41% of the ceiling's edge).

Since 2026-12-01 hard spends a sequential budget (64 worlds, up to 512 while the decision is open) with a
1-SE margin, and this player can spend the same (``more_samples``, ``open_margin``), so the ceiling is
never searched more weakly than hard. With ``--params '{"samples": 64, "margin": 1, "more_samples": 512,
"open_margin": 0.5}'`` against two mediums: 41.5% ± 2.2% of 2,000 rubbers (strength:0-999 42.4%, 1000-1999
40.7%; ~6.5 CPU s a rubber), where hard takes 38.5% ± 2.1% of the same 2,000: 63% of this ceiling's edge, against
the 39.1% the fallback asks (71% of the 64-stream ceiling's edge). On 9,820 new rubbers (2000-11819),
played by both and judged paired (crown_the_queen_verdict.py, its ledger; since 2026-12-02 with the fused
rollouts of ``playout.py``, which play this player's rollouts too, ``seer``): this ceiling 41.8%, hard 39.4%,
72% of the edge (Fieller's 95%: 62% to 83%); D = h - 0.7 c - 0.1 = +0.16 ± 0.45 points (anytime 95%: -1.28
to +1.60), so the fallback is neither shown nor refuted. This player ended all 5,462 rubbers of 2000-7461 as it did through the core
protocol, at ~0.9 CPU s a rubber (was 4.6).

Since 2026-12-02 the medium level plays judgement trees (judgement.py) and the old medium heuristic is
the ``race``, which hard's rollouts play and which this player's rollouts now model the field by (the
trees are too slow for thousands of rollouts a decision, so neither models a medium field exactly). And
this player starts, like hard, from hard's prior (``prior``: medium's choice), overturned only where its
rollouts clearly disagree; its own later turns in the rollouts are the seeing race (``base``). So the
two differ only in what they see. The 9,820 rubbers above are those of the race as medium.
"""

from __future__ import annotations

from typing import Any

from regalia.core.game import CHANCE
from regalia.core.match import Match
from regalia.core.rng import Rng
from regalia.core.stats import clearly_better, is_open
from regalia.games.crown_the_queen import heuristics
from regalia.games.crown_the_queen.game import CrownTheQueen
from regalia.games.crown_the_queen.lookahead import standing
from regalia.games.crown_the_queen.playout import play_out
from regalia.games.crown_the_queen.state import OVER, QueenState

from .crown_the_queen import _Seeing, _seeing_medium


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
