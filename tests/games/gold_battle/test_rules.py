"""Rules 1-10 of the Royal Rulebook, each from a drawn position (rank 11 at the top, files a-k).

Letters: C/c commander, S/s soldier, T/t tower, M/m gold mine (Red/Blue owner), F forest; Red upper case.
"""

import pytest

from regalia.core import IllegalAction
from regalia.games.gold_battle import GoldBattle

from .helpers import at, battle

OPEN_FIELD = """
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . S . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
"""


def moves_from(match, square):
    return {a for a in match.legal_actions() if a.startswith(square + "-")}


# ----- rule 1: objective ---------------------------------------------------------------------------

def test_rule_1_capturing_the_enemy_commander_wins():
    match = battle("""
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . C . . . . . .
. . . . . c . . . . .
. . . . . . . S . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
""")
    match.play("h5-g5")  # the Red commander e7 and now a soldier touch the Blue commander f6
    assert match.is_over and match.winners == [0]
    assert match.game.result(match.state)["reason"] == "commander"
    assert match.log[-2:] == ["Crimson soldier h5-g5 captures the Azure commander f6",
                              "Crimson captures the enemy commander and wins the battle"]


def test_rule_1_owning_all_three_enemy_gold_mines_wins():
    match = battle("""
. . . . . c . . . . .
. M . . . . . . . m .
. . . . . M . . . S .
. . . . . . . . S . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . M . . . . .
. M . . . . . . . M .
. . . . . C . . . . .
""")
    assert match.view(0)["sides"][0]["mines_captured"] == 2
    match.play("i8-i9")  # i9 and j9 press j10; Blue does not contest
    assert match.log[-2:] == ["Crimson takes the gold mine at j10", "Crimson holds all the enemy gold mines and wins the battle"]
    assert match.winners == [0] and match.scores == [3.0, 0.0]


# ----- rule 2: turn order --------------------------------------------------------------------------

def test_rule_2_red_moves_first_then_sides_alternate():
    match = GoldBattle().new_match(seed=0)
    assert match.to_move == 0 and match.view(0)["side_to_act"] == "Crimson"
    match.play("e4-e5")
    assert match.to_move == 1
    with pytest.raises(IllegalAction, match="Rule 2: it is Azure's turn and e5 holds no Azure unit"):
        match.play("e5-e6")
    match.play("e8-e7")
    assert match.to_move == 0


# ----- rule 3: movement ----------------------------------------------------------------------------

def test_rule_3_a_soldier_moves_exactly_one_square_in_any_direction():
    match = battle(OPEN_FIELD)
    assert moves_from(match, "f6") == {"f6-e5", "f6-f5", "f6-g5", "f6-e6", "f6-g6", "f6-e7", "f6-f7", "f6-g7"}
    with pytest.raises(IllegalAction, match="Rule 3: a soldier moves exactly 1 square"):
        match.play("f6-f8")


def test_rule_3_a_commander_moves_one_or_two_squares_in_a_straight_line():
    match = battle(OPEN_FIELD.replace("S", "C").replace("\nC", "\n."))
    steps = {f"f6-{s}" for s in ("e5", "f5", "g5", "e6", "g6", "e7", "f7", "g7")}
    leaps = {f"f6-{s}" for s in ("d4", "f4", "h4", "d6", "h6", "d8", "f8", "h8")}
    assert moves_from(match, "f6") == steps | leaps
    with pytest.raises(IllegalAction, match="Rule 3: a commander moves 1 or 2 squares in a straight line"):
        match.play("f6-g8")  # a knight's offset has no single middle tile (decision 2.3)
    with pytest.raises(IllegalAction, match="Rule 3: a commander moves 1 or 2 squares"):
        match.play("f6-f9")


def test_rule_3_a_two_square_commander_move_cannot_pass_a_blocked_or_occupied_middle_tile():
    match = battle("""
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . F . . . . .
. . . . . C S . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
""")
    with pytest.raises(IllegalAction, match=r"Rule 3: .*cannot pass through a blocked or occupied middle tile \(f7\)"):
        match.play("f6-f8")
    with pytest.raises(IllegalAction, match=r"middle tile \(g6\)"):
        match.play("f6-h6")
    assert "f6-d6" in match.legal_actions()


def test_decision_2_3_diagonal_step_between_two_blocked_squares_is_allowed():
    match = battle("""
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . F . . . . .
. . . . . S F . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
""")
    match.play("f6-g7")
    assert at(match, "g7") == "S"


# ----- rule 4: blocked tiles -----------------------------------------------------------------------

