"""The words a player reads (issue #40), for each game at 1366x900 and at 390x844: the lobby's set-up form,
the rulebook page, a table in the middle of a match and the result screen.

- No developer code in the page's visible text (``DEVELOPER`` below: decision codes, file names, "seat 0",
  "the server computes", plies).
- One name per player: the name chosen in the lobby for the person's seat, "Computer (Easy)" for a computer,
  the same on the seat chips and the result screen.
- The lobby offers exactly Easy, Medium and Hard; every option besides players and mode is folded under
  "House rules"; an invalid value is shown beside its field.
- The result screen says who won and why in one sentence, the winner first.

Screenshots: artifacts/browser/words-<what>-<game>-<size>.png.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.conftest import LiveServer

from .conftest import shot

pytestmark = pytest.mark.browser

GAMES = ("gold-crown", "gold-battle", "crown-the-queen", "kings-gold")
SIZES = {"1366x900": (1366, 900), "390x844": (390, 844)}

DEVELOPER = re.compile(r"\b(GC|GB|KG|CQ)-\d+|§|RULES\.md|DECISIONS|\.py\b|(?i:\bseat 0\b)|(?i:server computes)"
                       r"|(?i:\bplies\b)|(?i:\bdecision \d)")
"""What only contributors read: the rule-decision codes, the files, a seat counted from 0, the house rule of
the architecture, the engine's "plies"."""

SEAT_NUMBER = re.compile(r"(?i)\bseat \d")
"""A seat called by its number ("Seat 2"), where every seat has a player's name."""

SEAT_CHOICES = ["A person here (hot-seat)", "A friend (invite link)", "Computer (Easy)", "Computer (Medium)",
                "Computer (Hard)"]
ASKED_ON_TOP = {"players", "mode", "rubber"}
"""The options a person must decide: the number of players, the mode (King's Gold), a rubber or one game."""


