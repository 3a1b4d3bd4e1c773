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
    made = site.http.post("/api/profiles", json={"name": "learner-gb"}).json()  # signed in: kept on the profile
    page.goto(site.url + "/")
    page.evaluate("p => localStorage.setItem('regalia.profile', JSON.stringify(p))", made)
    page.reload()
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
    page.goto(site.url + "/#/profile")
    expect(page.locator("#tutorials-finished")).to_contain_text("✓ The Gold Battle")
    assert site.http.get(f"/api/tutorials/finished/{made['profile']}").json()["finished"] == ["gold-battle"]


def _open_all_moves(page) -> None:
    if not page.locator("#all-moves[open]").count():
        page.click("#all-moves > summary")


def _kings_gold_choice(page, move: str) -> None:
    if move.startswith("reroll "):
        thrown = {int(n) for n in move.split()[1:]}
        for die in range(1, 6):
            if die not in thrown and page.locator(f".die.clickable[data-die='{die}']").count():
                page.click(f".die.clickable[data-die='{die}']")  # hold it
        page.click("[data-kg='reroll']:not([disabled])")
        return
    page.click(f"[data-kg='{move}']")


def test_kings_gold_tutorial_by_clicks_to_a_real_match_against_easy(page, site):
    steps = site.http.get("/api/tutorials/kings-gold").json()["steps"]
    page.goto(site.url + "/#/rules/kings-gold")
    page.click("#rules-page [data-learn='kings-gold']")  # from the game's rules
    for n, step in enumerate(steps[:-1]):
        expect(page.locator("#tutorial-step")).to_have_text(f"Step {n + 1} / {len(steps)}")
        expect(page.locator("#tutorial-text")).to_have_text(step["text"])
        expect(page.locator("[data-kg]").first).to_be_visible()
        if n == 1:  # stopping is legal, but this step teaches holding the Coins: "not quite", in words
            assert page.locator("[data-kg='stop']").count() == 0  # only the taught choice is lit
            _open_all_moves(page)
            page.click("#all-moves button[data-action='stop']")
            expect(page.locator("#tutorial-say")).to_contain_text("Not quite: Coins pay")
            shot(page, "tutorial-kings-gold-not-quite")
        _kings_gold_choice(page, step["moves"][0])
        expect(page.locator("#tutorial-say")).to_have_text(step["done"])
        page.click("#tutorial-next")
    expect(page.locator("#tutorial-step")).to_have_text(f"Step {len(steps)} / {len(steps)}")
    expect(page.locator(".players")).to_contain_text("Computer (Easy)")
    page.click("[data-kg='roll']")  # the computer has played its turn: a real match, and it is ours
    expect(page.locator("#log")).to_contain_text("rolls")
    shot(page, "tutorial-kings-gold-match")


def test_crown_the_queen_tutorial_by_clicks_to_a_real_game_against_easy(page, site):
    steps = site.http.get("/api/tutorials/crown-the-queen").json()["steps"]
    page.goto(site.url + "/")
    page.click("[data-learn='crown-the-queen']")
    for n, step in enumerate(steps[:-1]):
        expect(page.locator("#tutorial-step")).to_have_text(f"Step {n + 1} / {len(steps)}")
        expect(page.locator("#tutorial-text")).to_have_text(step["text"])
        move = step["moves"][0]
        control = f"[data-pass='{move[5:]}']" if move.startswith("pass ") else f"[data-cq='{move}']"
        expect(page.locator(control)).to_be_visible()
        if n == 0:  # any card may be passed, but this step teaches giving away one worth nothing
            assert page.locator("[data-pass]").count() == 1  # only the taught card is lit
            _open_all_moves(page)
            page.click("#all-moves button[data-action='pass Soldier']")
            expect(page.locator("#tutorial-say")).to_contain_text("Not quite: rule 5")
            shot(page, "tutorial-crown-the-queen-not-quite")
        page.click(control)
        expect(page.locator("#tutorial-say")).to_have_text(step["done"])
        page.click("#tutorial-next")
    expect(page.locator("#tutorial-step")).to_have_text(f"Step {len(steps)} / {len(steps)}")
    expect(page.locator(".players")).to_contain_text("Computer (Easy)")
    page.click("[data-cq='swap']")
    expect(page.locator("#log")).to_contain_text("Seat 1 turns the passed Australia face up")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "tutorial-crown-the-queen-phone", full_page=False)


def test_gold_crown_tutorial_by_clicks_to_a_real_siege_against_easy(page, site):
    steps = site.http.get("/api/tutorials/gold-crown").json()["steps"]
    page.goto(site.url + "/")
    page.click("[data-learn='gold-crown']")
    for n, step in enumerate(steps[:-1]):
        expect(page.locator("#tutorial-step")).to_have_text(f"Step {n + 1} / {len(steps)}")
        expect(page.locator("#tutorial-text")).to_have_text(step["text"])
        move = step["moves"][0]
        if move == "spin":
            page.click("[data-gc='spin']")
        else:
            _open_all_moves(page)
            if n == 2:  # another knight's step is legal, but not this lesson's: "not quite", in words
                page.click("#all-moves button[data-action='move d2-d3']")
                expect(page.locator("#tutorial-say")).to_contain_text("Not quite: any knight may step")
                shot(page, "tutorial-gold-crown-not-quite")
            if step["title"] == "The gates crash open":  # the 6 has opened the gates: any other step is not it
                page.click("#all-moves button[data-action='move d2-d3']")
                expect(page.locator("#tutorial-say")).to_contain_text("Not quite: your gates stand open")
                expect(page.locator(".gc-gates[data-face='South']")).to_have_attribute("data-gates", "open")
                shot(page, "tutorial-gold-crown-gates")
            page.click(f"#all-moves button[data-action='{move}']")
        expect(page.locator("#tutorial-say")).to_have_text(step["done"])
        page.click("#tutorial-next")
    expect(page.locator("#tutorial-step")).to_have_text(f"Step {len(steps)} / {len(steps)}")
    expect(page.locator(".players")).to_contain_text("Computer (Easy)")
    page.click("[data-gc='spin']")
    expect(page.locator("#log")).to_contain_text("Gold (South) spins the arrow (spin).")
