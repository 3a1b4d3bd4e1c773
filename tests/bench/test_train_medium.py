"""The trainer of medium's judgement trees (benchmarks/crown_the_queen/train_medium.py, research code outside
the package) still values choices and writes trees that read back the same."""

from __future__ import annotations

import importlib.util

from benchmarks.crown_the_queen.train_medium import rubber_rows, write

from regalia.games.crown_the_queen import judgement


def test_the_trainer_writes_trees_that_read_back_the_same(tmp_path):
    forests = ((-0.01, ((11, 0.75, -0.5, (3, 2.5, 0.125, 0.25)), 0.001)), (0.0, ((12, 1.0, 0.5, -0.5),)))
    path = tmp_path / "trees.py"
    write(forests, path)
    spec = importlib.util.spec_from_file_location("trees", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (module.KEEP_TREES, module.PASS_TREES) == forests


def test_the_trainer_values_every_choice_of_the_hero_with_the_same_draws():
    """One rubber of the training positions: a keep row per keep-or-swap (its features and keep − swap), a
    group per pass whose values are centred on their mean."""
    rows = rubber_rows(3, None, rollouts=16)
    assert rows["keep"] and rows["pass"]
    for x, gain in rows["keep"]:
        assert len(x) == len(judgement.FEATURES) and -1.0 <= gain <= 1.0
    for group in rows["pass"]:
        assert len(group) >= 2 and abs(sum(value for _, value in group)) < 1e-9
    assert rubber_rows(3, None, rollouts=16) == rows
