"""The readings chosen in DECISIONS.md section 2 (2.2-2.6, GB-1 to GB-6), each from a drawn position."""

import pytest

from regalia.core import IllegalAction
from regalia.games.gold_battle import START, GoldBattle

from .helpers import at, battle, board
from .test_rules import MINE, TOWER


def mirrored(rows):
    """Top-bottom mirror with colours swapped (forests stay forests)."""
    swap = str.maketrans("CSTMcstm", "cstmCSTM")
    return [row.translate(swap) for row in reversed(rows)]


# ----- 2.1 facts from the seed ---------------------------------------------------------------------

def test_decision_2_1_seed_facts_board_players_and_first_move():
    game = GoldBattle()
    match = game.new_match()
    view = match.view(0)
    assert len(view["board"]) == 11 and all(len(row) == 11 for row in view["board"])
    assert [side["army"] for side in view["sides"]] == ["Crimson Knights", "Azure Lords"]
    assert match.to_move == 0 and game.players == 2 and not game.has_chance and not game.hidden_information


# ----- 2.2 the starting layout ---------------------------------------------------------------------

def test_decision_2_2_starting_layout_per_side_and_forests():
    rows = board(GoldBattle().new_match())
    text = "".join(rows)
    for letter, count in {"C": 1, "S": 8, "M": 3, "T": 2, "c": 1, "s": 8, "m": 3, "t": 2, "F": 5}.items():
        assert text.count(letter) == count, letter
    assert rows[10] == "..T..C..T.." and rows[0] == "..t..c..t.."
    assert GoldBattle().position(GoldBattle().initial_state()) == START


def test_decision_2_2_layout_is_mirror_symmetric_with_colours_swapped():
    rows = board(GoldBattle().new_match())
    assert [row[::-1] for row in rows] == rows
    assert mirrored(rows) == rows


def test_decision_2_2_each_home_mine_starts_guarded_by_two_own_soldiers_and_no_enemy():
    game = GoldBattle()
    state = game.initial_state()
    from regalia.games.gold_battle.board import ADJACENT, squares_of

    for side in (0, 1):
        for mine in squares_of(state.mines[side]):
            assert (ADJACENT[mine] & state.soldiers[side]).bit_count() == 2
            assert not ADJACENT[mine] & state.soldiers[1 - side]


def test_decision_2_2_hud_starts_at_zero_of_three():
    view = GoldBattle().new_match().view(0)
    for side in view["sides"]:
        assert (side["mines_captured"], side["mines_to_win"], side["captured_soldiers"]) == (0, 3, 0)
        assert len(side["towers"]) == 2 and side["soldiers"] == 8
    assert view["sides"][0]["army"] == "Crimson Knights" and view["sides"][1]["army"] == "Azure Lords"


# ----- 2.3 movement details ------------------------------------------------------------------------

BOXED_IN = """
. . . . . . . . . F c
. . . . . . . . . F F
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
F F . . . . . . . . .
C F . . . . . . . . .
"""


def test_decision_2_3_a_side_with_no_legal_move_passes():
    match = battle(BOXED_IN)
    assert match.legal_actions() == ["pass"]
    match.play("pass")
    assert match.to_move == 1 and match.log == ["Crimson has no legal move and passes"]


def test_decision_2_3_a_side_with_a_move_may_not_pass():
    match = GoldBattle().new_match()
    with pytest.raises(IllegalAction, match="Rule 2: Crimson has a legal move"):
        match.play("pass")


def test_gb_3_two_consecutive_passes_are_a_draw_and_a_pass_counts_as_a_ply():
    match = battle(BOXED_IN, "r 0-0 10 20")
    match.play("pass")
    assert match.view(0)["plies"] == 21 and match.view(0)["quiet_plies"] == 11
    match.play("pass")
    assert match.is_over and match.winners == []
    assert match.game.result(match.state)["reason"] == "passes"
    assert match.log[-1] == "The battle is drawn: both sides passed"


# ----- 2.4 resolution order ------------------------------------------------------------------------

BETWEEN_TWO = """
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . s . s . . . .
. . . . . . . . . . .
. . . . . S . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
"""


