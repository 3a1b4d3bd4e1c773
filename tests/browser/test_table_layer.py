"""The shared table layer (issue #40), shown on Crown the Queen's table: the outcome of a turn stays in sight
for its pause (paced as a person sees it), the last card laid or passed is marked, a big moment has its
banner, the hand, the controls and whose turn it is are on screen at a desktop's and a phone's size (tap
targets of 40 px on the phone), a whole turn can be played by the keyboard, the list of every legal move is
folded under "All moves", and the replay opens with its controls in view.

Most tests run unpaced (conftest's ``Browser``); the pacing tests ask for a paced context."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from regalia.server.app import create_app
from tests.server.conftest import LiveServer, serve
from tests.server.toys import toy_catalog

from .conftest import ARTIFACTS, click_until_over, shot, start_from_lobby

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
LIT = "#board [data-lit]"
CONTROLS = "[data-cq]:not([disabled]), .cq-hand [data-pass]"
OVER = "/The match is over/.test(document.querySelector('.status')?.textContent || '')"


def context_for(browser: Any, size: dict[str, int], paced: bool = False) -> Any:
    """A context of the size (a phone's with touch), whose pages must raise no JavaScript error (checked when
    the test closes it with ``close``)."""
    phone = size["width"] < 600
    context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone, paced=paced)
    errors: list[str] = []
    context.on("page", lambda page: page.on("pageerror", lambda exc: errors.append(str(exc))))
    context.errors = errors
    return context


def close(context: Any) -> None:
    context.close()
    assert not context.errors, f"JavaScript errors: {context.errors}"


def my_turn(page: Any) -> bool:
    """Wait for Seat 1's turn (its lit choices on the table) or the end; True on a turn."""
    page.wait_for_function(f"document.querySelector({LIT!r}) || {OVER}")
    return page.locator(LIT).count() > 0


def keep_then_pass(page: Any) -> None:
    """Play a turn by clicks: keep what is passed, pass the top card of the fan."""
    if page.locator("[data-cq='keep']").count():
        page.click("[data-cq='keep']")
        page.wait_for_function(f"document.querySelector('.cq-hand [data-pass]') || {OVER}")
    if page.locator(".cq-hand [data-pass]").count():
        page.locator(".cq-hand [data-pass]").last.click()


def inside(box: dict[str, float] | None, size: dict[str, int]) -> bool:
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5 \
        and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5


def pass_shown_for(page: Any) -> float:
    """Seconds the table showed Seat 1's own pass ("you passed") before the next seat's move replaced it."""
    return page.evaluate("""() => new Promise((resolve) => {
        let since = null;
        const look = () => {
            const shown = /you passed/.test(document.querySelector('.cq-passed')?.textContent || '');
            if (shown && since === null) since = performance.now();
            if (!shown && since !== null) return resolve((performance.now() - since) / 1000);
            requestAnimationFrame(look);
        };
        look();
    })""")


def test_the_card_passed_stays_on_the_table_for_its_pause_and_fast_shortens_it(chromium_browser, site):
    context = context_for(chromium_browser, DESKTOP, paced=True)
    page = context.new_page()
    try:
        start_from_lobby(page, site, "crown-the-queen", options={"rubber": False})
        shown = {}
        for mode in ("normal", "fast"):
            if mode == "fast":
                page.check("#fast-toggle")
                assert page.evaluate("localStorage.getItem('regalia.fast')") == "1"
            assert my_turn(page)
            if page.locator("[data-cq='keep']").count():
                page.click("[data-cq='keep']")
                page.wait_for_selector(".cq-hand [data-pass]")
            page.locator(".cq-hand [data-pass]").last.click()
            # the computers answer at once (this server does not pace them): the table holds the pass anyway
            shown[mode] = pass_shown_for(page)
            if mode == "normal":
                expect(page.locator(".cq-passed")).not_to_contain_text("you passed")
                shot(page, "table-layer-after-the-pass")
        assert shown["normal"] >= 0.6, shown  # 0.8 s: the card passed is seen, not skipped
        assert 0.2 <= shown["fast"] < shown["normal"], shown
    finally:
        close(context)


MARKS = """() => {
    window.marks = new Set();
    const look = () => {
        // a card just laid is a card (not a station's ghost) marked in its procession
        if (document.querySelector('.cq-row .cq-slot.last-to .cq-card rect[fill="#fffdf5"]')) window.marks.add('laid');
        if (document.querySelector('.cq-passed.last-to')) window.marks.add('passed');
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true });
}"""
"""Which marks of a last move the table has drawn (each frame is drawn, however fast they come)."""


