"""The catapult (§1.7) and the directions' paragraphs on entering the castle, drawbridge and scaling."""

import pytest

from regalia.games.gold_crown.mat import BOX, MAT
from regalia.games.gold_crown.spinner import SCATTER_OUTCOMES
from regalia.games.gold_crown.state import DESTROYED, DOWN, ON_BRIDGE, OPEN, START

from .position import GAME, at, legal, marching, position, spun


def fired(state, aim, drift):
    return GAME.apply(GAME.apply(state, f"fire {aim}"), f"scatter {drift}")


def test_paragraph_catapult_a_hit_breaches_the_stone_line_in_the_same_column():
    state = spun(position({0: ["c2"]}), 12)
    after = fired(state, "k11", "+2 +0")  # lands on m11, column 2
    assert after.barons[0].breaches == (MAT.stone[0][2][0],) and after.barons[0].boulders == 4
    assert after.phase == START and after.seat == 1
    again = fired(spun(after.with_(turn=0), 12), "k11", "+2 +1")
    assert again.barons[0].breaches == after.barons[0].breaches and again.barons[0].boulders == 3


def test_paragraph_catapult_column_0_destroys_the_gates_but_the_bridge_still_works():
    after = fired(spun(position({0: ["c2"]}), 12), "k11", "+0 -1")
    assert after.barons[0].gates == DESTROYED
    assert "move k5-k6" in legal(marching({0: ["k5"]}, gates=DESTROYED, bridge=DOWN))


def test_paragraph_catapult_a_miss_returns_the_boulder():
    after = fired(spun(position({0: ["c2"]}), 12), "g6", "-2 -2")  # e4: the battlefield
    assert after.barons[0].boulders == 5 and after.barons[0].breaches == ()


def test_catapult_variant_misses_lost():
    from regalia.games.gold_crown import GoldCrown

    game = GoldCrown(misses_lost=True)
    state = game.apply(game.apply(game.apply(position({0: ["c2"]}), "spin"), "spin 12"), "fire g6")
    assert game.apply(state, "scatter -2 -2").barons[0].boulders == 4


def test_paragraph_catapult_tower_knock_down_kills_whoever_stands_there():
    after = fired(spun(position({0: ["c2", "p6"]}), 12), "q5", "+0 +0")
    assert at(after, "q5") == -1 and BOX["q5"] in after.barons[0].breaches
    own = fired(spun(position({0: ["c2", "p6"]}), 12), "q5", "-1 +1")
    assert at(own, "p6") == -1  # the firer's own knight on the tower is knocked down too
    far = fired(spun(position({0: ["c2"]}), 12), "q17", "+0 +0")  # a far tower: no knock-down
    assert at(far, "q17") == 9


def test_paragraph_catapult_odds_match_the_decisions_table():
    def hit_chance(aim):
        total = 0.0
        for outcome, p in SCATTER_OUTCOMES:
            from regalia.games.gold_crown.rules.attacks import landing

            du, dv = map(int, outcome.split()[1:])
            box = landing(0, BOX[aim], du, dv)
            total += p if box is not None and MAT.kind[box] not in ("field", "separator") else 0.0
        return total

    assert hit_chance("k11") == pytest.approx(1.0)
    assert hit_chance("n7") == pytest.approx(0.77, abs=0.01)
    assert hit_chance("o6") == pytest.approx(0.61, abs=0.01)
    assert hit_chance("q5") == pytest.approx(0.43, abs=0.01)


def test_paragraph_entering_the_castle_through_the_gate_box_2_then_1_then_inside():
    state = marching({0: ["k5"]}, points=3, bridge=DOWN, gates=OPEN)
    state = GAME.apply(GAME.apply(state, "move k5-k6"), "move k6-k7")
    assert at(state, "k7") == 0


def test_paragraph_drawbridge_ram_and_knights_move_in_the_same_turn():
    state = marching({0: ["j3"]}, points=3, bridge=DOWN)
    state = GAME.apply(GAME.apply(state, "ram"), "move j3-k3")
    assert state.barons[0].ram == ON_BRIDGE and at(state, "k3") == 0


def test_paragraph_scaling_only_rows_1_and_2_and_towers_cannot_be_scaled():
    assert all(MAT.row[b] == 1 for b in MAT.scale_deck[0]) and all(MAT.row[b] == 2 for b in MAT.scale_wall[0])
    towers = {b for b in range(441) if MAT.kind[b] in ("tower", "tower guard")}
    assert not towers & set(MAT.scale_deck[0].values()) and not towers & set(MAT.scale_wall[0].values())
