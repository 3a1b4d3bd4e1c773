"""Your-turn notices in the browser (issue #45): the lobby's list puts "your turn" first with the time left,
the tab's title counts the matches waiting, a notification comes when another match becomes your turn, all
live; the turn-based table shows whose turn and the time left; the service worker opens the lobby with the
server down, saying so."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from regalia.server.app import create_app
from tests.browser.conftest import shot
from tests.server.conftest import serve

pytestmark = pytest.mark.browser

DAY_LEFT = r"(1 day|23 h 59 min) left"
FAKE_NOTIFICATIONS = """
window.REGALIA_NOTICE_MS = 300;
window.__notices = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__notices.push({ title, ...options }); }
  close() {}
};
"""


def person(browser: Any, seats: dict[str, dict[str, str]], size: dict[str, int]) -> Any:
    context = browser.new_context(viewport=size)
    context.add_init_script(FAKE_NOTIFICATIONS)
    context.add_init_script(f"if (!localStorage.getItem('regalia.seats')) "
                            f"localStorage.setItem('regalia.seats', JSON.stringify({json.dumps(seats)}))")
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


def play_seat_0_turn(site: Any, match_id: str, token: str) -> None:
    """The friend (seat 1 of the match, seat 0 here) moves over their own socket until it is not their turn."""
    friend = site.ws(match_id)
    friend.hello(token)
    state = friend.wait_for(lambda s: s["seats"] == [0] and s["legal"])
    while state["legal"] and state["view"]["to_move"] == 0:
        friend.act(state["legal"][0], seat=0, version=state["version"])
        state = friend.wait_for(lambda s, v=state["version"]: s["version"] > v)
    friend.close()


def test_your_turn_comes_first_live_with_the_time_left_the_title_count_and_a_notification(chromium_browser, site):
    body = {"game": "gold-battle", "pace": 86400, "private": True,
            "seats": [{"kind": "human", "name": "Friend"}, {"kind": "human", "name": "You"}]}
    waiting = site.http.post("/api/matches", json=body).json()  # the friend moves first
    other = site.http.post("/api/matches", json=body).json()  # another, where the friend is to move too
    seats = {waiting["match"]: {"1": waiting["tokens"]["1"]}, other["match"]: {"1": other["tokens"]["1"]}}
    page = person(chromium_browser, seats, {"width": 1366, "height": 900})
    try:
        page.goto(site.url + "/")
        page.wait_for_selector(f"#recent-matches li[data-match='{waiting['match']}']")
        assert page.title() == "Regalia" and page.locator("#recent-matches .your-turn").count() == 0
        assert re.search(DAY_LEFT, page.inner_text(f"#recent-matches li[data-match='{waiting['match']}']"))

        play_seat_0_turn(site, waiting["match"], waiting["tokens"]["0"])
        page.wait_for_function("() => document.title === '(1) Regalia'")
        first = page.locator("#recent-matches li").first
        first.locator(".your-turn").wait_for()
        assert first.get_attribute("data-match") == waiting["match"] and re.search(DAY_LEFT, first.inner_text())
        notices = page.evaluate("() => window.__notices")
        assert [n["title"] for n in notices] == ["Your turn: The Gold Battle"]
        assert page.evaluate("() => document.querySelector('link[rel=icon]').dataset.count") == "1"
        shot(page, "notices-lobby-1366", full_page=False)

        page.click(f"#recent-matches li[data-match='{waiting['match']}'] a")
        page.wait_for_selector("#turn-based:not([hidden]) #time-left")
        assert "Your turn" in page.inner_text("#turn-based") and re.search(DAY_LEFT, page.inner_text("#turn-based"))
        page.set_viewport_size({"width": 390, "height": 844})
        shot(page, "notices-table-390", full_page=False)
        assert not page.errors
    finally:
        page.context.close()


def test_the_service_worker_opens_the_lobby_with_the_server_down_and_says_so(chromium_browser, tmp_path: Path):
    run = serve(create_app(f"sqlite:///{tmp_path / 'offline.db'}", bot_pause=0.0))
    own = next(run)
    page = person(chromium_browser, {}, {"width": 1366, "height": 900})
    try:
        page.goto(own.url + "/")
        page.wait_for_selector(".game-card")
        page.evaluate("() => navigator.serviceWorker.ready.then(() => new Promise((done) => setTimeout(done, 500)))")
        next(run, None)  # the server goes away
        page.reload()
        page.wait_for_selector("#offline")
        assert "You are offline" in page.inner_text("#offline")
        page.wait_for_selector(".game-card")  # the lobby's games, from the kept copy
        page.wait_for_selector("#toast:not([hidden])")
        assert "You are offline" in page.inner_text("#toast")
        shot(page, "notices-offline-1366", full_page=False)
    finally:
        page.context.close()
        next(run, None)


def test_a_turn_based_match_is_chosen_at_set_up_and_its_table_shows_the_pace(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url + "/")
    page.click("button[data-game='gold-battle']")
    page.select_option("#pace", "259200")
    page.locator("#pace-field").scroll_into_view_if_needed()
    shot(page, "notices-setup-390", full_page=False)
    page.click("#start-match")
    page.wait_for_selector("#turn-based:not([hidden])")
    assert "3 days per move" in page.inner_text("#turn-based")
    match_id = page.url.rsplit("/", 1)[-1]
    assert site.http.get(f"/api/matches/{match_id}").json()["pace"] == 259200


def test_the_profile_lists_the_matches_in_play_your_turn_first_with_the_time_left(chromium_browser, site):
    body = {"game": "gold-battle", "pace": 3600, "private": True,
            "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}
    theirs, yours = (site.http.post("/api/matches", json=body).json() for _ in range(2))
    seats = {yours["match"]: {"0": yours["tokens"]["0"]}, theirs["match"]: {"1": theirs["tokens"]["1"]}}
    page = person(chromium_browser, seats, {"width": 1366, "height": 900})
    try:
        page.goto(site.url + "/#/profile")
        page.fill("#profile-name", "Turner")
        page.click("#create-profile button[type=submit]")
        page.wait_for_selector("#in-play li")
        rows = page.locator("#in-play li")
        assert rows.count() == 2 and rows.first.get_attribute("data-match") == yours["match"]
        assert "your turn" in rows.first.inner_text() and re.search(r"(1 h|59 min) left", rows.first.inner_text())
        assert "in play" in rows.nth(1).inner_text()
        shot(page, "notices-profile-1366", full_page=False)
        assert not page.errors
    finally:
        page.context.close()