def test_decision_2_4_only_the_movers_enemy_is_tested_for_capture():
    match = battle(BETWEEN_TWO)
    match.play("f5-f6")  # steps between e7 and g7: safe on its own move
    assert at(match, "f6") == "S" and at(match, "e7") == "s" and at(match, "g7") == "s"
    match.play("k11-k10")  # any Blue move: the condition still holds, so the soldier falls now
    assert at(match, "f6") == "."
    # the move did not take it (it was made far away): the chronicle names the soldiers that caught it
    assert match.log[-2:] == ["Azure commander k11-k10", "Crimson soldier f6, caught between e7 and g7, is captured"]


def test_decision_2_4_mines_are_taken_after_captures_remove_the_contest():
    match = battle("""
. . . . . . . . S . c
. . . . s . s . . . .
. . . . . m . S . . .
. . . . S . S . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
""")
    # e10 and g10 contest f9 against e8 and g8; the move captures g10 (h9, h10) before mines are looked at.
    match.play("i11-h10")
    assert match.log[:3] == ["Crimson soldier i11-h10 captures Azure soldier g10", "Crimson takes the gold mine at f9",
                             "Crimson holds all the enemy gold mines and wins the battle"]


SCORED_MINE = """
. . . . . . . . . . c
. . . . s s . . . . .
. . . . . m . . S . .
. . . . S . S . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
"""


def test_decision_2_4_mine_contest_by_score_variant():
    # e8 + g8 (2) against e10 + f10 (2): equal pressure, no flip under either reading
    assert "Crimson takes the gold mine at f9" not in _after(SCORED_MINE, "a1-a2")
    assert "Crimson takes the gold mine at f9" not in _after(SCORED_MINE, "a1-a2", mine_contest="score")
    # a third Red soldier (g9): the binary contest still holds, the scored one (3 > 2) flips the mine
    scored = SCORED_MINE.replace(". . . . . m . . S . .", ". . . . . m . S . . .")
    assert "Crimson takes the gold mine at f9" not in _after(scored, "h9-g9")
    assert "Crimson takes the gold mine at f9" in _after(scored, "h9-g9", mine_contest="score")


def _after(rows, action, **options):
    match = battle(rows, **options)
    match.play(action)
    return match.log


# ----- 2.5 HUD and draws ---------------------------------------------------------------------------

def test_decision_2_5_captured_soldiers_drop_when_the_enemy_frees_one():
    match = battle(TOWER, "r 1-0 0 0")
    assert match.view(1)["sides"][1]["captured_soldiers"] == 1
    match.play("f6-f7")
    match.play("free g4")
    assert match.view(1)["sides"][1]["captured_soldiers"] == 0


def test_decision_2_5_threefold_repetition_is_a_draw():
    match = battle(BETWEEN_TWO.replace("S", "."))
    shuffle = ["a1-a2", "k11-k10", "a2-a1", "k10-k11"]
    for action in shuffle * 2:
        assert not match.is_over
        match.play(action)
    assert match.is_over and match.winners == []  # the start, then twice more (GB-4: the start counts)
    assert match.game.result(match.state)["reason"] == "repetition"
    assert match.log[-1] == "The battle is drawn: the same position for the third time"


def test_decision_2_5_sixty_plies_without_progress_are_a_draw():
    match = battle(BETWEEN_TWO.replace("S", "."), "r 0-0 59 100")
    match.play("a1-a2")
    assert match.is_over and match.game.result(match.state)["reason"] == "quiet"


def test_decision_2_5_progress_resets_the_sixty_ply_count():
    match = battle(MINE, "r 0-0 59 100")
    match.play("h7-g8")
    assert match.view(0)["quiet_plies"] == 0


def test_decision_2_5_the_300_ply_cap_is_a_draw():
    match = battle(BETWEEN_TWO.replace("S", "."), "r 0-0 0 299")
    match.play("a1-a2")
    assert match.is_over and match.winners == [] and match.game.result(match.state)["reason"] == "cap"


# ----- 2.6 settled details -------------------------------------------------------------------------

