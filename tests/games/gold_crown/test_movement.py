"""Move points and the ways into the castle: GC-9 … GC-13, and the drawbridge machine (GC-10)."""

import pytest

from regalia.core import IllegalAction
from regalia.games.gold_crown.state import DESTROYED, DOWN, ON_BRIDGE, OPEN, START

from .position import GAME, at, legal, marching


def test_gc_9_a_step_to_any_of_8_neighbours_costs_one_point_and_points_are_split():
    state = marching({0: ["h3", "o3"]}, points=2)
    moves = [a for a in legal(state) if a.startswith("move h3-")]
    assert sorted(moves) == sorted(f"move h3-{b}" for b in ("g4", "h4", "i4", "g3", "i3", "g2", "h2", "i2"))
    state = GAME.apply(state, "move h3-h4")
    assert state.points == 1 and at(state, "h4") == 0
    state = GAME.apply(state, "move o3-o4")
    assert state.phase == START and state.seat == 1


def test_gc_9_no_stacking_and_unused_points_are_lost():
    state = marching({0: ["h3", "h4"]}, points=5)
    assert "move h3-h4" not in legal(state)
    assert "The movement rule" in GAME.why_illegal(state, "move h3-h4")
    after = GAME.apply(state, "end")
    assert after.points == 0 and after.seat == 1


def test_gc_10_ram_moves_onto_the_bridge_only_when_lowered_and_box_2_empty():
    state = marching({0: ["c2"]}, points=3)
    assert "ram" not in legal(state) and "The ram rule" in GAME.why_illegal(state, "ram")
    state = marching({0: ["c2"]}, points=3, bridge=DOWN)
    after = GAME.apply(state, "ram")
    assert after.barons[0].ram == ON_BRIDGE and after.points == 2 and "ram back" in legal(after)
    assert "ram" not in legal(marching({0: ["k5"]}, points=3, bridge=DOWN))


def test_gc_10_ram_boxes_block_knights_and_box_1_only_when_passable():
    state = marching({0: ["j4"]}, points=3)
    assert "move j4-k4" not in legal(state)  # the ram stands on 3-4
    state = marching({0: ["k5"]}, points=3, bridge=DOWN)
    assert "move k5-k6" not in legal(state)
    opened = marching({0: ["k5"]}, points=3, bridge=DOWN, gates=OPEN)
    assert "move k5-k6" in legal(opened)
    inside = GAME.apply(opened, "move k5-k6")
    assert {"move k6-k7", "move k6-j7", "move k6-l7"} <= set(legal(inside))
    closed = marching({0: ["k7"]}, points=3, bridge=DOWN)
    assert "move k7-k6" not in legal(closed) and "The drawbridge rule" in GAME.why_illegal(closed, "move k7-k6")


def test_gc_10_a_knight_in_the_gate_cannot_step_back_onto_the_ram():
    # South: box 1 = k6 (gate), box 2 = k5 (bridge), box 3 = k4. The ram on the bridge stands on k5 and k4.
    state = marching({0: ["k5"]}, points=3, bridge=DOWN, gates=OPEN)
    state = GAME.apply(GAME.apply(state, "move k5-k6"), "ram")  # into the gate, then the ram onto the bridge
    assert state.barons[0].ram == ON_BRIDGE and at(state, "k6") == 0
    assert "move k6-k5" not in legal(state)
    assert "ram stands on k5" in GAME.why_illegal(state, "move k6-k5")
    home = marching({0: ["k6"]}, points=3, bridge=DOWN, gates=OPEN)
    assert "move k6-k5" in legal(home)  # with the ram at home the way back is open


def test_gc_11_separators_and_other_battlefields_are_closed():
    state = marching({0: ["e4"]}, points=3)
    assert "move e4-d4" not in legal(state)  # d4 is a separator
    assert "move e4-d5" not in legal(state)  # West's battlefield
    assert "The movement rule" in GAME.why_illegal(state, "move e4-d5")


def test_gc_12_stone_outline_only_through_gate_breach_or_tower_triangle():
    state = marching({0: ["l5", "m6"]}, points=3)
    assert "move l5-l6" not in legal(state) and "The castle wall rule" in GAME.why_illegal(state, "move l5-l6")
    breached = marching({0: ["l5", "m6"]}, points=3, breaches=(GAME_BOX("l6"),))
    assert "move l5-l6" in legal(breached) and "move m6-l6" not in legal(breached)  # orthogonal only
    # a breach belongs to its baron
    rivals = marching({0: ["l5"]}, points=3, seat=0)
    other = rivals.with_(barons=(rivals.barons[0], rivals.barons[1].__class__(face=2, breaches=(GAME_BOX("l6"),))))
    assert "move l5-l6" not in legal(other)


def test_gc_12_tower_triangle_breach_is_open_to_both_sides_and_knights_leave_to_their_own_field():
    state = marching({0: ["q4"]}, points=3, guards=[], breaches=(GAME_BOX("q5"),))
    assert "move q4-q5" in legal(state)
    inside = GAME.apply(state, "move q4-q5")
    assert "move q5-r5" not in legal(inside)  # East's battlefield
    assert "move q5-q4" in legal(inside)


def test_gc_12_a_destroyed_gate_still_needs_the_bridge():
    up = marching({0: ["k4"]}, points=3, gates=DESTROYED, ram=ON_BRIDGE)
    assert "move k4-k5" not in legal(up)
    down = marching({0: ["k5"]}, points=3, gates=DESTROYED, bridge=DOWN)
    assert "move k5-k6" in legal(down)


def test_gc_13_inside_every_masonry_box_connects():
    state = marching({0: ["l6"]}, points=3)
    assert {"move l6-l7", "move l6-m7", "move l6-k7"} <= set(legal(state))
    walked = GAME.apply(GAME.apply(state, "move l6-m7"), "move m7-n7")
    assert at(walked, "n7") == 0


def test_illegal_move_raises_naming_the_rule_and_changes_nothing():
    match = GAME.new_match(seed=3)
    before = match.to_json()
    with pytest.raises(IllegalAction, match="first"):
        match.play("move c2-c3")
    with pytest.raises(IllegalAction, match="not Gold Crown notation"):
        match.play("jump")
    assert match.to_json() == before


def GAME_BOX(name: str) -> int:  # noqa: N802 - reads like the mat's own names
    from regalia.games.gold_crown.mat import BOX

    return BOX[name]


def test_paragraph_maneuvering_moves_in_any_direction_and_the_baron_stays_on_his_shield():
    state = marching({0: ["j2"]}, points=3)
    assert "move j2-k1" not in legal(state) and "Baron" in GAME.why_illegal(state, "move j2-k1")
