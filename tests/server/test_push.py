"""Web Push (issue 45): the server's your-turn notice reaches a push service started here, which checks it
as browsers' push services and browsers do.

The test plays both ends the server does not own: ``PushService`` is a real HTTP server (uvicorn on a free
port) that checks the VAPID token's ES256 signature with the key it names and answers 201, or 410 for a
subscription that is gone; ``Browser`` makes a P-256 key pair and an auth secret, subscribes through the
app's API, and decrypts what arrives (RFC 8291/8188, written here again with ``cryptography``'s own HKDF,
not the server's code). Matches are played over real WebSockets of the real app.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from regalia.server.app import create_app
from regalia.server.broker import MemoryBroker
from regalia.server.migrate import upgrade
from regalia.server.models import PushSubscriptionRow
from regalia.server.push import encrypt
from regalia.server.referee import HandClock
from regalia.server.store import Store
from regalia.server.turn_based import HandWallClock
from tests.server.conftest import LiveServer, serve
from tests.server.toys import toy_catalog

DAY = 86400


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64u(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def point(key: ec.EllipticCurvePublicKey) -> bytes:
    return key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)


def hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


class PushService:
    """A push service as browsers' push services answer (RFC 8030): every message kept with its headers."""

    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []
        self.answers: dict[str, int] = {}
        """Path -> the status to answer (default 201 Created)."""

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
        self.received.append({"path": scope["path"], "method": scope["method"], "headers": headers, "body": body})
        status = self.answers.get(scope["path"], 201)
        await send({"type": "http.response.start", "status": status, "headers": []})
        await send({"type": "http.response.body", "body": b""})


class Browser:
    """A browser's side of a subscription: its key pair, its auth secret, and decryption."""

    def __init__(self, endpoint: str) -> None:
        self.private = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint

    def subscription(self) -> dict[str, Any]:
        """What ``PushSubscription.toJSON()`` gives."""
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64u(point(self.private.public_key())), "auth": b64u(self.auth)}}

    def decrypt(self, body: bytes) -> bytes:
        salt, rs, idlen = body[:16], *struct.unpack("!IB", body[16:21])
        sender = body[21:21 + idlen]
        record = body[21 + idlen:]
        assert rs >= 18 and idlen == 65 and len(record) <= rs
        shared = self.private.exchange(ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender))
        ikm = hkdf(self.auth, shared, b"WebPush: info\x00" + point(self.private.public_key()) + sender, 32)
        key = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
        nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
        padded = AESGCM(key).decrypt(nonce, record, None).rstrip(b"\x00")
        assert padded.endswith(b"\x02"), "the only record must be marked the last"
        return padded[:-1]