def test_the_last_card_laid_and_the_last_pass_are_marked(page, site):
    page.set_viewport_size(DESKTOP)
    start_from_lobby(page, site, "crown-the-queen", options={"rubber": False})
    page.evaluate(MARKS)
    for _ in range(200):
        if not my_turn(page) or len(page.evaluate("[...window.marks]")) == 2:
            break
        keep_then_pass(page)
        page.wait_for_function("!document.querySelector('#board.waiting')")
    assert sorted(page.evaluate("[...window.marks]")) == ["laid", "passed"]
    shot(page, "table-layer-last-card")


def test_a_game_won_has_its_banner_and_the_end_of_match_panel_comes_into_view(chromium_browser, site):
    context = context_for(chromium_browser, PHONE)
    page = context.new_page()
    try:
        start_from_lobby(page, site, "crown-the-queen", options={"rubber": False})
        page.evaluate("""() => { window.banners = [];
            new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((n) => {
                if (n.classList?.contains('table-banner')) window.banners.push(n.textContent);
            }))).observe(document.body, { subtree: true, childList: true }); }""")
        click_until_over(page, CONTROLS, lambda names: len(names) - 1)
        banners = page.evaluate("window.banners")  # shown for 2.5 s, over the table, taking no click
        assert len(banners) == 1 and re.search(r"wins the game \(\d+ points\)$", banners[0]), banners
        shot(page, "table-layer-banner-phone")
        results = page.locator("#results")
        expect(results).to_be_visible()
        page.wait_for_function("(() => { const r = document.querySelector('#results').getBoundingClientRect();"
                               " return r.top >= 0 && r.top < innerHeight; })()")
    finally:
        close(context)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_hand_the_controls_and_whose_turn_are_in_view_on_the_player_s_turn(chromium_browser, site, size):
    context = context_for(chromium_browser, size)
    page = context.new_page()
    try:
        start_from_lobby(page, site, "crown-the-queen", seats=["human", "computer:easy", "computer:easy", "computer:easy"],
                         options={"players": "4", "rubber": False})
        name = "desktop" if size is DESKTOP else "phone"
        for turn in range(2):
            assert my_turn(page)
            page.wait_for_timeout(100)
            expect(page.locator(".cq-turn")).to_contain_text("Your turn")
            for what in [".cq-hand", ".cq-turn", ".status", *[f"{LIT} >> nth={i}" for i in range(page.locator(LIT).count())]]:
                assert inside(page.locator(what).bounding_box(), size), (what, page.locator(what).bounding_box())
            shot(page, f"table-layer-turn-{name}-{turn}", full_page=False)
            keep_then_pass(page)
            page.wait_for_function("!document.querySelector('#board.waiting')")
        if size is PHONE:  # a tap target is at least 40 px each way
            assert my_turn(page)
            small = page.locator(f"{LIT}, .fast-toggle, #all-moves > summary").evaluate_all(
                "els => els.map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])"
                ".filter(([, r]) => r.width < 40 || r.height < 40).map(([html, r]) => `${html} ${r.width}x${r.height}`)")
            assert small == [], small
    finally:
        close(context)


def test_a_whole_turn_by_the_keyboard_arrows_and_enter(page, site):
    page.set_viewport_size(DESKTOP)
    start_from_lobby(page, site, "crown-the-queen", options={"rubber": False})
    assert my_turn(page)
    log = page.locator("#log li").count()
    if page.locator("[data-cq='keep']").count():  # rule 7: keep or swap, by arrows
        page.keyboard.press("ArrowRight")
        expect(page.locator("[data-cq='keep']")).to_be_focused()
        page.keyboard.press("ArrowRight")
        expect(page.locator("[data-cq='swap']")).to_be_focused()
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("Enter")
        page.wait_for_selector(".cq-hand [data-pass]")
        expect(page.locator(".cq-hand [data-pass]").first).to_be_focused()  # the ring follows the redraw
    else:
        page.keyboard.press("ArrowRight")
        expect(page.locator(".cq-hand [data-pass]").first).to_be_focused()
    cards = page.locator(".cq-hand [data-pass]").count()
    if cards > 1:
        page.keyboard.press("ArrowRight")
        expect(page.locator(".cq-hand [data-pass]").nth(1)).to_be_focused()
    shot(page, "table-layer-keyboard")
    page.keyboard.press("Enter")
    expect(page.locator("#log")).to_contain_text("Seat 1 passes a card to")
    assert page.locator("#log li").count() > log
    assert my_turn(page)  # and the next turn is Seat 1's again, after the computers'


