"""Crown the Queen, benchmark only: decision quality — what each choice is worth on the true state.

The deal decides most rubbers, so about 2,000 of them are needed to see three points of share, which
takes hours at hard's budget. Variants of a level are compared far faster on fixed positions:

1. the positions: every ``every``-th decision with two or more legal actions in medium self-play rubbers
   (match seeds ``decisions:r``, agent seeds ``r:seat``; about 190 such decisions a rubber; the medium
   level's trees since 2026-12-02, ``--policy race`` for the race, the positions of the figures before);
2. each legal action ``a`` is valued on the TRUE state (every hand and the pack's cards known) by
   ``rollouts`` paired rollouts to the end of the current game — the same chance streams for every action,
   everyone playing the race afterwards (hard's own rollout policy) — as the mover's rubber standing at that
   end: Q(a) (``Oracle._value``, the pack-blind ceiling's own rollouts);
3. each variant chooses from its seat's view like any player, and is credited Q(its choice). Variants are
   compared paired, position by position, against the first.

Q is the truth only with the race as everyone's continuation (so it leans to hard's own model of play), and
a variant is credited for its choice now, not for playing better later; and the best action's Q carries the rollouts' noise, so
``regret`` (best Q − Q of the choice) reads as relative, not absolute. Figures are standing (the chance of
winning the rubber) per decision; a seat makes about 60 decisions with a choice in a rubber. For scale: hard's
sequential budget gained +0.0007 ± 0.0002 a decision by this measure (3,835 positions, 400 rubbers), and about 1.1
points of rubber share against two mediums (37.4% of 2,000 rubbers before, 38.5% of the same 2,000 after).

    REGALIA_AI_CLOCK=cpu python -m regalia.bench.crown_the_queen_decisions --rubbers 400 --seed 50000 --rollouts 256 \\
        --cache /tmp/q.json --variants '{"level": {}, "fixed 64": {"more_samples": null}, "medium": {"level": "medium"}}'

The Q values are the slow part (about a millisecond a rollout); ``--cache`` keeps them in a JSON file
for the same positions and rollouts, so later variants cost only their own decisions.

A variant ``{"sees": "next" | "previous" | "hands"}`` is hard's search with sight of those hands (``Peeking``):
what a perfect belief about them would be worth. On rubbers 60000-60059 (1,857 positions of the trees'
self-play, every 5th, 128 rollouts; 2026-12-02): the next seat's hand +0.00061 ± 0.00035 a decision, the
previous seat's +0.00003 ± 0.00019, every hand +0.00104 ± 0.00030 (medium itself -0.00151 ± 0.00043)::

    REGALIA_AI_CLOCK=cpu python -m regalia.bench.crown_the_queen_decisions --rubbers 60 --seed 60000 --every 5 \
        --rollouts 128 --variants '{"hard": {}, "next": {"sees": "next"}, "every hand": {"sees": "hands"}}'
"""

from __future__ import annotations

import argparse
import copy
import json
import time
from pathlib import Path
from typing import Any

from regalia.ai import load_agent
from regalia.ai.ismcts import ISMCTSAgent
from regalia.core.match import Match
from regalia.core.rng import Rng
from regalia.games import load_game
from regalia.games.crown_the_queen import belief
from regalia.games.crown_the_queen.cards import sort_cards
from regalia.games.crown_the_queen.game import CrownTheQueen
from regalia.games.crown_the_queen.state import QueenState
from regalia.games.crown_the_queen.view import forget, sees_passed

from ._ledger import mean_and_se
from .crown_the_queen import GAME, _Seeing, make_agent
from .crown_the_queen_ceiling import Oracle


def decision_points(rubbers: int, seed: int = 0, players: int = 3, every: int = 1,
                    policy: str = "medium") -> list[tuple[Match, int]]:
    """A copy of the match at every ``every``-th decision with a choice in self-play of the medium level
    playing ``policy`` (its own trees; "race": the medium level until 2026-12-02, on which this bench's
    figures before 2026-12-02 were taken), a rubber has about 190, with its seat to move."""
    game = load_game(GAME, players=players)
    found: list[tuple[Match, int]] = []
    seen = 0
    for r in range(seed, seed + rubbers):
        match = game.new_match(seed=f"decisions:{r}")
        agents = [load_agent(GAME, "medium", seed=f"{r}:{s}", policy=policy) for s in range(players)]
        while (seat := match.to_move) is not None:
            if len(match.legal_actions()) > 1:
                if seen % every == 0:
                    found.append((copy.deepcopy(match), seat))
                seen += 1
            match.play(agents[seat].choose(match))
    return found


