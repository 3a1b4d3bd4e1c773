"""Every game's table fits a phone's width (390 px), and a tablet's (820 px, where the side panel narrows the
board): nothing scrolls sideways, neither the page nor a part of it (the board and its ledgers would scroll
on their own where they overflow). The one exception is a board that cannot fit and says so (``data-pans``): it
zooms to tap-sized boxes and pans inside a frame that itself fits the screen (Gold Crown's mat)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import shot, start_from_lobby

pytestmark = pytest.mark.browser

TABLES = {"kings-gold": ".kg-table", "gold-battle": ".gb-board", "crown-the-queen": ".cq-table",
          "gold-crown": ".gc-mat"}


MOST = {"kings-gold": {"players": "6"}, "gold-crown": {"players": "4"}, "crown-the-queen": {"players": "6"}}
"""The most seats each game takes: a ledger's longest form."""


SIDEWAYS = """() => [...document.querySelectorAll('*')]
    .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1)
    .filter((e) => !('pans' in e.dataset && e.getBoundingClientRect().right <= window.innerWidth))
    .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${e.scrollWidth}px in ${e.clientWidth}px`)"""
"""Every element that scrolls sideways (its content wider than itself), but a panning board inside the screen."""


@pytest.mark.parametrize(("game_id", "options"), [(game_id, None) for game_id in sorted(TABLES)]
                         + [(game_id, MOST[game_id]) for game_id in sorted(MOST)])
def test_the_table_fits_a_phone(chromium_browser, site, game_id, options):
    context = chromium_browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        start_from_lobby(page, site, game_id, options=options)
        expect(page.locator(TABLES[game_id])).to_be_visible()
        shot(page, f"{game_id}-phone" + (f"-{options['players']}" if options else ""))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the {game_id} table overflows a phone's width ({width}px)"
        sideways = page.evaluate(SIDEWAYS)
        assert sideways == [], f"part of the {game_id} table scrolls sideways on a phone: {sideways}"
        mute = page.locator("#mute").bounding_box()  # one line: it stood three lines tall ("♪ / Sound / on")
        assert mute is not None and mute["height"] < 40, mute
        if options and game_id in ("gold-crown", "kings-gold"):  # a row: the baron or captain and its player, short
            rows = page.locator("table.ledger tbody th").all_inner_texts()
            # the person who gave no name: called by the game's own name for the seat, once ("Gold (South)", "Anne")
            assert "Seat" not in rows[0] and "·" not in rows[0] and rows[0].strip(), rows
            assert all(re.search(r"· (Easy|Medium|Hard)( \d)?\b", row) and "Computer" not in row and "Seat" not in row
                       for row in rows[1:]), rows  # a computer by its level, never by its seat's number
        if game_id == "crown-the-queen":  # cards large enough to read: the stations go four to a line
            card = page.locator(".cq-table .cq-card rect").first.bounding_box()
            assert card is not None and card["width"] >= 45, card
    finally:
        context.close()


@pytest.mark.parametrize("game_id", sorted(MOST))
def test_the_longest_ledgers_fit_a_tablet_beside_the_side_panel(chromium_browser, site, game_id):
    context = chromium_browser.new_context(viewport={"width": 820, "height": 1180}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        start_from_lobby(page, site, game_id, options=MOST[game_id])
        expect(page.locator("table.ledger").first).to_be_visible()
        sideways = page.evaluate(SIDEWAYS)
        assert sideways == [], f"part of the {game_id} table scrolls sideways on a tablet: {sideways}"
    finally:
        context.close()


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_rulebook_fits_a_phone_its_mat_drawings_and_tables_scroll_on_their_own(chromium_browser, site, game_id):
    context = chromium_browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{site.url}/#/rules/{game_id}")
        expect(page.locator("#rules-page h1")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the {game_id} rulebook makes the page scroll sideways ({width}px)"
    finally:
        context.close()
