"""Web Push in the browser (issue 45): push.js loads and does nothing for a guest; the service worker shows a
pushed your-turn notice and its click opens the match.

Headless Chromium has no push service, so the push is handed to the worker by the DevTools protocol
(``ServiceWorker.deliverPushMessage``), as the push service would after decrypting it (tests/server/test_push.py
shows the encryption and the sending against a push service started by the test).
"""

from __future__ import annotations

import base64
import json
import os
import time
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from playwright.sync_api import expect
from sqlalchemy import create_engine, select

from regalia.server.models import PushSubscriptionRow
from regalia.server.store import sync_url

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


FAKE_PUSH_MANAGER = """
window.__push = { sub: null, unsubscribed: 0 };
PushManager.prototype.getSubscription = function () { return Promise.resolve(window.__push.sub); };
PushManager.prototype.subscribe = function (options) {
  window.__push.sub = { endpoint: "https://push.example/browser-1", options,
    toJSON() { return { endpoint: this.endpoint, expirationTime: null, keys: KEYS }; },
    unsubscribe() { window.__push.unsubscribed += 1; window.__push.sub = null; return Promise.resolve(true); } };
  return Promise.resolve(window.__push.sub);
};
"""
"""Headless Chromium's pushManager has no push service behind it: this one answers as a browser's would."""


def endpoints(site: Any) -> list[str]:
    """The subscriptions the server keeps (read with a plain engine: Playwright's loop runs in this thread)."""
    engine = create_engine(sync_url(site.app.state.store.url))
    try:
        with engine.connect() as db:
            return list(db.scalars(select(PushSubscriptionRow.endpoint)))
    finally:
        engine.dispose()


def wait(predicate: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "nothing came in time"
        time.sleep(0.05)


def test_a_signed_in_person_who_allows_notices_is_subscribed_and_signing_out_unsubscribes(page, site):
    point = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(Encoding.X962,
                                                                               PublicFormat.UncompressedPoint)
    keys = {"p256dh": base64.urlsafe_b64encode(point).rstrip(b"=").decode(),
            "auth": base64.urlsafe_b64encode(os.urandom(16)).rstrip(b"=").decode()}
    page.context.add_init_script(FAKE_PUSH_MANAGER.replace("KEYS", json.dumps(keys)))
    page.context.grant_permissions(["notifications"], origin=site.url)
    page.goto(site.url + "/#/profile")
    page.fill("#profile-name", "Pushed Captain")
    page.click("#create-profile button[type=submit]")
    expect(page.locator("#profile-title")).to_have_text("Pushed Captain")
    page.reload()  # the next page load renews the subscription for the profile signed in
    wait(lambda: endpoints(site) == ["https://push.example/browser-1"])
    key = page.evaluate("fetch('/api/push/key').then((r) => r.json()).then((k) => k.key)")
    given = page.evaluate("Array.from(window.__push.sub.options.applicationServerKey)")
    assert base64.urlsafe_b64encode(bytes(given)).rstrip(b"=").decode() == key
    page.click("#sign-out")
    wait(lambda: endpoints(site) == [])
    assert page.evaluate("window.__push.unsubscribed") == 1
