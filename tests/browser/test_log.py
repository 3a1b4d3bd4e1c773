"""The log beside the table and in the replay: a long match shows its last lines, numbered as they are in the
whole log (line 851 reads 851, not 1), with room in the margin for the widest number; a game's "Seat 2" reads as that seat's player is named."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FITS = """ol => {
  const probe = document.createElement("span");
  probe.style.font = getComputedStyle(ol).font;
  probe.textContent = `${ol.start + ol.children.length - 1}.`;
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return parseFloat(getComputedStyle(ol).paddingLeft) >= width;
}"""
"""Whether the list's margin is as wide as the marker of its last (widest) number."""


def finished_rubber(site) -> tuple[str, list[list[str]]]:
    """A rubber of three random computers, played to its end by the server; its id and each step's log. (Crown the
    Queen writes its log line by line; Gold Crown's table groups its lines by turn, a report of its own.)"""
    created = site.new_match("crown-the-queen", seats=[{"kind": "computer", "level": "random"}] * 3)
    match_id = created["match"]
    site.wait_until_over(match_id)
    steps = site.http.get(f"/api/matches/{match_id}/replay").json()["steps"]
    # the page reads a line's "Seat 2" as its player's name: three random computers, counted among themselves
    named = [[re.sub(r"\bSeat (\d)\b", r"Computer \1 (Random)", line) for line in step["log"]] for step in steps]
    return match_id, named


def test_a_long_log_shows_its_last_lines_numbered_as_in_the_whole_log(page, site):
    match_id, logs = finished_rubber(site)
    lines = [line for log in logs for line in log]
    assert len(lines) > 150  # more than the table shows

    page.goto(f"{site.url}/#/m/{match_id}")  # a spectator's page
    expect(page.locator("#log li")).to_have_count(150)
    assert page.locator("#log li").all_text_contents() == lines[-150:]
    assert page.locator("#log").evaluate("ol => ol.start") == len(lines) - 149
    assert page.locator("#log").evaluate(FITS)

    page.goto(f"{site.url}/#/m/{match_id}/replay")
    page.click("#replay-end")
    log = page.locator(".replay .log")
    expect(log.locator("li")).to_have_count(100)
    assert log.locator("li").all_text_contents() == lines[-100:]
    assert log.evaluate("ol => ol.start") == len(lines) - 99
    assert log.evaluate(FITS)
    page.click("#replay-start")  # the start of the match: the lines before anyone's first action, from 1
    expect(log.locator("li")).to_have_count(len(logs[0]))
    assert log.locator("li").all_text_contents() == logs[0]
    assert log.evaluate("ol => ol.start") == 1
