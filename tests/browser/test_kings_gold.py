"""King's Gold in the browser: from the lobby through a whole match against the computer, by clicks on
the table itself (dice held by clicking them, Roll / Re-roll / Stop, Crests, Cannons aimed in the Ledger)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.games.kings_gold.rules import HEISTS

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
    # a captain's row names the seat as the players' bar does: "Anne" (the person who gave no name is called
    # by her captain's name, once), "Ben · Computer (medium)"
    rows = page.locator("table.ledger tbody th").all_inner_texts()
    seats = page.locator(".players li").all_text_contents()
    assert len(rows) == len(seats) == 2 and rows[1].lower().endswith("· computer (medium)"), (rows, seats)
    assert seats[0] == "Anne (you)" and rows[0].startswith("Anne") and "·" not in rows[0], (rows, seats)
    assert "Seat" not in " ".join(rows + seats), (rows, seats)
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
          mark: tr.querySelector(".mp-bonus")?.textContent || "", haul: tr.querySelector(".mp-haul")?.textContent || "",
          score: tr.querySelector(".score").textContent, threat: tr.querySelector(".threat").textContent }));
    }""", update)
    assert rows[0] == {"mark": "+10 Master Pirate, for now", "haul": "largest haul: 5 points", "score": "15",
                       "threat": "up to 4 coins"}  # the bonus, and the haul that holds the record
    assert rows[1] == {"mark": "", "haul": "", "score": "0", "threat": "nothing: no coins"}
    assert rows[2]["mark"] == "" and rows[2]["threat"] == "up to 4 coins"


def hold_seat(page, site, match_id: str, seat: int, token: str) -> None:
    page.goto(site.url + "/")
    page.evaluate("([m, s, t]) => localStorage.setItem('regalia.seats', JSON.stringify({[m]: {[s]: t}}))",
                  [match_id, seat, token])
    page.goto(f"{site.url}/#/m/{match_id}")


def test_the_turn_ending_throw_stays_on_the_table_after_the_turn_passes(page, site):
    # Anne plays her turn over her own socket; Ben's page still shows her last throw and what it did once the
    # dice are his (it vanished within a tenth of a second).
    created = site.new_match("kings-gold", seats=[{"kind": "human"}, {"kind": "human"}])
    match_id, tokens = created["match"], created["tokens"]
    hold_seat(page, site, match_id, 1, tokens["1"])
    anne = site.ws(match_id)
    anne.hello(tokens["0"])
    state = anne.wait_for(lambda s: s["legal"] or s["view"]["captain"] == 1)
    if state["view"]["captain"] != 0:  # Ben won the roll-off: he opens, and Anne's turn follows his
        anne.close()
        pytest.skip("the seed gives Ben the first turn")
    last_dice = None
    while state["legal"]:
        action = "roll" if "roll" in state["legal"] else "stop" if "stop" in state["legal"] else state["legal"][0]
        version = state["version"]
        anne.act(action)
        state = anne.wait_for(lambda s, v=version: s["version"] > v)
        if any(state["view"]["dice"]):
            last_dice = state["view"]["dice"]
    assert last_dice and state["view"]["captain"] == 1
    expect(page.locator("[data-kg='roll']")).to_be_visible()  # the dice are Ben's now
    expect(page.locator(".kg-last")).to_contain_text("Anne")
    expect(page.locator(".kg-last li").first).to_be_visible()
    faces = page.locator(".die.last-throw").evaluate_all("ds => ds.map(d => d.dataset.face)")
    assert faces == last_dice, (faces, last_dice)
    shot(page, "kings-gold-last-throw")
    page.click("[data-kg='roll']")  # the dice pass on: Ben's own throw replaces Anne's
    expect(page.locator("#log li").filter(has_text=re.compile(r"^Ben rolls "))).to_have_count(1)
    ben = (page.locator("#log li").filter(has_text=re.compile(r"^Ben rolls ")).text_content() or "").split()[2:]
    if page.locator(".die.last-throw").count():  # Ben's throw ended his turn at once (three Skulls): it stays
        expect(page.locator(".kg-last")).to_contain_text("Ben")
    assert page.locator(".die").evaluate_all("ds => ds.map(d => d.dataset.face)") == ben
    anne.close()


