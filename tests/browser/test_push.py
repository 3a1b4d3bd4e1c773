"""Web Push in the browser (issue 45): push.js loads and does nothing for a guest; the service worker shows a
pushed your-turn notice and its click opens the match.

Headless Chromium has no push service, so the push is handed to the worker by the DevTools protocol
(``ServiceWorker.deliverPushMessage``), as the push service would after decrypting it (tests/server/test_push.py
shows the encryption and the sending against a push service started by the test).
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_push_js_loads_and_a_guest_is_not_subscribed(page, site):
    page.goto(site.url)
    page.wait_for_selector("h1")
    answer = page.evaluate("""async () => {
      const push = await import('/static/push.js');
      const bytes = push.keyBytes((await (await fetch('/api/push/key')).json()).key);
      return { done: await push.subscribePush(), first: bytes[0], length: bytes.length };
    }""")
    assert answer == {"done": False, "first": 4, "length": 65}  # a guest: nothing kept, and no error


def registration_id(cdp: Any, origin: str) -> str:
    found: list[str] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: found.extend(
        r["registrationId"] for r in event["registrations"] if r["scopeURL"].startswith(origin) and not r["isDeleted"]))
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + 10
    while not found:
        assert time.monotonic() < deadline, "the service worker did not register"
        cdp.send("Runtime.evaluate", {"expression": "1"})  # let the events in
        time.sleep(0.05)
    return found[0]


def test_the_worker_shows_a_pushed_notice_with_the_match_s_address(page, site):
    page.context.grant_permissions(["notifications"], origin=site.url)
    page.goto(site.url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    cdp = page.context.new_cdp_session(page)
    notice = {"title": "Your turn in Gold Crown against Anne", "body": "You have 1 day to move.", "url": "/#/m/abc"}
    cdp.send("ServiceWorker.deliverPushMessage", {"origin": site.url, "registrationId": registration_id(cdp, site.url),
                                                  "data": json.dumps(notice)})
    shown: list[dict[str, Any]] = []
    deadline = time.monotonic() + 10
    while not shown:
        assert time.monotonic() < deadline, "the worker showed no notice"
        time.sleep(0.1)
        shown = page.evaluate("navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((n) => "
                              "n.map((x) => ({title: x.title, body: x.body, tag: x.tag, url: x.data && x.data.url})))")
    assert shown == [{"title": notice["title"], "body": notice["body"], "tag": "/#/m/abc", "url": "/#/m/abc"}]