def test_every_legal_move_is_folded_under_all_moves_where_the_table_is_played_on_the_board(page, site):
    start_from_lobby(page, site, "crown-the-queen", options={"rubber": False})
    assert my_turn(page)
    moves = page.locator("#all-moves")
    expect(moves).not_to_have_attribute("open", "")
    expect(moves.locator("button.action").first).to_be_hidden()
    expect(page.locator(".play-on-table")).to_be_visible()
    moves.locator("summary").click()
    expect(moves.locator("button.action").first).to_be_visible()
    assert page.locator(LIT).count() <= moves.locator("button.action").count()  # the table offers no more than the list
    moves.locator("button.action").first.click()
    page.wait_for_function(f"document.querySelector('#all-moves[open]') || !document.querySelector({LIT!r}) || {OVER}")
    # King's Gold plays on its own board too (its dice, Roll, Stop, Fire!, the Duel's cards): the list is folded,
    # and the keys reach the board's controls
    start_from_lobby(page, site, "kings-gold", seats=["human", "computer:easy"])
    expect(page.locator("[data-kg='roll']")).to_be_visible()
    expect(page.locator("#all-moves")).not_to_have_attribute("open", "")
    expect(page.locator("#all-moves button[data-action='roll']")).to_be_hidden()
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-kg='roll']")).to_be_focused()


