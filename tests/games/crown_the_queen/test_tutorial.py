"""Crown the Queen's tutorial (games/crown_the_queen/tutorial.py) checked by the game's own rules: each step's
deal and opening actions lead to the hand and passed card its words describe, each taught choice is legal
there and does what the step says, and the last step is a real game against Easy from a friendly start."""

from __future__ import annotations

import re

import pytest

from regalia.core import Match
from regalia.games.crown_the_queen import CrownTheQueen
from regalia.games.crown_the_queen.tutorial import TUTORIAL, Step

RULE_CODE = re.compile(r"\b(?:GB|GC|KG|CQ)-\d+|§")
CARDS = ("Policeman", "Soldier", "Sailor", "Airman", "Royal Coach", "Page", "Archbishop", "Queen", "Trumpeter",
         "Royal Arms", "Buckingham Palace", "Houses of Parliament", "Big Ben", "Marble Arch", "Hyde Park",
         "Union Jack", "Canada", "Australia", "New Zealand", "South Africa", "India", "Ceylon")
ORDER_WORDS = "Policeman; Soldier, Sailor and Airman in any order; Royal Coach; Page; Archbishop; Queen"


def start(step: Step) -> Match:
    return step.opening(CrownTheQueen(**step.options))


def after(step: Step, move: str) -> Match:
    match = start(step)
    match.play(move, step.seat)
    return match


def procession(match: Match, seat: int = 0) -> list[str]:
    return list(match.view(seat)["processions"][seat])


def test_the_tutorial_has_six_to_twelve_steps_and_ends_in_a_real_game_against_easy() -> None:
    assert 6 <= len(TUTORIAL) <= 12
    *lessons, last = TUTORIAL
    assert all(step.moves for step in lessons)
    assert last.moves == () and last.opponent == "easy"
    match = start(last)
    assert not match.is_over and match.to_move == 0
    assert len(procession(match, 0)) > len(procession(match, 1)) == 0  # a friendly start


@pytest.mark.parametrize("index", range(len(TUTORIAL) - 1))
def test_each_taught_choice_is_legal_at_its_moment(index: int) -> None:
    step = TUTORIAL[index]
    match = start(step)
    assert match.to_move == step.seat == 0
    legal = match.legal_actions()
    for move in step.moves:
        assert move in legal, f"step {index + 1} ({step.title}): {move} is not legal there"
    assert set(legal) - set(step.moves)  # another choice can be tried: the hint is said


@pytest.mark.parametrize("index", range(len(TUTORIAL)))
def test_each_step_names_only_what_its_table_shows(index: int) -> None:
    """The card passed to the learner is the one the words name; every other card named is on the table (in the
    learner's hand, passed to them, in a procession), except the procession's own cards named as its rule."""
    step = TUTORIAL[index]
    view = start(step).view(0)
    shown = set(view["hand"]) | {view["passed"]} | {c for p in view["processions"] for c in p}
    words = f"{step.text} {step.hint}".replace(ORDER_WORDS, "")
    named = {card for card in CARDS if re.search(rf"\b{card}\b", words)}
    assert {card for card in named if card not in CARDS[:8]} <= shown, (index, named - shown)
    if view["passed"] and step.moves:
        assert re.search(rf"\b{view['passed']}\b", step.text), f"step {index + 1} names not the card passed"
    for move in step.moves:
        if move.startswith("pass "):
            assert move[5:] in view["hand"] and move[5:] in step.text
    assert not RULE_CODE.search(f"{step.title} {words} {step.done}"), "no contributor's code reaches a player"
    assert step.hint.startswith("Not quite") or not step.moves


def test_lesson_a_card_passed_face_down_rule_5() -> None:
    match = after(TUTORIAL[0], "pass New Zealand")
    assert "New Zealand" not in match.view(0)["hand"] and match.view(1)["passed"] == "New Zealand"


@pytest.mark.parametrize("index", [1, 2])
def test_lesson_the_swap_turns_the_card_face_up_and_draws_rule_7(index: int) -> None:
    step = TUTORIAL[index]
    passed = start(step).view(0)["passed"]
    match = after(step, "swap")
    assert match.view(0)["face_up"][-1] == passed and passed not in procession(match)


def test_lesson_a_kept_policeman_starts_the_procession_and_the_others_follow_rule_8() -> None:
    match = after(TUTORIAL[3], "keep")
    assert procession(match)[:1] == ["Policeman"]
    assert set(procession(match)[1:4]) == {"Soldier", "Sailor", "Airman"}


def test_lesson_soldier_sailor_and_airman_in_any_order_rule_8() -> None:
    step = TUTORIAL[4]
    assert procession(start(step)) == ["Policeman"]
    assert procession(after(step, "keep"))[:2] == ["Policeman", "Airman"]
