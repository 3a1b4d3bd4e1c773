"""Every game's table fits a phone's width (390 px): nothing scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import shot, start_from_lobby

pytestmark = pytest.mark.browser

TABLES = {"kings-gold": ".kg-table", "gold-battle": ".gb-board", "crown-the-queen": ".cq-table",
          "gold-crown": ".gc-mat"}


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_the_table_fits_a_phone(chromium_browser, site, game_id):
    context = chromium_browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        start_from_lobby(page, site, game_id)
        expect(page.locator(TABLES[game_id])).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the {game_id} table overflows a phone's width ({width}px)"
        if game_id == "crown-the-queen":  # cards large enough to read: the stations go four to a line
            card = page.locator(".cq-table .cq-card rect").first.bounding_box()
            assert card is not None and card["width"] >= 45, card
        shot(page, f"{game_id}-phone")
    finally:
        context.close()