@pytest.fixture(scope="module")
def toy_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The app over the toy games (Pig...), which have no table of their own: the generic one draws them."""
    db = Path(tmp_path_factory.mktemp("layer-toys")) / "toys.db"
    yield from serve(create_app(f"sqlite:///{db}", catalog=toy_catalog(), bot_pause=0.0))


def test_the_generic_table_shows_its_moves_unfolded_and_a_whole_turn_is_played_by_the_keys(page, toy_site):
    """A game without a table of its own (Pig here) has no moves on a board: "All moves" is its control, open."""
    start_from_lobby(page, toy_site, "pig", seats=["human", "computer:random"], options={"target": "100"})
    moves = page.locator("#all-moves")
    expect(moves).to_have_attribute("open", "")
    expect(moves.locator("button[data-action='roll']")).to_be_visible()
    log = page.locator("#log li")
    for action in ("roll", "stop"):  # a turn of Pig: roll once, then stop (a 1 rolled ends it at once)
        expect(page.locator("#all-moves button.action").first).to_be_visible()
        before = log.count()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
            if page.evaluate("document.activeElement?.dataset?.action") == action:
                break
        expect(page.locator(f"#all-moves button[data-action='{action}']")).to_be_focused()
        page.keyboard.press("Enter")
        expect(log).not_to_have_count(before)
        if "Computer" in (page.locator(".status").text_content() or "") or not page.locator(
                "#all-moves button.action").count():
            break
    page.wait_for_function("document.querySelector('#all-moves button.action')")  # the computer's turn passed


def test_a_whole_turn_of_kings_gold_by_the_keys_a_die_held_and_the_throw_stopped(page, site):
    page.set_viewport_size(DESKTOP)
    start_from_lobby(page, site, "kings-gold", seats=["human", "computer:easy"])

    def press_until(selector: str) -> None:
        page.wait_for_selector(selector)  # drawn first (the computer may throw before the helm comes round)
        for _ in range(20):
            page.keyboard.press("ArrowRight")
            if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
                return
        raise AssertionError(f"the keys never reached {selector}")

    press_until("[data-kg='roll']")
    page.keyboard.press("Enter")  # the throw
    page.wait_for_function("document.querySelector('.die.clickable') || document.querySelector('[data-kg]:not([disabled]):not([data-kg=roll])')")
    if page.locator(".die.clickable").count() > 1:
        press_until(".die.clickable")
        held = page.evaluate("document.activeElement.dataset.die")
        page.keyboard.press("Enter")  # hold it: the ring stays on it
        expect(page.locator(f".die[data-die='{held}']")).to_have_class(re.compile(r"\bheld\b"))
        expect(page.locator(f".die[data-die='{held}']")).to_be_focused()
        shot(page, "table-layer-kings-gold-keys")
    # then Stop, and whatever the throw asks of its captain (a Crest to assign, a Cannon to aim), by the keys,
    # until the helm passes to the computer's captain (Ben)
    for _ in range(12):
        if page.locator("#log li", has_text=re.compile(r"^Ben ")).count():
            break
        page.wait_for_function("!document.querySelector('#board.waiting')")
        enabled = page.locator("[data-kg]:not([disabled]):not([data-kg='reroll'])")
        if not enabled.count():
            page.wait_for_timeout(100)
            continue
        wanted = "[data-kg='stop']" if page.locator("[data-kg='stop']").count() else \
            "[data-kg]:not([disabled]):not([data-kg='reroll'])"
        press_until(wanted)
        page.keyboard.press("Enter")
    expect(page.locator("#log li", has_text=re.compile(r"^Ben ")).first).to_be_attached()


def test_the_replay_opens_at_the_top_with_its_controls_in_view_and_marks_each_step(chromium_browser, site):
    created = site.new_match("crown-the-queen", seats=[{"kind": "computer", "level": "easy"}] * 3, rubber=False)
    site.wait_until_over(created["match"], seconds=120)
    for size in (DESKTOP, PHONE):
        context = context_for(chromium_browser, size)
        page = context.new_page()
        try:
            page.goto(f"{site.url}/#/m/{created['match']}")
            expect(page.locator("#replay-link")).to_be_visible()
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            page.locator("#replay-link").evaluate("a => a.click()")  # from the bottom of the finished match
            expect(page.locator(".replay h1")).to_contain_text("replay")
            page.wait_for_function("window.scrollY === 0")
            assert inside(page.locator("#replay-controls").bounding_box(), size)
            marked = False
            for _ in range(12):
                page.click("#replay-next")
                if page.locator(".cq-passed.last-to, .cq-slot.last-to, .cq-face-up.last-to").count():
                    marked = True
                    break
            assert marked, "no step of the replay marked its move"
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            assert inside(page.locator("#replay-controls").bounding_box(), size)  # they stay in view
            page.click("#replay-end")
            page.click("#replay-back")
            page.click("#replay-next")  # the last step, forward: the game's end has its banner
            expect(page.locator(".table-banner")).to_contain_text(re.compile(r"wins the game|crowns the Queen"))
            page.evaluate("window.scrollTo(0, 0)")
            shot(page, f"table-layer-replay-{'desktop' if size is DESKTOP else 'phone'}", full_page=False)
        finally:
            close(context)


def test_a_game_of_the_rubber_ends_on_the_table_its_processions_stay_for_the_moment_then_the_new_deal(
        chromium_browser, site):
    created = site.new_match("crown-the-queen", seats=[{"kind": "computer", "level": "easy"}] * 3)
    site.wait_until_over(created["match"], seconds=120)
    steps = site.http.get(f"/api/matches/{created['match']}/replay").json()["steps"]
    ends = next(i for i, step in enumerate(steps) if step["view"]["results"])  # the step that ended game 1
    context = context_for(chromium_browser, DESKTOP, paced=True)
    page = context.new_page()
    try:
        page.goto(f"{site.url}/#/m/{created['match']}/replay")
        expect(page.locator(".status")).to_contain_text("Step 0 of")
        for _ in range(ends - 1):
            page.keyboard.press("ArrowRight")
        expect(page.locator(".status")).to_contain_text(f"Step {ends - 1} of")
        page.keyboard.press("ArrowRight")  # forward onto the step that ends game 1
        turn = page.locator(".cq-turn")
        expect(turn).to_have_text(re.compile(r"^Game 1 is over: "))
        laid = page.locator(".cq-row .cq-slot .cq-card rect[fill='#fffdf5']").count()
        assert laid > 0  # the processions the game ended on, not the new deal's empty ones
        expect(page.locator(".cq-row .cq-slot.last-to")).not_to_have_count(0)  # the last card laid, marked
        expect(page.locator(".table-banner")).to_contain_text("Game 1 of the rubber to")
        shot(page, "table-layer-game-of-the-rubber-won", full_page=False)
        expect(turn).not_to_contain_text("is over", timeout=5000)  # then the new deal
        assert page.locator(".cq-row .cq-slot .cq-card rect[fill='#fffdf5']").count() < laid
    finally:
        close(context)


def press_until(page: Any, selector: str, presses: int = 40) -> None:
    """Arrow right until the ring is on an element matching ``selector``."""
    for _ in range(presses):
        page.keyboard.press("ArrowRight")
        if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"the keys never reached {selector}")


def test_a_whole_turn_of_gold_crown_by_the_keys(page, site):
    """The spin, then each knight's move (a knight, then one of its lit boxes) or a fall, by arrows and Enter."""
    page.set_viewport_size(DESKTOP)
    start_from_lobby(page, site, "gold-crown", seats=["human", "computer:easy"])
    expect(page.locator("[data-gc='spin']")).to_be_visible()
    press_until(page, "[data-gc='spin']")
    page.keyboard.press("Enter")
    for _ in range(30):
        page.wait_for_function("!document.querySelector('#board.waiting')")
        if page.locator("[data-gc='spin']").count() or not (page.locator(".status").text_content() or "").startswith("Your turn"):
            break  # the computer's turn, or already the next of ours (its spin)
        # a knight's lit box first, else a knight to move, else the buttons (Stop, End the turn) last
        for choice in ("[data-lit^='to:'], [data-lit^='lose:'], [data-lit^='fire:']", "[data-lit^='from:']",
                       "[data-lit^='gc:']"):
            if page.locator(f"#board :is({choice})").count():
                press_until(page, f":is({choice})")
                page.keyboard.press("Enter")
                break
        else:
            page.wait_for_timeout(100)
    expect(page.locator("[data-gc='spin']")).to_be_visible()  # the turn played by keys alone: ours again
    log = page.locator("#log").text_content() or ""
    assert re.search(r"Gold( \(South\))? (moves|loses|fires|retreats|passes)", log), log[:600]
    shot(page, "table-layer-gold-crown-keys", full_page=False)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_kings_gold_dice_controls_and_whose_turn_are_in_view_with_tap_sized_targets(chromium_browser, site, size):
    context = context_for(chromium_browser, size)
    page = context.new_page()
    try:
        start_from_lobby(page, site, "kings-gold", seats=["human", "computer:easy"])
        at = page.locator(".papers").inner_text()
        page.click("[data-kg='roll']")
        page.wait_for_function("(at) => document.querySelector('.papers').innerText !== at"
                               " && !document.querySelector('#board.waiting')", arg=at)  # the throw drawn
        name = "desktop" if size is DESKTOP else "phone"
        shot(page, f"table-layer-kings-gold-{name}", full_page=False)
        for what in [".status", *[f".die >> nth={i}" for i in range(5)],
                     *[f"[data-kg]:not([disabled]) >> nth={i}" for i in range(page.locator("[data-kg]:not([disabled])").count())]]:
            assert inside(page.locator(what).bounding_box(), size), (what, page.locator(what).bounding_box())
        if size is PHONE:
            small = page.locator(".die.clickable, [data-kg], .fast-toggle, #all-moves > summary").evaluate_all(
                "els => els.map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])"
                ".filter(([, r]) => r.width < 40 || r.height < 40).map(([html, r]) => `${html} ${r.width}x${r.height}`)")
            assert small == [], small
    finally:
        close(context)