def test_holding_a_die_changes_only_that_die_and_a_reroll_rolls_only_the_rerolled(page, site):
    start_from_lobby(page, site, "kings-gold", options={"navy_rounds": "4"})
    def act(control: str) -> None:  # click, then wait for the update it makes to be drawn (its log line)
        lines = page.locator("#log li").count()
        page.click(control)
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {lines}")

    for _ in range(30):
        page.wait_for_selector("[data-kg]:not([disabled])")
        if page.locator(".die.clickable").count() >= 2:
            break
        if page.locator("[data-kg='roll']").count():
            act("[data-kg='roll']")
        elif page.locator("[data-kg='stop']:not([disabled])").count():
            act("[data-kg='stop']")
        else:
            act("[data-kg]:not([disabled])")
    dice = page.locator(".die")
    before = dice.evaluate_all("ds => ds.map(d => d.outerHTML)")
    skulls = dice.evaluate_all("ds => ds.filter(d => d.dataset.face === 'Skull').length")
    assert page.locator(".die.locked .lock-mark").count() == skulls  # each locked Skull marked
    target = page.locator(".die.clickable").first
    n = int(target.get_attribute("data-die") or 0)
    target.click()
    after = dice.evaluate_all("ds => ds.map(d => d.outerHTML)")
    changed = [i + 1 for i, (a, b) in enumerate(zip(before, after, strict=True)) if a.replace(" rolling", "") != b]
    assert changed == [n], changed
    assert page.locator(".die.rolling").count() == 0  # holding rolls nothing
    assert page.locator(".die.just-held").evaluate_all("ds => ds.map(d => Number(d.dataset.die))") == [n]
    page.click("[data-kg='reroll']:not([disabled])")
    page.wait_for_function("document.querySelectorAll('.die.rolling').length > 0")
    rolled = page.locator(".die.rolling").evaluate_all("ds => ds.map(d => Number(d.dataset.die))")
    assert n not in rolled and rolled, rolled
    line = page.locator("#log li").filter(has_text="re-rolls").last.text_content() or ""
    assert [int(x) for x in re.findall(r"re-rolls ([\d ]+)", line)[0].split()] == rolled, (line, rolled)
    shot(page, "kings-gold-reroll")


def heist_updates() -> list[tuple[str, dict, dict]]:
    """Each heist as the rules log it, as a before/after pair of updates (the table's moment reads them)."""
    from regalia.games.kings_gold import KingsGold
    from regalia.games.kings_gold.state import position
    from tests.games.kings_gold.helpers import played

    game = KingsGold(players=3)
    five = lambda face: " ".join([face] * 5)  # noqa: E731
    cases = [("ransom", position(3, dice=five("Coin"), treasury=(41, 13)), ["stop"]),
             ("broadside", position(3, dice=five("Cannon"), coins=(0, 5, 1)), ["stop"]),
             ("amnesty", position(3, dice=five("Crest"), reserve=7), ["stop"]),
             ("mutiny", position(3, dice="Skull Skull Skull Skull Coin", coins=(6, 0, 0)), ["reroll 5", "Skull"])]
    players = [{"seat": s, "kind": "human"} for s in range(3)]
    out = []
    for name, state, steps in cases:
        after, log = played(game, state, *steps)
        update = lambda st, lines, v: {"view": game.view(st, None) | {"is_over": False}, "version": v,  # noqa: E731
                                       "log": lines, "last": None, "players": players, "legal": []}
        out.append((name, update(state, [], 1), update(after, log, 2)))
    return out


def test_each_heist_has_its_banner_and_its_sound_and_mute_silences_it(page, site):
    page.add_init_script("""(() => {
        window.OSCILLATORS = 0;
        const made = AudioContext.prototype.createOscillator;
        AudioContext.prototype.createOscillator = function () { window.OSCILLATORS += 1; return made.call(this); };
    })()""")
    page.goto(site.url + "/")
    seen = page.evaluate("""async ([cases, heists]) => {
        const table = await import("/static/games/kings-gold.js");
        const { banner } = await import("/static/banner.js");
        const sound = await import("/static/sound.js");
        const calls = [];
        const out = [];
        for (const muted of [false, true]) {
          sound.setMuted(muted);
          for (const [name, before, after] of cases) {
            const real = sound.sounds[name];
            sound.sounds[name] = () => { calls.push(name); real(); };
            const stage = document.createElement("div");
            document.body.append(stage);
            const m = table.moment(before, after, { geometry: { heists } });
            const start = window.OSCILLATORS;
            const el = banner(stage, m.banner, { sound: m.sound });
            out.push({ name, muted, sound: m.sound, text: el.textContent, made: window.OSCILLATORS - start });
            sound.sounds[name] = real;
          }
        }
        sound.setMuted(false);
        return { out, calls };
    }""", [[list(c) for c in heist_updates()], list(HEISTS)])
    names = ["ransom", "broadside", "amnesty", "mutiny"]
    assert seen["calls"] == names + names  # each named event calls its own sound
    words = {"ransom": "The King's Ransom!", "broadside": "Broadside Barrage!", "amnesty": "Royal Amnesty!",
             "mutiny": "Mutiny!"}
    for row in seen["out"]:
        assert row["text"].startswith(words[row["name"]]) and row["sound"] == row["name"], row
        assert (row["made"] == 0) == row["muted"], row  # heard unless muted; muted: not one tone made
    shot(page, "kings-gold-heist-banner")


