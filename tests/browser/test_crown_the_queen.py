"""Crown the Queen in the browser: a whole game against the computer by clicks on the table; two people in
two browser contexts, neither of whom ever receives the other's hand; hot-seat hands hidden between turns."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from regalia.core.rng import seed_commitment
from regalia.games import load_game

from .conftest import ARTIFACTS, click_until_over, shot, start_from_lobby

pytestmark = pytest.mark.browser

CONTROLS = "[data-cq]:not([disabled]), .cq-hand [data-pass]"


def choose(names: list[str]) -> int:
    """Keep what is passed; pass the top card of the fan (the one fully under the pointer)."""
    keep = [i for i, n in enumerate(names) if 'data-cq="keep"' in n]
    return keep[0] if keep else len(names) - 1


def test_crown_the_queen_from_the_lobby_to_the_end_against_the_computer(page, site):
    start_from_lobby(page, site, "crown-the-queen", options={"rubber": False})
    expect(page.locator("h1")).to_have_text("Crown the Queen")
    expect(page.locator(".cq-table")).to_be_visible()
    expect(page.locator(".score-sheet caption")).to_have_text("Score sheet")  # a single game: no "game 1 of 1"
    # one name per player: the log calls each seat as its row and the players' bar do, never by its number
    twins = ["Computer 1 (Medium)", "Computer 2 (Medium)"]
    expect(page.locator("#log")).to_contain_text(re.compile(r"Computer [12] \(Medium\)"))
    rows = page.locator("[data-seat-number]").all_text_contents()
    assert [re.sub(r"\d in hand", "N in hand", row) for row in rows] == ["N in hand"] * 3, rows
    names = page.locator(".cq-seat-name").all_text_contents()
    assert names == ["Seat 1 (you)", *twins], names
    assert not re.search(r"Seat [23]", page.locator("#log").inner_text())
    # every seat's name (a computer's is long) ends before the first card of its row, at x = 130
    rights = page.locator(".cq-table g[role='img'] > text:first-child").evaluate_all(
        "els => els.map(e => { const b = e.getBBox(); return b.x + b.width; })")
    assert len(rights) == 3 and all(right <= 113 for right in rights), rights
    # two computers of one level are told apart wherever a seat is named, counted among themselves
    expect(page.locator(".players li")).to_have_text(
        [re.compile(rf"^{re.escape(name)}( · \d+)?$") for name in ["Seat 1 (you)", *twins]])
    assert page.locator(".score-sheet thead th .long").all_text_contents() == twins  # "Seat 1" has no short form
    # every card's name fits its coloured band, and the fan is labelled as the player's hand
    overruns = page.locator(".cq-card > rect + rect + text").evaluate_all(
        "els => els.map(e => [e.textContent, e.getBBox().width, e.previousSibling.getBBox().width])"
        ".filter(([, text, band]) => text > band - 4 + 0.01)")  # a narrowed name is 50 units wide, give or take 1e-5
    assert overruns == [], overruns
    expect(page.locator(".cq-hand-name")).to_have_text("your hand")
    # a card to pass is named as a card ("Pass the Canada card", not "Pass the Canada"), in the side panel
    # and on the hand alike
    page.wait_for_function("document.querySelector('.cq-hand [data-pass]') || document.querySelector('[data-cq]')")
    if not page.locator(".cq-hand [data-pass]").count():  # a card was passed to Seat 1 first: keep it
        page.click("[data-cq='keep']")
    expect(page.locator(".cq-hand [data-pass]").first).to_be_visible()
    labels = page.locator("#actions button.action").all_text_contents()
    assert labels and all(re.fullmatch(r"Pass the .+ card", label) for label in labels), labels
    assert page.locator(".cq-hand [data-pass]").first.get_attribute("aria-label") in labels
    clicks = click_until_over(page, CONTROLS, choose)
    assert clicks >= 1
    expect(page.locator(".score-sheet tbody tr")).to_have_count(2)  # game 1 and the total
    places = page.locator("#results .places li strong")
    expect(places).to_have_count(3)
    assert sorted(re.sub(r"^\d\. ", "", t) for t in places.all_text_contents()) == sorted(["Seat 1", *twins])
    headers = page.locator("#results table.explained tr").first.locator("th").all_text_contents()
    assert headers == ["Game", "Seat 1", *twins], headers  # as the score sheet and the log count them
    shot(page, "crown-the-queen-over")


def test_an_open_seat_s_invite_stands_under_the_players_and_the_table_says_it_waits_for_a_person(
        chromium_browser, site):
    host_context, friend_context = chromium_browser.new_context(), chromium_browser.new_context()
    host, friend = host_context.new_page(), friend_context.new_page()
    try:
        start_from_lobby(host, site, "crown-the-queen", seats=["human", "open", "computer:easy"],
                         options={"rubber": False}, listed=True)
        invites = host.locator("#invites")
        expect(invites).to_contain_text("Seat 2 is open")
        assert invites.bounding_box()["y"] < host.locator("#board").bounding_box()["y"]  # seen before the table
        invites.get_by_role("button", name="Copy").click()
        expect(host.locator("#toast")).to_have_text("Invite link copied.")
        while "Waiting for someone to take Seat 2" not in (host.locator(".status").text_content() or ""):
            controls = host.locator(CONTROLS)
            if controls.count():
                try:
                    controls.nth(choose(controls.evaluate_all("els => els.map(e => e.outerHTML)"))).click(
                        timeout=2000)
                except Exception:  # redrawn under the pointer: look again
                    pass
            host.wait_for_timeout(50)
        expect(host.locator("#actions")).to_contain_text("send them its invite link")
        # the lobby lists the match as open: how many seats, how many open, each to join, and to watch
        match_id = host.url.rsplit("/", 1)[-1]
        friend.goto(site.url + "/")
        listed = friend.locator("#open-matches li").filter(has=friend.locator(f"a[href='#/m/{match_id}']"))
        expect(listed).to_have_text("Crown the Queen · 3 seats, 1 open · join seat 2 · watch")
        listed.get_by_role("link", name="join seat 2").click()
        expect(friend.locator(".cq-table")).to_be_visible()
        expect(invites).to_be_hidden()  # the seat is taken: no invite, and the table waits for a move again
        expect(host.locator(".status")).not_to_contain_text("Waiting for someone")
    finally:
        host_context.close()
        friend_context.close()


def test_the_table_offers_the_game_s_own_rulebook(page, site):
    start_from_lobby(page, site, "crown-the-queen", options={"rubber": False})
    rules = page.locator("#how-to-play")
    expect(rules.locator("summary")).to_have_text("How to play Crown the Queen")
    rules.locator("summary").click()
    expect(rules.locator(".rules-text h1")).to_have_text("Crown the Queen")
    expect(rules.locator(".rules-text")).to_contain_text("How this table settles what the original leaves open")
    expect(rules.locator(".rules-text table").first).to_be_visible()  # the pack, as a table
    # and from the lobby, before choosing what to play
    page.goto(site.url + "/")
    page.click("a[data-rules='crown-the-queen']")
    expect(page.locator("#rules-page h1")).to_have_text("Crown the Queen")
    page.get_by_role("link", name="← Back to the lobby").click()
    expect(page.locator("h1")).to_have_text("Choose a game")


def test_the_replay_of_a_finished_game_shows_one_seat_s_hand_at_a_time(page, site):
    created = site.new_match("crown-the-queen", seats=[{"kind": "computer", "level": "easy"}] * 3, rubber=False)
    site.wait_until_over(created["match"], seconds=120)
    page.goto(f"{site.url}/#/m/{created['match']}/replay")
    expect(page.locator(".status")).to_contain_text("Step 0 of")
    expect(page.locator(".cq-hand")).to_have_count(0)  # the table's view: no hand
    page.select_option("#replay-seat", "1")
    expect(page.locator(".cq-hand-name")).to_have_text("Computer 2 (Easy)'s hand")
    expect(page.locator(".cq-hand [aria-label]")).to_have_count(3)  # the deal's three cards
    assert "(you)" not in page.locator(".cq-table").text_content()  # whoever watches is not that seat
    page.click("#replay-next")
    caption = page.locator(".status").inner_text()
    assert re.search(r"Step 1 of \d+: Computer \d \(Easy\) — (Pass the .+ card$|Swap: |Keep )", caption), caption
    page.select_option("#replay-seat", "")
    expect(page.locator(".cq-hand")).to_have_count(0)
    expect(page.locator(".status")).to_contain_text("Step 1 of")  # the step stays where it was
    shot(page, "crown-the-queen-replay")


def record_frames(page) -> list[dict]:
    frames: list[dict] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    return frames


def test_two_people_in_one_match_never_receive_each_others_hand(chromium_browser, site):
    first_context, second_context = chromium_browser.new_context(), chromium_browser.new_context()
    first, second = first_context.new_page(), second_context.new_page()
    try:
        first_frames, second_frames = record_frames(first), record_frames(second)
        start_from_lobby(first, site, "crown-the-queen", seats=["human", "open", "computer:easy"],
                         options={"rubber": False})
        invite = first.locator("input[aria-label='Invite link for seat 2']").input_value()
        second.goto(invite)
        expect(second.locator(".cq-table")).to_be_visible()
        expect(first.locator(".players")).not_to_contain_text("open seat")
        pages = [first, second]
        turns = 0
        while turns < 400:
            first.wait_for_function("document.querySelector('.status')?.textContent")
            over = ["The match is over" in (p.locator(".status").text_content() or "") for p in pages]
            if all(over):
                break
            for p in pages:
                controls = p.locator(CONTROLS)
                if controls.count():
                    try:
                        controls.nth(choose(controls.evaluate_all("els => els.map(e => e.outerHTML)"))).click(
                            timeout=2000)
                        turns += 1
                    except Exception:  # redrawn under the pointer: look again
                        pass
            first.wait_for_timeout(50)
        # two guests at one table: the end-of-match panel names them as the page does, not "Guest" twice
        for p in pages:
            places = p.locator("#results .places li")
            expect(places).to_have_count(3)
            names = sorted(re.sub(r"^\d\. ", "", t.split(" · ")[0]) for t in places.all_inner_texts())
            assert names == ["Computer (Easy)", "Seat 1", "Seat 2"], names
        shot(first, "crown-the-queen-seat-1")
        shot(second, "crown-the-queen-seat-2")
        match_id = first.url.rsplit("/", 1)[-1]
        record = first.request.get(f"{site.url}/api/matches/{match_id}/record").json()
        history = record["actions"]
        check_frames_show_only_their_seat(first_frames, 0, history)
        check_frames_show_only_their_seat(second_frames, 1, history)
    finally:
        first_context.close()
        second_context.close()


def check_frames_show_only_their_seat(frames: list[dict], seat: int, history: list[str]) -> None:
    """Every update a client got is exactly its own seat's view at that version, replayed independently
    from the match's record (published once the match is over, verified against the seed commitment)."""
    updates = [f for f in frames if f.get("type") == "update"]
    final = updates[-1]
    assert final["view"]["is_over"] and seed_commitment(final["seed"]) == final["seed_commitment"]
    game = load_game("crown-the-queen", players=3, rubber=False)
    match = game.new_match(seed=final["seed"])
    views = {0: (match.view(seat), match.view(None))}
    for version in range(1, final["version"] + 1):
        match.play(history[version - 1])
        views[version] = (match.view(seat), match.view(None))
    hidden = [f for f in updates if f.get("last") and f["last"]["action"] is None]
    assert all(f["last"]["seat"] != seat for f in hidden), "a person was not told their own action"
    for frame in updates:
        own, public = views[frame["version"]]
        expected = own if frame["seat"] == seat else public
        assert frame["seat"] in (seat, None)
        assert frame["view"] == expected, f"frame at version {frame['version']} is not seat {seat}'s view"
        others = [s for s in range(3) if s != seat]
        assert all(f"hand_{s}" not in frame for s in others)


