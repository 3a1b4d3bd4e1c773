"""Medium's judgement trees: what they read (the seat's view only), how they are read, how they are written."""

from __future__ import annotations

import math

from regalia.core import Rng
from regalia.games.crown_the_queen import judgement
from regalia.games.crown_the_queen.cards import without
from regalia.games.crown_the_queen.state import ACQUIRE, PASS

from .helpers import game


def _choices(seed: int, players: int = 3):
    """Every acquire and pass of a rubber between mediums, with the card(s) at stake."""
    g = game(players)
    match = g.new_match(seed=seed)
    rng = Rng(seed)
    while not match.is_over:
        state = match.state
        if state.step in (ACQUIRE, PASS):
            yield match, state
            match.play(g.policy("medium", state, state.turn, rng))
        else:
            match.play(g.sample_chance(state, rng))


def _features(state, seat):
    if state.step == ACQUIRE:
        return [judgement.features(state, seat, state.passed, state.hands[seat])]
    return [judgement.features(state, seat, c, without(state.hands[seat], c)) for c in state.hands[seat]]


def test_the_features_are_read_from_the_seat_s_view_alone():
    """The others' hands and the pack redealt behind the same view: the same numbers, so the same choice."""
    g = game(3)
    checked = 0
    for _, state in _choices(seed=11):
        seat = state.turn
        twin = g.resample_hidden(state, seat, Rng(checked))
        assert g.view(twin, seat) == g.view(state, seat)
        if twin.hands == state.hands and twin.pack == state.pack:
            continue
        assert _features(twin, seat) == _features(state, seat)
        assert g.policy("medium", twin, seat, Rng(1)) == g.policy("medium", state, seat, Rng(1))
        checked += 1
    assert checked > 50


def test_every_choice_is_described_by_every_feature():
    for _, state in _choices(seed=12, players=4):
        for x in _features(state, state.turn):
            assert len(x) == len(judgement.FEATURES) and all(math.isfinite(v) for v in x)


def test_a_forest_adds_its_trees_leaves_to_its_baseline():
    stump = (0, 2.5, 1.0, -1.0)  # x[0] <= 2.5: left
    deeper = (1, 0.5, 0.25, (0, 10.0, 0.5, 2.0))
    forest = (0.125, (stump, deeper, 3.0))
    assert judgement.score(forest, [2.0, 0.0]) == 0.125 + 1.0 + 0.25 + 3.0
    assert judgement.score(forest, [2.5, 1.0]) == 0.125 + 1.0 + 0.5 + 3.0  # a threshold itself goes left
    assert judgement.score(forest, [11.0, 1.0]) == 0.125 - 1.0 + 2.0 + 3.0


def test_the_generated_trees_ask_only_features_there_are():
    for base, trees in (judgement.KEEP_TREES, judgement.PASS_TREES):
        assert math.isfinite(base) and len(trees) > 0
        stack = list(trees)
        while stack:
            node = stack.pop()
            if isinstance(node, tuple):
                feature, threshold, left, right = node
                assert 0 <= feature < len(judgement.FEATURES) and math.isfinite(threshold)
                stack += [left, right]
            else:
                assert math.isfinite(node)
