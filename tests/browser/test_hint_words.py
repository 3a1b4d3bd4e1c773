"""The hint's words at the table for The Gold Battle and Gold Crown: the suggested move with what it captures,
saves or threatens (the battle) or its aim (the siege), readable at 1366x900 and on a 390x844 phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import shot, start_from_lobby

pytestmark = pytest.mark.browser


def _fits(page) -> None:
    """The reason is on screen and wraps inside the page: no sideways scrolling."""
    reason = page.locator("#hint-reason")
    reason.scroll_into_view_if_needed()
    box = reason.bounding_box()
    width = page.viewport_size["width"]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1


CAPTURE_AND_MINE = """
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . m . . . . .
. . . . . s . . . . .
. . . . S . . . . . .
. . . . . . S . . . .
. . . . . . . . . . .
. . . . . . s . . . .
. . . . s . . . . . .
. . . . . M . S . . .
. . . . . . S . . . C
"""
"""Crimson may capture the Azure soldier f8 (g6-f7 or g6-g7), and its only home mine f2 is in danger."""


def test_gold_battle_hint_says_the_move_and_what_it_does(page, site):
    from regalia.games.gold_battle.position import position_from_rows

    page.set_viewport_size({"width": 1366, "height": 900})
    start_from_lobby(page, site, "gold-battle", seats=["human", "computer:easy"],
                     options={"position": position_from_rows(CAPTURE_AND_MINE, "r 0-0 0 0")})
    page.wait_for_function("document.querySelector('#hint:not([disabled])')")
    page.click("#hint")
    reason = page.locator("#hint-reason")
    expect(reason).to_contain_text(re.compile(r"^Hint: (Soldier|Commander) [a-k]\d+-[a-k]\d+: .*(captures|guards) "
                                              r".*; winning chance \d+%"))
    expect(page.locator("#actions button.action.hinted")).to_have_count(1)
    # on the board: the unit's square and its target's ringed, those of the move the hint names
    move = re.search(r"([a-k]\d+)-([a-k]\d+)", reason.inner_text())
    assert move is not None
    ringed = page.locator("#board .hint-mark").evaluate_all("els => els.map((e) => e.dataset.square)")
    assert sorted(ringed) == sorted(move.groups()), (ringed, move.groups())
    _fits(page)
    shot(page, "hint-gold-battle")
    page.set_viewport_size({"width": 390, "height": 844})
    _fits(page)
    shot(page, "hint-gold-battle-phone", full_page=False)


def test_gold_crown_hint_names_the_aim_of_the_step(page, site):
    page.set_viewport_size({"width": 1366, "height": 900})
    start_from_lobby(page, site, "gold-crown", seats=["human", "computer:easy"])
    for _ in range(60):
        page.wait_for_function("document.querySelector('#hint:not([disabled])') || "
                               "document.querySelector(\"[data-gc]:not([disabled])\")")
        moves = page.locator("#actions button.action").all_text_contents()
        if len(moves) > 1 and any(m.startswith("Move ") for m in moves) and \
                page.locator("#hint:not([disabled])").count():
            break
        control = page.locator("[data-gc='spin']:not([disabled]), [data-gc='march']:not([disabled]), "
                               "[data-gc='end']:not([disabled])")
        if control.count():
            control.first.click()
        else:
            page.wait_for_timeout(200)
    else:
        pytest.fail("no march came")
    page.click("#hint")
    reason = page.locator("#hint-reason")
    expect(reason).to_contain_text(re.compile(r"^Hint: (Move|March) a knight .*\(move [a-u]\d+-[a-u]\d+\); "
                                              r"(the plan for your \d+ move points?: .*; )?\d+% expected"))
    move = re.search(r"\(move ([a-u]\d+)-([a-u]\d+)\)", reason.inner_text())
    assert move is not None
    ringed = page.locator("#board .hint-mark").evaluate_all("els => els.map((e) => e.dataset.box)")
    assert sorted(ringed) == sorted(move.groups()), (ringed, move.groups())  # the step ringed on the mat
    _fits(page)
    shot(page, "hint-gold-crown")
    page.set_viewport_size({"width": 390, "height": 844})
    _fits(page)
    shot(page, "hint-gold-crown-phone", full_page=False)