def test_hot_seat_hides_each_hand_between_turns(page, site):
    start_from_lobby(page, site, "crown-the-queen", seats=["human", "human", "computer:easy"],
                     options={"rubber": False})
    people = set()
    for _ in range(3):  # three hand-overs of the device
        expect(page.locator("#reveal")).to_be_visible()
        assert page.locator(".cq-hand").count() == 0  # no hand on screen before its owner takes the device
        expect(page.locator("#moves-title")).to_have_text("Your move")  # a player's table, not "Watching"
        person = page.locator("#reveal").text_content()
        people.add(person)
        shot(page, "crown-the-queen-hot-seat-curtain")
        page.click("#reveal")
        expect(page.locator(".cq-hand")).to_be_visible()
        while not page.locator("#reveal").count():
            page.wait_for_function(
                "document.querySelector('[data-cq]:not([disabled]), .cq-hand [data-pass], #reveal')")
            try:
                page.locator(CONTROLS).last.click(timeout=2000)
            except Exception:  # redrawn under the pointer, or the curtain came down: look again
                continue
    assert len(people) == 2, people


def test_between_the_games_of_a_rubber_the_last_game_s_end_stays_at_hand(page, site):
    start_from_lobby(page, site, "crown-the-queen", seats=["human", "computer:easy", "computer:easy"])
    expect(page.locator(".cq-table")).to_be_visible()
    assert page.locator(".cq-last-game").count() == 0  # nothing ended yet
    for _ in range(300):
        page.wait_for_function(f"document.querySelector({CONTROLS!r}) || document.querySelector('.cq-last-game')")
        if page.locator(".cq-last-game").count():
            break
        controls = page.locator(CONTROLS)
        try:
            controls.nth(choose(controls.evaluate_all("els => els.map(e => e.outerHTML)"))).click(timeout=2000)
        except Exception:  # redrawn under the pointer: look again
            continue
    last = page.locator(".cq-last-game")
    expect(last.locator("summary")).to_have_text(re.compile(r"^Game 1 is over: (the Queen was crowned|the centre pack ran out|no card was taken .+)$"))
    expect(page.locator(".score-sheet caption")).to_contain_text("game 2 of 3")
    # each seat's points in the summary are those of the score sheet's row for game 1
    sheet = page.locator(".score-sheet tbody tr").first.locator("td").all_text_contents()
    lines = last.locator("li").all_inner_texts()
    assert [line.split(" · ")[-2] for line in lines] == sheet, (lines, sheet)
    assert any("Queen" in line for line in lines) == ("crowned" in last.locator("summary").inner_text())
    shot(page, "crown-the-queen-between-games")


