"""The generic table over the toy games: lobby -> match -> the end by clicks; hot-seat hides hands."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from regalia.server.app import create_app
from tests.server.conftest import serve
from tests.server.toys import toy_catalog

from .conftest import play_by_clicks, shot, start_from_lobby

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def toy_site(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db = Path(tmp_path_factory.mktemp("toys")) / "toys.db"
    yield from serve(create_app(f"sqlite:///{db}", catalog=toy_catalog(), bot_pause=0.0))


def test_pig_from_the_lobby_to_the_end_by_clicks(page, toy_site):
    start_from_lobby(page, toy_site, "pig", options={"target": "10"})
    expect(page.locator("h1")).to_have_text("Pig")
    clicks = play_by_clicks(page, choose=lambda actions: "roll" if len(page.locator("#log li").all()) % 5 else "stop")
    assert clicks > 0
    expect(page.locator("#download-record")).to_be_visible()
    shot(page, "pig-over")
    page.click("#replay-link")
    expect(page.locator(".replay h1")).to_contain_text("replay")
    page.click("#replay-next")
    expect(page.locator(".status")).to_contain_text("Step 1")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".status")).to_contain_text("Step 2")


def test_a_reload_returns_to_the_same_seat_and_state(page, toy_site):
    start_from_lobby(page, toy_site, "pig", seats=["human", "human"])
    page.click("#actions button[data-action='roll']")
    expect(page.locator(".papers")).to_contain_text("Version 1")
    url = page.url
    page.reload()
    assert page.url == url
    expect(page.locator(".papers")).to_contain_text("Version 1")
    expect(page.locator("#actions button[data-action='stop']")).to_be_enabled()


def test_hot_seat_hides_each_hand_between_turns(page, toy_site):
    start_from_lobby(page, toy_site, "high-card", seats=["human", "human"])
    expect(page.locator("#reveal")).to_be_visible()
    assert page.locator("#board").inner_text() == ""  # nothing of seat 1's hand before the curtain lifts
    page.click("#reveal")
    first = page.locator("#board").inner_text()
    page.click("#actions button[data-action='hold']")
    expect(page.locator("#reveal")).to_be_visible()
    assert page.locator("#board").inner_text() == ""
    shot(page, "high-card-curtain")
    page.click("#reveal")
    second = page.locator("#board").inner_text()
    assert first != second


def test_a_refused_action_shows_the_rule(page, toy_site):
    """The page only offers legal actions, so a refusal is provoked by rewriting the frame on the wire."""

    def tamper(ws):
        server = ws.connect_to_server()
        ws.on_message(lambda message: server.send(message.replace('"action":"roll"', '"action":"jump"')))

    page.route_web_socket("**/ws/matches/*", tamper)
    start_from_lobby(page, toy_site, "pig", seats=["human", "computer:random"])
    page.click("#actions button[data-action='roll']")
    expect(page.locator("#toast")).to_contain_text("only 'roll' or 'stop'")
    expect(page.locator("#actions button[data-action='roll']")).to_be_enabled()
    expect(page.locator(".papers")).to_contain_text("Version 0")


def test_keyboard_reaches_the_actions_and_the_mute_switch(page, toy_site):
    start_from_lobby(page, toy_site, "pig", seats=["human", "human"])
    page.wait_for_selector("#actions button.action")
    page.focus("#actions button[data-action='roll']")
    page.keyboard.press("Enter")
    expect(page.locator(".papers")).to_contain_text("Version 1")
    page.click("#mute")
    expect(page.locator("#mute")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#log")).to_have_attribute("aria-live", "polite")


def test_play_again_starts_the_same_game_and_the_friend_joins_the_rematch_from_the_finished_table(
        page, toy_site, chromium_browser):
    start_from_lobby(page, toy_site, "pig", seats=["human", "open", "computer:random"],
                     options={"players": "3", "target": "10"})
    first = page.url.rsplit("/", 1)[-1]
    friend_context = chromium_browser.new_context()
    try:
        friend = friend_context.new_page()
        friend.goto(page.locator("#invites input").input_value())
        expect(friend.locator(".players")).to_contain_text("(you)")
        for _ in range(400):  # both people play (roll, then stop) until the match is over
            if "The match is over" in (page.locator(".status").text_content() or ""):
                break
            for p in (page, friend):
                for action in ("stop", "roll"):
                    button = p.locator(f"#actions button[data-action='{action}']:not([disabled])")
                    if button.count():
                        try:
                            button.click(timeout=1000)
                        except Exception:  # redrawn under the pointer: look again
                            pass
                        break
            page.wait_for_timeout(30)
        expect(page.locator(".status")).to_contain_text("The match is over")
        expect(friend.locator("#play-again")).to_have_text("Play again: same game, same seats")
        expect(friend.locator("#rematch-offer")).to_be_hidden()

        page.click("#play-again")  # the host starts the rematch
        page.wait_for_function("id => !location.hash.endsWith(id)", arg=first)
        second = page.url.rsplit("/", 1)[-1]
        info = toy_site.http.get(f"/api/matches/{second}").json()
        before = toy_site.http.get(f"/api/matches/{first}").json()
        assert info["game"] == "pig" and info["options"] == before["options"] and info["version"] == 0
        assert [(s["kind"], s["level"], s["open"]) for s in info["seats"]] == [
            ("human", None, False), ("human", None, True), ("computer", "random", False)]
        expect(page.locator(".players li").first).to_contain_text("(you)")
        expect(page.locator("#invites")).to_contain_text("Seat 2 is open")

        # the friend, still at the finished table, is told and takes their seat in one click
        expect(friend.locator("#rematch-offer")).to_be_visible(timeout=10_000)
        expect(friend.locator("#play-again")).to_have_text("Join the rematch")
        friend.click("#play-again")
        friend.wait_for_function("id => location.hash.endsWith(id)", arg=second)
        expect(friend.locator(".players li").nth(1)).to_contain_text("(you)")
        expect(page.locator("#invites")).to_be_hidden()  # the seat is taken
    finally:
        friend_context.close()


def test_a_spectator_is_not_offered_to_play_again(page, toy_site):
    created = toy_site.new_match("pig", seats=[{"kind": "computer", "level": "random"}] * 2, target=10)
    toy_site.wait_until_over(created["match"])
    page.goto(f"{toy_site.url}/#/m/{created['match']}")
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#play-again")).to_have_count(0)


def test_an_invite_to_a_seat_already_taken_says_which_seat_and_offers_to_watch(page, toy_site, chromium_browser):
    created = toy_site.new_match("pig", seats=[{"kind": "human"}, {"kind": "open"}])
    link = f"{toy_site.url}/#/m/{created['match']}/join/1"
    first = chromium_browser.new_context()
    try:
        first.new_page().goto(link)
        page.goto(toy_site.url + "/")
        page.wait_for_function(  # the first person's claim has landed
            "id => fetch('/api/matches/' + id).then(r => r.json()).then(m => !m.seats[1].open)",
            arg=created["match"], polling=100)
        page.goto(link)
        expect(page.locator("main")).to_contain_text("Seat 2 is already taken")  # it said "seat 1": counted from 0
        page.get_by_role("link", name="Watch the match").click()
        expect(page.locator("#moves-title")).to_have_text("Watching")
    finally:
        first.close()


def test_a_friend_s_seat_is_theirs_alone_unless_the_match_is_listed(page, toy_site, chromium_browser):
    page.goto(toy_site.url + "/")
    page.click("button[data-game='pig']")
    expect(page.locator("#listed")).to_be_hidden()  # nothing to list while no seat waits for a friend
    page.select_option("#seat-1", "open")
    expect(page.locator("#listed")).to_be_visible()
    expect(page.locator("#listed")).not_to_be_checked()  # private unless the host says otherwise
    page.click("#start-match")
    page.wait_for_url("**/#/m/*")
    match_id = page.url.rsplit("/", 1)[-1]
    link = page.locator("input[aria-label='Invite link for seat 2']").input_value()
    assert re.fullmatch(rf"{re.escape(toy_site.url)}/#/m/{match_id}/join/1/[A-Za-z0-9_-]{{40,}}", link), link

    stranger_context, friend_context = chromium_browser.new_context(), chromium_browser.new_context()
    try:
        stranger = stranger_context.new_page()
        stranger.goto(toy_site.url + "/")
        expect(stranger.locator("#open-matches")).not_to_have_text("…")  # the list has come
        expect(stranger.locator(f"#open-matches a[href='#/m/{match_id}']")).to_have_count(0)  # not listed
        stranger.goto(link.rsplit("/", 1)[0])  # the link without its key
        expect(stranger.locator("main")).to_contain_text(
            "Seat 2 is kept for whoever has its invite link: ask the player who invited you for it")
        stranger.get_by_role("link", name="Watch the match").click()
        expect(stranger.locator("#invites")).to_contain_text("Seat 2 is kept for whoever has its invite link.")
        expect(stranger.locator("#invites input")).to_have_count(0)  # a watcher is never shown the key
        assert toy_site.http.get(f"/api/matches/{match_id}").json()["seats"][1]["open"]

        friend = friend_context.new_page()
        friend.goto(link)
        expect(friend.locator(".players li").nth(1)).to_contain_text("(you)")
        expect(page.locator("#invites")).to_be_hidden()
    finally:
        stranger_context.close()
        friend_context.close()


def test_a_host_without_the_invite_link_makes_a_new_one_and_the_old_one_stops_working(
        page, toy_site, chromium_browser):
    start_from_lobby(page, toy_site, "pig", seats=["human", "open"])
    old = page.locator("input[aria-label='Invite link for seat 2']").input_value()
    page.evaluate("localStorage.removeItem('regalia.invites')")  # another browser of the host's, or a lost link
    page.reload()
    invites = page.locator("#invites")
    expect(invites).to_contain_text("Seat 2 is kept for whoever has its invite link.")
    page.click("#actions button[data-action='roll']")  # Seat 1 plays its turn; then Seat 2 waits for a person
    stop = page.locator("#actions button[data-action='stop']:not([disabled])")
    for _ in range(200):  # stop once the roll is in (a 1 ends the turn by itself)
        if "Waiting" in (page.locator(".status").text_content() or ""):
            break
        if stop.count():
            try:
                stop.click(timeout=1000)
            except Exception:  # redrawn under the pointer: look again
                pass
        page.wait_for_timeout(25)
    expect(page.locator(".status")).to_have_text("Waiting for whoever has Seat 2's invite link to take it.")
    invites.get_by_role("button", name="Make a new invite link").click()
    expect(page.locator("#toast")).to_contain_text("the one before it no longer works")
    new = page.locator("input[aria-label='Invite link for seat 2']").input_value()
    assert new != old and new.rsplit("/", 1)[0] == old.rsplit("/", 1)[0]

    friend_context = chromium_browser.new_context()
    try:
        friend = friend_context.new_page()
        friend.goto(old)
        expect(friend.locator("main")).to_contain_text("this link's key is not its key")
        friend.goto(new)
        expect(friend.locator(".players li").nth(1)).to_contain_text("(you)")
        expect(invites).to_be_hidden()
    finally:
        friend_context.close()


def test_the_tab_s_title_says_when_the_move_is_yours(page, toy_site):
    start_from_lobby(page, toy_site, "pig", seats=["human", "open"])
    expect(page).to_have_title("● Your turn · Pig · Regalia")
    expect(page.locator("#leaver-rule")).to_contain_text("after 60 s")  # the lobby's default rule
    page.click("#actions button[data-action='stop']")  # Seat 2, a friend not yet come, is to move
    expect(page).to_have_title("Pig · Regalia")


def test_a_turn_based_table_says_the_leaver_rule_at_the_match_s_pace(page, toy_site):
    """In a turn-based match the computer steps in when a person's time per move runs out, not after the
    real-time grace: the table's line says so with the match's own pace."""
    page.goto(toy_site.url + "/")
    page.click("button[data-game='pig']")
    page.select_option("#seat-1", "open")
    page.select_option("#pace", "86400")  # a day per move
    page.click("#start-match")
    page.wait_for_url("**/#/m/*")
    expect(page.locator("#leaver-rule")).to_have_text(
        "If a player does not move, the computer (random) plays their turn when their 1 day runs out; after "
        "three such turns in a row, their seat, until they come back. Still gone at the end: a forfeit.")
    expect(page.locator("#leaver-rule")).not_to_contain_text(" s,")


def test_a_friend_who_leaves_is_shown_away_while_the_computer_plays_for_them(page, toy_site, chromium_browser):
    page.goto(toy_site.url + "/")
    page.click("button[data-game='pig']")
    page.select_option("#seat-1", "open")
    page.click("#house-rules > summary")  # who plays a gone person's seat is a house rule
    page.fill("#leaver-grace", "0")  # the host's rule: a computer plays a gone person's seat at once
    page.click("#start-match")
    page.wait_for_url("**/#/m/*")
    link = page.locator("input[aria-label='Invite link for seat 2']").input_value()
    friend_context = chromium_browser.new_context()
    friend = friend_context.new_page()
    friend.goto(link)
    expect(friend.locator(".players li").nth(1)).to_contain_text("(you)")
    expect(page.locator("#leaver-rule")).to_have_text(
        "If a player leaves, the computer (random) plays their seat after 0 s, until they come back. "
        "Still gone at the end: a forfeit.")
    friend_context.close()  # the friend leaves before their turn
    page.click("#actions button[data-action='stop']")
    expect(page.locator(".players li").nth(1)).to_contain_text("(away: the computer plays)")


@contextmanager
def friend_at_seat_2(page: Any, toy_site: Any, chromium_browser: Any) -> Iterator[Any]:
    """A Pig match from the lobby with the host at Seat 1 and a friend, in a browser of their own, at Seat 2."""
    start_from_lobby(page, toy_site, "pig", seats=["human", "open"])
    expect(page.locator("#leave-match")).to_be_visible()  # an online player may leave
    link = page.locator("input[aria-label='Invite link for seat 2']").input_value()
    friend_context = chromium_browser.new_context()
    try:
        friend = friend_context.new_page()
        friend.goto(link)
        expect(friend.locator(".players li").nth(1)).to_contain_text("(you)")
        yield friend
    finally:
        friend_context.close()


def test_a_friend_who_leaves_the_match_for_good_watches_on_while_the_computer_plays_their_seat(
        page, toy_site, chromium_browser):
    with friend_at_seat_2(page, toy_site, chromium_browser) as friend:
        asked: list[str] = []
        friend.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
        friend.click("#leave-match")
        expect(friend.locator("#moves-title")).to_have_text("Watching")
        assert "forfeit for you: last place, a loss" in asked[0]  # said before they go
        expect(friend.locator("#moves-title")).to_have_text("Watching")
        expect(friend.locator(".players li").nth(1)).not_to_contain_text("(you)")
        expect(page.locator(".players li").nth(1)).to_contain_text("(away: the computer plays)")
        friend.reload()  # the browser forgot the seat: it stays a spectator
        expect(friend.locator("#moves-title")).to_have_text("Watching")
        expect(friend.locator("#leave-match")).to_have_count(0)
        page.click("#actions button[data-action='stop']")  # the host's turn ends: the computer plays Seat 2
        page.wait_for_function("document.querySelectorAll('#log li').length > 1")  # its moves, then the host's turn
        expect(page.locator(".status")).to_have_text("Your turn, Seat 1.")


def test_a_seat_won_by_the_computer_for_a_person_who_left_is_a_forfeit_on_the_status_line(
        page, toy_site, chromium_browser):
    """The computer that plays a leaver's seat may win the game on the board; the records give the match
    to the best seat that was there, and the status line must say what the result panel says."""
    with friend_at_seat_2(page, toy_site, chromium_browser) as friend:
        friend.once("dialog", lambda dialog: dialog.accept())
        friend.click("#leave-match")
        expect(page.locator(".players li").nth(1)).to_contain_text("(away: the computer plays)")
    # the host stops at once every turn (0 points), so the computer reaches 20 first
    play_by_clicks(page, lambda actions: "stop" if "stop" in actions else actions[0])
    expect(page.locator("#results")).to_contain_text("forfeit")
    expect(page.locator(".status")).to_have_text("The match is over: Seat 1 won. Seat 2 left and forfeits.")


def test_hot_seat_offers_no_leaving(page, toy_site):
    start_from_lobby(page, toy_site, "pig", seats=["human", "human"])
    expect(page.locator(".papers")).to_contain_text("Version")
    expect(page.locator("#leave-match")).to_have_count(0)
