"""The Gold Battle's tutorial (games/gold_battle/tutorial.py) checked by the battle's own rules: each taught move
is legal in its step's position and does what the step says, each step's words name only what its board shows,
and the last step is a real battle against Easy from a friendly position."""

from __future__ import annotations

import re

import pytest

from regalia.core import Match
from regalia.games.gold_battle import GoldBattle
from regalia.games.gold_battle.tutorial import TUTORIAL, Step

SQUARE = re.compile(r"\b([a-k](?:1[01]|[1-9]))\b")
RULE_CODE = re.compile(r"\b(?:GB|GC|KG|CQ)-\d+|§")
PIECES = {"soldier": "Ss", "commander": "Cc", "tower": "Tt", "mine": "Mm", "forest": "F"}


def start(step: Step) -> Match:
    return step.opening(GoldBattle(**step.options))


def at(match: Match, square: str) -> str:
    file, rank = "abcdefghijk".index(square[0]), int(square[1:])
    return str(match.view(None)["board"][11 - rank][file])


def words(step: Step) -> str:
    return f"{step.title} {step.text} {step.hint} {step.done}"


def test_the_tutorial_has_six_to_twelve_steps_and_ends_in_a_real_battle_against_easy() -> None:
    assert 6 <= len(TUTORIAL) <= 12
    *lessons, last = TUTORIAL
    assert all(step.moves for step in lessons)
    assert last.moves == () and last.opponent == "easy"
    match = start(last)
    assert not match.is_over and match.to_move == last.seat


@pytest.mark.parametrize("index", range(len(TUTORIAL)))
def test_each_taught_move_is_legal_in_its_position(index: int) -> None:
    step = TUTORIAL[index]
    match = start(step)
    assert not match.is_over and match.to_move == step.seat == 0
    legal = match.legal_actions()
    for move in step.moves:
        assert move in legal, f"step {index + 1} ({step.title}): {move} is not legal there"
    if step.moves and not step.moves[0].startswith("free"):  # something else can be tried: the hint is said
        assert set(legal) - set(step.moves)


@pytest.mark.parametrize("index", range(len(TUTORIAL)))
def test_each_step_names_only_what_its_table_shows(index: int) -> None:
    step = TUTORIAL[index]
    match = start(step)
    targets = {part for move in step.moves for part in re.split(r"[- ]", move) if SQUARE.fullmatch(part)}
    for square in SQUARE.findall(f"{step.text} {step.hint}"):
        assert at(match, square) != "." or square in targets, f"step {index + 1} names the empty {square}"
    board = "".join(match.view(None)["board"])
    for word, letters in PIECES.items():
        if word in step.text.lower():
            assert any(letter in board for letter in letters), f"step {index + 1} speaks of a {word} not shown"
    assert not RULE_CODE.search(words(step)), "no contributor's code reaches a player"
    assert step.hint.startswith("Not quite") or not step.moves


def after(step: Step, move: str) -> Match:
    match = start(step)
    match.play(move, step.seat)
    return match


def soldiers(match: Match, side: int) -> int:
    return int(match.view(None)["sides"][side]["soldiers"])


# each lesson does what it says: a rule change that breaks a lesson fails here

def test_lesson_soldiers_step_one_square_rule_3() -> None:
    match = after(TUTORIAL[0], "e4-e5")
    assert at(match, "e5") == "S" and at(match, "e4") == "."


def test_lesson_the_commander_leaps_two_squares_rule_3() -> None:
    match = after(TUTORIAL[1], "f4-h6")
    assert at(match, "h6") == "C"
    assert "f4-f6" not in start(TUTORIAL[1]).legal_actions()  # rule 4: not onto a forest


@pytest.mark.parametrize("index", [2, 3])
def test_lesson_captures_an_azure_soldier_rule_5(index: int) -> None:
    for move in TUTORIAL[index].moves:
        before, match = start(TUTORIAL[index]), after(TUTORIAL[index], move)
        assert soldiers(match, 1) == soldiers(before, 1) - 1


def test_lesson_three_soldiers_destroy_a_tower_rule_8() -> None:
    match = after(TUTORIAL[4], "e10-d11")
    assert at(match, "c11") == "." and any("tower c11 destroyed" in line for line in match.log)


def test_lesson_a_destroyed_tower_frees_a_captive_rule_9() -> None:
    step = TUTORIAL[5]
    assert start(step).legal_actions() == ["free e4"]
    assert at(after(step, "free e4"), "e4") == "S"


def test_lesson_two_soldiers_take_a_gold_mine_rule_10() -> None:
    for move in TUTORIAL[6].moves:
        assert after(TUTORIAL[6], move).view(None)["mines"]["j10"] == "Crimson"


def test_lesson_two_soldiers_do_not_capture_a_commander_but_three_do_rules_6_and_7() -> None:
    step = TUTORIAL[7]
    other = next(a for a in start(step).legal_actions() if a not in step.moves)
    assert not after(step, other).is_over  # rule 7: two soldiers beside it are not enough
    match = after(step, "d10-e11")
    assert match.is_over and match.winners == [0]


def test_the_closing_battle_is_friendly() -> None:
    match = start(TUTORIAL[-1])
    assert soldiers(match, 0) > soldiers(match, 1)
