"""The step table's fast paths (rules/movement.py ``_march``) give the table built from scratch, at every
marching position of fixed-seed random 2/3/4-baron matches: a step of his own onto the box order's same place
(no knight of his between the two boxes) or elsewhere in it, and the first march of a turn, whose table is
brought up to date from the one before his own last step when nothing else changed on his side of the mat;
otherwise (archers, scaling, a rival inside the castle, the ram) the general pass sets the bit of every box that
changed in his knights' masks again and takes his knights in and out of the table."""

import pytest

from regalia.core import CHANCE, Rng
from regalia.games.gold_crown import GoldCrown
from regalia.games.gold_crown.rules import movement
from regalia.games.gold_crown.state import CHANGED, FACTS, MARCH, MOVER, PARENT


def _path(state, seat):
    """Which way ``_march`` brings this state's table up to date (read from the trail before it runs)."""
    node = state.cache.get("trail")
    if node is None or node[FACTS].get(seat) is not None:
        return "kept"
    parent = node[PARENT]
    if parent is not None and node[MOVER] == seat and parent[FACTS].get(seat) is not None:
        a, b = node[CHANGED]
        boxes = parent[FACTS][seat][0]
        between = [k for k in boxes if min(a, b) < k < max(a, b)]
        return "step, same place" if not between else "step, moved in the order"
    own, after, before = 0, set(), set()
    face = state.barons[seat].face
    while node is not None and node[FACTS].get(seat) is None:
        if node[MOVER] == seat:
            own += 1
        else:
            (before if own else after).update(set(node[CHANGED]) & movement.NEAR_HOME[face])
        node = node[PARENT]
    if node is not None and own == 1 and not before:
        return "his last step, then changes on his side" if after else "his last step, after the others' turns"
    return "other"


@pytest.mark.parametrize(("players", "seed"), [(2, "paths:0"), (3, "paths:1"), (4, "paths:2")])
def test_each_fast_path_of_the_step_table_gives_the_table_built_from_scratch(players, seed):
    game = GoldCrown(players=players)
    match = game.new_match(seed=seed)
    rng = Rng(seed)
    seen: dict[str, int] = {}
    while not match.is_over and match.steps < 4000:
        state = match.state
        if state.phase == MARCH:
            seat = state.seat
            path = _path(state, seat)
            seen[path] = seen.get(path, 0) + 1
            kept = movement._march(state, seat)
            fresh = movement._march(state.with_(board=state.board), seat)  # no trail: from scratch
            assert kept[0] == fresh[0], path  # his knights' boxes
            assert kept[4] == fresh[4], path  # their open neighbours
            assert kept[1] == fresh[1], path  # their battlefield steps
            assert kept[2] == fresh[2], path  # those at the stone outline or inside
        match.play(rng.choice(match.legal_actions()))
    assert seen.get("step, same place", 0) > 100
    assert seen.get("step, moved in the order", 0) > 20
    assert seen.get("his last step, after the others' turns", 0) > 10
    assert seen.get("his last step, then changes on his side", 0) + seen.get("other", 0) > 3, seen


@pytest.mark.parametrize(("players", "seed"), [(2, "seldom:0"), (3, "seldom:1"), (4, "seldom:2")])
def test_tables_asked_for_only_now_and_then_equal_fresh_ones(players, seed):
    """A search does not ask for every state's steps: with the tables asked for at about one marching state
    in three (the actions are chosen from a copy without the trail), the table found by walking back over
    steps, kills and climbs of any seat, in any order, is still the one built from scratch."""
    game = GoldCrown(players=players)
    state = game.initial_state()
    rng = Rng(seed)
    asked = 0
    while game.to_move(state) is not None and asked < 400:
        if game.to_move(state) == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            fresh = state.with_(board=state.board)  # no trail: nothing kept on the state's own
            legal = game.legal_actions(fresh)
            if state.phase == MARCH and rng.random() < 0.35:
                seat = state.seat
                kept = movement._march(state, seat)
                built = movement._march(fresh, seat)
                assert (kept[0], kept[4], kept[1], kept[2]) == (built[0], built[4], built[1], built[2])
                assert game.legal_actions(state) == legal
                asked += 1
            action = rng.choice(legal)
        state = game.apply(state, action)
    assert asked >= 150