@pytest.mark.parametrize(("action", "why"), [
    ("f6-f7", "Rule 4: forests are blocked tiles"),
    ("f6-g7", "Rule 4: towers are blocked tiles"),
    ("f6-e7", "Rule 4: gold mines are blocked tiles"),
    ("f6-g6", r"Rule 4: units cannot move onto occupied squares \(g6 is occupied\)"),
    ("f6-e6", r"Rule 4: units cannot move onto occupied squares \(e6 is occupied\)"),
])
def test_rule_4_forests_towers_mines_and_occupied_squares_are_blocked(action, why):
    match = battle("""
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . m F t . . . .
. . . . s S S . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
""")
    before = match.to_json()
    with pytest.raises(IllegalAction, match=why):
        match.play(action)
    assert match.to_json() == before
    assert moves_from(match, "f6") == {"f6-e5", "f6-f5", "f6-g5"}


# ----- rule 5: soldier capture ---------------------------------------------------------------------

SOLDIER_CAPTURE = """
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . C . . . . . . . .
. . . . . s . . . . .
. . . . S . . S . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
"""


def test_rule_5_a_soldier_next_to_the_enemy_commander_is_captured():
    match = battle(SOLDIER_CAPTURE)
    match.play("c7-e7")  # a commander's leap; e7 touches f6
    assert match.log == ["Crimson commander c7-e7 captures Azure soldier f6"]
    assert at(match, "f6") == "."


def test_rule_5_a_soldier_next_to_two_enemy_soldiers_is_captured():
    match = battle(SOLDIER_CAPTURE)
    match.play("h5-g5")  # e5 and g5 both touch f6
    assert match.log == ["Crimson soldier h5-g5 captures Azure soldier f6"]
    assert at(match, "f6") == "."
    assert match.view(0)["sides"][0]["captured_soldiers"] == 1
    assert match.view(1)["sides"][1]["soldiers"] == 0


def test_rule_5_a_soldier_next_to_one_enemy_soldier_stands():
    match = battle(SOLDIER_CAPTURE)
    match.play("h5-h6")
    assert at(match, "f6") == "s" and match.log == ["Crimson soldier h5-h6"]


# ----- rules 6 and 7: commander capture and its exceptions -----------------------------------------

def test_rule_6_three_soldiers_capture_the_commander():
    match = battle("""
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . S . . . . . .
. . . . . c . . . . .
. . . . S . . S . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
""")
    match.play("h5-g5")  # e7, e5 and now g5 touch f6
    assert match.winners == [0]
    assert match.log[0] == "Crimson soldier h5-g5 captures the Azure commander f6"


def test_rule_6_the_enemy_commander_plus_one_soldier_capture_the_commander():
    match = battle("""
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . C . . . . . .
. . . . . c . . . . .
. . . . . . . . S . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
""")
    match.play("i5-h5")  # not adjacent yet
    assert not match.is_over
    match = battle("""
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . C . . . . . .
. . . . . c . . . . .
. . . . . . . S . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
""")
    match.play("h5-g5")
    assert match.winners == [0]


def test_rule_7_no_capture_when_only_the_enemy_commander_is_adjacent():
    match = battle("""
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . C . . . . . . .
. . . . . c . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
""")
    match.play("d7-e7")
    assert not match.is_over and at(match, "f6") == "c"
    match.play("f6-f5")  # Blue's commander touches... nothing but e7? it steps away; no capture either way
    assert not match.is_over and at(match, "e7") == "C"


def test_rule_7_no_capture_when_exactly_two_enemy_soldiers_are_adjacent():
    match = battle("""
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . c . . . . .
. . . . S . . S . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
""")
    match.play("h5-g5")  # e5 and g5: exactly 2 soldiers touch f6
    assert not match.is_over and at(match, "f6") == "c"


# ----- rule 8: tower destruction -------------------------------------------------------------------

TOWER = """
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . t . . . . .
. . . . S . S . . . .
. . . . . S . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
"""


def test_rule_8_three_adjacent_soldiers_destroy_an_enemy_tower():
    match = battle(TOWER)
    match.play("f6-f7")
    assert match.log == ["Crimson soldier f6-f7", "Azure tower f8 destroyed"]
    assert at(match, "f8") == "." and match.view(0)["sides"][1]["towers"] == []


def test_rule_8_two_soldiers_do_not_destroy_a_tower():
    match = battle(TOWER)
    match.play("f6-f5")
    assert at(match, "f8") == "t"


def test_rule_8_the_commander_plus_one_soldier_destroy_an_enemy_tower():
    match = battle(TOWER.replace(". . . . S . S . . . .", ". . . . . . S . . . .")
                   .replace("C . . . . . . . . . .", ". . . . . . . . . . .")
                   .replace(". . . . . S . . . . .", ". . . C . . . . . . ."))
    match.play("d6-e7")
    assert match.log[-1] == "Azure tower f8 destroyed"


