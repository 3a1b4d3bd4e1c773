"""Gold Crown's tutorial (games/gold_crown/tutorial.py) checked by the game's own rules: each step's seed and
opening actions lead to the moment its words describe (the spin, the knights and guards on the boxes it
names), each taught move is legal there and does what the step says, and the last step is a real siege
against Easy from a friendly moment."""

from __future__ import annotations

import re

import pytest

from regalia.core import Match
from regalia.games.gold_crown import GoldCrown
from regalia.games.gold_crown.tutorial import TUTORIAL, Step

RULE_CODE = re.compile(r"\b(?:GB|GC|KG|CQ)-\d+|§")
BOX = re.compile(r"\b([a-u](?:2[01]|1\d|[1-9]))\b")


def start(step: Step) -> Match:
    return step.opening(GoldCrown(**step.options))


def after(step: Step, move: str) -> Match:
    match = start(step)
    match.play(move, step.seat)
    return match


def occupied(match: Match) -> set[str]:
    view = match.view(0)
    knights = {box for boxes in view["knights"].values() for box in str(boxes).split()}
    return knights | set(str(view["guards"]).split())


def chambers_of(match: Match, seat: int) -> int:
    return sum(1 for owner in match.view(0)["chambers"].values() if owner == seat)


def test_the_tutorial_has_six_to_twelve_steps_and_ends_in_a_real_siege_against_easy() -> None:
    assert 6 <= len(TUTORIAL) <= 12
    *lessons, last = TUTORIAL
    assert all(step.moves for step in lessons)
    assert last.moves == () and last.opponent == "easy"
    match = start(last)
    assert not match.is_over and match.to_move == 0 and match.legal_actions() == ["spin"]
    barons = match.view(0)["barons"]
    assert chambers_of(match, 0) >= 3 and barons[0]["count"] > barons[1]["count"]  # a friendly moment


@pytest.mark.parametrize("index", range(len(TUTORIAL) - 1))
def test_each_taught_move_is_legal_at_its_moment(index: int) -> None:
    step = TUTORIAL[index]
    match = start(step)
    assert match.to_move == step.seat == 0
    legal = match.legal_actions()
    for move in step.moves:
        assert move in legal, f"step {index + 1} ({step.title}): {move} is not legal there"
    if index:  # after the first spin there is always another move, so that the hint can be said
        assert set(legal) - set(step.moves)


@pytest.mark.parametrize("index", range(len(TUTORIAL)))
def test_each_step_names_only_what_its_table_shows(index: int) -> None:
    """A box the words name holds a knight or a King's guard, or is where a taught move goes; a spin the
    words name is the one the spinner shows."""
    step = TUTORIAL[index]
    match = start(step)
    targets = {box for move in step.moves for box in BOX.findall(move)}
    for box in BOX.findall(f"{step.text} {step.hint}"):
        assert box in occupied(match) | targets, f"step {index + 1} names {box}, which the table shows empty"
    spin = re.match(r"A (\d+) (?:lets|sends)", step.text)
    if spin:
        assert match.view(0)["spin"] == int(spin.group(1))
    assert not RULE_CODE.search(f"{step.title} {step.text} {step.hint} {step.done}")
    assert step.hint.startswith("Not quite") or not step.moves


def test_lesson_the_catapult_slays_a_tower_guard_and_breaches() -> None:
    for move in TUTORIAL[1].moves:
        match = after(TUTORIAL[1], move)
        assert "A King's guard is slain." in match.log and match.view(0)["barons"][0]["breaches"]


def test_lesson_a_knight_steps_one_box_for_one_move_point() -> None:
    match = after(TUTORIAL[2], "move e2-e3")
    assert "e3" in match.view(0)["knights"]["0"].split()


def test_lesson_the_ram_rolls_onto_the_lowered_drawbridge() -> None:
    before = start(TUTORIAL[3]).view(0)["barons"][0]
    assert before["bridge"] == "down" and before["gates"] == "closed"
    assert after(TUTORIAL[3], "ram").view(0)["barons"][0]["ram"] != before["ram"]


def test_lesson_a_six_has_crashed_the_gates_open_and_a_knight_crosses_the_drawbridge_through_them() -> None:
    """The moment follows a 6 spun with the ram on the drawbridge: the gates crashed open, the ram rolled back
    to boxes 3 and 4; the knight on the drawbridge (box 2, k5) goes through the gates onto box 1 (k6)."""
    step = TUTORIAL[4]
    match = start(step)
    gold = match.view(0)["barons"][0]
    assert (gold["gates"], gold["bridge"], gold["ram"]) == ("open", "down", "home")
    assert "Gold (South) spins 6: ram opens gates if on drawbridge and returns to boxes 3 and 4." in match.log
    assert "Gold's gates crash open." in match.log and "Gold's ram rolls back to boxes 3 and 4." in match.log
    assert "6" in step.text and "crashed your gates open" in step.text
    assert "k6" in after(step, "move k5-k6").view(0)["knights"]["0"].split()
    # the opening's own 6: just before it the ram stands on the drawbridge and the gates are closed
    six = GoldCrown(**step.options).new_match(seed=step.seed)
    for seat, action in step.prefix[:9]:
        six.play(action, seat)
    was = six.view(0)["barons"][0]
    six.play("spin", 0)
    now = six.view(0)["barons"][0]
    assert (was["gates"], was["ram"], now["gates"], now["ram"]) == ("closed", "bridge", "open", "home")


def test_lesson_a_ten_scales_the_stone_line() -> None:
    assert any("up the castle's stone line" in line for line in after(TUTORIAL[5], "scale h6").log)


@pytest.mark.parametrize("index", [6, 7])
def test_lesson_a_guard_falls_to_a_knight_with_a_second_beside_him(index: int) -> None:
    step = TUTORIAL[index]
    match = after(step, step.moves[0])
    assert "A King's guard is slain." in match.log[-3:]
    if index == 7:
        assert chambers_of(match, 0) == chambers_of(start(step), 0) + 1


def test_lesson_the_storm_takes_the_crown() -> None:
    match = after(TUTORIAL[8], "storm")
    assert match.is_over and match.winners == [0]
