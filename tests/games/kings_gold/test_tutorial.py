"""King's Gold's tutorial (games/kings_gold/tutorial.py) checked by the game's own rules: each step's seed and
opening actions lead to the throw its words describe, each taught choice is legal there and does what the
step says, and the last step is a real match against Easy from a friendly first turn."""

from __future__ import annotations

import re

import pytest

from regalia.core import Match
from regalia.games.kings_gold import KingsGold
from regalia.games.kings_gold.tutorial import TUTORIAL, Step

RULE_CODE = re.compile(r"\b(?:GB|GC|KG|CQ)-\d+|§")
FACES = ("Coin", "Cannon", "Crest", "Skull")


def start(step: Step) -> Match:
    return step.opening(KingsGold(**step.options))


def after(step: Step, move: str) -> Match:
    match = start(step)
    match.play(move, step.seat)
    return match


def test_the_tutorial_has_six_to_twelve_steps_and_ends_in_a_real_match_against_easy() -> None:
    assert 6 <= len(TUTORIAL) <= 12
    *lessons, last = TUTORIAL
    assert all(step.moves for step in lessons)
    assert last.moves == () and last.opponent == "easy"
    match = start(last)
    assert not match.is_over
    assert match.view(0)["captains"][0]["coins"] > match.view(0)["captains"][1]["coins"]  # a friendly start


@pytest.mark.parametrize("index", range(len(TUTORIAL) - 1))
def test_each_taught_choice_is_legal_at_its_moment(index: int) -> None:
    step = TUTORIAL[index]
    match = start(step)
    assert match.to_move == step.seat == 0
    legal = match.legal_actions()
    for move in step.moves:
        assert move in legal, f"step {index + 1} ({step.title}): {move} is not legal there"
    if index:  # after the first throw there is always another choice, so that the hint can be said
        assert set(legal) - set(step.moves)


@pytest.mark.parametrize("index", range(len(TUTORIAL)))
def test_each_step_names_only_what_its_table_shows(index: int) -> None:
    step = TUTORIAL[index]
    dice = [d for d in start(step).view(0)["dice"] if d]
    words = f"{step.text} {step.hint}"
    spoken = words.replace("a Shield against Cannons", "")  # the rule, not a die
    for face in FACES:
        if dice and re.search(rf"\b{face}s?\b", spoken):
            assert face in dice, f"step {index + 1} speaks of a {face} the dice do not show: {dice}"
    for number in re.findall(r"\bdice? (\d)", words):
        assert dice and 1 <= int(number) <= len(dice)
    assert not RULE_CODE.search(f"{step.title} {words} {step.done}"), "no contributor's code reaches a player"
    assert step.hint.startswith("Not quite") or not step.moves


def test_lesson_a_turn_begins_with_a_throw_and_skulls_lock() -> None:
    match = after(TUTORIAL[0], "roll")
    view = match.view(0)
    assert all(view["dice"]) and view["locked"] == [i + 1 for i, d in enumerate(view["dice"]) if d == "Skull"]


def test_lesson_held_coins_keep_their_face_and_a_locked_skull_cannot_be_thrown() -> None:
    step = TUTORIAL[1]
    assert start(step).view(0)["dice"] == ["Coin", "Cannon", "Coin", "Coin", "Skull"]
    assert "reroll 5" not in start(step).legal_actions()  # the Skull is locked
    assert after(step, "reroll 2").view(0)["dice"][0::2][:2] == ["Coin", "Coin"]


def test_lesson_stopping_at_two_skulls_escapes_the_curse() -> None:
    step = TUTORIAL[2]
    assert start(step).view(0)["dice"].count("Skull") == 2
    match = after(step, "stop")
    assert not any("Curse" in line for line in match.log)


def test_lesson_a_crest_converts_a_coin_into_a_doubloon() -> None:
    step = TUTORIAL[3]
    assert set(start(step).legal_actions()) == {"crest convert", "crest shield"}
    captain = after(step, "crest convert").view(0)["captains"][0]
    assert captain["doubloons"] == 1


def test_lesson_cannons_steal_from_a_rival() -> None:
    step = TUTORIAL[4]
    before = start(step).view(0)["captains"][1]["coins"]
    assert after(step, "stop").view(0)["captains"][1]["coins"] == before - 2


def test_lesson_five_coins_are_the_kings_ransom() -> None:
    match = after(TUTORIAL[5], "reroll 1")
    assert any("King's Ransom" in line for line in match.log)
