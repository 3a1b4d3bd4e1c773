"""King's Gold in the browser: from the lobby through a whole match against the computer, by clicks on
the table itself (dice held by clicking them, Roll / Re-roll / Stop, Crests, Cannons aimed in the Ledger)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from typer.testing import CliRunner

from regalia.cli.main import app

from .conftest import shot, start_from_lobby

pytestmark = pytest.mark.browser


def play_kings_gold(page, limit: int = 600) -> int:
    clicks = 0
    while clicks < limit:
        page.wait_for_function(
            "document.querySelector('[data-kg]:not([disabled])')"
            " || /The match is over/.test(document.querySelector('.status')?.textContent || '')")
        if "The match is over" in (page.locator(".status").text_content() or ""):
            return clicks
        controls = page.locator("[data-kg]:not([disabled])").evaluate_all("bs => bs.map(b => b.dataset.kg)")
        if not controls:  # the table was redrawn between the wait and the look: look again
            continue
        if "roll" in controls:
            choice = "roll"
        elif "reroll" in controls and clicks % 3 == 0:
            dice = page.locator(".die.clickable")
            if dice.count() > 1:
                dice.first.click()  # hold one die, re-roll the rest
                expect(page.locator(".die.held")).to_have_count(1)
            choice = "reroll" if page.locator("[data-kg=reroll]:not([disabled])").count() else "stop"
        elif "stop" in controls:
            choice = "stop"
        else:
            choice = controls[0]
        if clicks == 2:
            shot(page, "kings-gold-in-play")
        try:
            page.click(f"[data-kg='{choice}']:not([disabled])", timeout=3000)
        except PlaywrightTimeout:  # redrawn under the pointer by an update: look again
            continue
        clicks += 1
    raise AssertionError(f"the match did not end within {limit} clicks")


def test_the_lobby_titles_each_option_in_words(page, site):
    page.goto(site.url + "/")
    page.click("button[data-game='kings-gold']")
    navy = page.locator("label[for='opt-navy_rounds']")
    expect(navy).to_have_text(re.compile(r"navy arrives"))  # the lobby's own words, which another engineer owns
    assert not re.search(r"\b(GC|GB|KG|CQ)-\d+|§", navy.text_content() or "")
    expect(page.locator("label[for='opt-players']")).to_have_text(re.compile(r"^\s*Players\b"))


def test_the_lobby_keeps_the_seats_chosen_when_the_number_of_players_changes(page, site):
    page.goto(site.url + "/")
    page.click("button[data-game='kings-gold']")
    page.select_option("#seat-1", "computer:easy")
    page.fill("#opt-players", "4")
    page.click("#seat-1")  # the players box loses focus: its change fires as the person reaches for a seat
    expect(page.locator(".seats select")).to_have_count(4)
    page.click("#seat-1")  # the same menu, still there: the redraw did not pull it from under the pointer
    page.select_option("#seat-3", "open")
    page.locator("#opt-players").focus()  # focus and leave the box again, the number unchanged
    page.locator("#opt-players").blur()
    assert [page.locator(f"#seat-{i}").input_value() for i in range(4)] == [
        "human", "computer:easy", "computer:medium", "open"]
    page.fill("#opt-players", "3")
    page.locator("#opt-players").blur()
    expect(page.locator(".seats select")).to_have_count(3)
    assert page.locator("#seat-1").input_value() == "computer:easy"


def test_kings_gold_from_the_lobby_to_the_end_against_the_computer(page, site, tmp_path):
    start_from_lobby(page, site, "kings-gold", options={"navy_rounds": "4"})
    expect(page.locator("h1")).to_have_text("King's Gold")
    expect(page.locator(".kg-table")).to_be_visible()
    expect(page.locator("table.ledger caption")).to_have_text("Captain's Ledger")
    # a captain's row names the seat as the players' bar does: "Anne · Seat 1", "Ben · Computer (medium)"
    rows = page.locator("table.ledger tbody th").all_inner_texts()
    seats = page.locator(".players li").all_text_contents()
    assert len(rows) == len(seats) == 2 and rows[1].lower().endswith("· computer (medium)"), (rows, seats)
    assert seats[0].startswith("Seat 1") and "· Seat 1" in rows[0], (rows, seats)
    assert page.locator("[aria-label^='Royal Treasury']").count() == 1
    assert page.locator("[aria-label^='Skull Island Reserve']").count() == 1
    clicks = play_kings_gold(page)
    assert clicks >= 4
    # the chronometer shows the view's round (counted from 1), never one past the navy's last
    match_id = page.url.split("/m/")[1].split("/")[0]
    last = site.http.get(f"/api/matches/{match_id}/replay").json()["steps"][-1]["view"]
    label = page.locator("[aria-label^='Round ']").get_attribute("aria-label") or ""
    assert 1 <= last["round"] <= 4 and label.startswith(f"Round {last['round']} / 4;"), label
    expect(page.locator("#download-record")).to_be_visible()
    expect(page.locator("#seed")).not_to_be_empty()
    shot(page, "kings-gold-over")
    with page.expect_download() as download:
        page.click("#download-record")
    record = tmp_path / "kings-gold.json"
    download.value.save_as(record)
    result = CliRunner().invoke(app, ["replay", str(record)])  # the record the person downloads verifies
    assert result.exit_code == 0 and "verified" in result.output, result.output


def test_a_cannon_s_target_is_named_as_the_ledger_names_it(page, site):
    page.goto(site.url + "/")
    update = {"view": {"captains": [{"seat": 0, "name": "Anne"}, {"seat": 1, "name": "Ben"}]},
              "players": [{"seat": 0, "kind": "human"}, {"seat": 1, "kind": "computer", "level": "medium"}]}
    labels = page.evaluate("""async (update) => {
        const table = await import("/static/games/kings-gold.js");
        return [table.label("fire 1", update), table.label("fire 0", update), table.label("fire 1")];
    }""", update)
    assert labels == ["Fire a Cannon at Ben · Computer (medium)", "Fire a Cannon at Anne · Seat 1",
                      "Fire a Cannon at Seat 2"]


def test_the_ledger_shows_the_master_pirate_bonus_apart_and_what_a_rival_could_take(page, site):
    # A 5-point heist scores 15 with "+10 Master Pirate, for now" beside it (it read as a 15-point chest); the
    # Threat column says what a rival's next turn could take (it read "medium" for a captain with no gold).
    from regalia.games.kings_gold import KingsGold
    from regalia.games.kings_gold.state import position

    game = KingsGold(players=3)
    state = position(3, coins=(5, 0, 9), shields=(0, 0, 0))._replace(record=5, record_holder=0)
    view = game.view(state, None) | {"is_over": False, "version": 3}
    update = {"view": view, "version": 3, "log": [], "last": None,
              "players": [{"seat": s, "kind": "human"} for s in range(3)]}
    page.goto(site.url + "/")
    rows = page.evaluate("""async (update) => {
        const table = await import("/static/games/kings-gold.js");
        const board = document.createElement("div");
        document.body.append(board);
        table.render(board, update, { legal: [], sounds: { click() {} }, play() {} });
        return [...board.querySelectorAll("table.ledger tbody tr")].map((tr) => ({
          mark: tr.querySelector(".master-pirate").textContent,
          score: tr.querySelector(".score").textContent, threat: tr.querySelector(".threat").textContent }));
    }""", update)
    assert rows[0] == {"mark": "+10 Master Pirate, for now", "score": "15", "threat": "up to 4 coins"}
    assert rows[1] == {"mark": "", "score": "0", "threat": "nothing: no coins"}
    assert rows[2]["mark"] == "" and rows[2]["threat"] == "up to 4 coins"
