"""The Gold Battle in the browser: from the lobby through a whole battle against the computer, by clicks
on the board (a unit, then one of its lit squares); moves by keyboard; the last move marked on the board; a
unit in danger marked right after the move that put it there, and where it fell; the HUD, the Rulebook,
the Difficulty selector; the table at a laptop's and a phone's size."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import click_until_over, shot, start_from_lobby

pytestmark = pytest.mark.browser

CONTROLS = ".gb-board .clickable, [data-action='pass']:not([disabled])"
CAUGHT = "5c5/11/11/11/3s1s5/11/4S6/11/11/11/C10 r 0-0 0 0"
"""A Crimson soldier e5 below two Azure soldiers d7 and f7, the Azure commander far away on f11."""
CODES = re.compile(r"\b(GC|GB|KG|CQ)-\d+|§|[Dd]ecision \d|RULES\.md|DECISIONS|seat \d\b")


def _moved(line: str) -> tuple[str, str]:
    found = re.search(r"(?:soldier|commander) ([a-k]\d+)-([a-k]\d+)", line)
    assert found, line
    return found.group(1), found.group(2)


def test_gold_battle_from_the_lobby_to_the_end_against_the_computer(page, site):
    start_from_lobby(page, site, "gold-battle", seats=["human", "computer:easy"])
    expect(page.locator("h1")).to_have_text("The Gold Battle")
    expect(page.locator("[data-hud='mines-0']")).to_have_text("Mines Captured: 0 / 3")
    expect(page.locator("[data-hud='captured-0']")).to_have_text("Captured Soldiers: 0")
    page.click(".rulebook summary")
    expect(page.locator(".rulebook li")).to_have_count(10)
    offered = page.locator("[data-difficulty='1'] option").evaluate_all("os => os.map(o => o.textContent)")
    assert offered == ["Easy", "Medium", "Hard"]
    page.select_option("[data-difficulty='1']", "medium")
    expect(page.locator("[data-difficulty='1']")).to_have_value("medium")
    expect(page.locator(".players")).to_contain_text("Computer (Medium)")
    page.select_option("[data-difficulty='1']", "easy")  # and back: the battle below is played against easy
    expect(page.locator(".players")).to_contain_text("Computer (Easy)")

    unit = page.locator(".gb-board .clickable").first
    unit.click()
    expect(page.locator(".gb-board .target").first).to_be_visible()
    shot(page, "gold-battle-unit-selected")
    moved = 0

    def choose(names: list[str]) -> int:
        nonlocal moved
        targets = [i for i, n in enumerate(names) if "target" in n]
        if targets:  # a unit is selected: move it (alternating first and last lit square)
            moved += 1
            return targets[moved % len(targets)]
        return (moved * 7) % len(names)  # select a unit

    clicks = click_until_over(page, CONTROLS, choose, limit=1500)
    assert clicks > 2
    expect(page.locator("#download-record")).to_be_visible()
    # the end in the game's own words, its figures in words too: never a raw JSON list
    last_line = page.locator("#log li").last.inner_text()
    expect(page.locator("#ending")).to_have_text(last_line)
    assert not any(ch in page.locator("#results").inner_text() for ch in "[]{}")
    assert "Outcome: " not in page.locator("#board").inner_text()  # a bare code ("Outcome: cap") under the board
    log = page.locator("#log").inner_text()
    assert "Crimson" in log and "Azure" in log and not re.search(r"\b(Red|Blue)\b", log)
    assert not CODES.search(page.locator("body").inner_text())
    shot(page, "gold-battle-over")


def test_a_move_by_clicking_a_unit_then_a_lit_square_and_the_last_move_marked(page, site):
    start_from_lobby(page, site, "gold-battle", seats=["human", "computer:easy"])
    expect(page.locator("#all-moves")).not_to_have_attribute("open", "")  # the list of moves is folded
    page.click(".gb-board [data-square='e4']")
    expect(page.locator(".gb-board [data-square='e4']")).to_have_class(re.compile("selected"))
    lit = page.locator(".gb-board .target").evaluate_all("els => els.map(e => e.dataset.square)")
    assert "e5" in lit and all(name[0] in "def" for name in lit)  # the server's moves from e4 only
    page.click(".gb-board [data-square='e5']")
    expect(page.locator("#log")).to_contain_text("Crimson soldier e4-e5")
    # the computer answered at once: its move is the one marked, from and to
    expect(page.locator("#log li").last).to_contain_text("Azure")
    frm, to = _moved(page.locator("#log li").last.inner_text())
    expect(page.locator(f".gb-board [data-square='{frm}']")).to_have_class(re.compile("last-from"))
    expect(page.locator(f".gb-board [data-square='{to}']")).to_have_class(re.compile("last-to"))
    assert page.locator(".gb-board .last-from, .gb-board .last-to").count() == 2
    shot(page, "gold-battle-last-move")


def test_keyboard_play_of_a_move(page, site):
    start_from_lobby(page, site, "gold-battle", seats=["human", "computer:easy"])
    expect(page.locator(".gb-board [data-lit]").first).to_be_visible()
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.lit || ''")
    assert focused.startswith("unit:"), focused
    page.keyboard.press("ArrowRight")
    unit = page.evaluate("document.activeElement.dataset.square")
    page.keyboard.press("Enter")  # the unit: its lit squares, the ring on the first of them
    expect(page.locator(f".gb-board [data-square='{unit}']")).to_have_class(re.compile("selected"))
    target = page.evaluate("document.activeElement.dataset.lit || ''")
    assert target.startswith("to:"), target
    page.keyboard.press("ArrowRight")
    target = page.evaluate("document.activeElement.dataset.lit")
    assert target.startswith("to:"), target
    page.keyboard.press("Enter")
    expect(page.locator("#log")).to_contain_text(f"Crimson soldier {unit}-{target[3:]}")


def test_a_unit_in_danger_is_marked_after_the_move_that_put_it_there(page, site):
    start_from_lobby(page, site, "gold-battle", seats=["human", "human"], options={"position": CAUGHT})
    expect(page.locator(".gb-board [data-danger]")).to_have_count(0)
    page.click(".gb-board [data-square='e5']")
    page.click(".gb-board [data-square='e6']")
    expect(page.locator("#log")).to_contain_text("Crimson soldier e5-e6")
    expect(page.locator(".gb-board [data-danger='e6']")).to_be_visible()
    assert "in danger" in (page.locator(".gb-board [data-square='e6']").get_attribute("aria-label") or "")
    expect(page.locator(".gb-danger-note")).to_contain_text("e6")
    shot(page, "gold-battle-danger")
    page.click(".gb-board [data-square='f11']")  # Azure answers on the far side of the board
    page.click(".gb-board [data-square='g11']")
    expect(page.locator("#log")).to_contain_text("Crimson soldier e6, caught between d7 and f7, is captured")
    expect(page.locator(".gb-board [data-danger]")).to_have_count(0)
    expect(page.locator(".gb-board [data-fallen='e6']")).to_have_count(1)


def _in_view(page, selector: str) -> bool:
    return page.locator(selector).evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }")


@pytest.mark.parametrize(("width", "height", "name"), [(1366, 900, "laptop"), (390, 844, "phone")])
def test_own_pieces_and_controls_in_the_viewport(chromium_browser, site, width, height, name):
    context = chromium_browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        start_from_lobby(page, site, "gold-battle", seats=["human", "computer:easy"])
        expect(page.locator(".gb-board [data-square='f1']")).to_be_visible()
        for square in ("b3", "d3", "f1", "h3", "j3", "e4", "g4"):  # the Crimson army
            assert _in_view(page, f".gb-board [data-square='{square}']"), (name, square)
        assert _in_view(page, ".gb-turn"), name  # whose turn it is, and what to do
        shot(page, f"gold-battle-{name}")
        if name == "phone":
            size = page.locator(".gb-board [data-square='e4'] rect").first.bounding_box()
            if size["width"] < 40:  # the board fits the phone: zoom in to tap
                page.click(".gb-zoom")
                size = page.locator(".gb-board [data-square='e4'] rect").first.bounding_box()
            assert size["width"] >= 40 and size["height"] >= 40, size
            page.click(".gb-board [data-square='e4']")
            expect(page.locator(".gb-board .target").first).to_be_visible()
            for target in page.locator(".gb-board .target rect").all():
                box = target.bounding_box()
                assert box["width"] >= 40 and box["height"] >= 40
            assert _in_view(page, ".gb-board [data-square='e4']")
            shot(page, "gold-battle-phone-zoomed")
            page.click(".gb-board .target >> nth=0")
            expect(page.locator("#log")).to_contain_text("Crimson soldier e4-")
        assert not errors, errors
    finally:
        context.close()


def test_a_commander_captured_gets_a_banner_over_the_board(page, site):
    start_from_lobby(page, site, "gold-battle", seats=["human", "computer:easy"],
                     options={"position": "11/11/11/11/4C6/5c5/7S3/11/11/11/11 r 0-0 0 0"})
    page.click(".gb-board [data-square='h5']")
    page.click(".gb-board [data-square='g5']")
    expect(page.locator(".table-banner")).to_contain_text("Azure Lords' commander is captured")
    expect(page.locator(".gb-board [data-fallen='f6']")).to_have_count(1)
    shot(page, "gold-battle-banner")


def test_with_pacing_on_the_moved_unit_slides_from_where_it_stood(chromium_browser, site):
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 900}, paced=True)
    # every animation started on the page is written down: which piece, and from how far
    context.add_init_script("""window.slides = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (frames, options) {
        const square = this.closest && this.closest('[data-square]');
        if (square) window.slides.push([square.dataset.square, frames[0].transform]);
        return animate.call(this, frames, options);
      };""")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        start_from_lobby(page, site, "gold-battle", seats=["human", "computer:easy"])
        page.click(".gb-board [data-square='e4']")
        page.click(".gb-board [data-square='e5']")
        expect(page.locator("#log li")).to_have_count(2)  # the computer's answer, drawn after a pause
        page.wait_for_function("window.slides.length >= 2")
        slides = page.evaluate("window.slides")
        assert slides[0][0] == "e5" and "52px" in slides[0][1]  # one square (52 units) up from e4
        frm, to = _moved(page.locator("#log li").last.inner_text())
        assert slides[1][0] == to
        assert not errors, errors
    finally:
        context.close()


def test_a_person_playing_the_azure_lords_sees_their_army_at_the_bottom(page, site):
    start_from_lobby(page, site, "gold-battle", seats=["computer:easy", "human"])
    expect(page.locator("#log li")).to_have_count(1)  # the Crimson Knights (the computer) moved first
    expect(page.locator(".gb-board [data-lit]").first).to_be_visible()
    own = page.locator(".gb-board [data-square='f11']").bounding_box()
    enemy = page.locator(".gb-board [data-square='f1']").bounding_box()
    assert own["y"] > enemy["y"]  # the board turned round: f11 (the Azure commander) at the bottom
    lit = page.locator(".gb-board [data-lit]").evaluate_all("els => els.map(e => e.dataset.square)")
    assert lit and all(int(name[1:]) >= 7 for name in lit)  # the Azure army's units are the lit ones
    shot(page, "gold-battle-azure")
