"""What a player reads of the battle: the chronicle says who caught a unit (not the far-away move that
happened to come next), the view marks a unit in danger right after the move that put it there, and no
text names the sides Red/Blue or carries a contributor's code."""

from __future__ import annotations

import re

from rich.console import Console

from regalia.cli.tables import renderer
from regalia.core.rng import Rng
from regalia.games.gold_battle import GoldBattle
from regalia.games.gold_battle.notation import ACTION_SPACE

from .helpers import at, battle

CAUGHT = """
. . . . . c . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . s . s . . . . .
. . . . . . . . . . .
. . . . S . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
"""
"""A Crimson soldier e5 below two Azure soldiers d7 and f7; the Azure commander far away on f11."""

CODES = re.compile(r"\b(GC|GB|KG|CQ)-\d+|§|[Dd]ecision \d|RULES\.md|DECISIONS|\.py\b|seat \d")
SIDES = re.compile(r"\b(Red|Blue)\b")


def test_decision_2_4_the_chronicle_names_who_caught_a_soldier_after_the_enemys_move():
    match = battle(CAUGHT)
    match.play("e5-e6")  # steps between d7 and f7: safe on its own move
    assert match.log == ["Crimson soldier e5-e6"]
    match.play("f11-g11")  # a move on the far side of the board: it takes nothing itself
    assert at(match, "e6") == "."
    assert match.log[-2:] == ["Azure commander f11-g11", "Crimson soldier e6, caught between d7 and f7, is captured"]


def test_rule_5_a_move_that_catches_a_soldier_is_credited_with_it():
    match = battle("""
. . . . . c . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . s . . . .
. . . s . . . . . . .
. . . . . . . . . . .
. . . . S . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
""")
    match.play("e5-e6")  # beside d7 only: not in danger
    assert match.view(0)["in_danger"] == []
    match.play("g8-f7")  # the second soldier arrives: this move catches it
    assert match.log[-1] == "Azure soldier g8-f7 captures Crimson soldier e6"


def test_decision_2_4_the_view_marks_a_unit_in_danger_after_the_move_that_put_it_there():
    match = battle(CAUGHT)
    assert match.view(0)["in_danger"] == []
    match.play("e5-e6")
    assert match.view(1)["in_danger"] == ["e6"] and match.view(None)["in_danger"] == ["e6"]
    match.play("f11-g11")
    assert match.view(0)["in_danger"] == []


def test_rule_6_a_set_up_position_marks_both_sides_units_in_a_capture_condition():
    match = battle("""
. . . . . c . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . s s s . . . .
. . . . . C . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
""")
    # the Crimson commander touches 3 Azure soldiers (rule 6), and each of them touches it (rule 5)
    assert match.view(0)["in_danger"] == ["f6", "e7", "f7", "g7"]


def test_the_terminal_table_marks_danger_and_names_the_armies():
    match = battle(CAUGHT)
    match.play("e5-e6")
    console = Console(record=True, width=140, color_system="truecolor")
    console.print(renderer("gold-battle")(match.view(0), match.log))
    text = console.export_text(clear=False)
    assert "e6 in danger" in text and "!●" in text
    assert "Crimson Knights" in text and "Azure Lords" in text and not SIDES.search(text)


def _texts_of_random_matches() -> list[str]:
    game = GoldBattle()
    texts: list[str] = []
    for seed in range(4):
        rng = Rng(f"words:{seed}")
        match = game.new_match(seed=seed)
        while not match.is_over and len(match.actions) < 160:
            legal = match.legal_actions()
            state = match.state
            for wrong in (rng.choice(ACTION_SPACE), rng.choice(ACTION_SPACE), "pass", "free a1", "e4-z9", 7):
                if wrong not in legal:
                    texts.append(game.why_illegal(state, wrong))
            view = match.view(0)
            texts += [view["side_to_act"], *(side["name"] for side in view["sides"]),
                      *(side["army"] for side in view["sides"]), *view["mines"].values()]
            match.play(rng.choice(legal))
        texts += match.log
    return texts


def test_no_refusal_log_or_view_text_names_red_or_blue_or_carries_a_code():
    texts = _texts_of_random_matches()
    assert len(texts) > 1000 and any("Rule 3: " in text for text in texts) and any("Rule 4: " in text for text in texts)
    assert any(" is captured" in text or " captures " in text for text in texts)
    for text in texts:
        assert not SIDES.search(text), text
        assert not CODES.search(text), text