def test_gb_1_freeing_is_the_movers_choice_and_the_computer_prefers_its_commanders_side():
    match = battle(TOWER.replace("C . . . . . . . . . .", ". . . . . . . . . . C"), "r 1-0 0 0")
    match.play("f6-f7")
    free = match.legal_actions()
    assert all(a.startswith("free ") for a in free)
    assert free[0] == "free j3"  # nearest the commander k1: Chebyshev 2, then Euclidean
    assert free[1] == "free i3"
    from regalia.ai import load_agent

    assert load_agent("gold-battle", "hard", seed=1, nodes=50).choose(match) in free


def test_gb_1_several_frees_one_per_fallen_tower():
    match = battle("""
. . . . . . . . . . c
. . . . . . . . . . .
. . . . S . . . . . .
. . . . t . t . . . .
. . . S . S . S . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
""", "r 2-0 0 0")
    match.play("e9-f8")  # f8 is the third soldier at both e8 (d7, f7) and g8 (f7, h7)
    assert match.log[1:] == ["Azure tower e8 destroyed", "Azure tower g8 destroyed"]
    match.play("free b3")
    assert match.to_move == 0
    match.play("free c3")
    assert match.to_move == 1 and match.view(0)["sides"][1]["captured_soldiers"] == 0


def test_gb_2_a_freed_soldier_counts_for_the_mine_step_but_captures_nothing():
    match = battle("""
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . t . . . . .
. . . . S . S . . . .
. . . . . S . . . . .
. . . . . s . . . . .
. . . . . . S . . . .
. S S S . m . S S S .
. . . . . . . . . . .
C . . . . . . . . . .
""", "r 1-0 0 0")
    match.play("f6-f7")  # tower f8 falls; the only empty start square left is e4
    assert match.legal_actions() == ["free e4"]
    match.play("free e4")  # e4 and g4 now press Red's home mine f3, which Blue held: it comes back
    assert match.view(0)["mines"]["f3"] == "Crimson"
    assert at(match, "f5") == "s"  # touches e4 and g4, yet freed soldiers capture nothing (GB-2)


def test_gb_4_the_starting_position_counts_as_the_first_occurrence():
    match = GoldBattle().new_match()
    assert match.view(0)["seen"] == [match.state.key]


def test_gb_5_adjudication_at_the_cap_is_an_option():
    rows = BETWEEN_TWO.replace("S", ".").replace(". . . . . . . . . . .\nC", ". M . . . . . . . . .\nC")
    rows = rows.replace(". . . . . . . . . . c\n. . . . . . . . . . .", ". . . . . . . . . . c\n. M . . . . . . . m .")
    match = battle(rows, "r 0-0 0 299", adjudicate=True)
    match.play("a1-b1")
    assert match.winners == [0] and match.game.result(match.state)["reason"] == "adjudication"
    match = battle(rows, "r 0-0 0 299")
    match.play("a1-b1")
    assert match.winners == []


def test_gb_6_simultaneous_capture_tests_both_sides_after_every_move():
    match = battle(BETWEEN_TWO, capture="simultaneous")
    match.play("f5-f6")  # stepping between two Blue soldiers is now fatal at once
    assert at(match, "f6") == "."
    assert match.log == ["Crimson soldier f5-f6", "Crimson soldier f6, caught between e7 and g7, is captured"]


def test_gb_6_simultaneous_capture_removes_all_marked_units_together():
    rows = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . s . s . . .
. . . . . . C . . . .
. . . . . s . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
c . . . . . . . . . .
"""
    match = battle(rows, "b", capture="simultaneous")
    match.play("f5-g5")  # f7, h7 and g5 take the Red commander g6 — and its adjacency takes all three
    assert match.winners == [1]
    assert board(match)[4] == "..........." and board(match)[6] == "..........."
    assert match.log[:2] == ["Azure soldier f5-g5 captures the Crimson commander g6",
                             "Azure soldiers g5, f7 and h7, next to the Crimson commander g6, are captured"]
    match = battle(rows, "b")  # the default reading tests only Red: the three Blue soldiers stand
    match.play("f5-g5")
    assert match.winners == [1] and at(match, "g5") == "s"
