"""Headless Debian Chromium driven by sync Playwright (our own fixture, not pytest-playwright: its event
loop would break every asyncio test that runs after it), against a real server on a free port.

Screenshots go to artifacts/browser/ (git-ignored) as test artifacts.
"""

from __future__ import annotations

import itertools
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from regalia.server.app import create_app
from tests.server.conftest import LiveServer, serve

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync",
                 "--autoplay-policy=no-user-gesture-required"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "browser"


UNPACED = "window.REGALIA_PACE = 'off';"
"""The table's pacing switched off (web/pace.js): no pause between moves, no slides. The tables hold each move
for a person to see it (about 0.8 s); a test playing whole matches against the computer does not wait."""


class Browser:
    """The launched browser, whose new contexts draw moves unpaced unless asked (``paced=True``)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, *args: Any, paced: bool = False, **kwargs: Any) -> Any:
        context = self._browser.new_context(*args, **kwargs)
        if not paced:
            context.add_init_script(UNPACED)
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(scope="module")
def chromium_browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield Browser(browser)
        browser.close()


@pytest.fixture
def page(chromium_browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page at 1100x900. A test marked ``routes_api`` gets one without the service worker: Playwright's
    ``page.route`` never sees the requests a service worker makes, so a test that alters an answer must block it."""
    workers = "block" if request.node.get_closest_marker("routes_api") else "allow"
    context = chromium_browser.new_context(viewport={"width": 1100, "height": 900}, service_workers=workers)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The real app over every registered game (computer seats act at once)."""
    db = Path(tmp_path_factory.mktemp("browser")) / "browser.db"
    yield from serve(create_app(f"sqlite:///{db}", bot_pause=0.0))


@pytest.fixture(autouse=True)
def fixed_seeds(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every match a browser test starts is dealt from a seed named after the test, not a secret random one.

    A test then meets the same deal and dice on every run: with random seeds a rare deal (a King's Ransom on the
    first roll, a siege with no early breach) made a test fail once in many runs. A test may still fix its own.
    """
    count = itertools.count()
    name = request.node.name
    monkeypatch.setattr("regalia.server.seats.new_seed", lambda: f"{name}-{next(count)}")


def shot(page: Any, name: str, full_page: bool = True) -> None:
    """A screenshot of the whole page (``full_page=False``: what the screen shows, as a player sees it)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def start_from_lobby(page: Any, site: LiveServer, game_id: str, seats: list[str] | None = None,
                     options: dict[str, str | bool] | None = None, listed: bool = False) -> None:
    """Lobby -> the game's "New match" -> options and seats -> Start: the person's path by clicks.

    ``listed``: a friend's seat is open to anyone (the match listed under "Open to join"), not only to
    whoever has its invite link."""
    page.goto(site.url + "/")
    page.click(f"button[data-game='{game_id}']")
    if options and page.locator("#house-rules:not([open])").count():
        page.click("#house-rules > summary")  # the options besides players and mode are folded
    for name, value in (options or {}).items():
        if isinstance(value, bool):
            page.set_checked(f"#opt-{name}", value)
        elif page.locator(f"select#opt-{name}").count():
            page.select_option(f"#opt-{name}", value)
        else:
            page.fill(f"#opt-{name}", value)
        page.dispatch_event(f"#opt-{name}", "change")
    for index, choice in enumerate(seats or []):
        page.select_option(f"#seat-{index}", choice)
    if listed:
        page.check("#listed")
    page.click("#start-match")
    page.wait_for_url("**/#/m/*")


def click_until_over(page: Any, controls: str, choose: Any, limit: int = 600) -> int:
    """Click the table's own controls (``controls``: a CSS selector) until the match is over; the clicks.

    ``choose(names)`` picks one among the ``data-*`` names of the enabled controls. A control redrawn
    under the pointer by an update is simply looked at again.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    clicks = misses = 0
    while clicks < limit:
        assert misses < 40, f"could not click any of {controls} for 40 tries"
        page.wait_for_function(
            f"document.querySelector({controls!r})"
            " || /The match is over/.test(document.querySelector('.status')?.textContent || '')"
            " || document.querySelector('#reveal')")
        if page.locator("#reveal").count():
            page.click("#reveal")
            continue
        if "The match is over" in (page.locator(".status").text_content() or ""):
            return clicks
        handles = page.locator(controls)
        names = handles.evaluate_all("els => els.map(e => e.outerHTML)")
        if not names:
            continue
        index = choose(names)
        try:
            handles.nth(index).click(timeout=3000)
        except PlaywrightTimeout:
            misses += 1
            continue
        clicks += 1
    raise AssertionError(f"the match did not end within {limit} clicks")


def play_by_clicks(page: Any, choose: Any = None, limit: int = 400) -> int:
    """Click one of the offered actions each time it is our turn, until the match is over; the clicks made."""
    clicks = 0
    while clicks < limit:
        page.wait_for_function(
            "document.querySelector('#actions button.action:not([disabled])')"
            " || /The match is over/.test(document.querySelector('.status')?.textContent || '')"
            " || document.querySelector('#reveal')")
        if page.locator("#reveal").count():
            page.click("#reveal")
            continue
        if "The match is over" in (page.locator(".status").text_content() or ""):
            return clicks
        buttons = page.locator("#actions button.action:not([disabled])")
        actions = buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
        action = choose(actions) if choose else actions[0]
        page.click(f"#actions button.action[data-action={_quote(action)}]")
        clicks += 1
    raise AssertionError(f"the match did not end within {limit} clicks")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