def test_a_rubber_s_result_shows_each_game_the_totals_and_the_queens_a_tie_goes_by(page, site):
    created = site.new_match("crown-the-queen", seats=[{"kind": "computer", "level": "easy"}] * 3)
    site.wait_until_over(created["match"])
    result = site.http.get(f"/api/matches/{created['match']}/result").json()
    page.goto(f"{site.url}/#/m/{created['match']}")
    rows = page.locator("#results table.explained tr")
    expect(rows).to_have_count(1 + 3 + 2)  # the names, games 1-3, the totals, the Queens crowned
    cells = [rows.nth(i).locator("th, td").all_text_contents() for i in range(6)]
    assert [c[0] for c in cells] == ["Game", "1", "2", "3", "Total", "Queens crowned"]
    for game in range(3):
        assert cells[1 + game][1:] == [str(p) for p in result["result"]["games"][game]]
    assert cells[4][1:] == [f"{s:g}" for s in result["result"]["scores"]]
    assert cells[5][1:] == [str(q) for q in result["result"]["queens"]]


SEEN = """() => {
    window.seen = new Set();
    const look = () => {
        const passed = document.querySelector('.cq-passed');
        // a pass between two other seats: its back, and who passed to whom, never the card
        if (passed && /^a card passed face down, Computer [12] \\(Medium\\) → Computer [12] \\(Medium\\)$/.test(passed.getAttribute('aria-label'))
            && passed.querySelector('.cq-card path') && !passed.querySelector('.cq-card-name')) window.seen.add('face down');
        if (document.querySelector('.cq-face-up.last-to')) window.seen.add('swap');
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true });
}"""
"""What the table has shown while a match is played (every frame is drawn, however fast frames come)."""


