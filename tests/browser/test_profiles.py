"""Profiles in the browser (issue #7): made from a name, opened on a second device by code or link, a
rating change shown at the end of a match, the leaderboard."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.conftest import LiveServer, serve
from tests.server.test_profiles_referee import friend_leaves_high_card
from tests.server.test_profiles_toys import records_app

from .conftest import play_by_clicks, shot, start_from_lobby

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def records_site(tmp_path_factory: pytest.TempPathFactory) -> Any:
    yield from serve(records_app(Path(tmp_path_factory.mktemp("browser-records")) / "records.db"))


def create_profile(page: Any, site: LiveServer, name: str) -> None:
    page.goto(site.url + "/#/profile")
    page.fill("#profile-name", name)
    page.click("#create-profile button[type=submit]")
    expect(page.locator("#profile-title")).to_have_text(name)


def token_of(page: Any) -> str:
    return page.evaluate("JSON.parse(localStorage.getItem('regalia.profile')).token")


def test_a_profile_is_created_and_opened_in_a_second_browser_by_code_and_by_link(page, records_site,
                                                                                 chromium_browser):
    create_profile(page, records_site, "Grace O'Malley")
    page.click("#open-elsewhere")
    code = page.locator("#code").inner_text()
    other = chromium_browser.new_context()
    try:
        second = other.new_page()
        second.goto(records_site.url + "/#/profile")
        second.fill("#sign-in-code", code.lower())
        second.click("#sign-in button[type=submit]")
        expect(second.locator("#profile-title")).to_have_text("Grace O'Malley")
        assert token_of(second) != token_of(page)
        shot(second, "profile-second-device")
    finally:
        other.close()
    page.click("#open-elsewhere")  # a fresh code: the first one is spent
    expect(page.locator("#code")).not_to_have_text(code)
    link = page.locator("#sign-in-code-shown input").input_value()
    third_context = chromium_browser.new_context()
    try:
        third = third_context.new_page()
        third.goto(link)
        expect(third.locator("#profile-title")).to_have_text("Grace O'Malley")
        assert "code=" not in third.url  # read from the fragment, then wiped from the address
    finally:
        third_context.close()


def test_the_end_of_match_screen_shows_the_rating_change(page, records_site):
    create_profile(page, records_site, "Jean Lafitte")
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/api/matches")) as created:
        start_from_lobby(page, records_site, "high-card", seats=["human", "computer:random"])
    # the new match is the profile's (counted against its matches in play, wherever it connects from)
    assert created.value.headers.get("authorization") == f"Bearer {token_of(page)}"
    expect(page.locator(".players li").first).to_have_text(re.compile(r"^Jean Lafitte \(you\)"))  # named at the table
    play_by_clicks(page, choose=lambda actions: "hold")
    results = page.locator("#results")
    expect(results).to_contain_text("Jean Lafitte")
    expect(results.locator(".rating-change").first).to_contain_text("1500 →")
    shot(page, "results-rating-change")
    page.goto(records_site.url + "/#/profile")
    expect(page.locator("#history li")).to_have_count(1)
    expect(page.locator("#standings tr[data-game='high-card']")).to_be_visible()
    # the game by its name, never its id; the match by when it ended and the scores
    expect(page.locator("#standings tr[data-game='high-card'] a")).to_have_text("High Card")
    entry = page.locator("#history li").first
    expect(entry).to_contain_text(re.compile(r"^High Card · \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M · (win|loss|draw)"))
    expect(entry).to_contain_text(re.compile(r"Jean Lafitte -?\d+(\.\d+)? v Computer \(Random\) -?\d"))
    assert "high-card" not in page.locator("#profile").inner_text(), page.locator("#profile").inner_text()
    expect(page.locator(".rating-graph svg")).to_be_visible()
    # a provisional rating's "?" says what it means
    expect(page.locator("#standings tr[data-game='high-card'] abbr.provisional")).to_have_attribute(
        "title", re.compile("provisional"))


def test_the_leaderboard_shows_the_captain_and_their_rank(page, records_site):
    create_profile(page, records_site, "Stede Bonnet")
    token = token_of(page)
    http = records_site.http
    for game in range(40):  # rated matches over the API until the rating settles enough to be ranked
        created = records_site.new_match("high-card", seats=[{"kind": "human"}, {"kind": "computer"}])
        http.post(f"/api/matches/{created['match']}/seats/0/player", json={"seat_token": created["tokens"]["0"]},
                  headers={"Authorization": f"Bearer {token}"})
        player = records_site.ws(created["match"])
        player.hello(created["tokens"]["0"])
        player.wait_for(lambda s: s["legal"])
        player.act("hold" if game % 3 else "fold")
        player.wait_for(lambda s: s["view"]["is_over"])
        player.close()
        mine = http.get("/api/leaderboards/high-card", headers={"Authorization": f"Bearer {token}"}).json()["mine"]
        if mine["rank"]:
            break
    page.click("#nav-leaderboards")
    page.click("a[href='#/leaderboards/high-card']")
    expect(page.locator("#board")).to_contain_text("Stede Bonnet")
    expect(page.locator("#my-rank")).to_contain_text("You are #")
    shot(page, "leaderboard")


def test_leavers_a_gone_player_s_seat_is_played_by_the_host_s_computer_until_they_return(page, records_site):
    page.goto(records_site.url + "/")
    page.click("button[data-game='pig']")
    page.click("#house-rules > summary")  # who plays a gone person's seat is a house rule
    page.fill("#leaver-grace", "1")
    page.select_option("#leaver-level", "random")
    page.select_option("#seat-1", "human")
    page.click("#start-match")
    page.wait_for_url("**/#/m/*")
    match_id = page.url.rsplit("/", 1)[-1]
    expect(page.locator("#actions button[data-action='roll']")).to_be_enabled()
    page.goto(records_site.url + "/#/")  # the person leaves the table
    expect(page.locator("#new-match")).to_be_attached()
    page.wait_for_function(  # the match goes on without them: the computer plays their seats
        "id => fetch('/api/matches/' + id).then(r => r.json()).then(m => m.version >= 2)", arg=match_id,
        polling=200, timeout=15_000)
    page.goto(f"{records_site.url}/#/m/{match_id}")  # back: the seat is theirs again
    expect(page.locator(".papers")).to_contain_text("Version")


def test_kg_24_the_kings_gold_table_offers_the_dice_skins_of_the_profile(page, site):
    create_profile(page, site, "Dice Roller")
    start_from_lobby(page, site, "kings-gold", seats=["human", "computer:easy"])
    setting = page.locator("#table-dice-skin")
    expect(setting).to_be_visible()
    assert setting.locator("option").all_inner_texts() == ["classic"]  # no badge yet: the classic dice only
    assert page.evaluate("document.documentElement.dataset.diceSkin") == "classic"


def test_kg_16_the_end_of_match_screen_explains_the_kings_gold_score(page, site, monkeypatch):
    monkeypatch.setattr("regalia.server.seats.new_seed", lambda: "kg-16-end-screen")
    match_id = site.hot_seat_to_the_end("kings-gold", pick=-1, fast_roll=True)["match"]
    page.goto(f"{site.url}/#/m/{match_id}")
    explained = page.locator("#results .explained")
    expect(explained).to_contain_text("Doubloons ×5")
    expect(explained).to_contain_text("Shields ×2")
    expect(explained).to_contain_text("heist of")  # the Master Pirate bonus, as the game reported it
    scores = site.http.get(f"/api/matches/{match_id}/result").json()["result"]["scores"]
    rows = explained.locator("tr").all_inner_texts()[1:]
    assert [float(row.split("\t")[-1]) for row in rows] == scores
    # each captain with who sailed it, as the places above name them
    assert [row.split("\t")[0] for row in rows] == ["Anne", "Ben"], rows  # two nameless people: their captains
    shot(page, "kings-gold-results")


def test_a_captain_s_crown_the_queen_rubber_is_summed_on_the_profile_in_words(page, site):
    create_profile(page, site, "Queen Anne")
    token = token_of(page)
    created = site.new_match("crown-the-queen", seats=[{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 2)
    sat = site.http.post(f"/api/matches/{created['match']}/seats/0/player", json={"seat_token": created["tokens"]["0"]},
                         headers={"Authorization": f"Bearer {token}"})
    assert sat.status_code == 200, sat.text
    table = site.ws(created["match"])
    table.hello(created["tokens"]["0"])
    while not table.state["view"]["is_over"]:  # the whole rubber of three games, the first legal action each time
        table.wait_for(lambda s: s["legal"] or s["view"]["is_over"], timeout=30)
        if table.state["legal"] and not table.state["view"]["is_over"]:
            table.act(table.state["legal"][0])
    table.close()
    assert site.http.get(f"/api/matches/{created['match']}/result").status_code == 200  # the result is kept
    page.reload()  # the profile page was open all along: read it again
    expect(page.locator("#rubbers li").first).to_have_text(re.compile(r"^\d+ \+ \d+ \+ \d+ = \d+$"))
    expect(page.locator("#standings tr[data-game='crown-the-queen'] a")).to_have_text("Crown the Queen")
    lines = page.evaluate("""() => import('/static/profile.js').then((m) => [
        m.rubberLine({deals: [30, 0, 100], total: 130, queens: 1}),
        m.rubberLine({deals: [100, 100, 10], total: 210, queens: 2})])""")
    assert lines == ["30 + 0 + 100 = 130 · 1 Queen crowned", "100 + 100 + 10 = 210 · 2 Queens crowned"]  # "1 Queens"


def test_the_end_of_match_screen_says_a_person_gone_at_the_end_forfeited(page, records_site):
    match_id, _ = friend_leaves_high_card(records_site)  # the computer bets for the friend who left
    page.goto(f"{records_site.url}/#/m/{match_id}")
    forfeited = page.locator("#results .places li[data-seat='1']")
    expect(forfeited).to_contain_text("2. ")  # last, whatever the computer's card was
    expect(forfeited).to_contain_text("forfeit (the computer was playing for them at the end)")
    shot(page, "forfeit-results")
