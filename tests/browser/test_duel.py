"""Captain's Duel in the browser (issue #7): the card a captain keeps never reaches the other seat.

Seat 0 plays over its own WebSocket; seat 1 is a real browser whose every received WebSocket frame is
captured. Each frame may hold seat 1's own hand only, never seat 0's dealt cards or which one it kept.
The new-match form offers every King's Gold mode and variant from the declared option specs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import shot

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
    expect(page.locator("#actions button.action").first).to_be_visible()  # seat 1 is now to keep its own
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
