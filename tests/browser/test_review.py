"""Hints and reviews in the browser: the Hint button of a match against the computer (the suggested move lit in
the list of moves, the reason in the game's words), and the Review of a finished match on the result screen and
in the replay (progress, graph, per-player summary, moments marked)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import shot, start_from_lobby

pytestmark = pytest.mark.browser


def test_hint_lights_the_solver_s_move_with_its_reason(page, site):
    page.set_viewport_size({"width": 1366, "height": 900})
    start_from_lobby(page, site, "kings-gold", seats=["human", "computer:easy"])
    # our first decision with a choice: after the roll, the holds and the stop
    for _ in range(40):
        page.wait_for_function("document.querySelector('#hint:not([disabled])')")
        if page.locator("#actions button.action").count() > 1:
            break
        page.click("[data-kg='roll']:not([disabled])", timeout=5000)
    else:
        pytest.fail("no decision with a choice came")
    page.click("#hint")
    reason = page.locator("#hint-reason")
    expect(reason).to_contain_text(re.compile(r"expected$"))
    lit = page.locator("#actions button.action.hinted")
    expect(lit).to_have_count(1)
    expect(page.locator("#all-moves")).to_have_attribute("open", "")
    page.click(".hint-more > summary")
    choices = page.locator(".hint-choices li").all_text_contents()
    assert choices and len(choices) == len(set(choices)) <= page.locator("#actions button.action").count()
    assert all(c.endswith("expected") for c in choices)
    shot(page, "hint-kings-gold")
    page.set_viewport_size({"width": 390, "height": 844})
    reason.scroll_into_view_if_needed()
    shot(page, "hint-kings-gold-phone", full_page=False)
    # the hinted move is playable as any other, and the hint goes with the move
    lit.click()
    expect(page.locator("#hint-reason")).to_have_count(0)


def test_review_on_the_result_screen_and_in_the_replay(page, site):
    page.set_viewport_size({"width": 1366, "height": 900})
    created = site.new_match("kings-gold", seats=[{"kind": "computer", "level": "hard"},
                                                  {"kind": "computer", "level": "easy"}])
    match_id = created["match"]
    site.wait_until_over(match_id)
    page.goto(f"{site.url}/#/m/{match_id}")
    page.click("#review-button")
    expect(page.locator("#review-summary")).to_be_visible(timeout=60_000)
    rows = page.locator("#review-summary tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("td").nth(2)).to_have_text("0.00")  # the hard captain: the solver's own moves
    expect(page.locator("#review-graph path.advantage")).to_have_count(1)
    page.locator("#review").scroll_into_view_if_needed()
    shot(page, "review-result-screen")
    # kept with the match: the replay shows it at once, and a marked moment opens at its step
    page.goto(f"{site.url}/#/m/{match_id}/replay")
    expect(page.locator("section.replay #review-summary")).to_be_visible()
    expect(page.locator("#review-button")).to_be_hidden()
    goto = page.locator("#review-moments .review-goto")
    if goto.count():
        goto.first.click()
        expect(page.locator(".status")).to_contain_text(re.compile(r"^Step [1-9]"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#review").scroll_into_view_if_needed()
    shot(page, "review-replay-phone", full_page=False)


def test_review_of_three_captains_draws_each_standing(page, site):
    page.set_viewport_size({"width": 1366, "height": 900})
    created = site.new_match("kings-gold", seats=[{"kind": "computer", "level": "medium"}] * 3, players=3)
    site.wait_until_over(created["match"])
    page.goto(f"{site.url}/#/m/{created['match']}")
    page.click("#review-button")
    expect(page.locator("#review-summary tbody tr")).to_have_count(3, timeout=60_000)
    expect(page.locator("#review-graph path.advantage")).to_have_count(3)
    page.locator("#review").scroll_into_view_if_needed()
    shot(page, "review-three-captains", full_page=False)