def test_kg_18_the_end_counts_the_score_as_the_manual_does_and_draws_each_badge(page, site, monkeypatch):
    monkeypatch.setattr("regalia.server.seats.new_seed", lambda: "kg-16-end-screen")
    match_id = site.hot_seat_to_the_end("kings-gold", pick=-1, fast_roll=True)["match"]
    result = site.http.get(f"/api/matches/{match_id}/result").json()
    last = site.http.get(f"/api/matches/{match_id}/replay").json()["steps"][-1]["view"]
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{site.url}/#/m/{match_id}")
    table = page.locator("#results table.kg-scoring")
    expect(table).to_be_visible()
    headers = table.locator("thead th").all_inner_texts()
    assert headers == ["Captain", "Coins ×1", "Doubloons ×5", "Unused Shields ×2", "Master Pirate", "Badge", "Score"]
    for captain in last["captains"]:
        row = table.locator(f"tr[data-seat='{captain['seat']}'] td").all_inner_texts()
        p = captain["points"]
        assert row[1:4] == [f"{captain['coins']} = {p['coins']}", f"{captain['doubloons']} = {p['doubloons']}",
                            f"{captain['shields']} = {p['shields']}"], row
        assert row[6] == str(captain["score"])
        assert (row[4] != "") == bool(p["master_pirate"]), row
    badges = {s["seat"]: s.get("badge") for s in result["seats"]}
    assert any(badges.values()), badges  # the seed gives at least one badge
    for seat, badge in badges.items():
        medal = table.locator(f"tr[data-seat='{seat}'] .kg-badge svg")
        expect(medal).to_have_count(1 if badge else 0)
        if badge:
            assert medal.get_attribute("aria-label") == f"{badge} badge"
            assert medal.locator("path, circle").count() >= 3  # drawn, not only named
    expect(page.locator("#results .kg-badges-legend svg")).to_have_count(3)
    page.locator("#results").scroll_into_view_if_needed()
    shot(page, "kings-gold-scoring")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "kings-gold-scoring-phone")


def _differ(a: bytes, b: bytes) -> float:
    """The mean difference of two same-sized screenshots' pixels, 0..255."""
    from io import BytesIO

    from PIL import Image, ImageChops, ImageStat

    one, two = (Image.open(BytesIO(x)).convert("RGB") for x in (a, b))
    return sum(ImageStat.Stat(ImageChops.difference(one, two)).mean) / 3


def test_kg_24_the_dice_skins_look_clearly_different_at_the_table_and_in_the_picker(page, site):
    start_from_lobby(page, site, "kings-gold", options={"navy_rounds": "4"})
    page.wait_for_selector("[data-kg='roll']")
    page.click("[data-kg='roll']")
    page.wait_for_function("document.querySelector('.die[data-face]:not([data-face=\"\"])')")
    page.add_style_tag(content=".die.rolling .die-body, .die .lock-mark { animation: none !important; }")
    skins = ["classic", "ebony", "gold", "bone"]
    table_shots = {}
    for skin in skins:  # the table redraws in the skin the page is set to (the profile's choice)
        page.evaluate("(skin) => { document.documentElement.dataset.diceSkin = skin; }", skin)
        expect(page.locator(".kg-table")).to_have_attribute("data-skin", skin)
        table_shots[skin] = page.locator(".die[data-die='1'] .die-body").screenshot()
    # the picker's preview and the replay draw the same dice: one die per skin, alone
    page.evaluate("""async (skins) => {
        const dice = await import("/static/games/kings-gold/dice.js");
        const row = document.createElement("div");
        row.id = "skin-row";
        for (const skin of skins) for (const face of ["Skull", "Coin", "Cannon", "Crest"]) {
          const die = dice.dieSvg(face, skin, 80);
          die.id = `die-${skin}-${face}`;
          row.append(die);
        }
        row.append(dice.skinPreview("gold"));
        document.body.prepend(row);
    }""", skins)
    for face in ("Skull", "Coin", "Cannon", "Crest"):
        shots = {skin: page.locator(f"#die-{skin}-{face}").screenshot() for skin in skins}
        for i, a in enumerate(skins):
            for b in skins[i + 1:]:
                assert _differ(shots[a], shots[b]) > 12, (face, a, b, _differ(shots[a], shots[b]))
    for i, a in enumerate(skins):
        for b in skins[i + 1:]:
            assert _differ(table_shots[a], table_shots[b]) > 12, (a, b)
    expect(page.locator("#skin-row .kg-skin-preview[data-skin='gold'] svg")).to_have_count(3)
    page.locator("#skin-row").screenshot(path="artifacts/browser/kings-gold-dice-skins.png")


