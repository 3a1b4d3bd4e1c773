"""The Gold Battle in the browser: from the lobby through a whole battle against the computer, by clicks
on the board (a unit, then one of its lit squares); the HUD, the Rulebook and the Difficulty selector."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import click_until_over, shot, start_from_lobby

pytestmark = pytest.mark.browser

CONTROLS = ".gb-board .clickable, [data-action='pass']:not([disabled])"


def test_gold_battle_from_the_lobby_to_the_end_against_the_computer(page, site):
    start_from_lobby(page, site, "gold-battle", seats=["human", "computer:easy"])
    expect(page.locator("h1")).to_have_text("The Gold Battle")
    expect(page.locator("[data-hud='mines-0']")).to_have_text("Mines Captured: 0 / 3")
    expect(page.locator("[data-hud='captured-0']")).to_have_text("Captured Soldiers: 0")
    page.click(".rulebook summary")
    expect(page.locator(".rulebook li")).to_have_count(10)
    page.select_option("[data-difficulty='1']", "random")
    expect(page.locator("[data-difficulty='1']")).to_have_value("random")
    expect(page.locator(".players")).to_contain_text("Computer (Random)")

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
    expect(page.locator("#results .explained")).to_contain_text("plies: ")
    assert not any(ch in page.locator("#results").inner_text() for ch in "[]{}")
    assert "Outcome: " not in page.locator("#board").inner_text()  # a bare code ("Outcome: cap") under the board
    shot(page, "gold-battle-over")