def test_keep_and_swap_are_on_the_table_a_swap_turns_the_card_up_and_a_pass_between_others_shows_its_back(page, site):
    start_from_lobby(page, site, "crown-the-queen", options={"rubber": False})
    page.evaluate(SEEN)
    swapped = False
    for _ in range(200):
        page.wait_for_function("document.querySelector('#board [data-lit]')"
                               " || /The match is over/.test(document.querySelector('.status').textContent)")
        if "The match is over" in page.locator(".status").inner_text():
            break
        if page.locator("[data-cq='swap']").count():
            # rule 7 on the table itself, beside the card passed: Keep it or Swap it, each a lit choice
            assert page.locator(".cq-dock-table [data-cq='keep'][data-lit]").count() == 1
            expect(page.locator(".cq-passed")).to_contain_text("passed to you")
            try:
                page.click("[data-cq='swap']", timeout=2000)
            except Exception:  # redrawn under the pointer: look again
                continue
            swapped = True
            expect(page.locator(".cq-face-up.last-to")).to_be_visible()  # turned face up, marked
            shot(page, "crown-the-queen-swap")
            continue
        try:
            page.locator(".cq-hand [data-pass]").last.click(timeout=2000)
        except Exception:  # redrawn under the pointer: look again
            continue
        if swapped and len(page.evaluate("[...window.seen]")) == 2:
            break
    assert swapped
    assert sorted(page.evaluate("[...window.seen]")) == ["face down", "swap"]