def test_rule_8_own_units_never_destroy_their_own_tower():
    match = battle(TOWER.replace(" t ", " T "))
    match.play("f6-f7")
    assert at(match, "f8") == "T"


# ----- rule 9: freeing captured soldiers -----------------------------------------------------------

def test_rule_9_destroying_a_tower_frees_a_captive_onto_a_legal_tile():
    match = battle(TOWER, "r 1-0 0 0")
    match.play("f6-f7")
    assert match.to_move == 0  # Red places its freed soldier before the turn passes (decision GB-1)
    free = match.legal_actions()
    assert set(free) == {f"free {sq}" for sq in ("b3", "c3", "d3", "h3", "i3", "j3", "e4", "g4")}
    with pytest.raises(IllegalAction, match="Rule 9: .* is not a legal tile"):
        match.play("free f5")
    with pytest.raises(IllegalAction, match="Rule 9: Crimson first returns a freed soldier"):
        match.play("f7-f8")
    match.play("free d3")
    assert at(match, "d3") == "S" and match.to_move == 1
    assert match.log[-1] == "Crimson frees a soldier to d3"
    assert match.view(1)["sides"][1]["captured_soldiers"] == 0


def test_rule_9_without_a_captive_nothing_is_freed():
    match = battle(TOWER)
    match.play("f6-f7")
    assert match.to_move == 1


def test_rule_9_with_no_legal_tile_the_captive_stays_captive():
    walled = TOWER.replace("C . . . . . . . . . .", "F F F F F F F F F F F")
    walled = walled.replace(". . . . . . . . . . .\n. . . . . . . . . . .\nF", "F F F F F F F F F F F\nF F F F F F F F F F F\nF")
    walled = walled.replace(". . . . . . . . . . .\nF F F", ". . . . F . F . . . C\nF F F")
    match = battle(walled, "r 1-0 0 0")
    match.play("f6-f7")
    assert match.to_move == 1 and match.view(0)["sides"][1]["captured_soldiers"] == 1


def test_rule_9_when_start_squares_are_full_a_soldier_returns_to_the_home_ranks():
    crowded = TOWER.replace(". . . . . . . . . . .\n. . . . . . . . . . .\n. . . . . . . . . . .\nC",
                            ". . . . S . S . . . .\n. S S S . . . S S S .\n. . . . . . . . . . .\nC")
    match = battle(crowded, "r 1-0 0 0")
    match.play("f6-f7")
    squares = {a.split()[1] for a in match.legal_actions()}
    assert "a1" not in squares and "b1" in squares and "k3" in squares and "e4" not in squares
    assert len(squares) == 33 - 1 - 6  # ranks 1-3 less the commander and six soldiers


# ----- rule 10: gold mine capture ------------------------------------------------------------------

MINE = """
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . m . . . . .
. . . . S . . . . . .
. . . . . . . S . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
"""


def test_rule_10_two_adjacent_soldiers_take_an_enemy_mine():
    match = battle(MINE)
    match.play("h7-g8")
    assert match.log[:2] == ["Crimson soldier h7-g8", "Crimson takes the gold mine at f9"]
    assert match.view(0)["mines"]["f9"] == "Crimson" and match.view(0)["sides"][0]["mines_captured"] == 1


def test_rule_10_one_soldier_does_not_take_a_mine():
    match = battle(MINE)
    match.play("h7-h8")
    assert match.view(0)["mines"]["f9"] == "Azure"


def test_rule_10_commander_adjacency_takes_a_mine():
    match = battle(MINE.replace("C . . .", ". . . .").replace(". . . . S . . . . . .", ". . . . . . . . . . .")
                   .replace(". . . . . . . S . . .", ". . . . . . . C . . ."))
    match.play("h7-g8")
    assert "Crimson takes the gold mine at f9" in match.log


def test_rule_10_the_enemy_contests_with_the_same_pressure():
    contested = MINE.replace(". . . . . . . . . . .\n. . . . . m", ". . . . s s . . . . .\n. . . . . m")
    match = battle(contested)
    match.play("h7-g8")  # Red presses f9 with 2 soldiers, Blue with 2 (e10, f10)
    assert match.view(0)["mines"]["f9"] == "Azure"


def test_rule_10_only_the_side_that_moved_may_capture_mines():
    contested = MINE.replace(". . . . . . . . . . .\n. . . . . m", ". . . . s s . . . . .\n. . . . . m")
    match = battle(contested)
    match.play("h7-g8")
    match.play("e10-d10")  # Blue stops contesting, but a Blue move never takes a Red-pressed mine for Red
    assert match.view(0)["mines"]["f9"] == "Azure"
    match.play("a1-a2")  # any Red move: now Red presses and Blue does not
    assert match.view(0)["mines"]["f9"] == "Crimson"
