"""Hints and reviews in the browser: the Hint button of a match against the computer (the suggested move lit in
the list of moves, the reason in the game's words), and the Review of a finished match on the result screen and
in the replay (progress, graph, per-player summary, moments marked)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from .conftest import shot, start_from_lobby

pytestmark = pytest.mark.browser


def test_hint_lights_the_solver_s_move_with_its_reason(page, site):
    page.set_viewport_size({"width": 1366, "height": 900})
    start_from_lobby(page, site, "kings-gold", seats=["human", "computer:easy"])
    # our first decision with a choice: after the roll, the holds and the stop
    for _ in range(40):
        page.wait_for_function("document.querySelector('#hint:not([disabled])')")
        if page.locator("#actions button.action").count() > 1:
            break
        page.click("[data-kg='roll']:not([disabled])", timeout=5000)
    else:
        pytest.fail("no decision with a choice came")
    page.click("#hint")
    reason = page.locator("#hint-reason")
    expect(reason).to_contain_text(re.compile(r"expected$"))
    lit = page.locator("#actions button.action.hinted")
    expect(lit).to_have_count(1)
    # shown on the table itself: the suggestion's button or dice ringed; the list of moves stays folded
    expect(page.locator("#board .hint-mark").first).to_be_visible()
    expect(page.locator("#all-moves")).not_to_have_attribute("open", "")
    page.click(".hint-more > summary")
    choices = page.locator(".hint-choices li").all_text_contents()
    assert choices and len(choices) == len(set(choices)) <= page.locator("#actions button.action").count()
    assert all(c.endswith("expected") for c in choices)
    shot(page, "hint-kings-gold")
    page.set_viewport_size({"width": 390, "height": 844})
    reason.scroll_into_view_if_needed()
    shot(page, "hint-kings-gold-phone", full_page=False)
    # the hinted move is playable as any other, and the hint goes with the move
    page.click("#all-moves > summary")
    lit.click()
    expect(page.locator("#hint-reason")).to_have_count(0)


def test_review_on_the_result_screen_and_in_the_replay(page, site):
    page.set_viewport_size({"width": 1366, "height": 900})
    created = site.new_match("kings-gold", seats=[{"kind": "computer", "level": "hard"},
                                                  {"kind": "computer", "level": "easy"}])
    match_id = created["match"]
    site.wait_until_over(match_id)
    page.goto(f"{site.url}/#/m/{match_id}")
    page.click("#review-button")
    expect(page.locator("#review-summary")).to_be_visible(timeout=60_000)
    rows = page.locator("#review-summary tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("td").nth(2)).to_have_text("0.00")  # the hard captain: the solver's own moves
    expect(page.locator("#review-graph path.advantage")).to_have_count(1)
    page.locator("#review").scroll_into_view_if_needed()
    shot(page, "review-result-screen")
    # kept with the match: the replay shows it at once, and a marked moment opens at its step
    page.goto(f"{site.url}/#/m/{match_id}/replay")
    expect(page.locator("section.replay #review-summary")).to_be_visible()
    expect(page.locator("#review-button")).to_be_hidden()
    goto = page.locator("#review-moments .review-goto")
    if goto.count():
        goto.first.click()
        expect(page.locator(".status")).to_contain_text(re.compile(r"^Step [1-9]"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#review").scroll_into_view_if_needed()
    shot(page, "review-replay-phone", full_page=False)


def test_review_of_three_captains_draws_each_standing(page, site):
    page.set_viewport_size({"width": 1366, "height": 900})
    created = site.new_match("kings-gold", seats=[{"kind": "computer", "level": "medium"}] * 3, players=3)
    site.wait_until_over(created["match"])
    page.goto(f"{site.url}/#/m/{created['match']}")
    page.click("#review-button")
    expect(page.locator("#review-summary tbody tr")).to_have_count(3, timeout=60_000)
    expect(page.locator("#review-graph path.advantage")).to_have_count(3)
    page.locator("#review").scroll_into_view_if_needed()
    shot(page, "review-three-captains", full_page=False)


def _match_with_a_friend(page, site, chromium_browser, hints: bool):
    """The host sets up King's Gold with a friend's seat (its invite link), "Hints allowed" as asked; the friend
    opens the link in another browser. Their two pages, host's first, and the match's id."""
    page.goto(site.url + "/")
    page.click("button[data-game='kings-gold']")
    box = page.locator("#hints")
    expect(box).to_be_visible()
    expect(page.locator("#hints-field")).to_contain_text("Hints allowed")
    expect(box).not_to_be_checked()
    page.set_checked("#hints", hints)
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "open")
    if hints:
        shot(page, "hints-allowed-set-up")
    page.click("#start-match")
    page.wait_for_url("**/#/m/*")
    match_id = page.url.rsplit("/", 1)[-1]
    link = page.locator("#invites input").input_value()
    friend = chromium_browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    errors: list[str] = []
    friend.on("pageerror", lambda exc: errors.append(str(exc)))
    friend.goto(link)
    if hints:  # told before taking the seat; taking it is agreeing
        expect(friend.locator("#hints-note")).to_contain_text("Hints are allowed in this match")
        expect(friend.locator("#hints-agreement")).to_contain_text("By taking the seat you agree to it")
        shot(friend, "hints-agreement")
        friend.click("#take-seat")
    else:
        expect(friend.locator("#hints-agreement")).to_have_count(0)
    friend.wait_for_url(f"**/#/m/{match_id}")
    return page, friend, match_id, errors


def _mover(site, match_id: str) -> int:
    for _ in range(200):
        to_move = site.http.get(f"/api/matches/{match_id}").json()["to_move"]
        if to_move is not None:
            return to_move
        time.sleep(0.05)
    pytest.fail("nobody came to move")


def test_hints_allowed_at_set_up_give_each_person_the_hint_button_on_their_move(page, site, chromium_browser):
    host, friend, match_id, errors = _match_with_a_friend(page, site, chromium_browser, hints=True)
    pages = [host, friend]
    seat = _mover(site, match_id)
    mover, other = pages[seat], pages[1 - seat]
    expect(mover.locator("#hint")).to_be_visible()
    expect(other.locator("#actions")).to_contain_text("Waiting")
    expect(other.locator("#hint")).to_have_count(0)
    mover.click("#hint")
    expect(mover.locator("#hint-reason")).to_contain_text("Hint: ")
    shot(mover, "hint-with-a-friend")
    assert not errors, f"JavaScript errors on the friend's page: {errors}"
    friend.context.close()


def test_without_hints_allowed_a_match_with_a_friend_has_no_hint_button(page, site, chromium_browser):
    host, friend, match_id, errors = _match_with_a_friend(page, site, chromium_browser, hints=False)
    seat = _mover(site, match_id)
    mover = [host, friend][seat]
    expect(mover.locator("#actions button.action").first).to_be_attached()
    expect(mover.locator("#hint")).to_have_count(0)
    assert not errors, f"JavaScript errors on the friend's page: {errors}"
    friend.context.close()


def test_crown_the_queen_hint_says_the_card_and_why_with_the_next_player_by_name(page, site):
    page.set_viewport_size({"width": 1366, "height": 900})
    start_from_lobby(page, site, "crown-the-queen", seats=["human", "computer:easy", "computer:easy"])
    reason = page.locator("#hint-reason")
    for _ in range(12):  # to a pass (a keep or swap says nothing of the next player): each hinted move played
        page.wait_for_function("document.querySelector('#hint:not([disabled])')")
        page.click("#hint")
        expect(reason).to_contain_text(re.compile(r"^Hint: (pass|keep|swap) .*expected standing$"))
        if reason.text_content().startswith("Hint: pass"):
            break
        page.locator("#board .hint-mark").first.click()  # the suggestion, ringed on the table, played there
        expect(reason).to_have_count(0)
    else:
        pytest.fail("no pass came")
    expect(reason).to_contain_text(re.compile(r"Computer 1 \(Easy\) \(next\) has laid"))  # Seat 2, by its name
    expect(reason).not_to_contain_text("Seat 2")
    shot(page, "hint-crown-the-queen")