def check_vapid(message: dict[str, Any], server_key: str, service_url: str) -> dict[str, Any]:
    """RFC 8292 as a push service checks it: the token signed by the key it names, for this service; its claims."""
    scheme, _, params = message["headers"]["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"] == server_key
    head, claims, signature = fields["t"].split(".")
    assert json.loads(unb64u(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64u(signature)
    assert len(raw) == 64
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64u(fields["k"]))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    payload = json.loads(unb64u(claims))
    assert payload["aud"] == service_url
    assert time.time() < payload["exp"] <= time.time() + 24 * 3600
    assert payload["sub"].startswith(("mailto:", "https:"))
    return payload


def opened(browser: Browser, message: dict[str, Any], server_key: str, service_url: str) -> dict[str, Any]:
    """A delivered message checked as a push service and a browser would, and the notice it carried."""
    assert message["method"] == "POST"
    headers = message["headers"]
    assert headers["content-encoding"] == "aes128gcm"
    assert int(headers["ttl"]) > 0
    check_vapid(message, server_key, service_url)
    return json.loads(browser.decrypt(message["body"]))


# ----- set-up ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def service() -> Iterator[tuple[PushService, str]]:
    push = PushService()
    for live in serve(push):
        yield push, live.url


def app_on(db: str, **kwargs: Any) -> Any:
    app = create_app(db, bot_pause=0.0, **kwargs)
    app.state.turns.clock = HandWallClock()  # no deadline runs out by itself here
    app.state.referee.clock = HandClock()
    app.state.push.insecure = True  # the push service here is http on loopback
    return app


@pytest.fixture
def site(tmp_path: Path) -> Iterator[LiveServer]:
    yield from serve(app_on(f"sqlite:///{tmp_path / 'push.db'}", catalog=toy_catalog()))


def profile(site: LiveServer, name: str) -> dict[str, str]:
    made = site.http.post("/api/profiles", json={"name": name})
    assert made.status_code == 201, made.text
    return {"authorization": f"Bearer {made.json()['token']}"}


def subscribe(site: LiveServer, who: dict[str, str], browser: Browser) -> None:
    answer = site.http.post("/api/push/subscriptions", json=browser.subscription(), headers=who)
    assert answer.status_code == 201, answer.text


def turn_based_match(site: LiveServer, game: str, people: list[dict[str, str]], **options: Any) -> tuple[str, list[str]]:
    """A turn-based match (a day per move) whose seats are these profiles' (seat n: people[n])."""
    created = site.http.post("/api/matches", json={"game": game, "options": options, "pace": DAY,
                                                   "seats": [{"kind": "human"} for _ in people]})
    assert created.status_code == 201, created.text
    match_id, tokens = created.json()["match"], list(created.json()["tokens"].values())
    for seat, (who, token) in enumerate(zip(people, tokens, strict=True)):
        attached = site.http.post(f"/api/matches/{match_id}/seats/{seat}/player", json={"seat_token": token},
                                  headers=who)
        assert attached.status_code == 200, attached.text
    return match_id, tokens


def wait(predicate: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "nothing came in time"
        time.sleep(0.02)


def to(push: PushService, browser: Browser) -> list[dict[str, Any]]:
    path = httpx.URL(browser.endpoint).path
    return [m for m in push.received if m["path"] == path]


def subscriptions(site: LiveServer) -> list[PushSubscriptionRow]:
    async def read() -> list[PushSubscriptionRow]:
        store = Store(site.app.state.store.url)
        try:
            async with store.sessions() as session:
                return list((await session.scalars(select(PushSubscriptionRow))).all())
        finally:
            await store.close()
    return asyncio.run(read())


def play(site: LiveServer, match_id: str, token: str, action: str | None = None) -> int | None:
    """One seat's whole turn over a WebSocket (``action``, else the first legal action each time, until the
    turn passes); the seat to move then."""
    player = site.ws(match_id)
    player.hello(token)
    seat = player.wait_for(lambda s: s["seats"])["seats"][0]
    player.wait_for(lambda s: s["legal"])
    while player.state["legal"] and player.state["view"]["to_move"] == seat:
        version = player.state["version"]
        player.act(action or player.state["legal"][0], seat=seat, version=version)
        player.wait_for(lambda s, version=version: s["version"] > version)
    player.close()
    return player.state["view"]["to_move"]


# ----- the protocol ------------------------------------------------------------------------------------


def test_the_message_encryption_is_rfc_8291_s_own_example():
    """RFC 8291 Appendix A: with its keys and salt, the body is byte for byte the one the RFC prints."""
    sender = ec.derive_private_key(int.from_bytes(unb64u("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"), "big"),
                                   ec.SECP256R1())
    body = encrypt(b"When I grow up, I want to be a watermelon",
                   "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
                   "BTBZMqHH6r4Tts7J_aSIgg", salt=unb64u("DGv6ra1nlYgDCS1FRnbzlw"), sender=sender)
    assert b64u(body) == ("DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocIn"
                          "mYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNW"
                          "QexSgSxsj_Qulcy4a-fN")


def test_a_browser_decrypts_what_the_server_encrypts_for_it():
    browser = Browser("https://push.example/x")
    keys = browser.subscription()["keys"]
    assert browser.decrypt(encrypt(b'{"title":"hi"}', keys["p256dh"], keys["auth"])) == b'{"title":"hi"}'
    with pytest.raises(Exception):  # noqa: B017 - another browser's secret cannot open it (the GCM tag)
        Browser("https://push.example/y").decrypt(encrypt(b"x", keys["p256dh"], keys["auth"]))


# ----- the your-turn push in a real match ------------------------------------------------------------


def test_it_becoming_your_turn_in_a_turn_based_match_pushes_one_notice_that_your_browser_decrypts(site, service):
    push, url = service
    anne, bob = profile(site, "Anne"), profile(site, "Bob")
    browser = Browser(f"{url}/send/bob-{id(site)}")
    subscribe(site, bob, browser)
    key = site.http.get("/api/push/key").json()["key"]
    match_id, tokens = turn_based_match(site, "pig", [anne, bob], target=100)

    play(site, match_id, tokens[0], "stop")  # Anne ends her turn: Bob's begins, and his tab is closed
    wait(lambda: len(to(push, browser)) == 1)
    message = to(push, browser)[0]
    notice = opened(browser, message, key, url)
    assert notice == {"title": "Your turn in Pig against Anne", "body": "You have 1 day to move.",
                      "url": f"/#/m/{match_id}"}
    assert message["headers"]["topic"] == match_id and int(message["headers"]["ttl"]) == DAY
    token = message["headers"]["authorization"].split("t=")[1].split(",")[0]
    head, claims, signature = token.split(".")
    other = b64u(json.dumps({**json.loads(unb64u(claims)), "sub": "mailto:eve@example.org"}).encode())
    forged = message["headers"]["authorization"].replace(token, f"{head}.{other}.{signature}")
    with pytest.raises(InvalidSignature):  # the checker is a real one: other claims, same signature
        check_vapid({**message, "headers": {"authorization": forged}}, key, url)

    watcher = site.ws(match_id)  # comings and goings during Bob's turn are no new turn
    watcher.close()
    time.sleep(0.3)
    assert len(to(push, browser)) == 1

    play(site, match_id, tokens[1], "stop")  # Bob plays; Anne has no subscription
    play(site, match_id, tokens[0], "stop")  # Bob's next turn: one more
    wait(lambda: len(to(push, browser)) == 2)
    time.sleep(0.3)
    assert len(to(push, browser)) == 2


def test_no_push_while_the_person_is_at_the_table_nor_in_a_real_time_match(site, service):
    push, url = service
    anne, bob = profile(site, "Anne"), profile(site, "Bob")
    browser = Browser(f"{url}/send/at-table-{id(site)}")
    subscribe(site, bob, browser)
    match_id, tokens = turn_based_match(site, "pig", [anne, bob], target=100)
    bob_at_table = site.ws(match_id)
    bob_at_table.hello(tokens[1])
    play(site, match_id, tokens[0], "stop")
    bob_at_table.wait_for(lambda s: s["version"] == 1)
    bob_at_table.close()

    created = site.http.post("/api/matches", json={"game": "pig", "options": {"target": 100},
                                                   "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    live_tokens = list(created["tokens"].values())
    site.http.post(f"/api/matches/{created['match']}/seats/1/player", json={"seat_token": live_tokens[1]},
                   headers=bob)
    play(site, created["match"], live_tokens[0], "stop")
    time.sleep(0.5)
    assert to(push, browser) == []


def test_a_subscription_the_push_service_says_is_gone_is_forgotten(site, service):
    push, url = service
    anne, bob = profile(site, "Anne"), profile(site, "Bob")
    gone, kept = Browser(f"{url}/send/gone-{id(site)}"), Browser(f"{url}/send/kept-{id(site)}")
    push.answers[httpx.URL(gone.endpoint).path] = 410
    subscribe(site, bob, gone)
    subscribe(site, bob, kept)
    assert {row.endpoint for row in subscriptions(site)} == {gone.endpoint, kept.endpoint}
    match_id, tokens = turn_based_match(site, "pig", [anne, bob], target=100)
    play(site, match_id, tokens[0], "stop")
    wait(lambda: len(to(push, gone)) == 1 and len(to(push, kept)) == 1)
    wait(lambda: [row.endpoint for row in subscriptions(site)] == [kept.endpoint])


def test_a_push_service_that_fails_never_breaks_a_move(site, service):
    push, url = service
    anne, bob = profile(site, "Anne"), profile(site, "Bob")
    broken = Browser(f"{url}/send/broken-{id(site)}")
    push.answers[httpx.URL(broken.endpoint).path] = 500
    subscribe(site, bob, broken)
    unreachable = Browser("http://127.0.0.1:9/nobody-listens")  # the discard port: refused at once
    subscribe(site, bob, unreachable)
    match_id, tokens = turn_based_match(site, "pig", [anne, bob], target=100)
    play(site, match_id, tokens[0], "stop")
    play(site, match_id, tokens[1], "stop")  # the game goes on, both moves kept
    assert site.http.get(f"/api/matches/{match_id}").json()["version"] == 2
    wait(lambda: len(to(push, broken)) == 1)
    assert len(subscriptions(site)) == 2  # a failure is not a "gone": both kept for next time


def test_a_crown_the_queen_notice_never_names_a_card(tmp_path, service):
    from regalia.games.crown_the_queen.cards import CARD_NAMES

    push, url = service
    for site in serve(app_on(f"sqlite:///{tmp_path / 'cq.db'}")):
        anne, bob = profile(site, "Anne"), profile(site, "Bob")
        browser = Browser(f"{url}/send/cq-{id(site)}")
        subscribe(site, bob, browser)
        key = site.http.get("/api/push/key").json()["key"]
        match_id, tokens = turn_based_match(site, "crown-the-queen", [anne, bob], players=2)
        mover, told = site.http.get(f"/api/matches/{match_id}").json()["to_move"], 0
        for _ in range(8):  # whole turns: a card named in an action, the hands dealt, the processions laid
            after = play(site, match_id, tokens[mover])
            if mover == 0 and after == 1:  # Anne's turn ended and Bob's began: he is told
                told += 1
                wait(lambda told=told, browser=browser: len(to(push, browser)) == told)
                notice = opened(browser, to(push, browser)[-1], key, url)
                assert notice["title"] == "Your turn in Crown the Queen against Anne"
                text = json.dumps(notice).replace("Crown the Queen", "")  # the game's own title names no card
                assert not [card for card in CARD_NAMES if card.lower() in text.lower()], text
            mover = after
        assert told >= 3 and len(to(push, browser)) == told


def test_a_restart_keeps_the_vapid_key_and_the_subscriptions(tmp_path, service):
    push, url = service
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    browser = Browser(f"{url}/send/restart-{id(tmp_path)}")
    for site in serve(app_on(db, catalog=toy_catalog())):
        key = site.http.get("/api/push/key").json()["key"]
        anne, bob = profile(site, "Anne"), profile(site, "Bob")
        subscribe(site, bob, browser)
        match_id, tokens = turn_based_match(site, "pig", [anne, bob], target=100)
    assert len(unb64u(key)) == 65 and unb64u(key)[0] == 4
    for site in serve(app_on(db, catalog=toy_catalog())):
        assert site.http.get("/api/push/key").json()["key"] == key
        play(site, match_id, tokens[0], "stop")
        wait(lambda: len(to(push, browser)) == 1)
        assert opened(browser, to(push, browser)[0], key, url)["title"] == "Your turn in Pig against Anne"


def test_when_time_runs_out_and_the_computer_plays_the_turn_the_next_person_is_told(site, service):
    push, url = service
    anne, bob = profile(site, "Anne"), profile(site, "Bob")
    browser = Browser(f"{url}/send/lapse-{id(site)}")
    subscribe(site, bob, browser)
    match_id, _tokens = turn_based_match(site, "pig", [anne, bob], target=100)
    site.app.state.turns.tick_seconds = 0.02
    site.ws(match_id).close()  # the clock's loop runs
    site.app.state.turns.clock.advance(DAY + 1)  # Anne lets her day pass: the computer plays her turn
    wait(lambda: len(to(push, browser)) == 1)
    assert opened(browser, to(push, browser)[0], site.http.get("/api/push/key").json()["key"], url)["url"] == (
        f"/#/m/{match_id}")


def test_two_instances_that_both_see_the_turn_begin_send_one_push(tmp_path, service):
    push, url = service
    db = f"sqlite:///{tmp_path / 'shared.db'}"
    upgrade(db)
    bus: list[MemoryBroker] = []
    runs = [serve(app_on(db, catalog=toy_catalog(), broker=MemoryBroker(bus))) for _ in range(2)]
    a, b = (next(run) for run in runs)
    try:
        assert a.http.get("/api/push/key").json() == b.http.get("/api/push/key").json()  # one key, kept once
        anne, bob = profile(a, "Anne"), profile(a, "Bob")
        browser = Browser(f"{url}/send/two-{id(a)}")
        subscribe(b, bob, browser)
        match_id, tokens = turn_based_match(a, "pig", [anne, bob], target=100)
        watchers = [a.ws(match_id), b.ws(match_id)]  # both instances have the match in play
        play(a, match_id, tokens[0], "stop")
        for watcher in watchers:
            watcher.wait_for(lambda s: s["version"] == 1)
        wait(lambda: len(to(push, browser)) >= 1)
        time.sleep(0.5)
        assert len(to(push, browser)) == 1
        for watcher in watchers:
            watcher.close()
    finally:
        for run in runs:
            next(run, None)


# ----- the subscription endpoint -----------------------------------------------------------------------


def test_subscribe_and_unsubscribe_are_the_signed_in_profile_s(site):
    bob, eve = profile(site, "Bob"), profile(site, "Eve")
    browser = Browser("https://push.example/bob")
    assert site.http.post("/api/push/subscriptions", json=browser.subscription()).status_code == 401
    subscribe(site, bob, browser)
    subscribe(site, bob, browser)  # again (every page load): still one
    assert len(subscriptions(site)) == 1
    gone = site.http.request("DELETE", "/api/push/subscriptions", json={"endpoint": browser.endpoint}, headers=eve)
    assert gone.json() == {"removed": False} and len(subscriptions(site)) == 1  # not Eve's to remove
    gone = site.http.request("DELETE", "/api/push/subscriptions", json={"endpoint": browser.endpoint}, headers=bob)
    assert gone.json() == {"removed": True} and subscriptions(site) == []


GOOD = Browser("https://push.example/good").subscription()
MALFORMED: list[Any] = [
    {}, [], None, "text", 12, {"endpoint": GOOD["endpoint"]}, {"keys": GOOD["keys"]},
    {**GOOD, "endpoint": ""}, {**GOOD, "endpoint": "ftp://push.example/x"}, {**GOOD, "endpoint": "not a url"},
    {**GOOD, "endpoint": "https://"}, {**GOOD, "endpoint": "https://user:pw@push.example/x"},
    {**GOOD, "endpoint": "https://push.example:99999/x"}, {**GOOD, "endpoint": "https://push.example/" + "x" * 3000},
    {**GOOD, "keys": {}}, {**GOOD, "keys": []}, {**GOOD, "keys": {"p256dh": GOOD["keys"]["p256dh"]}},
    {**GOOD, "keys": {**GOOD["keys"], "p256dh": "!!!"}},
    {**GOOD, "keys": {**GOOD["keys"], "p256dh": b64u(b"\x04" + bytes(64))}},  # not on the curve
    {**GOOD, "keys": {**GOOD["keys"], "p256dh": b64u(os.urandom(33))}},  # compressed: not what browsers send
    {**GOOD, "keys": {**GOOD["keys"], "auth": b64u(os.urandom(15))}},
    {**GOOD, "keys": {**GOOD["keys"], "auth": "é" * 22}}, {**GOOD, "keys": {**GOOD["keys"], "auth": 16}},
    {**GOOD, "keys": {**GOOD["keys"], "extra": "x"}}, {**GOOD, "unknown": 1}, {**GOOD, "expirationTime": "soon"},
]
"""Bodies a browser never sends; the loopback, private and .local endpoints are refused on a real site too."""
NOT_ON_THE_INTERNET = ["http://push.example/x", "https://127.0.0.1/x", "https://10.0.0.8/x", "https://[::1]/x",
                       "https://localhost/x", "https://printer.local/x", "https://169.254.169.254/latest"]


def _refused(site: LiveServer, who: dict[str, str], body: Any) -> None:
    answer = site.http.post("/api/push/subscriptions", headers=who,
                            **({"content": body} if isinstance(body, str) else {"json": body}))
    assert 400 <= answer.status_code < 500 and answer.status_code != 404, (body, answer.status_code, answer.text)
    assert answer.json()["detail"], answer.text  # a reason, not an empty refusal


def test_a_malformed_subscription_is_refused_with_a_reason_and_nothing_is_kept(site):
    bob = profile(site, "Bob")
    site.app.state.push.insecure = False  # as on a real site
    for body in MALFORMED:
        _refused(site, bob, body)
    for endpoint in NOT_ON_THE_INTERNET:
        _refused(site, bob, {**GOOD, "endpoint": endpoint})
    _refused(site, bob, "{not json")
    assert subscriptions(site) == []


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(body=st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40),
                         lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                             st.sampled_from(["endpoint", "keys", "p256dh", "auth", "expirationTime", "x"]),
                             inner, max_size=4), max_leaves=8))
def test_fuzzed_subscriptions_are_refused_and_nothing_is_kept(fuzz_site, body):
    site, bob = fuzz_site
    _refused(site, bob, body)
    assert subscriptions(site) == []


@pytest.fixture(scope="module")
def fuzz_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, dict[str, str]]]:
    db = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    for site in serve(create_app(f"sqlite:///{db}", catalog=toy_catalog(), bot_pause=0.0)):
        yield site, profile(site, "Fuzz")
