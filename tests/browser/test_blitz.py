"""The turn clock in the browser (issue #7, Blackbeard's Blitz): a countdown on the table, and the
server's timeout played when it runs out — with a real clock, on the timed toy and on King's Gold."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.conftest import serve
from tests.server.test_profiles_toys import records_app

from .conftest import shot, start_from_lobby

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def timed_site(tmp_path_factory: pytest.TempPathFactory) -> Any:
    yield from serve(records_app(Path(tmp_path_factory.mktemp("blitz")) / "blitz.db"))


def test_kg_20_blitz_a_countdown_runs_and_the_server_calls_time(page, timed_site):
    start_from_lobby(page, timed_site, "timed-pig", seats=["human", "human"], options={"turn_seconds": "2"})
    countdown = page.locator("#countdown")
    expect(countdown).to_be_visible()
    expect(countdown).to_contain_text(" s")
    shot(page, "blitz-countdown")
    expect(page.locator("#log")).to_contain_text("Time!", timeout=10_000)
    expect(page.locator(".papers")).to_contain_text("Version 1")


def test_kg_20_kings_gold_blitz_times_out_at_the_table(page, site):
    start_from_lobby(page, site, "kings-gold", seats=["human", "human"],
                     options={"mode": '"blitz"', "turn_seconds": "1"})
    expect(page.locator("#countdown")).to_be_visible()
    expect(page.locator("#log")).to_contain_text("Time!", timeout=10_000)
    shot(page, "kings-gold-blitz-timeout")


def test_kg_20_the_blitz_dial_drains_and_its_last_three_seconds_are_marked_and_heard(page, site):
    # The page's clock is Playwright's: the dial is driven forward without waiting (the server's own clock is
    # real, and the turn's 40 seconds are far from over when the test ends).
    page.add_init_script("""(() => {
        window.OSCILLATORS = 0;
        const made = AudioContext.prototype.createOscillator;
        AudioContext.prototype.createOscillator = function () { window.OSCILLATORS += 1; return made.call(this); };
    })()""")
    page.clock.install()
    page.set_viewport_size({"width": 1366, "height": 900})
    start_from_lobby(page, site, "kings-gold", seats=["human", "computer:easy"],
                     options={"mode": '"blitz"', "turn_seconds": "40"})
    expect(page.locator("[data-kg='roll']")).to_be_visible()  # the person's own turn: its last seconds tick
    dial = page.locator(".kg-table .kg-clock")
    expect(dial).to_have_attribute("data-total", "40")
    expect(dial).not_to_have_attribute("data-left", "")
    expect(dial.locator(".kg-clock-last")).to_have_count(1)  # the last three seconds marked on the face
    page.evaluate("""async () => {
        const { sounds } = await import("/static/sound.js");
        window.TICKS = [];
        const real = sounds.tick;
        sounds.tick = () => { window.TICKS.push(document.querySelector(".kg-clock").dataset.left); real(); };
    }""")
    # from here the page's time moves only when told (pause_at takes seconds)
    page.clock.pause_at((page.evaluate("Date.now()") + 100) / 1000)
    left = lambda: float(dial.get_attribute("data-left") or "nan")  # noqa: E731
    full = dial.locator(".kg-clock-fill").get_attribute("d")
    page.clock.run_for(int((left() - 5.5) * 1000))
    assert 3.5 < left() <= 5.5, left()
    assert dial.locator(".kg-clock-fill").get_attribute("d") != full  # drained
    expect(dial).not_to_have_class(re.compile(r"\burgent\b"))
    assert page.evaluate("window.TICKS.length") == 0
    shot(page, "kings-gold-blitz-dial")
    page.clock.run_for(int((left() - 2.5) * 1000))
    expect(dial).to_have_class(re.compile(r"\burgent\b"))
    assert dial.locator(".kg-clock-fill").get_attribute("fill") == "#b22222"
    assert page.evaluate("window.TICKS.length") == 1  # the third second from the end, heard
    before = page.evaluate("window.OSCILLATORS")
    assert before > 0
    shot(page, "kings-gold-blitz-dial-last-seconds")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "kings-gold-blitz-dial-phone", full_page=False)
    page.evaluate("async () => (await import('/static/sound.js')).setMuted(true)")
    page.clock.run_for(int((left() - 0.5) * 1000))
    ticks = page.evaluate("window.TICKS")
    assert len(ticks) == 3 and all(0 < float(t) <= 3 for t in ticks), ticks  # one tick a second: 3, 2, 1
    assert page.evaluate("window.OSCILLATORS") == before  # muted with the page: not a tone made
    page.evaluate("async () => (await import('/static/sound.js')).setMuted(false)")
