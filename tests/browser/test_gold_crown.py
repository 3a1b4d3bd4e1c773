"""Gold Crown in the browser: from the lobby into a siege against the computer, by clicks on the table —
the spinner, knights marched in one gesture (clicked, dragged with a mouse or a finger), the catapult aimed
and its boulder's flight — to a decisive point, and a short siege (max_rounds 10) played to its end; the
mat's coordinates and apparatus, the battle report, the phone's zoom."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .conftest import shot, start_from_lobby

pytestmark = pytest.mark.browser

CONTROLS = ".gc-mat .clickable, [data-gc]:not([disabled])"


def decisive(page) -> bool:
    """Something that changes the siege happened: a breach, a chamber taken, knights lost, or the end."""
    if "The match is over" in (page.locator(".status").text_content() or ""):
        return True
    rows = page.locator(".gc-barons tbody tr").all_inner_texts()
    return any("—" not in row.split("\t")[-1] for row in rows) or any(
        int(page.locator(f"[data-strength='{seat}']").inner_text()) < 32 for seat in range(len(rows)))


def test_gold_crown_from_the_lobby_to_a_decisive_point_against_the_computer(page, site):
    start_from_lobby(page, site, "gold-crown", seats=["human", "computer:easy"])
    expect(page.locator("h1")).to_have_text("Gold Crown")
    expect(page.locator(".gc-mat")).to_be_visible()
    expect(page.locator(".gc-spinner")).to_be_visible()
    clicks, misses, aimed, moved = 0, 0, False, False
    while not decisive(page):
        assert clicks < 300 and misses < 40, "no decisive point reached"
        page.wait_for_function("document.querySelector('.gc-mat .clickable, [data-gc]:not([disabled])')"
                               " || /The match is over/.test(document.querySelector('.status').textContent)")
        controls = page.locator(CONTROLS)
        kinds = controls.evaluate_all("els => els.map(e => e.dataset.gc || e.getAttribute('aria-label') || '')")
        if not kinds:
            continue
        pick = next((i for i, k in enumerate(kinds) if k == "spin"), None)
        if pick is None:
            pick = next((i for i, k in enumerate(kinds) if "aim the catapult" in k), None)
            aimed = aimed or pick is not None
        if pick is None:
            pick = next((i for i, k in enumerate(kinds) if "march" in k and "here" in k), None)
            moved = moved or pick is not None
        if pick is None:
            pick = next((i for i, k in enumerate(kinds) if "show its moves" in k), None)
        if pick is None:
            pick = 0
        try:
            controls.nth(pick).click(timeout=3000)
            clicks += 1
        except PlaywrightTimeout:
            misses += 1
        if clicks == 3:
            shot(page, "gold-crown-in-play")
    expect(page.locator(".gc-points")).to_contain_text("Move points left")
    assert moved or aimed
    shot(page, "gold-crown-decisive")


def test_the_end_of_a_siege_is_told_in_the_game_s_words_and_its_figures_seat_by_seat(page, site):
    created = site.new_match("gold-crown", seats=[{"kind": "computer", "level": "easy"},
                                                  {"kind": "computer", "level": "random"}], max_rounds=10)
    site.wait_until_over(created["match"], seconds=120)
    page.goto(f"{site.url}/#/m/{created['match']}")
    results = page.locator("#results")
    expect(results).to_be_visible()
    expect(page.locator("#ending")).to_have_text(page.locator("#log li").last.inner_text())
    # not "a draw", nor "nobody won": the King won, and the line says so as the result panel does
    expect(page.locator(".status")).to_have_text(re.compile(r"^The match is over\. The King wins: .+\.$"))
    # one figure a baron, named as the page names the seats (it read "knights: [19,9]")
    expect(results.locator(".explained")).to_contain_text(re.compile(
        r"Computer \(Easy\) · Gold: \d+ knights left.*Computer \(Random\) · Silver: \d+ knights left"))
    expect(results.locator(".explained")).to_contain_text("Rounds played: ")
    assert not any(ch in results.inner_text() for ch in "[]{}")
    shot(page, "gold-crown-over")


# ----- the mat as the 1966 game: coordinates, apparatus, the phone ----------------------------------------

BOX_SIZE = "el => { const r = el.getBoundingClientRect(); return [r.width, r.height]; }"


def version(page) -> int:
    return int(page.locator(".gold-crown").get_attribute("data-version") or -1)


def act(page, selector: str) -> None:
    """Click a control of the table and wait until the server's answer is drawn and a choice is offered again
    (both seats are this page's: the chance steps between come on their own)."""
    before = version(page)
    page.locator(selector).first.click()
    page.wait_for_function(
        "v => +document.querySelector('.gold-crown')?.dataset.version > v && (document.querySelector("
        "\"[data-gc]:not([disabled]), .gc-mat .clickable\") || /over/.test(document.querySelector('.status').textContent))",
        arg=before)


def apparatus(page, seat: int) -> dict:
    mat = page.locator(".gc-mat")
    return {
        "bridge": mat.locator(f".gc-bridge[data-seat='{seat}']").get_attribute("data-bridge"),
        "gates": mat.locator(f".gc-gates[data-seat='{seat}']").get_attribute("data-gates"),
        "ram": mat.locator(f".gc-ram[data-seat='{seat}']").get_attribute("data-ram"),
        "boulders": int(mat.locator(f".gc-catapult[data-seat='{seat}']").get_attribute("data-boulders") or -1),
        "breaches": mat.locator(f".gc-boulder[data-by='{seat}']").count(),
    }


def test_the_mat_prints_the_log_s_coordinates_on_its_four_edges_and_reads_as_a_castle(page, site):
    board = site.http.get("/api/games/gold-crown/board").json()["board"]
    page.set_viewport_size({"width": 1366, "height": 900})
    start_from_lobby(page, site, "gold-crown", seats=["human", "computer:easy"])
    expect(page.locator(".gc-mat [data-box]")).to_have_count(len(board["boxes"]))
    letters = sorted({re.match(r"[a-z]+", b["name"]).group() for b in board["boxes"]})
    numbers = sorted({re.search(r"\d+", b["name"]).group() for b in board["boxes"]}, key=int)
    coords = page.locator(".gc-coords .gc-coord").all_text_contents()
    for name in letters + numbers:
        assert coords.count(name) == 2, f"{name} is not printed on both edges"
    # a column's letter stands above its boxes, a row's number beside them: k11 is under k and level with 11
    k11 = page.locator(".gc-mat [data-box='k11'] > rect").first.bounding_box()
    k = page.locator(".gc-coords [data-coord='k']").first.bounding_box()
    eleven = page.locator(".gc-coords [data-coord='11']").first.bounding_box()
    assert abs((k["x"] + k["width"] / 2) - (k11["x"] + k11["width"] / 2)) < 4
    assert abs((eleven["y"] + eleven["height"] / 2) - (k11["y"] + k11["height"] / 2)) < 4
    # the castle: its stone outline, zones painted with patterns, rows 1-4 of each field numbered, the tracks
    assert page.locator(".gc-mat .gc-stone").count() == 1
    fills = set(page.locator(".gc-mat [data-box] > rect:first-child").evaluate_all("els => els.map(e => e.getAttribute('fill'))"))
    assert len({f for f in fills if f.startswith("url(#")}) >= 7  # field, separator, wall, deck, tower, chamber, throne...
    assert sorted(set(page.locator(".gc-rows .gc-row-number").all_text_contents())) == ["1", "2", "3", "4"]
    assert page.locator(".gc-tracks path").count() == 2 * len(board["faces"])
    # the apparatus of both barons at the battle lines, the barons on their shields, the 16 guards, the Crown
    for seat in (0, 1):
        assert apparatus(page, seat) == {"bridge": "up", "gates": "closed", "ram": "home", "boulders": 5, "breaches": 0}
        expect(page.locator(f".gc-baron[data-baron='{seat}']")).to_have_count(1)
        expect(page.locator(f".gc-count[data-count='{seat}']")).to_have_text(re.compile(r"\w+ 32"))
    expect(page.locator(".gc-mat .gc-guard")).to_have_count(16)
    expect(page.locator(".gc-mat .gc-knight")).to_have_count(64)
    shot(page, "gold-crown-desktop", full_page=False)


def test_spins_5_6_7_and_12_move_the_apparatus_drawn_on_the_mat(page, site):
    """Both seats are this page's (hot seat): each spin's outcome stays drawn until the next click. The seed is
    fixed (conftest's fixed_seeds): the spins come in the same order on every run."""
    start_from_lobby(page, site, "gold-crown", seats=["human", "human"])
    page.wait_for_selector("[data-gc='spin']")
    seen: set[int] = set()
    fallen_seen: set[int] = set()
    turns = 0
    while not {5, 6, 7, 12} <= seen or not fallen_seen:
        assert turns < 400, f"spins seen with their effect: {sorted(seen)}"
        turns += 1
        seat = int(page.locator(".gc-barons tbody tr.at-helm").evaluate("tr => [...tr.parentNode.children].indexOf(tr)"))
        was = apparatus(page, seat)
        was_count = int(page.locator(f"[data-strength='{seat}']").inner_text())
        act(page, "[data-gc='spin']")
        spin = int(page.locator(".gc-spun").get_attribute("data-spin"))
        expect(page.locator(".gc-spun")).to_contain_text(f"Spun {spin}: ")
        now = apparatus(page, seat)
        if spin == 5:
            assert now["bridge"] == "down"
            seen.add(5)
        elif spin == 6 and was["ram"] == "bridge":
            assert now["ram"] == "home" and now["gates"] in ("open", "destroyed")
            seen.add(6)
            shot(page, "gold-crown-after-6", full_page=False)
        elif spin == 7 and was["bridge"] == "down":
            assert now["bridge"] == "up" and now["gates"] in ("closed", "destroyed")
            seen.add(7)
        lost = was_count - int(page.locator(f"[data-strength='{seat}']").inner_text())
        if lost > 0 and spin in (1, 2, 3, 4, 7, 8, 9):  # the archers', the gates' or the wall's dead, marked
            assert page.locator(".gc-mat .gc-fallen").count() >= lost
            fallen_seen.add(spin)
        if page.locator(".gc-mat .clickable[aria-label*='aim the catapult']").count():
            aim = page.locator(".gc-mat .clickable[aria-label*='aim the catapult']").first.get_attribute("data-box")
            act(page, ".gc-mat .clickable[aria-label*='aim the catapult']")
            flight = page.locator(".gc-mat .gc-flight")  # the boulder's arc to the aim, its scatter to where it fell
            expect(flight).to_have_attribute("data-aim", aim)
            assert re.fullmatch(r"[+-]?\d [+-]?\d", flight.get_attribute("data-drift") or "")
            assert page.locator(".gc-mat .gc-flight .gc-landing").count() == 1
            if 12 not in seen:
                shot(page, "gold-crown-catapult", full_page=False)
            after = apparatus(page, seat)
            # a boulder that misses the castle comes back (the misses_lost variant is off)
            assert after["boulders"] in (was["boulders"], was["boulders"] - 1)
            assert after["breaches"] >= was["breaches"]
            seen.add(12)
        while page.locator(".gc-mat .clickable[aria-label*='this knight falls']").count():
            act(page, ".gc-mat .clickable[aria-label*='this knight falls']")
        if page.locator("[data-gc='march']").count():
            act(page, "[data-gc='march']")
        if page.locator("[data-gc='ram']").count():
            act(page, "[data-gc='ram']")
            assert apparatus(page, seat)["ram"] == "bridge"
        if page.locator("[data-gc='end']").count() and not fallen_seen:  # march a knight toward the castle
            knights = page.locator(".gc-mat [data-lit^='from:']")
            if knights.count():
                knights.nth(turns % knights.count()).click()
                paths = page.locator(".gc-mat [data-lit^='to:']").evaluate_all("els => els.map(e => e.dataset.path)")
                if paths:
                    far = max(paths, key=lambda p: len(p.split("-")))
                    act(page, f".gc-mat [data-box='{far.split('-')[-1]}']")
        if page.locator("[data-gc='end']").count():
            act(page, "[data-gc='end']")
        if "over" in (page.locator(".status").text_content() or ""):
            break
    assert {5, 6, 7, 12} <= seen
    assert fallen_seen, "no knight fell to the archers, the gates or the wall"


def test_on_a_phone_the_mat_zooms_and_pans_with_tap_targets_of_40_px(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    start_from_lobby(page, site, "gold-crown", seats=["human", "computer:easy"])
    expect(page.locator(".gc-mat.zoom-play")).to_be_visible()  # a phone plays zoomed in
    wrap = page.locator(".gc-wrap")
    sizes = wrap.evaluate("el => [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight]")
    assert sizes[0] > sizes[1] and sizes[2] > sizes[3], "the zoomed mat pans"
    for w, hgt in page.locator(".gc-mat [data-box] > rect:first-child").evaluate_all(f"els => els.map({BOX_SIZE})"):
        assert w >= 40 and hgt >= 40
    # it opens on the player's own face: their shield in sight
    shield = page.locator(".gc-baron[data-baron='0']").bounding_box()
    assert 0 <= shield["x"] <= 390 and 0 <= shield["y"] <= 844 + 400
    page.locator("[data-gc='spin']").click()
    page.wait_for_function("document.querySelector('.gc-mat .clickable, [data-gc]:not([disabled])')")
    for w, hgt in page.locator("[data-gc], .gc-zoom button").evaluate_all(f"els => els.map({BOX_SIZE})"):
        assert w >= 40 and hgt >= 40
    for w, hgt in page.locator(".gc-mat .clickable > rect:first-child").evaluate_all(f"els => els.map({BOX_SIZE})"):
        assert w >= 40 and hgt >= 40
    shot(page, "gold-crown-phone", full_page=False)
    page.click("[data-zoom='fit']")
    expect(page.locator(".gc-mat.zoom-fit")).to_be_visible()
    assert wrap.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    shot(page, "gold-crown-phone-whole", full_page=False)


# ----- a whole short siege by clicks: a march in one gesture, the battle report, a refusal -----------------

REFUSE = """async ([matchId, action]) => {
  const tokens = Object.values(JSON.parse(localStorage.getItem("regalia.seats") || "{}")[matchId] || {});
  const ws = new WebSocket(`ws://${location.host}/ws/matches/${matchId}`);
  const said = [];
  await new Promise((ok) => { ws.onopen = ok; });
  ws.onmessage = (e) => said.push(JSON.parse(e.data));
  ws.send(JSON.stringify({ type: "hello", tokens }));
  const wait = async (test) => { for (let i = 0; i < 100 && !said.some(test); i += 1) await new Promise((r) => setTimeout(r, 50)); return said.find(test); };
  const update = await wait((m) => m.type === "update" && m.seats?.length);
  ws.send(JSON.stringify({ type: "act", version: update.version, seat: update.seats[0], action }));
  const refused = await wait((m) => m.type === "refused");
  ws.close();
  return refused ? refused.reason : null;
}"""


def log_lines(page) -> int:
    """The lines of the battle report's last entry (the turn in play)."""
    return int(page.locator("#log li.gc-entry").last.get_attribute("data-lines") or 0)


def test_a_short_siege_by_clicks_to_the_end_marching_in_one_gesture(page, site):
    page.set_viewport_size({"width": 1366, "height": 900})
    start_from_lobby(page, site, "gold-crown", seats=["human", "computer:easy"], options={"max_rounds": "10"})
    match_id = page.url.rsplit("/", 1)[-1]
    marched = refused = False
    clicks = 0
    while "The match is over" not in (page.locator(".status").text_content() or ""):
        assert clicks < 400, "the short siege did not end"
        page.wait_for_function("document.querySelector('.gc-mat .clickable, [data-gc]:not([disabled])')"
                               " || /The match is over/.test(document.querySelector('.status').textContent)")
        if "The match is over" in (page.locator(".status").text_content() or ""):
            break
        clicks += 1
        for choice in ("[data-gc='spin']", ".gc-mat .clickable[aria-label*='this knight falls']", "[data-gc='march']"):
            if page.locator(choice).count():
                act(page, choice)
                break
        else:
            if not page.locator("[data-gc='end']").count():  # a choice of scaling: take the first offered
                act(page, "[data-gc]:not([disabled])")
                continue
            points = int(page.locator(".gc-points").get_attribute("data-points"))
            knights = page.locator(".gc-mat [data-lit^='from:']")
            if not marched and points >= 4 and knights.count():
                marched = march_in_one_gesture(page, knights, points)
                if marched and not refused:
                    path = marched.split("-")
                    back = path[::-1]
                    while len(back) - 1 <= int(page.locator(".gc-points").get_attribute("data-points")):
                        back += back[-2:-1]  # to and fro: a box more than the points left
                    reason = page.evaluate(REFUSE, [match_id, "move " + "-".join(back)])
                    assert reason and "The movement rule" in reason and "move point" in reason, reason
                    assert not re.search(r"\bGC-\d", reason)
                    refused = True
            act(page, "[data-gc='end']")
    assert marched and refused
    # the battle report: one entry a turn, each folding its lines; the turn's summary retells it
    entries = page.locator("#log li.gc-entry")
    assert entries.count() >= 10
    summaries = page.locator("#log li.gc-entry > details > summary").all_inner_texts()
    assert any(re.search(r"(Gold|Silver) spins \d+: moves \d+ box", t) for t in summaries), summaries[-5:]
    assert sum(int(n) for n in entries.evaluate_all("els => els.map(e => e.dataset.lines)")) > entries.count()
    expect(page.locator("#log li.gc-entry").last).to_contain_text("the King wins")
    shot(page, "gold-crown-over-report", full_page=False)


def march_in_one_gesture(page, knights, points: int) -> str | None:
    """Select a knight, then drag it to the lit box farthest along its paths (short of the points left): one
    version and one log line. Returns the path marched, or None when no knight had a march of 2 boxes or more."""
    for i in range(min(knights.count(), 12)):
        knights.nth(i).click()
        targets = page.locator(".gc-mat [data-lit^='to:']")
        paths = targets.evaluate_all("els => els.map(e => e.dataset.path)")
        far = [p for p in paths if 3 <= len(p.split("-")) <= points]  # the turn goes on after it
        if not far:
            continue
        path = max(far, key=lambda p: len(p.split("-")))
        start, end = path.split("-")[0], path.split("-")[-1]
        target = page.locator(f".gc-mat [data-box='{end}']")
        target.hover()
        expect(page.locator(".gc-mat .gc-path")).to_have_attribute("data-path", path)  # the path is shown
        page.evaluate("window.scrollTo(0, 0)")
        target.hover()
        shot(page, "gold-crown-march", full_page=False)  # README's picture (scripts/readme-pictures)
        before, lines = version(page), log_lines(page)
        a = page.locator(f".gc-mat [data-box='{start}'] > rect").first.bounding_box()
        b = target.locator("rect").first.bounding_box()
        page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
        page.mouse.down()
        page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=6)
        page.mouse.up()
        page.wait_for_function("v => +document.querySelector('.gold-crown')?.dataset.version > v", arg=before)
        assert version(page) == before + 1, "a march is one version"
        assert log_lines(page) == lines + 1, "and one line of the report"
        expect(page.locator("#log li.gc-entry").last.locator(".gc-lines > li").last).to_contain_text(f"(move {path})")
        return path
    return None


def test_on_a_phone_a_finger_drags_a_knight_along_its_march(chromium_browser, site):
    """A touch screen: the finger on a knight drags it (the mat does not pan under it) to a lit box: one march."""
    context = chromium_browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        start_from_lobby(page, site, "gold-crown", seats=["human", "human"])
        cdp = context.new_cdp_session(page)
        for _ in range(60):
            page.wait_for_selector("[data-gc]:not([disabled])")
            if page.locator("[data-gc='spin']").count():
                act(page, "[data-gc='spin']")
                continue
            for choice in (".gc-mat .clickable[aria-label*='this knight falls']", "[data-gc='march']"):
                if page.locator(choice).count():
                    act(page, choice)
                    break
            else:
                if not page.locator("[data-gc='end']").count():
                    act(page, "[data-gc]:not([disabled])")
                    continue
                points = int(page.locator(".gc-points").get_attribute("data-points"))
                knights = page.locator(".gc-mat [data-lit^='from:']")
                if points >= 3 and knights.count():
                    knight = knights.last
                    knight.tap()
                    paths = page.locator(".gc-mat [data-lit^='to:']").evaluate_all("els => els.map(e => e.dataset.path)")
                    far = [p for p in paths if 3 <= len(p.split("-")) <= points]
                    if far:
                        path = min(far, key=len)  # two boxes away: both ends in the phone's window
                        start = page.locator(f".gc-mat [data-box='{path.split('-')[0]}']")
                        end = page.locator(f".gc-mat [data-box='{path.split('-')[-1]}']")
                        start.scroll_into_view_if_needed()
                        end.scroll_into_view_if_needed()
                        a, b = start.bounding_box(), end.bounding_box()
                        scroll = page.locator(".gc-wrap").evaluate("el => [el.scrollLeft, el.scrollTop]")
                        before = version(page)
                        points_at = [(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2),
                                     (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)]
                        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": points_at[0][0], "y": points_at[0][1]}]})
                        for i in range(1, 9):
                            x = points_at[0][0] + (points_at[1][0] - points_at[0][0]) * i / 8
                            y = points_at[0][1] + (points_at[1][1] - points_at[0][1]) * i / 8
                            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
                        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
                        page.wait_for_function("v => +document.querySelector('.gold-crown')?.dataset.version > v", arg=before)
                        assert version(page) == before + 1
                        assert page.locator(".gc-wrap").evaluate("el => [el.scrollLeft, el.scrollTop]") == scroll
                        expect(page.locator("#log li.gc-entry").last.locator(".gc-lines > li").last).to_contain_text(f"(move {path})")
                        return
                act(page, "[data-gc='end']")
        raise AssertionError("no march of two boxes or more was offered")
    finally:
        context.close()
        assert not errors, f"JavaScript errors: {errors}"
