"""Gold Crown in the browser: from the lobby into a siege against the computer, by clicks on the table —
the spinner, knights moved box by box, the catapult aimed — to a decisive point (a breach, a chamber, a
baron's strength falling, or the end), since a whole siege takes hundreds of turns."""

from __future__ import annotations

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
