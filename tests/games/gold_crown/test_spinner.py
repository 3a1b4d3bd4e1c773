"""The spinner table, one test per outcome, and GC-1 … GC-8."""

import pytest

from regalia.core import CHANCE
from regalia.games.gold_crown.spinner import SCATTER_OUTCOMES, SPIN_OUTCOMES, SPIN_TABLE
from regalia.games.gold_crown.state import (
    CASUALTIES,
    CHOICE,
    CLOSED,
    DOWN,
    HOME,
    MARCH,
    ON_BRIDGE,
    OPEN,
    START,
    UP,
)

from .position import GAME, RESERVE, at, legal, position, spun


def test_gc_1_spinner_is_uniform_1_to_12():
    assert [o for o, _ in SPIN_OUTCOMES] == [f"spin {n}" for n in range(1, 13)]
    assert all(p == pytest.approx(1 / 12) for _, p in SPIN_OUTCOMES)
    assert len(SPIN_TABLE) == 12
    assert sum(p for _, p in SCATTER_OUTCOMES) == pytest.approx(1.0)


def test_gc_2_order_by_spin_and_ties_spin_again():
    state = GAME.initial_state()
    assert GAME.to_move(state) == CHANCE
    state = GAME.apply(state, "spin 4")
    state = GAME.apply(state, "spin 9")
    assert state.order == (1, 0) and state.phase == START and GAME.to_move(state) == 1
    three = type(GAME)(players=3)
    state = three.initial_state()
    for n in (7, 7, 2):
        state = three.apply(state, f"spin {n}")
    assert not state.order and state.groups == ((0, 1), (2,))
    state = three.apply(three.apply(state, "spin 3"), "spin 11")
    assert state.order == (1, 0, 2)


def test_gc_3_if_you_cannot_comply_your_turn_is_over():
    state = spun(position({0: ["c2"]}, bridge=DOWN), 5)  # bridge already down: nothing to do
    assert state.phase == START and state.seat == 1


def archers(spin):
    rows = {1: ["h6", "i6", "m6"], 2: ["g5", "h5", "i5"], 3: ["e4", "f4", "g4", "h4", "i4"],
            4: ["d3", "e3", "f3", "g3", "h3", "i3"]}
    state = spun(position({0: rows[spin] + ["c2"]}), spin)
    survivors = len(rows[spin]) - spin
    if survivors <= 0:
        assert state.count(0) == RESERVE + 1 and state.phase == START
    else:
        assert state.phase == CASUALTIES and legal(state) == sorted(legal(state), key=legal(state).index)
        for _ in range(spin):
            state = GAME.apply(state, legal(state)[0])
        assert state.count(0) == survivors + 1 + RESERVE and state.phase == START


def test_spin_1_one_knight_in_row_one_is_killed():
    archers(1)


def test_spin_2_two_knights_in_row_2_are_killed():
    archers(2)


def test_spin_3_three_knights_in_row_3_are_killed_the_owner_choosing():
    archers(3)


def test_spin_4_four_knights_in_row_4_are_killed_the_owner_choosing():
    archers(4)


def test_gc_4_spin_1_empty_row_gives_move_points_and_numbered_boxes_are_in_rows():
    state = spun(position({0: ["c2"]}), 1)
    assert state.phase == MARCH and state.points == 1
    state = spun(position({0: ["k5", "c2"]}, bridge=DOWN), 2)  # box 2 is in row 2
    assert state.count(0) == RESERVE + 1 and at(state, "k5") == -1


def test_spin_5_spy_drops_drawbridge_and_crushes_box_2():
    state = spun(position({0: ["k5", "c2"]}), 5)
    assert state.barons[0].bridge == DOWN and at(state, "k5") == -1 and state.count(0) == RESERVE + 1


def test_spin_6_ram_opens_gates_only_if_on_drawbridge_and_returns_to_3_and_4():
    state = spun(position({0: ["c2"]}, bridge=DOWN), 6)
    assert state.barons[0].gates == CLOSED
    state = spun(position({0: ["c2"]}, bridge=DOWN, ram=ON_BRIDGE), 6)
    assert state.barons[0].gates == OPEN and state.barons[0].ram == HOME


def test_spin_7_closes_gates_and_raises_bridge():
    state = spun(position({0: ["k6", "k5", "c2"]}, bridge=DOWN, gates=OPEN), 7)
    baron = state.barons[0]
    assert (baron.bridge, baron.gates) == (UP, CLOSED) and at(state, "k6") == -1 and at(state, "k5") == -1


def test_gc_7_spin_7_pushes_the_ram_off_the_bridge():
    state = spun(position({0: ["c2"]}, bridge=DOWN, ram=ON_BRIDGE), 7)
    assert state.barons[0].ram == HOME and state.barons[0].bridge == UP


def test_gc_8_apparatus_kills_knights_in_its_way():
    state = spun(position({0: ["k3", "c2"]}, bridge=DOWN, ram=ON_BRIDGE), 6)  # ram rolls back onto box 4
    assert at(state, "k3") == -1


def test_spin_8_kills_all_your_knights_on_the_wall():
    state = spun(position({0: ["g6", "j6", "m7", "c2"], 1: ["l6"]}), 8)
    assert at(state, "g6") == at(state, "j6") == -1 and at(state, "m7") == 0 and at(state, "l6") == 1


def test_gc_5_spin_8_and_9_without_targets_give_8_and_9_points():
    assert spun(position({0: ["c2"]}), 8).points == 8
    assert spun(position({0: ["c2"]}), 9).points == 9


def test_spin_9_kills_your_knights_on_deck_and_towers_not_in_chambers():
    state = spun(position({0: ["m7", "p6", "q5", "k9", "k6", "c2"]}, guards=[]), 9)
    assert [at(state, b) for b in ("m7", "p6", "q5", "k9", "k6")] == [-1, -1, -1, 0, 0]


def test_spin_10_one_row_1_knight_scales_the_deck_or_move_10():
    state = spun(position({0: ["h6", "m6", "c2"]}), 10)
    assert state.phase == CHOICE and legal(state) == ["scale h6", "scale m6", "march"]
    after = GAME.apply(state, "scale m6")
    assert at(after, "m7") == 0 and at(after, "m6") == -1 and after.phase == START
    assert GAME.apply(state, "march").points == 10


def test_spin_11_two_row_2_knights_scale_the_wall_or_move_11():
    state = spun(position({0: ["g5", "j5", "h5", "c2"]}), 11)
    assert legal(state) == ["scale g5", "scale j5", "scale g5 j5", "march"]
    after = GAME.apply(state, "scale g5 j5")
    assert at(after, "g6") == at(after, "j6") == 0
    assert spun(position({0: ["h5", "c2"]}), 11).phase == MARCH  # not in position: only the points


def test_gc_6_no_scaler_or_no_boulder_means_move_points():
    assert spun(position({0: ["c2"]}), 10).points == 10
    assert spun(position({0: ["c2"]}, boulders=0), 12).points == 12


def test_spin_12_fire_the_catapult_or_move_12():
    state = spun(position({0: ["c2"]}), 12)
    assert state.phase == CHOICE and "fire k11" in legal(state) and "march" in legal(state)
    assert len(legal(state)) == 117 + 1
    aimed = GAME.apply(state, "fire k11")
    assert GAME.to_move(aimed) == CHANCE and len(GAME.chance_outcomes(aimed)) == 25
