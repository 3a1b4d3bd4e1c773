"""Captain's Duel in the browser (issue #7): the card a captain keeps never reaches the other seat.

Seat 0 plays over its own WebSocket; seat 1 is a real browser whose every received WebSocket frame is
captured. Each frame may hold seat 1's own hand only, never seat 0's dealt cards or which one it kept.
The new-match form offers every King's Gold mode and variant from the declared option specs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from regalia.games.kings_gold.cards import CARD_NAMES, CARD_TEXT

from .conftest import shot, start_from_lobby

CARDS = {CARD_NAMES[c]: text for c, text in CARD_TEXT.items()}

pytestmark = pytest.mark.browser


def hold_seat(page: Any, site: Any, match_id: str, seat: int, token: str) -> None:
    page.goto(site.url + "/")
    page.evaluate("([m, s, t]) => localStorage.setItem('regalia.seats', JSON.stringify({[m]: {[s]: t}}))",
                  [match_id, seat, token])
    page.goto(f"{site.url}/#/m/{match_id}")


def test_kg_22_duel_the_kept_card_never_reaches_the_other_seat(page, site):
    created = site.new_match("kings-gold", seats=[{"kind": "human"}, {"kind": "human"}], mode="duel")
    match_id, tokens = created["match"], created["tokens"]
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    hold_seat(page, site, match_id, 1, tokens["1"])
    anne = site.ws(match_id)
    anne.hello(tokens["0"])
    anne.wait_for(lambda s: s["legal"])
    anne_hand = anne.state["view"]["duel"]["hand"]
    assert anne_hand["seat"] == 0 and len(anne_hand["dealt"]) == 2
    keep = anne.state["legal"][0]
    anne.act(keep)
    kept = anne.wait_for(lambda s: s["view"]["duel"]["hand"]["kept"])["view"]["duel"]["hand"]["kept"]
    expect(page.locator("[data-kg^='keep']").first).to_be_visible()  # seat 1 is now to keep its own (on the table)
    shot(page, "duel-seat-1")
    updates = [f for f in frames if f.get("type") == "update"]
    assert updates and any(f["version"] == 1 for f in updates)
    for frame in updates:
        duel = frame["view"].get("duel") or {}
        hand = duel.get("hand")
        assert hand is None or hand["seat"] == 1, "another seat's hand reached seat 1"
        assert all(c["played"] is None for c in duel.get("captains", []) if c["seat"] == 0)
        assert (frame.get("last") or {}).get("action") != keep  # which card she kept is hers alone
        assert kept not in json.dumps(frame["log"])
    anne.close()


def test_the_new_match_form_offers_every_kings_gold_mode_and_variant(page, site):
    page.goto(site.url + "/")
    page.click("button[data-game='kings-gold']")
    for option in ("mode", "turn_seconds", "fast_roll", "total_mutiny", "navy_rounds", "coin_value",
                   "doubloon_value", "shield_value", "master_bonus"):
        expect(page.locator(f"#opt-{option}")).to_be_attached()
    modes = page.locator("#opt-mode option").evaluate_all("os => os.map(o => JSON.parse(o.value))")
    assert modes == ["standard", "blitz", "duel"]


def test_kg_22_duel_played_by_clicks_against_the_computer(page, site):
    """The whole Duel by clicks on the table: the two dealt cards shown with their texts, one kept by clicking
    it, the rival's card a back until it is played, a reaction prompt answered, the kept card played."""
    page.set_viewport_size({"width": 1366, "height": 900})
    start_from_lobby(page, site, "kings-gold", options={"mode": '"duel"'})
    choices = page.locator("button.kg-card.choice")
    expect(choices).to_have_count(2)
    names = choices.evaluate_all("bs => bs.map(b => b.dataset.card)")
    texts = choices.evaluate_all("bs => bs.map(b => b.querySelector('.kg-card-text').textContent)")
    assert all(n in CARDS for n in names) and all(t == CARDS[n] for n, t in zip(names, texts, strict=True)), texts
    shot(page, "duel-choose")
    choices.nth(1).click()
    kept = names[1]
    expect(page.locator(".kg-quarters .kg-card.kept")).to_have_attribute("data-card", kept)
    expect(page.locator(".kg-quarters .kg-card.discarded")).to_have_count(1)
    expect(page.locator(".kg-rival-card .kg-card.back")).to_have_count(1)  # the computer keeps at once
    assert page.locator(".kg-rival-card [data-card]").count() == 0
    shot(page, "duel-kept")
    prompts = played = clicks = 0
    rival_back_seen_until = None
    while clicks < 500:
        page.wait_for_function(
            "document.querySelector('[data-kg]:not([disabled])')"
            " || /The match is over/.test(document.querySelector('.status')?.textContent || '')")
        if "The match is over" in (page.locator(".status").text_content() or ""):
            break
        rival = page.locator(".kg-rival-card [data-card]")
        if rival.count():  # revealed only once played: the log says so too
            rival_back_seen_until = rival_back_seen_until or clicks
            expect(page.locator("#log")).to_contain_text("reveals and plays")
        controls = page.locator("[data-kg]:not([disabled])").evaluate_all("bs => bs.map(b => b.dataset.kg)")
        if not controls:
            continue
        if "pass" in controls:
            prompts += 1
            if prompts == 1:
                shot(page, "duel-prompt")
            choice = f"play {kept}" if prompts > 1 and f"play {kept}" in controls else "pass"
        elif any(c.startswith("play ") for c in controls) and prompts:
            choice = next(c for c in controls if c.startswith("play "))
        elif "roll" in controls:
            choice = "roll"
        elif "stop" in controls:
            choice = "stop"
        else:
            choice = controls[0]
        try:
            page.click(f"[data-kg='{choice}']:not([disabled])", timeout=3000)
        except PlaywrightTimeout:
            continue
        if choice.startswith("play "):
            played += 1
            expect(page.locator(".kg-quarters .kg-card.used")).to_have_count(1)
            shot(page, "duel-played")
        clicks += 1
    assert "The match is over" in (page.locator(".status").text_content() or "")
    assert prompts >= 1, "no reaction prompt came"
    assert played == 1, "the kept card was never played"
    shot(page, "duel-over")
