"""Learn to play in the browser: each game's tutorial from the lobby's "Learn to play", completed by clicks on
the game's own table; a wrong move in a step is answered with its rule in words (the server's "not quite");
the last step is a real match against Easy; the finished tutorial is marked on the lobby."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import shot

pytestmark = pytest.mark.browser


def _click_square(page, square: str) -> None:
    page.locator(f".gb-board .clickable[data-square='{square}']").click()


def _gold_battle_move(page, move: str) -> None:
    if move.startswith("free "):
        _click_square(page, move[5:])
        return
    start, end = move.split("-")
    _click_square(page, start)
    _click_square(page, end)


def test_gold_battle_tutorial_by_clicks_to_a_real_match_against_easy(page, site):
    steps = site.http.get("/api/tutorials/gold-battle").json()["steps"]
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(site.url + "/")
    page.click("[data-learn='gold-battle']")
    for n, step in enumerate(steps[:-1]):
        expect(page.locator("#tutorial-step")).to_have_text(f"Step {n + 1} / {len(steps)}")
        expect(page.locator("#tutorial-text")).to_have_text(step["text"])
        expect(page.locator(".gb-board .clickable").first).to_be_visible()
        if n == 2:  # a legal move the step does not teach: "not quite", its rule in words, nothing played
            lit = page.locator(".gb-board .clickable").evaluate_all("els => els.map(e => e.dataset.square)")
            assert lit == ["g5"], lit  # only the taught move's unit is lit
            shot(page, "tutorial-gold-battle-step")
            page.click("#all-moves > summary")
            page.click("#all-moves button[data-action='e6-d6']")
            expect(page.locator("#tutorial-say")).to_contain_text("Not quite: rule 5")
            expect(page.locator("#log")).not_to_contain_text("e6-d6")
        _gold_battle_move(page, step["moves"][0])
        expect(page.locator("#tutorial-say")).to_have_text(step["done"])
        if n == 2:
            shot(page, "tutorial-gold-battle-done")
        page.click("#tutorial-next")
    expect(page.locator("#tutorial-step")).to_have_text(f"Step {len(steps)} / {len(steps)}")
    expect(page.locator(".players")).to_contain_text("Computer (Easy)")
    _gold_battle_move(page, "e4-e5")
    expect(page.locator("#log")).to_contain_text("Crimson soldier e4-e5")
    expect(page.locator("#log")).to_contain_text("Azure")  # Easy answers: a real match
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "tutorial-gold-battle-phone", full_page=False)
    page.goto(site.url + "/#/")
    expect(page.locator(".game-card:has([data-learn='gold-battle']) .learned")).to_be_visible()
    shot(page, "tutorial-lobby-phone", full_page=False)
