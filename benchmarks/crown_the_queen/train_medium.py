"""Crown the Queen, training (research code, not in the package): fit the medium level's judgement trees (games/crown_the_queen/judgement.py).

Hard's search gains on the race heuristic by valuing each choice with rollouts, at some 2 CPU seconds a
rubber. Medium learns the same lesson once, offline, and then plays it for free:

1. **positions**: rubbers ``train:r`` (hero in seat ``r mod 3``, agent seeds ``t{r}:{seat}``) against
   two easies; at each of the hero's choices, every legal action is valued by ``ROLLOUTS`` rollouts on the
   TRUE cards to the end of the deal (the same draws for every action, streams from ``q:{r}:{i}``; the
   hero plays the race after it, the easies their own heuristic: ``playout.play_out(easy=...)``), as the
   hero's standing then (``lookahead.standing``);
2. **features**: each choice as the hero saw it (``judgement.features``: view only);
3. **trees**: two gradient-boosted forests (scikit-learn), one for keep-or-swap (target: value of keep
   minus value of swap) and one for passes (target: value of passing this card minus the mean over the
   cards it might pass), written out as plain tuples to ``games/crown_the_queen/judgement_trees.py``.

The positions of round 0 come from the race's play; round ``k`` plays the trees fitted on the rounds
before it, so that the trees learn from the positions they lead to (``ROUNDS``). Every seed is fixed, and
so are the trees' parameters: a run writes the same file. It needs the ``train`` extra::

    pip install -e .[train]
    python -m benchmarks.crown_the_queen.train_medium --workers 2 --cache /tmp/judgement   # from the repository root

About 0.6 CPU seconds a rubber; the cache (JSON lines a round) lets an interrupted run go on.
"""

from __future__ import annotations

import argparse
import json
import statistics
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from regalia.ai import load_agent
from regalia.core.rng import Rng
from regalia.games import load_game
from regalia.games.crown_the_queen import judgement
from regalia.games.crown_the_queen.cards import without
from regalia.games.crown_the_queen.playout import play_out
from regalia.games.crown_the_queen.state import ACQUIRE

GAME = "crown-the-queen"
ROUNDS = ((0, 1600), (1600, 800), (2400, 800))
"""(first rubber, rubbers) of each round; round k's hero plays the trees fitted on rounds 0..k-1."""
ROLLOUTS = 128
TREES: dict[str, Any] = {"max_iter": 150, "learning_rate": 0.1, "max_leaf_nodes": 15, "min_samples_leaf": 100,
                         "early_stopping": False, "random_state": 0}
TARGET = Path(judgement.__file__).with_name("judgement_trees.py")

Rows = dict[str, list[Any]]


def rubber_rows(rubber: int, forests: tuple[Any, Any] | None, rollouts: int = ROLLOUTS) -> Rows:
    """The valued choices of one rubber: ``keep`` rows (features, keep − swap) and ``pass`` groups (one
    per decision: [features, value − mean] for each card it might pass). ``forests``: the hero plays
    medium with these trees; None: the race."""
    if forests is not None:  # this worker's medium plays the trees of the rounds before
        judgement.KEEP_TREES, judgement.PASS_TREES = forests
    game = load_game(GAME, players=3)
    match = game.new_match(seed=f"train:{rubber}")
    hero = rubber % 3
    easy = frozenset(s for s in range(3) if s != hero)
    agents = [load_agent(GAME, "medium" if forests else "easy", seed=f"t{rubber}:{s}",
                         **({} if forests else {"policy": "race"})) if s == hero
              else load_agent(GAME, "easy", seed=f"t{rubber}:{s}") for s in range(3)]
    rows: Rows = {"keep": [], "pass": []}
    choices = 0
    while (seat := match.to_move) is not None:
        legal = match.legal_actions()
        if seat == hero and len(legal) > 1:
            state = match.state
            rng = Rng(f"q:{rubber}:{choices}")
            choices += 1
            streams = [rng.next64() for _ in range(rollouts)]
            value = {}
            for action in legal:
                after = game.apply(state, action)
                outcomes = [play_out("race", state, after, Rng(state=s), easy=easy) for s in streams]
                value[action] = statistics.fmean(v[seat] for v in outcomes if v is not None)
            if state.step == ACQUIRE:
                assert state.passed is not None
                rows["keep"].append([judgement.features(state, seat, state.passed, state.hands[seat]),
                                     value["keep"] - value["swap"]])
            else:
                mean = statistics.fmean(value.values())
                rows["pass"].append([[judgement.features(state, seat, a[5:], without(state.hands[seat], a[5:])),
                                      value[a] - mean] for a in legal])
        match.play(agents[seat].choose(match))
    return rows


