"""Gold Crown in the browser: from the lobby into a siege against the computer, by clicks on the table —
the spinner, knights moved box by box, the catapult aimed — to a decisive point (a breach, a chamber, a
baron's strength falling, or the end), since a whole siege takes hundreds of turns."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .conftest import shot, start_from_lobby

pytestmark = pytest.mark.browser

CONTROLS = ".gc-mat .clickable, [data-gc]:not([disabled])"


def decisive(page) -> bool:
    """Something that changes the siege happened: a breach, a chamber taken, knights lost, or the end."""
    if "The match is over" in (page.locator(".status").text_content() or ""):
        return True
    rows = page.locator(".gc-barons tbody tr").all_inner_texts()
    return any("—" not in row.split("\t")[-1] for row in rows) or any(
        int(page.locator(f"[data-strength='{seat}']").inner_text()) < 32 for seat in range(len(rows)))


def test_gold_crown_from_the_lobby_to_a_decisive_point_against_the_computer(page, site):
    start_from_lobby(page, site, "gold-crown", seats=["human", "computer:easy"])
    expect(page.locator("h1")).to_have_text("Gold Crown")
    expect(page.locator(".gc-mat")).to_be_visible()
    expect(page.locator(".gc-spinner")).to_be_visible()
    clicks, misses, aimed, moved = 0, 0, False, False
    while not decisive(page):
        assert clicks < 300 and misses < 40, "no decisive point reached"
        page.wait_for_function("document.querySelector('.gc-mat .clickable, [data-gc]:not([disabled])')"
                               " || /The match is over/.test(document.querySelector('.status').textContent)")
        controls = page.locator(CONTROLS)
        kinds = controls.evaluate_all("els => els.map(e => e.dataset.gc || e.getAttribute('aria-label') || '')")
        if not kinds:
            continue
        pick = next((i for i, k in enumerate(kinds) if k == "spin"), None)
        if pick is None:
            pick = next((i for i, k in enumerate(kinds) if "aim the catapult" in k), None)
            aimed = aimed or pick is not None
        if pick is None:
            pick = next((i for i, k in enumerate(kinds) if "move" in k and "here" in k), None)
            moved = moved or pick is not None
        if pick is None:
            pick = next((i for i, k in enumerate(kinds) if "show its moves" in k), None)
        if pick is None:
            pick = 0
        try:
            controls.nth(pick).click(timeout=3000)
            clicks += 1
        except PlaywrightTimeout:
            misses += 1
        if clicks == 3:
            shot(page, "gold-crown-in-play")
    expect(page.locator(".gc-points")).to_contain_text("Move points left")
    assert moved or aimed
    shot(page, "gold-crown-decisive")


def test_the_end_of_a_siege_is_told_in_the_game_s_words_and_its_figures_seat_by_seat(page, site):
    created = site.new_match("gold-crown", seats=[{"kind": "computer", "level": "easy"},
                                                  {"kind": "computer", "level": "random"}], max_rounds=10)
    site.wait_until_over(created["match"], seconds=120)
    page.goto(f"{site.url}/#/m/{created['match']}")
    results = page.locator("#results")
    expect(results).to_be_visible()
    expect(page.locator("#ending")).to_have_text(page.locator("#log li").last.inner_text())
    expect(page.locator(".status")).to_have_text("The match is over: nobody won.")  # not "a draw": the King won
    # one figure a baron, named as the page names the seats (it read "knights: [19,9]")
    expect(results.locator(".explained")).to_contain_text(re.compile(
        r"knights: Computer \(easy\) \d+ · Computer \(random\) \d+"))
    expect(results.locator(".explained")).to_contain_text("rounds: ")
    assert not any(ch in results.inner_text() for ch in "[]{}")
    shot(page, "gold-crown-over")
