"""The turn clock in the browser (issue #7, Blackbeard's Blitz): a countdown on the table, and the
server's timeout played when it runs out — with a real clock, on the timed toy and on King's Gold."""

from __future__ import annotations

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