def _job(args: tuple[int, tuple[Any, Any] | None]) -> Rows:
    return rubber_rows(*args)


def play_round(first: int, rubbers: int, forests: tuple[Any, Any] | None, workers: int,
               cache: Path | None) -> list[Rows]:
    if cache is not None and cache.exists():
        done = [json.loads(line) for line in cache.read_text().splitlines() if line.strip()]
        if len(done) == rubbers:
            return done
    with Pool(workers) as pool:
        found = list(pool.imap(_job, [(r, forests) for r in range(first, first + rubbers)], chunksize=4))
    if cache is not None:
        cache.write_text("".join(json.dumps(rows) + "\n" for rows in found))
    return found


def fit(rounds: list[list[Rows]]) -> tuple[Any, Any]:
    """The two forests from every valued choice so far, as ``judgement.score`` reads them."""
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingRegressor

    keep = [row for found in rounds for rows in found for row in rows["keep"]]
    passes = [row for found in rounds for rows in found for group in rows["pass"] for row in group]
    forests = []
    for rows in (keep, passes):
        model = HistGradientBoostingRegressor(**TREES)
        model.fit(np.array([x for x, _ in rows]), np.array([y for _, y in rows]))
        forests.append(export(model))
    return forests[0], forests[1]


def export(model: Any) -> tuple[float, tuple[Any, ...]]:
    """A fitted HistGradientBoostingRegressor as (baseline, trees), a tree being a leaf's value or
    (feature, threshold, left, right): x[feature] <= threshold goes left, as scikit-learn decides."""
    def node(nodes: Any, i: int) -> Any:
        n = nodes[i]
        if n["is_leaf"]:
            return float(f"{float(n['value']):.6g}")
        return (int(n["feature_idx"]), float(f"{float(n['num_threshold']):.7g}"),
                node(nodes, int(n["left"])), node(nodes, int(n["right"])))

    trees = tuple(node(predictor.nodes, 0) for (predictor,) in model._predictors)
    return float(f"{float(model._baseline_prediction.ravel()[0]):.6g}"), trees


def write(forests: tuple[Any, Any], path: Path = TARGET) -> None:
    lines = ['"""Generated by ``python -m benchmarks.crown_the_queen.train_medium``: do not edit (judgement.py reads it).',
             "", "Each forest is (baseline, trees); a tree is a leaf's value or (feature, threshold, left, right),",
             'the feature numbered as ``judgement.FEATURES``; x[feature] <= threshold goes left."""', "",
             "from __future__ import annotations", "", "from typing import Any", ""]
    for name, (base, trees) in zip(("KEEP_TREES", "PASS_TREES"), forests, strict=True):
        lines.append(f"{name}: tuple[float, tuple[Any, ...]] = ({base!r}, (")
        lines += [f"    {tree!r}," for tree in trees]
        lines += ["))", ""]
    path.write_text("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=None, help="a folder for each round's valued choices")
    parser.add_argument("--out", type=Path, default=TARGET)
    args = parser.parse_args()
    if args.cache is not None:
        args.cache.mkdir(parents=True, exist_ok=True)
    rounds: list[list[Rows]] = []
    forests = None
    for k, (first, rubbers) in enumerate(ROUNDS):
        cache = args.cache / f"round-{k}.jsonl" if args.cache is not None else None
        rounds.append(play_round(first, rubbers, forests, args.workers, cache))
        choices = sum(len(r["keep"]) + len(r["pass"]) for r in rounds[-1])
        print(f"round {k}: rubbers {first}-{first + rubbers - 1}, {choices} valued choices", flush=True)
        forests = fit(rounds)
    assert forests is not None
    write(forests, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
