"""Table talk in the browser (issue #45): two people in two browser contexts talk beside the table, by typing
and by quick phrases; one mutes the other; a too-long line is refused with its reason; markup stays text;
a spectator reads only; the replay shows the talk."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import shot

pytestmark = pytest.mark.browser

MARKUP = '<img src=x onerror="window.pwned=1"><b>bold?</b>'


def seated_page(browser: Any, site: Any, match_id: str, seats: dict[str, str], size: dict[str, int]) -> Any:
    """A browser context holding ``seats`` ({seat: token}) of the match, at its table."""
    context = browser.new_context(viewport=size)
    context.add_init_script(f"localStorage.setItem('regalia.seats', JSON.stringify({json.dumps({match_id: seats})}))")
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(f"{site.url}/#/m/{match_id}")
    page.wait_for_selector("#chat")
    return page


def lines(page: Any) -> list[str]:
    return page.locator("#chat-lines .chat-line .chat-text").all_inner_texts()


def test_two_people_talk_phrase_mute_limits_markup_and_a_spectator_reads_only(chromium_browser, site):
    created = site.http.post("/api/matches", json={
        "game": "gold-battle", "private": True,
        "seats": [{"kind": "human", "name": "Anne"}, {"kind": "human", "name": "Ben"}]}).json()
    match_id, tokens = created["match"], created["tokens"]
    anne = seated_page(chromium_browser, site, match_id, {"0": tokens["0"]}, {"width": 1366, "height": 900})
    ben = seated_page(chromium_browser, site, match_id, {"1": tokens["1"]}, {"width": 390, "height": 844})
    try:
        anne.wait_for_selector("#chat-form:not([hidden])")
        ben.wait_for_selector("#chat-form:not([hidden])")
        anne.fill("#chat-text", "Hello Ben, good game to you")
        anne.click("#chat-send")
        ben.wait_for_function("() => document.querySelector('#chat-lines')?.textContent.includes('Hello Ben')")
        assert ben.locator("#chat-lines .chat-line .chat-name").first.inner_text() == "Anne"

        ben.click(".chat-phrase[data-phrase='good_luck']")  # one click
        anne.wait_for_function("() => document.querySelector('#chat-lines')?.textContent.includes('Good luck')")

        anne.fill("#chat-text", MARKUP)
        anne.click("#chat-send")
        ben.wait_for_function("() => document.querySelector('#chat-lines')?.textContent.includes('bold?')")
        assert MARKUP in lines(ben)  # shown as the very text typed
        assert ben.locator("#chat-lines img, #chat-lines b").count() == 0
        assert ben.evaluate("() => window.pwned") is None

        anne.fill("#chat-text", "x" * 301)
        assert anne.inner_text("#chat-count") == "1 too many"
        anne.click("#chat-send")
        anne.wait_for_selector("#toast:not([hidden])")
        assert "message too long: at most 300 characters (yours has 301)" in anne.inner_text("#toast")

        shot(anne, "chat-table-1366")
        shot(ben, "chat-table-390", full_page=False)

        anne.click(".chat-line[data-seat='1'] .chat-mute")  # Anne mutes Ben
        assert "Good luck" not in lines(anne) and "Muted: Ben" in anne.inner_text("#chat-muted")
        ben.fill("#chat-text", "are you there?")
        ben.click("#chat-send")
        ben.wait_for_function("() => document.querySelector('#chat-lines')?.textContent.includes('are you there?')")
        anne.wait_for_timeout(500)
        assert "are you there?" not in lines(anne)
        anne.click(".chat-unmute")
        assert "are you there?" in lines(anne) and "Good luck" in lines(anne)
        anne.reload()  # the mute is kept in this browser
        anne.wait_for_selector("#chat-lines .chat-line")

        spectator = chromium_browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
        spectator.goto(f"{site.url}/#/m/{match_id}")
        spectator.wait_for_function("() => document.querySelector('#chat-lines')?.textContent.includes('Hello Ben')")
        assert spectator.locator("#chat-form").is_hidden() and spectator.locator("#chat-watching").is_visible()
        spectator.context.close()
        assert not anne.errors and not ben.errors
    finally:
        anne.context.close()
        ben.context.close()


def test_talk_with_strangers_is_off_until_the_host_turns_it_on(chromium_browser, site):
    created = site.http.post("/api/matches", json={
        "game": "gold-battle", "seats": [{"kind": "human", "name": "Host"}, {"kind": "open"}]}).json()
    host = seated_page(chromium_browser, site, created["match"], {"0": created["tokens"]["0"]},
                       {"width": 1366, "height": 900})
    try:
        host.wait_for_selector("#chat-off:not([hidden])")
        assert "Table talk is off" in host.inner_text("#chat-off") and host.locator("#chat-form").is_hidden()
        host.click("#chat-on")
        host.wait_for_selector("#chat-form:not([hidden])")
        host.click(".chat-phrase[data-phrase='thanks']")
        host.wait_for_function("() => document.querySelector('#chat-lines')?.textContent.includes('Thanks')")
        assert not host.errors
    finally:
        host.context.close()