def action_values(match: Match, seat: int, rollouts: int, seed: str) -> dict[str, float]:
    """Q of every legal action: the mean standing of ``seat`` over ``rollouts`` paired true-state rollouts."""
    game = match.game
    assert isinstance(game, CrownTheQueen)
    judge = Oracle(seed=seed, model="race", base="race")
    rng = Rng(seed)
    streams = [rng.next64() for _ in range(rollouts)]
    return {a: sum(judge._value(game, match.state, a, s, seat, 1) for s in streams) / rollouts
            for a in match.legal_actions()}


def all_action_values(points: list[tuple[Match, int]], rollouts: int, key: str,
                      cache: Path | None = None) -> list[dict[str, float]]:
    """``action_values`` at every point, read from ``cache`` when it holds them for the same ``key``."""
    if cache is not None and cache.exists():
        stored = json.loads(cache.read_text())
        if stored.get("key") == key and len(stored["values"]) == len(points):
            return [dict(v) for v in stored["values"]]
    values = [action_values(match, seat, rollouts, f"q:{i}") for i, (match, seat) in enumerate(points)]
    if cache is not None:
        cache.write_text(json.dumps({"key": key, "values": values}))
    return values


def quality(variants: dict[str, dict[str, Any]], hero: str = "hard", *, rubbers: int = 10, seed: int = 0,
            every: int = 20, rollouts: int = 64, limit: int | None = None,
            cache: Path | None = None, policy: str = "medium") -> list[dict[str, Any]]:
    """One row per variant of ``hero`` (its parameters; a ``level`` key plays another level; a ``sees`` key
    plays hard's search with sight of some hands, ``Peeking``): Q of its choices, regret, and the paired
    gain over the first variant with its standard error, the share of decisions where it chose as the
    first did; CPU seconds per decision. ``policy``: what the self-play that gives the positions plays."""
    points = decision_points(rubbers, seed, every=every, policy=policy)[:limit]
    values = all_action_values(points, rollouts, f"{rubbers}:{seed}:{every}:{rollouts}:{limit}:{policy}", cache)
    credited: dict[str, list[float]] = {}
    chosen: dict[str, list[str]] = {}
    rows = []
    for name, spec in variants.items():
        params = dict(spec)
        level = params.pop("level", hero)
        sees = params.pop("sees", None)
        got: list[float] = []
        picks: list[str] = []
        regret = spent = 0.0
        for i, ((match, _seat), q) in enumerate(zip(points, values, strict=True)):
            agent = (Peeking(f"decide:{i}", sees, **params) if sees is not None
                     else make_agent(level, f"decide:{i}", "race", **params))
            start = time.process_time()
            choice = agent.choose(copy.deepcopy(match))
            spent += time.process_time() - start
            picks.append(choice)
            got.append(q[choice])
            regret += max(q.values()) - q[choice]
        credited[name] = got
        chosen[name] = picks
        n = max(len(got), 1)
        row: dict[str, Any] = {"variant": name, "decisions": len(got), "mean Q": sum(got) / n,
                               "regret": regret / n, "CPU s/decision": spent / n}
        baseline = next(iter(variants))
        first = credited[baseline]
        if name != baseline and len(got) > 1:
            gains = [a - b for a, b in zip(got, first, strict=True)]
            row["gain"], row["paired SE"] = mean_and_se(gains)
            row["same choice"] = sum(a == b for a, b in zip(picks, chosen[baseline], strict=True)) / len(picks)
        rows.append(row)
    return rows