def test_a_rubber_s_games_are_shown_and_the_turn_line_says_whose_turn(page, site):
    start_from_lobby(page, site, "crown-the-queen", seats=["human", "computer:easy", "computer:easy"])
    page.wait_for_selector("#board [data-lit]")
    expect(page.locator(".cq-turn")).to_have_text(re.compile(r"^Your turn: .+ · game 1 of 3$"))
    expect(page.locator(".score-sheet caption")).to_have_text("Score sheet · game 1 of 3")
    page.evaluate("""() => { window.lines = [];
        new MutationObserver(() => window.lines.push(document.querySelector('.cq-turn')?.textContent))
            .observe(document.body, { subtree: true, childList: true }); }""")
    for _ in range(20):  # keep what is passed until a card of the hand is passed
        page.wait_for_selector("#board [data-lit]")
        try:
            page.locator("#board [data-cq='keep'], .cq-hand [data-pass]").last.click(timeout=2000)
        except Exception:  # redrawn under the pointer: look again
            continue
        if "Seat 1 passes a card to Computer 1 (Easy)" in page.locator("#log").inner_text():
            break
    expect(page.locator("#log")).to_contain_text("Seat 1 passes a card to Computer 1 (Easy)")
    page.wait_for_selector("#board [data-lit]")  # Seat 1's turn again, after the computers'
    lines = page.evaluate("window.lines")
    assert "Computer 1 (Easy) to play · game 1 of 3." in lines, lines  # whose turn, while it is another's


CARDS = ["Policeman", "Soldier", "Sailor", "Airman", "Royal Coach", "Page", "Archbishop", "Queen", "Trumpeter",
         "Royal Arms", "Buckingham Palace", "Houses of Parliament", "Big Ben", "Marble Arch", "Hyde Park",
         "Union Jack", "Canada", "Australia", "New Zealand", "South Africa", "India", "Ceylon"]
"""Every card of the pack (the rules package's ``CARD_NAMES``)."""


def test_every_card_is_drawn_with_a_picture_of_its_own_never_a_letter(page, site):
    """The Parliament card showed an "H" (the first letter of its name, as every card but the Queen did)."""
    from regalia.games.crown_the_queen.cards import CARD_NAMES

    assert sorted(CARDS) == sorted(CARD_NAMES)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(site.url + "/")
    drawn = page.evaluate("""async (names) => {
        const table = await import("/static/games/crown-the-queen.js");
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("viewBox", "0 0 1200 230");
        svg.setAttribute("id", "all-cards");
        svg.style.cssText = "position:fixed;left:0;top:0;width:1200px;background:#2f5d3a;z-index:99";
        document.body.append(svg);
        return names.map((name, i) => {
            const card = table.card(name, { x: 8 + (i % 11) * 108, y: 8 + Math.floor(i / 11) * 110, w: 68, hgt: 96 });
            svg.append(card);
            const mark = card.querySelector(".cq-mark");
            return { name, mark: mark?.dataset.mark, shapes: mark ? mark.querySelectorAll("path, rect, circle, ellipse, polygon").length : 0,
                     texts: [...card.querySelectorAll("text")].map((t) => t.textContent),
                     box: mark?.getBoundingClientRect().toJSON(), face: card.firstChild.getBoundingClientRect().toJSON() };
        });
    }""", CARDS)
    for card in drawn:
        assert card["mark"] == card["name"] and card["shapes"] >= 2, card
        assert not any(len(text) == 1 for text in card["texts"]), card  # no letter standing for a picture
        box, face = card["box"], card["face"]  # the picture sits on the card's face
        assert face["x"] <= box["x"] and box["x"] + box["width"] <= face["x"] + face["width"] + 0.5, card
        assert face["y"] <= box["y"] and box["y"] + box["height"] <= face["y"] + face["height"] + 0.5, card
    parliament = next(card for card in drawn if card["name"] == "Houses of Parliament")
    assert parliament["texts"] == ["Parliament", "no value"], parliament
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator("#all-cards").screenshot(path=str(ARTIFACTS / "crown-the-queen-cards.png"))