def resolution_updates() -> list[tuple[str, dict]]:
    """Throws that move gold, each as the update that announces it (its log lines and the view after)."""
    from regalia.games.kings_gold import KingsGold
    from regalia.games.kings_gold.state import position
    from tests.games.kings_gold.helpers import played

    game = KingsGold(players=3)
    cases = [("treasury", position(3, dice="Coin Coin Coin Skull Skull"), ["stop"]),
             ("cannon", position(3, dice="Coin Coin Cannon Skull Skull", coins=(0, 4, 2)), ["stop", "fire 1"]),
             ("curse", position(3, dice="Skull Skull Skull Coin Coin", coins=(5, 4, 2)), ["stop"])]
    players = [{"seat": s, "kind": "human"} for s in range(3)]
    out = []
    for name, state, steps in cases:
        before, _ = played(game, state, *steps[:-1])
        after, log = played(game, before, steps[-1])
        out.append((name, {"view": game.view(after, None) | {"is_over": False}, "version": 10 + len(out) * 2,
                           "match": "flights", "log": log, "last": {"seat": 0, "action": steps[-1]},
                           "players": players, "legal": [], "seats": [0, 1, 2]}))
    return out


FLY = """async ([cases, fastRoll, fresh]) => {
    window.REGALIA_PACE = "on";  // the table's pauses, and so its flights, as a player has them
    const table = await import("/static/games/kings-gold.js");
    const out = {};
    for (const [name, update] of cases) {
      const board = document.createElement("div");
      board.className = "board";
      document.body.append(board);
      update.view.fast_roll = fastRoll;
      table.render(board, update, { legal: [], sounds: { click() {}, coin() {}, thud() {} }, play() {}, fresh,
        geometry: { heists: [] } });
      out[name] = [...board.querySelectorAll(".kg-flight:not(.kg-flight-count)")].map((el) =>
        `${el.classList.contains("kg-shot") ? "shot" : "coin"} ${el.dataset.from}>${el.dataset.to}`);
    }
    window.REGALIA_PACE = "off";
    return out;
}"""


def test_a_throw_s_resolution_flies_coins_and_shots_and_fast_roll_leaves_a_summary(page, site):
    cases = [list(c) for c in resolution_updates()]
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(site.url + "/")
    flights = page.evaluate(FLY, [cases, False, True])
    assert flights == {"treasury": ["coin treasury>0"] * 3,  # three Coins: three coins from the Treasury
                       "cannon": ["shot 0>1", "coin 1>0"],  # Anne's shot crosses to Ben, his coin comes back
                       "curse": ["coin 0>reserve"] * 2}, flights  # the Curse: two coins to Skull Island
    shot(page, "kings-gold-coin-flight")
    assert page.evaluate(FLY, [cases, True, True]) == {"treasury": [], "cannon": [], "curse": []}  # fast roll
    assert page.evaluate(FLY, [cases, False, False]) == {"treasury": [], "cannon": [], "curse": []}  # a redraw
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(FLY, [cases, False, True]) == {"treasury": [], "cannon": [], "curse": []}


def test_a_heist_banner_in_the_replay_and_the_master_pirate_s_haul_in_the_ledger(page, site, monkeypatch):
    # This seed's first throw is five Coins: the replay's step forward into it shows the heist's banner, as the
    # table did in play, and the Ledger marks the Master Pirate with the haul that holds the record.
    monkeypatch.setattr("regalia.server.seats.new_seed", lambda: "test_a_heist_banner_in_the_replay-96")
    match_id = site.hot_seat_to_the_end("kings-gold", pick=0, navy_rounds=2)["match"]
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{site.url}/#/m/{match_id}/replay")
    expect(page.locator(".kg-table")).to_be_visible()
    expect(page.locator(".table-banner")).to_have_count(0)
    page.click("#replay-next")
    expect(page.locator(".table-banner")).to_contain_text("The King's Ransom! Anne takes 60 coins")
    # the throw that ended the turn lies on the table (the dice passed on), as it did in play
    assert page.locator(".die.last-throw").evaluate_all("ds => ds.map(d => d.dataset.face)") == ["Coin"] * 5
    expect(page.locator(".kg-last")).to_contain_text("Anne")
    row = page.locator("table.ledger tr[data-seat='0']")
    expect(row).to_have_class(re.compile(r"\bmaster-pirate-row\b"))
    expect(row.locator(".master-pirate")).to_have_text("+10 Master Pirate, for nowlargest haul: 160 points")
    shot(page, "kings-gold-replay-heist")