class Peeking(_Seeing):
    """Benchmark-only: hard's search on worlds in which the hands of some seats are the true ones.

    ``sees``: "next" (the seat the mover passes to), "previous" (the seat that passes to it) or "hands"
    (every hand, as ``AllSeeing``; the ledger's ceiling also plays its own seat seeing in its rollouts).
    The hands it does not see, and the pack, are dealt from the cards they truly hold, as hard's belief
    deals them (``belief``'s facts, by its own dealing routine). So the gain of a ``Peeking`` variant over hard is what a perfect belief about those seats
    would be worth to hard's search, decision by decision: where a better belief has something to win.
    """

    name = "peeking"
    SEES = ("next", "previous", "hands")

    def __init__(self, seed: int | str = 0, sees: str = "hands", **params: Any) -> None:
        if sees not in self.SEES:
            raise ValueError(f"sees must be one of {', '.join(self.SEES)}, not {sees!r}")
        super().__init__(seed)
        spec = {**load_game(GAME).agent_levels()["hard"], **params}
        spec.pop("algorithm")
        self.search = ISMCTSAgent(seed=seed, **spec)
        self.sees = sees

    def choose_seeing(self, match: Match, seat: int, legal: list[str]) -> str:
        state = match.state
        n = state.players
        shown = {"next": {(seat + 1) % n}, "previous": {(seat - 1) % n}, "hands": set(range(n))}[self.sees]
        return self.search.search(match.game, lambda rng: peek(state, seat, shown, rng), seat, legal)


def peek(state: QueenState, seat: int, shown: set[int], rng: Rng) -> QueenState:
    """A world of ``seat``'s: the true hands of ``shown`` (and its own), the others' dealt by belief from
    the cards they and the pack truly hold; the record as ``seat`` recalls it."""
    hidden = [s for s in range(state.players) if s != seat and s not in shown]
    pool = [card for s in hidden for card in state.hands[s]] + list(state.pack)
    passed = state.passed
    if passed is not None and not sees_passed(state, seat):
        pool.append(passed)
    rng.shuffle(pool)
    n = state.players
    given = belief.held(state, seat) if (seat + 1) % n in hidden else []
    floor = belief.threshold(state, seat) if (seat - 1) % n in hidden else None
    lean = rng.randbelow(belief.LEAN + 1)
    hands = belief._deal(state, seat, pool, hidden, given, floor, lean, False)  # belief.believe's own dealing
    assert hands is not None
    if passed is not None and not sees_passed(state, seat):
        passed = pool.pop()
    return state._replace(hands=tuple(hands), passed=passed, pack=sort_cards(pool), record=forget(state, seat))


LEVELS: dict[str, dict[str, Any]] = {"hard": {}, "hard, 64 worlds fixed": {"more_samples": None}, "medium": {"level": "medium"},
                                     "hard seeing the next hand": {"sees": "next"},
                                     "hard seeing every hand": {"sees": "hands"}}
"""What ``regalia bench crown-the-queen-decisions`` compares: hard, hard without its sequential budget, medium,
and hard's search with sight of the next seat's hand and of every hand (what a perfect belief would be worth)."""


def run(quick: bool = False) -> tuple[str, list[dict[str, Any]]]:
    rubbers, every, rollouts = (2, 5, 16) if quick else (50, 20, 256)
    rows = quality(LEVELS, "hard", rubbers=rubbers, seed=50000, every=every, rollouts=rollouts)
    return (f"Crown the Queen: decision quality on {rows[0]['decisions']} positions of medium self-play "
            f"(true-state Q by {rollouts} rollouts; standing per decision)", rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hero", default="hard")
    parser.add_argument("--rubbers", type=int, default=50)
    parser.add_argument("--seed", type=int, default=50000)
    parser.add_argument("--every", type=int, default=20, help="keep every k-th decision of the self-play")
    parser.add_argument("--rollouts", type=int, default=256)
    parser.add_argument("--limit", type=int, default=None, help="only the first N positions")
    parser.add_argument("--cache", type=Path, default=None, help="a JSON file that keeps the Q values")
    parser.add_argument("--variants", default='{"level": {}}',
                        help='JSON {"name": {hero parameters}, ...}; the first is the baseline; '
                             '{"sees": "next"|"previous"|"hands"}: hard with sight of those hands')
    parser.add_argument("--policy", default="medium", help="what the self-play giving the positions plays")
    args = parser.parse_args()
    from rich.console import Console

    from . import print_table
    rows = quality(json.loads(args.variants), args.hero, rubbers=args.rubbers, seed=args.seed, every=args.every,
                   rollouts=args.rollouts, limit=args.limit, cache=args.cache, policy=args.policy)
    print_table(Console(), f"Crown the Queen: decision quality of {args.hero} variants", rows)


if __name__ == "__main__":
    main()
