"""The Gold Battle's Difficulty selector does what the seed page's does: it sits by the computer's side of
the HUD ("Player 2: Lords (Computer) ... Difficulty:") and sets the level the computer plays *this* match
at, from its very next move. The server keeps it (the match's summary, a reload, a spectator's table).
In a rated match (a profile plays it) the level is fixed once play has begun; in an unrated one, its change is
written in the log ("Crimson Knights set Computer (Hard) to Easy: ...", issue #40).

The computer's decisions are watched where they are made: the catalog the server asks for an agent records
the level of every decision, so the test sees the level each move was really played at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from regalia.server.app import create_app
from regalia.server.catalog import Catalog, default_catalog
from tests.server.conftest import LiveServer, serve

from .conftest import start_from_lobby

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def spied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, list[tuple[str, str]]]]:
    """The real app over every game; ``asked`` lists (game, level) of every computer decision."""
    asked: list[tuple[str, str]] = []
    base = default_catalog()

    def agent(game_id: str, level: str, seed: str) -> Any:
        asked.append((game_id, level))
        return base.agent(game_id, level, seed)

    catalog = Catalog(games=base.games, levels=base.levels, agent=agent, default_level=base.default_level)
    db = Path(tmp_path_factory.mktemp("difficulty")) / "difficulty.db"
    for live in serve(create_app(f"sqlite:///{db}", catalog=catalog, bot_pause=0.0)):
        yield live, asked


def move_once(page: Any) -> None:
    """One move by clicks (a unit, then its first lit square), then wait for the computer's answer."""
    version = int(page.evaluate("() => document.querySelector('.papers').textContent.match(/Version (\\d+)/)[1]"))
    page.locator(".gb-board .clickable").first.click()
    page.locator(".gb-board .target").first.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('.papers').textContent.match(/Version (\\d+)/)[1]) >= {version + 2}"
        " && document.querySelector('.gb-board .clickable')")


def seat_level(site: LiveServer, match_id: str, seat: int) -> str:
    return site.http.get(f"/api/matches/{match_id}").json()["seats"][seat]["level"]


def test_the_difficulty_selector_sets_the_level_of_the_computers_next_move(page, spied, chromium_browser):
    site, asked = spied
    start_from_lobby(page, site, "gold-battle", seats=["human", "computer:hard"])
    match_id = page.url.split("#/m/")[1]
    selector = page.locator("[data-difficulty='1']")
    expect(selector).to_have_value("hard")
    # a person is offered the player levels only (random and uct stay in the API and the command line)
    assert selector.locator("option").all_inner_texts() == ["Easy", "Medium", "Hard"]
    assert asked == []  # Crimson (the person) moves first: the computer has not decided anything yet

    page.select_option("[data-difficulty='1']", "easy")
    expect(page.locator(".players")).to_contain_text("Computer (Easy)")
    # the change is written in the log, as the server's match event: who changed which computer to what
    # (the person gave no name: the game's own name for their side, as the table calls them)
    expect(page.locator("#log li").last).to_have_text("Crimson Knights set Computer (Hard) to Easy: it plays so from its next move.")
    assert seat_level(site, match_id, 1) == "easy"
    move_once(page)
    assert asked == [("gold-battle", "easy")]  # its reply was decided at the level just chosen

    page.reload()
    expect(page.locator("[data-difficulty='1']")).to_have_value("easy")  # the server kept it

    page.select_option("[data-difficulty='1']", "medium")
    expect(page.locator(".players")).to_contain_text("Computer (Medium)")
    move_once(page)
    move_once(page)
    assert asked == [("gold-battle", "easy"), ("gold-battle", "medium"), ("gold-battle", "medium")]
    assert seat_level(site, match_id, 1) == "medium"

    # a spectator sees the level, but has no selector: only a player of the match may change it
    context = chromium_browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        watcher = context.new_page()
        watcher.goto(f"{site.url}/#/m/{match_id}")
        expect(watcher.locator(".gb-hud")).to_contain_text("Difficulty: Medium")
        expect(watcher.locator("[data-difficulty]")).to_have_count(0)
    finally:
        context.close()


def test_a_rated_match_keeps_the_computer_s_level_once_play_has_begun(page, spied):
    """A profile plays: the match counts for ratings, so the opponent it is rated against stays what it was
    when play began; the server refuses the change and says why, and the computer plays on at its level."""
    site, asked = spied
    page.goto(site.url + "/#/profile")
    page.fill("#profile-name", "Anne Bonny")
    page.click("#create-profile button[type=submit]")
    expect(page.locator("#profile-title")).to_have_text("Anne Bonny")
    start_from_lobby(page, site, "gold-battle", seats=["human", "computer:hard"])
    match_id = page.url.split("#/m/")[1]
    expect(page.locator(".players")).to_contain_text("Anne Bonny")
    move_once(page)
    asked.clear()
    page.select_option("[data-difficulty='1']", "easy")
    expect(page.locator("#toast")).to_contain_text("keeps its level in a rated match")
    assert "set Computer" not in page.locator("#log").inner_text()  # refused: nothing written
    assert seat_level(site, match_id, 1) == "hard"
    page.reload()
    expect(page.locator("[data-difficulty='1']")).to_have_value("hard")
    move_once(page)
    assert asked == [("gold-battle", "hard")]