@pytest.fixture(params=list(SIZES), ids=list(SIZES))
def sized(request: pytest.FixtureRequest, chromium_browser: Any) -> Iterator[Any]:
    """A page at one of the two sizes (a phone's has touch); any JavaScript error fails the test."""
    width, height = SIZES[request.param]
    phone = width < 500
    context = chromium_browser.new_context(viewport={"width": width, "height": height}, has_touch=phone,
                                           is_mobile=phone, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.size_name = request.param
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def visible_text(page: Any) -> str:
    return page.locator("body").inner_text()


def assert_no_developer_words(page: Any, where: str) -> None:
    text = visible_text(page)
    found = [text[max(0, m.start() - 60): m.end() + 60].replace("\n", " ⏎ ") for m in DEVELOPER.finditer(text)]
    assert not found, f"{where} at {page.size_name}: developer words in the page: {found[:5]}"


def open_form(page: Any, site: LiveServer, game_id: str) -> None:
    page.goto(site.url + "/")
    page.click(f"button[data-game='{game_id}']")
    expect(page.locator("form.match-form")).to_be_visible()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_lobby_form_asks_what_a_person_decides_and_folds_the_house_rules(sized, site, game_id):
    page = sized
    open_form(page, site, game_id)
    folded = page.locator("#house-rules")
    expect(folded).to_have_count(1)
    assert folded.get_attribute("open") is None  # folded until the person opens it
    on_top = page.locator("form.match-form > .field[data-option]").evaluate_all(
        "els => els.map(e => e.dataset.option)")
    assert set(on_top) <= ASKED_ON_TOP, on_top
    for select in page.locator(".seat-row select").all():
        assert select.locator("option").all_inner_texts() == SEAT_CHOICES
    assert_no_developer_words(page, f"{game_id} set-up form")
    shot(page, f"words-form-{game_id}-{page.size_name}")
    page.click("#house-rules > summary")
    expect(folded).to_have_attribute("open", "")
    labels = folded.locator("label").all_inner_texts()
    assert labels and all("_" not in label for label in labels), labels  # "Navy rounds", never "navy_rounds"
    assert folded.locator("#leaver-level option").all_inner_texts() == ["Easy", "Medium", "Hard"]
    assert_no_developer_words(page, f"{game_id} house rules")
    shot(page, f"words-house-rules-{game_id}-{page.size_name}")


def test_an_invalid_value_is_shown_beside_its_field(sized, site):
    page = sized
    open_form(page, site, "gold-crown")
    page.click("#house-rules > summary")
    page.fill("#opt-max_rounds", "5")
    page.click("#start-match")
    field = page.locator(".field[data-option='max_rounds']")
    expect(field.locator(".field-error")).to_have_text("Choose from 10 to 1000.")
    assert "#/m/" not in page.url  # nothing was created
    box, error = page.locator("#opt-max_rounds").bounding_box(), field.locator(".field-error").bounding_box()
    assert abs((error["y"] + error["height"] / 2) - (box["y"] + box["height"] / 2)) < 60  # beside it, not a toast
    shot(page, f"words-invalid-{page.size_name}")
    page.fill("#opt-max_rounds", "50")
    expect(field.locator(".field-error")).to_be_hidden()

    # a refusal of the server for a combination is shown beside the field it names, in the form's words
    open_form(page, site, "kings-gold")
    page.select_option("#opt-mode", json.dumps("duel"))
    page.fill("#opt-players", "3")
    page.click("#start-match")
    mode_error = page.locator(".field[data-option='mode'] .field-error")
    expect(mode_error).to_contain_text("Captain's Duel")
    assert "option '" not in mode_error.inner_text() and "#/m/" not in page.url
    expect(page.locator("#toast")).to_be_hidden()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rulebook_page_is_written_for_players(sized, site, game_id):
    page = sized
    page.goto(f"{site.url}/#/rules/{game_id}")
    expect(page.locator("#rules-page h1")).to_be_visible()
    expect(page.locator("#rules-page")).to_contain_text("How this table settles what the original leaves open")
    assert_no_developer_words(page, f"{game_id} rulebook")
    shot(page, f"words-rulebook-{game_id}-{page.size_name}")


def seat_token(page: Any, match_id: str, seat: int) -> str:
    return page.evaluate(f"JSON.parse(localStorage.getItem('regalia.seats'))[{json.dumps(match_id)}][{seat}]")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_table_mid_match_names_each_player_once_in_words(sized, site, game_id):
    page = sized
    open_form(page, site, game_id)
    page.fill("#seat-name-0", "Anne")
    for select in page.locator(".seat-row select").all()[1:]:
        select.select_option("computer:easy")
    page.click("#start-match")
    page.wait_for_url("**/#/m/*")
    match_id = page.url.split("#/m/")[1]
    player = site.ws(match_id)  # a few of Anne's moves, the first legal one each time (the table follows)
    player.hello(seat_token(page, match_id, 0))
    for _ in range(4):
        state = player.wait_for(lambda s: s["legal"] or s["view"].get("is_over"), timeout=30)
        if not state["legal"]:
            break
        player.act(state["legal"][0])
    player.close()
    players = page.locator(".players")
    expect(players).to_contain_text("Anne")
    expect(players).to_contain_text(re.compile(r"Computer( \d)? \(Easy\)"))  # two of them counted: "Computer 2 (Easy)"
    expect(page.locator("#log li").first).to_be_visible()
    text = visible_text(page)
    assert "Computer (easy)" not in text and "Guest" not in text
    assert "Seat 1" not in players.inner_text()  # Anne's seat is called Anne
    # every seat has its player's name: none is called by its number in the log, a ledger, a score sheet
    seats = [text[max(0, m.start() - 40): m.end() + 40].replace("\n", " ⏎ ") for m in SEAT_NUMBER.finditer(text)]
    assert not seats, f"{game_id} table at {page.size_name}: a seat's number where its player's name belongs: {seats[:5]}"
    assert_no_developer_words(page, f"{game_id} table")
    shot(page, f"words-table-{game_id}-{page.size_name}")


FINISHED: dict[str, str] = {}
"""One finished match of each game, played by the server's computers, shown at both sizes."""

ENDGAMES = {
    "gold-crown": ([{"kind": "computer", "level": "random"}, {"kind": "computer", "level": "uct"}],
                   {"max_rounds": 10}),
    "gold-battle": ([{"kind": "computer", "level": "easy"}, {"kind": "computer", "level": "random"}], {}),
    "crown-the-queen": ([{"kind": "computer", "level": "easy"}, {"kind": "computer", "level": "medium"}],
                        {"players": 2, "rubber": False}),
    "kings-gold": ([{"kind": "computer", "level": "easy"}, {"kind": "computer", "level": "medium"}], {}),
}


def finished(site: LiveServer, game_id: str) -> str:
    if game_id not in FINISHED:
        seats, options = ENDGAMES[game_id]
        created = site.new_match(game_id, seats=seats, **options)
        site.wait_until_over(created["match"], seconds=240)
        FINISHED[game_id] = created["match"]
    return FINISHED[game_id]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_result_screen_says_who_won_and_why_in_one_sentence(sized, site, game_id):
    page = sized
    match_id = finished(site, game_id)
    page.goto(f"{site.url}/#/m/{match_id}")
    results = page.locator("#results")
    expect(results).to_be_visible()
    sentence = page.locator("#verdict").inner_text()
    assert sentence.endswith(".") and sentence.count(". ") <= 1, sentence  # one sentence (a forfeit may add one)
    screen = site.http.get(f"/api/matches/{match_id}/result").json()
    first = min(screen["seats"], key=lambda s: (s["place"], s["seat"]))
    if first["outcome"] == "win":
        place = results.locator(".places li").first.locator("strong").inner_text()
        assert sentence.startswith(re.sub(r"^\d+\. ", "", place)), (sentence, place)  # the winner first
    else:
        assert re.match(r"^(The King wins|The battle is drawn|Nobody wins)", sentence), sentence
    for line in results.locator(".places li").all_inner_texts():
        assert re.search(r"Computer \((Easy|Medium|Hard|Random|UCT)\)", line), line
        if game_id in ("kings-gold", "crown-the-queen"):
            assert re.search(r"\d+ points?\b", line), line  # each seat's score as the game counts it
    text = visible_text(page)
    assert not SEAT_NUMBER.search(text), f"{game_id} result screen: a seat's number where a name belongs"
    assert_no_developer_words(page, f"{game_id} result screen")
    results.scroll_into_view_if_needed()
    shot(page, f"words-result-{game_id}-{page.size_name}")


def test_your_recent_matches_name_the_game_the_opponents_the_date_and_the_state(page, site):
    """A match in play reads "your turn" (or "in play") and can be left to the computer from the lobby (a
    forfeit); a finished one says who won. The opponents are named as the table names them."""
    open_form(page, site, "gold-battle")
    page.fill("#seat-name-0", "Anne")
    page.select_option("#seat-1", "computer:easy")
    page.click("#start-match")
    page.wait_for_url("**/#/m/*")
    playing = page.url.split("#/m/")[1]
    expect(page.locator(".players")).to_contain_text("Anne")
    page.goto(site.url + "/")
    row = page.locator(f".recent-matches li[data-match='{playing}']")
    expect(row).to_contain_text(re.compile(
        r"^The Gold Battle · with Computer \(Easy\) · \w{3} \d{1,2}, \d{1,2}:\d\d [AP]M · your turn"))
    shot(page, "words-recent-matches")
    page.once("dialog", lambda dialog: dialog.accept())
    row.locator("button[data-leave]").click()
    expect(row.locator(".state")).to_have_text("in play (you left it to the computer)")
    expect(row.locator("button[data-leave]")).to_have_count(0)
    site.wait_until_over(playing, seconds=120)  # the computer plays both sides to the end
    page.reload()
    expect(row).to_contain_text(re.compile(r"· (Anne won|Computer \(Easy\) won|nobody won)"))
    screen = site.http.get(f"/api/matches/{playing}/result").json()
    assert [s["outcome"] for s in screen["seats"]][0] == "forfeit"  # leaving counts as a forfeit


def test_a_friend_is_called_by_the_name_they_gave_on_every_screen(page, site, chromium_browser):
    """The host names their own seat in the lobby; a friend who once gave a name in their browser's lobby is
    called so when they take their seat by the invite link: one name per player, the same on both screens."""
    open_form(page, site, "crown-the-queen")
    page.fill("#seat-name-0", "Anne")
    page.select_option("#seat-1", "open")
    page.select_option("#seat-2", "computer:easy")
    page.click("#start-match")
    page.wait_for_url("**/#/m/*")
    invite = page.locator("#invites input").first.input_value()
    context = chromium_browser.new_context(viewport={"width": 390, "height": 844})
    try:
        friend = context.new_page()
        friend.goto(site.url + "/")
        friend.evaluate("localStorage.setItem('regalia.guest-name', 'Mary')")  # as their lobby remembered it
        friend.goto(invite)
        friend.wait_for_url(re.compile(r".*#/m/[^/]+$"))
        for screen in (page, friend):
            players = screen.locator(".players")
            expect(players).to_contain_text("Anne")
            expect(players).to_contain_text("Mary")
            expect(players).to_contain_text("Computer (Easy)")
        assert "Seat 2" not in page.locator(".players").inner_text()
        shot(friend, "words-friend-named")
    finally:
        context.close()


def test_the_rulebook_page_leads_to_a_new_match_of_its_game(page, site):
    page.goto(f"{site.url}/#/rules/kings-gold")
    expect(page.locator("#rules-page .rules-picture svg")).to_be_visible()
    page.get_by_role("link", name="Play King's Gold").click()
    expect(page.locator("form.match-form h2")).to_have_text("King's Gold: a new match")
