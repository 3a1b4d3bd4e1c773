"""King's Gold: how turns end, observed in simulated matches, against their exact probabilities.

A turn ends in exactly one branch of DECISIONS §4.4 step 4, decided by the final dice alone::

    5 Skulls -> Mutiny      3-4 Skulls -> Royal Curse      5 Coins -> King's Ransom
    5 Cannons -> Broadside  5 Crests -> Royal Amnesty       anything else -> an ordinary turn

For a captain who rolls by the game's own turn solver (``hard``: the exact policy; ``medium``: the
one-throw lookahead), the final dice of a turn follow exactly from the turn-start position: the solver
says, for every (throws so far, dice counts), whether to stop or which counts to hold, and the dice
odds (``dice.count_outcomes``) do the rest. So every observed turn comes with its exact distribution
over the six branches; summed over the turns these are the expected counts that the observed counts are
set against (Pearson's chi-square). A mismatch would mean the dice, the Match's sampling or the
solver's holds are not what they claim to be.

Everything King's Gold is read from its package (dice, notation, solver); nothing is re-implemented
but the filling of thrown dice into their slots, which the notation documents ("the faces thrown, in
slot order").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.core.game import CHANCE
from regalia.games import load_game

from .agents import level_specs, make_agent
from .stats import chi_square, wilson

BRANCHES = ("Mutiny", "Royal Curse", "King's Ransom", "Broadside Barrage", "Royal Amnesty", "ordinary turn")
CRITICAL_95 = {1: 3.841, 2: 5.991, 3: 7.815, 4: 9.488, 5: 11.070}
"""The chi-square 95% points for the degrees of freedom that occur here."""


def branch(counts: tuple[int, ...]) -> int:
    """The branch (index into BRANCHES) of final dice counts (Skulls, Cannons, Coins, Crests)."""
    skulls, cannons, coins, crests = counts
    if skulls == 5:
        return 0
    if skulls >= 3:
        return 1
    for index, count in ((2, coins), (3, cannons), (4, crests)):
        if count == 5:
            return index
    return 5


class TurnOutcomes:
    """The report section: play ``matches`` matches of ``level`` captains and compare the turn endings."""

    title = "King's Gold: turn outcomes against the exact probabilities"
    columns = ("branch", "observed", "observed share", "95% interval", "exact share")

    def __init__(self, matches: int = 20, level: str = "hard", players: int = 2) -> None:
        self.matches = matches
        self.level = level
        self.players = players
        self.observed = [0] * len(BRANCHES)
        self.expected = [0.0] * len(BRANCHES)
        self.turns = 0

    def run(self, seed: int = 0, progress: Callable[[int], None] | None = None) -> None:
        from regalia.games.kings_gold.dice import count_faces

        game = load_game("kings-gold", players=self.players)
        keep = self._keep_rule(game)
        for i in range(self.matches):
            agents = [make_agent(game, self.level, seed=f"{seed + i}:{s}") for s in range(game.players)]
            match = game.new_match(seed=seed + i)
            while (seat := match.to_move) is not None:
                match.play(agents[seat].choose(match))
            for start, final in turns(game, match.history):
                self.turns += 1
                self.observed[branch(count_faces(final))] += 1
                for b, p in enumerate(exact_branches(game, start, keep)):
                    self.expected[b] += p
            if progress:
                progress(i + 1)

    def summary(self) -> str:
        stat, df = chi_square(self.observed, self.expected)
        verdict = "consistent with" if stat <= CRITICAL_95.get(df, float("inf")) else "NOT consistent with"
        return (f"{self.turns} turns of {self.matches} {self.players}-captain matches, every captain "
                f"'{self.level}'. Pearson chi-square {stat:.2f} on {df} degrees of freedom (95% point "
                f"{CRITICAL_95.get(df, float('nan')):.2f}): the observed endings are {verdict} the exact "
                "probabilities.")

    def rows(self) -> list[list[str]]:
        out = []
        for name, seen, expected in zip(BRANCHES, self.observed, self.expected, strict=True):
            share = wilson(seen, self.turns)
            out.append([name, str(seen), f"{share.value:.2%}", f"[{share.low:.2%}, {share.high:.2%}]",
                        f"{expected / max(self.turns, 1):.2%}"])
        return out

    def plot(self, ax: Any) -> None:
        n = max(self.turns, 1)
        x = range(len(BRANCHES))
        shares = [wilson(seen, self.turns) for seen in self.observed]
        ax.bar([i - 0.2 for i in x], [s.value for s in shares], width=0.4, color="#c9a227", label="observed",
               yerr=[[max(s.value - s.low, 0.0) for s in shares], [max(s.high - s.value, 0.0) for s in shares]],
               capsize=4)
        ax.bar([i + 0.2 for i in x], [e / n for e in self.expected], width=0.4, color="#1f5f8b", label="exact")
        ax.set_yscale("log")
        ax.set_xticks(list(x), [b.replace(" ", "\n") for b in BRANCHES], fontsize=8)
        ax.set_ylabel("share of turns (log)")
        ax.legend()

    def _keep_rule(self, game: Any) -> Callable[[Any, int, tuple[int, ...]], Any]:
        """The solver's hold for the level's policy (only the solver-driven policies are exact here)."""
        policy = level_specs(game).get(self.level, {}).get("policy")
        if policy == "exact":
            return lambda solver, rolls, pool: solver.best_keep(rolls, pool)
        if policy == "lookahead":
            return lambda solver, rolls, pool: solver.myopic_keep(pool)
        raise ValueError(f"turn outcomes are exact only for the solver-driven levels (hard, medium), "
                         f"not {self.level!r}")


def turns(game: Any, history: list[tuple[int, str]]) -> list[tuple[Any, tuple[int, ...]]]:
    """(the position at the turn's start, the final dice) for every turn of a match's history."""
    from regalia.games.kings_gold.dice import parse_throw
    from regalia.games.kings_gold.state import OVER, READY, THROW

    found = []
    state = game.initial_state()
    start = dice = None
    for mover, action in history:
        if state.phase == READY:
            start = state
        if mover == CHANCE and state.phase == THROW:
            landed = list(state.dice)
            for slot, face in zip(state.throwing, parse_throw(len(state.throwing))[action], strict=True):
                landed[slot] = face
            dice = tuple(landed)
        state = game.apply(state, action)
        if start is not None and dice is not None and state.phase in (READY, OVER):
            found.append((start, dice))
            start = dice = None
    return found


def exact_branches(game: Any, start: Any, keep: Callable[[Any, int, tuple[int, ...]], Any]) -> list[float]:
    """The probability of each branch for a turn begun at ``start`` and rolled by the ``keep`` rule."""
    from regalia.games.kings_gold.dice import Counts, count_outcomes
    from regalia.games.kings_gold.solver import is_final, solver_for

    solver = solver_for(game.cfg, start)
    memo: dict[tuple[int, Counts], list[float]] = {}

    def after(rolls: int, pool: Counts) -> list[float]:
        key = (rolls, pool)
        if key not in memo:
            held = None if is_final(rolls, pool) else keep(solver, rolls, pool)
            if held is None:
                out = [0.0] * len(BRANCHES)
                out[branch(pool)] = 1.0
            else:
                out = throw(rolls, held)
            memo[key] = out
        return memo[key]

    def throw(rolls: int, held: tuple[int, ...]) -> list[float]:
        out = [0.0] * len(BRANCHES)
        for counts, p in count_outcomes(5 - sum(held)):
            s, a, c, r = held
            for b, q in enumerate(after(rolls + 1, (s + counts[0], a + counts[1], c + counts[2], r + counts[3]))):
                out[b] += p * q
        return out

    return throw(0, (0, 0, 0, 0))