@pytest.mark.parametrize("game_id", ["kings-gold", "crown-the-queen"])
def test_the_score_explained_fits_a_phone_its_rows_stacked(chromium_browser, site, game_id):
    """The result screen's table of the score (King's Gold's seven columns) stood 429 px wide on a 390 px phone."""
    seats = [{"kind": "computer", "level": "easy"}] * (6 if game_id == "kings-gold" else 3)
    created = site.new_match(game_id, seats=seats, players=len(seats), **({"navy_rounds": 2} if game_id == "kings-gold" else {}))
    site.wait_until_over(created["match"], seconds=240)
    context = context_for(chromium_browser, PHONE)
    page = context.new_page()
    try:
        page.goto(f"{site.url}/#/m/{created['match']}")
        table = page.locator("#results table.explained")
        expect(table).to_be_visible()
        table.scroll_into_view_if_needed()
        box = table.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        rows = table.locator("tbody tr")
        assert rows.count() >= 2
        first = rows.first.locator("td").first.bounding_box()
        second = rows.first.locator("td").nth(1).bounding_box()
        assert second["y"] > first["y"], (first, second)  # a row's cells stand one under another
        shot(page, f"table-layer-score-explained-{game_id}-phone", full_page=False)
    finally:
        close(context)


EMOJI = re.compile("[\u231a\u231b\u23e9-\u23fa\U0001f000-\U0001faff]")
"""Glyphs that only an emoji font draws (the page ships no font: they would show as empty boxes)."""


def test_the_blitz_hourglass_is_drawn_not_a_glyph_of_a_font_the_page_lacks(page, site):
    page.set_viewport_size(DESKTOP)
    start_from_lobby(page, site, "kings-gold", seats=["human", "human"], options={"mode": '"blitz"', "turn_seconds": "30"})
    countdown = page.locator("#countdown")
    expect(countdown).to_be_visible()
    assert not EMOJI.search(countdown.inner_text())
    drawn = countdown.evaluate("el => getComputedStyle(el, '::before').backgroundImage")
    assert drawn.startswith('url("data:image/svg+xml'), drawn  # the hourglass, an SVG of the style sheet
    assert not EMOJI.search(page.locator("body").inner_text())
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    countdown.screenshot(path=str(ARTIFACTS / "table-layer-blitz-hourglass.png"))
