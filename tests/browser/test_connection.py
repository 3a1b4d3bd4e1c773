"""A dropped connection at the table: the player is told, a click while it is down is not silently lost, and the
table comes back by itself (the socket is cut by Playwright's WebSocket routing, the server never knows)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import start_from_lobby

pytestmark = pytest.mark.browser


def test_a_dropped_connection_is_shown_a_move_made_meanwhile_is_refused_aloud_and_the_table_comes_back(page, site):
    sockets: list = []
    down = {"now": False}

    def route(ws) -> None:
        if down["now"]:
            ws.close()  # the server cannot be reached: every reconnection fails at once
            return
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws/matches/"), route)
    start_from_lobby(page, site, "kings-gold", seats=["human", "computer:easy"])
    roll = page.locator("[data-kg='roll']")  # the Roll on the table (the list of moves is folded)
    expect(roll).to_be_enabled()
    expect(page.locator("#connection-lost")).to_be_hidden()
    version = page.locator(".papers").inner_text()

    down["now"] = True
    sockets[-1].close()
    expect(page.locator("#connection-lost")).to_be_visible()
    roll.click()
    expect(page.locator("#toast")).to_contain_text("Not connected: your move was not sent")
    expect(roll).to_be_enabled()  # not left disabled, waiting for an answer that cannot come
    assert page.locator(".papers").inner_text() == version

    down["now"] = False
    expect(page.locator("#connection-lost")).to_be_hidden(timeout=20_000)
    page.locator("[data-kg='roll']").click()
    expect(page.locator(".papers")).not_to_have_text(version)  # the move went through once the table was back
