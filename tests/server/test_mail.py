"""E-mail notices (issue 45): a real SMTP server (aiosmtpd, started here) receives every mail.

The app runs under uvicorn with ``smtp=`` that server; the turn-based clock (and so the digest's) is a
``HandWallClock``: time moves when a test says so, and the mail loop runs every 20 ms of real time.
"""

from __future__ import annotations

import email
import email.policy
import logging
import re
import socket
import time
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regalia.server.app import create_app
from regalia.server.catalog import default_catalog
from regalia.server.mail import Mail, compose, parse_smtp_url
from regalia.server.mail_notices import check_address, time_left
from regalia.server.referee import HandClock
from regalia.server.turn_based import HandWallClock
from tests.server.conftest import LiveServer, serve
from tests.server.toys import toy_catalog

DAY = 86400
THREE_DAYS = 259200


class Inbox:
    """aiosmtpd's handler: every mail received, parsed."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.mails.append(message)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.mails if m["To"] == address]

    def wait(self, address: str, count: int, seconds: float = 10) -> list[EmailMessage]:
        wait(lambda: len(self.to(address)) >= count, seconds)
        return self.to(address)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, Controller]]:
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield handler, controller
    controller.stop()


def app_with_mail(db: str, clock: HandWallClock, smtp: str | None, catalog: Any = None) -> Any:
    app = create_app(db, catalog=catalog or toy_catalog(), bot_pause=0.0, smtp=smtp,
                     mail_from="Regalia <turns@regalia.test>")
    app.state.turns.clock = clock
    app.state.turns.tick_seconds = 0.02
    app.state.mail.tick_seconds = 0.02
    app.state.referee.clock = HandClock()  # the real-time leaver watch never runs out on its own here
    return app


@pytest.fixture
def site(tmp_path: Path, inbox: tuple[Inbox, Controller]) -> Iterator[LiveServer]:
    clock = HandWallClock()
    smtp = f"smtp://127.0.0.1:{inbox[1].port}"
    for live in serve(app_with_mail(f"sqlite:///{tmp_path / 'mail.db'}", clock, smtp)):
        live.clock = clock  # type: ignore[attr-defined]
        live.inbox = inbox[0]  # type: ignore[attr-defined]
        yield live


def wait(predicate: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "the server did not get there in time"
        time.sleep(0.02)


def plain(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())  # type: ignore[attr-defined]


def html_part(message: EmailMessage) -> str:
    body = message.get_body(("html",))
    assert body is not None
    return str(body.get_content())  # type: ignore[attr-defined]


def new_profile(site: LiveServer, name: str) -> dict[str, str]:
    response = site.http.post("/api/profiles", json={"name": name})
    assert response.status_code == 201, response.text
    return {"authorization": f"Bearer {response.json()['token']}"}


def mail_settings(site: LiveServer, me: dict[str, str]) -> dict[str, Any]:
    response = site.http.get("/api/profiles/me/mail", headers=me)
    assert response.status_code == 200, response.text
    return dict(response.json())


def code_in(message: EmailMessage) -> str:
    found = re.search(r"\b(\d{6})\b", plain(message))
    assert found is not None, plain(message)
    return found.group(1)


def verified(site: LiveServer, me: dict[str, str], address: str) -> None:
    """``address`` given, its code read from the mail received and typed back."""
    inbox: Inbox = site.inbox  # type: ignore[attr-defined]
    before = len(inbox.to(address))
    assert site.http.put("/api/profiles/me/mail", json={"address": address}, headers=me).status_code == 200
    code = code_in(inbox.wait(address, before + 1)[-1])
    response = site.http.post("/api/profiles/me/mail/verify", json={"code": code}, headers=me)
    assert response.status_code == 200, response.text


def turn_based_match(site: LiveServer, seats: list[dict[str, Any]], pace: int = DAY, game: str = "pig",
                     options: dict[str, Any] | None = None) -> dict[str, Any]:
    response = site.http.post("/api/matches", json={"game": game, "options": options or {}, "seats": seats,
                                                    "pace": pace})
    assert response.status_code == 201, response.text
    return dict(response.json())


def sit(site: LiveServer, me: dict[str, str], created: dict[str, Any], seat: int, *, look: bool = True) -> None:
    """The profile plays ``seat``; ``look``: then someone opens the table and closes it (the hub's watchers
    run on such a change, as on every move: attaching a profile alone is not one)."""
    response = site.http.post(f"/api/matches/{created['match']}/seats/{seat}/player",
                              json={"seat_token": created["tokens"][str(seat)]}, headers=me)
    assert response.status_code == 200, response.text
    if look:
        site.ws(created["match"]).close()


def unsubscribe_link(message: EmailMessage) -> str:
    found = re.search(r"Stop these mails: (\S+)", plain(message))
    assert found is not None
    assert message["List-Unsubscribe"] == f"<{found.group(1)}>"
    return found.group(1)


# ----- the address and its code ---------------------------------------------------------------------

def test_the_code_mailed_verifies_the_address_and_a_wrong_code_changes_nothing(site):
    me = new_profile(site, "Anne")
    assert mail_settings(site, me) == {"offered": True, "address": None, "pending": None, "mode": "off"}
    response = site.http.put("/api/profiles/me/mail", json={"address": "anne@example.org"}, headers=me)
    assert response.status_code == 200 and response.json()["pending"] == "anne@example.org"
    [mail] = site.inbox.wait("anne@example.org", 1)
    code = code_in(mail)
    assert code in mail["Subject"] and mail["From"] == "Regalia <turns@regalia.test>"
    assert "/api/unsubscribe?token=" in unsubscribe_link(mail)  # every mail has one, the code's too
    wrong = "000000" if code != "000000" else "111111"
    refused = site.http.post("/api/profiles/me/mail/verify", json={"code": wrong}, headers=me)
    assert refused.status_code == 400
    assert refused.json()["detail"] == "that is not the code mailed to anne@example.org: 4 tries left"
    assert mail_settings(site, me) == {"offered": True, "address": None, "pending": "anne@example.org", "mode": "off"}
    done = site.http.post("/api/profiles/me/mail/verify", json={"code": f" {code[:3]} {code[3:]} "}, headers=me)
    assert done.status_code == 200, done.text
    assert mail_settings(site, me) == {"offered": True, "address": "anne@example.org", "pending": None,
                                       "mode": "turn"}


def test_a_code_expires_and_five_wrong_codes_use_it_up(site):
    me = new_profile(site, "Ben")
    site.http.put("/api/profiles/me/mail", json={"address": "ben@example.org"}, headers=me)
    code = code_in(site.inbox.wait("ben@example.org", 1)[-1])
    site.clock.advance(16 * 60)
    late = site.http.post("/api/profiles/me/mail/verify", json={"code": code}, headers=me)
    assert late.status_code == 410 and "expired" in late.json()["detail"]
    site.http.put("/api/profiles/me/mail", json={"address": "ben@example.org"}, headers=me)
    code = code_in(site.inbox.wait("ben@example.org", 2)[-1])
    wrong = "000000" if code != "000000" else "111111"
    answers = [site.http.post("/api/profiles/me/mail/verify", json={"code": wrong}, headers=me) for _ in range(6)]
    assert [a.status_code for a in answers] == [400] * 5 + [429]
    assert answers[4].json()["detail"].endswith("ask for a new one")
    assert site.http.post("/api/profiles/me/mail/verify", json={"code": code}, headers=me).status_code == 429
    assert mail_settings(site, me)["address"] is None


def test_the_unsubscribe_link_of_a_code_s_mail_forgets_that_address_alone(site):
    me = new_profile(site, "Dora")
    verified(site, me, "dora@example.org")
    site.http.put("/api/profiles/me/mail", json={"address": "not-dora@example.org"}, headers=me)  # a mistake
    [mail] = site.inbox.wait("not-dora@example.org", 1)
    clicked = httpx.post(unsubscribe_link(mail))  # the mail program's one-click button (RFC 8058)
    assert clicked.status_code == 200 and "The code mailed to not-dora@example.org no longer works" in clicked.text
    assert mail_settings(site, me) == {"offered": True, "address": "dora@example.org", "pending": None, "mode": "turn"}
    refused = site.http.post("/api/profiles/me/mail/verify", json={"code": code_in(mail)}, headers=me)
    assert refused.status_code == 409


def test_an_address_that_is_not_one_is_refused_with_a_reason_and_nothing_is_mailed(site):
    me = new_profile(site, "Cleo")
    for bad in ["", "cleo", "cleo@", "@example.org", "cleo@example", "a b@example.org", "cleo@example.org\r\nBcc: x@y.z",
                "Cleo <cleo@example.org>"]:
        response = site.http.put("/api/profiles/me/mail", json={"address": bad}, headers=me)
        assert response.status_code == 422, (bad, response.text)
        assert isinstance(response.json()["detail"], str) and "address" in response.json()["detail"]
    assert site.http.post("/api/profiles/me/mail/verify", json={"code": "123456"}, headers=me).json()["detail"] == \
        "no code is waiting: give your e-mail address first"
    assert site.http.put("/api/profiles/me/mail/mode", json={"mode": "digest"}, headers=me).status_code == 409
    assert site.http.get("/api/profiles/me/mail").status_code == 401
    time.sleep(0.2)
    assert site.inbox.mails == []
    assert mail_settings(site, me)["pending"] is None


# ----- your turn -------------------------------------------------------------------------------------

def test_your_turn_mail_once_per_turn_even_when_the_trigger_fires_again_or_the_server_restarts(
        tmp_path: Path, inbox: tuple[Inbox, Controller]):
    received, controller = inbox
    db = f"sqlite:///{tmp_path / 'turns.db'}"
    clock = HandWallClock()
    smtp = f"smtp://127.0.0.1:{controller.port}"
    for site in serve(app_with_mail(db, clock, smtp)):
        site.inbox = received  # type: ignore[attr-defined]
        anne = new_profile(site, "Anne")
        verified(site, anne, "anne@example.org")
        created = turn_based_match(site, [{"kind": "human"}, {"kind": "human", "name": "Ben"}])
        match_id = created["match"]
        sit(site, anne, created, 0)  # Anne's seat, her turn first, and she is not at the table
        [first] = received.wait("anne@example.org", 2)[1:]
        assert first["Subject"] == "Your turn in Pig"
        text = plain(first)
        assert "It is your turn in Pig against Ben." in text and "Time left to move: 1 day." in text
        assert f"{site.url}/#/m/{match_id}" in text and f'href="{site.url}/#/m/{match_id}"' in html_part(first)
        site.app.state.mail._seen.clear()  # the trigger fires again (a spectator comes and goes) from scratch
        for _ in range(2):
            site.ws(match_id).close()
        time.sleep(0.3)
        assert len(received.to("anne@example.org")) == 2
        anne_at_table = site.ws(match_id)  # her move, then Ben's: her next turn is mailed once more
        anne_at_table.hello(created["tokens"]["0"])
        anne_at_table.act("stop", seat=0, version=0)
        anne_at_table.close()
        ben = site.ws(match_id)
        ben.hello(created["tokens"]["1"])
        ben.wait_for(lambda s: s["version"] == 1)
        ben.act("stop", seat=1, version=1)
        assert received.wait("anne@example.org", 3)[-1]["Subject"] == "Your turn in Pig"
        time.sleep(0.3)
        assert len(received.to("anne@example.org")) == 3
    for again in serve(app_with_mail(db, clock, smtp)):  # a restart: the match is loaded and watched anew
        again.ws(match_id).close()
        wait(lambda a=again: match_id in a.app.state.hub.live)
        time.sleep(0.3)
        assert len(received.to("anne@example.org")) == 3


def test_no_mail_while_the_person_is_at_the_table_and_none_in_a_real_time_match(site):
    anne = new_profile(site, "Anne")
    verified(site, anne, "anne@example.org")
    real_time = turn_based_match(site, [{"kind": "human"}, {"kind": "human"}], pace=None)  # type: ignore[arg-type]
    sit(site, anne, real_time, 0)
    created = turn_based_match(site, [{"kind": "human"}, {"kind": "computer"}])
    at_table = site.ws(created["match"])
    at_table.hello(created["tokens"]["0"])
    sit(site, anne, created, 0, look=False)
    at_table.act("stop", seat=0, version=0)  # the computer answers at once: her turn again, at the table
    at_table.wait_for(lambda s: s["version"] >= 2 and s["legal"])
    time.sleep(0.3)
    assert len(site.inbox.to("anne@example.org")) == 1  # the code's mail only


def test_the_unsubscribe_link_of_a_received_mail_turns_the_mails_off_through_the_http_api(site):
    anne = new_profile(site, "Anne")
    verified(site, anne, "anne@example.org")
    created = turn_based_match(site, [{"kind": "human"}, {"kind": "human", "name": "Ben"}])
    sit(site, anne, created, 0)
    link = unsubscribe_link(site.inbox.wait("anne@example.org", 2)[-1])
    assert link.startswith(f"{site.url}/api/unsubscribe?token=")
    clicked = httpx.get(link)  # no sign-in: the link alone
    assert clicked.status_code == 200 and "Regalia will not mail anne@example.org any more" in clicked.text
    assert mail_settings(site, anne)["mode"] == "off"
    assert "already" in httpx.get(link).text
    assert httpx.get(link + "x").status_code == 404 and "Nothing was changed" in httpx.get(link + "x").text
    assert httpx.get(f"{site.url}/api/unsubscribe").status_code == 400
    again = turn_based_match(site, [{"kind": "human"}, {"kind": "human"}])  # a new turn: nothing mailed now
    sit(site, anne, again, 0)
    time.sleep(0.3)
    assert len(site.inbox.to("anne@example.org")) == 2
    response = site.http.put("/api/profiles/me/mail/mode", json={"mode": "turn"}, headers=anne)
    assert response.status_code == 200 and response.json()["mode"] == "turn"  # her choice again, in her profile
    assert site.http.delete("/api/profiles/me/mail", headers=anne).json()["address"] is None
    assert httpx.get(link).status_code == 404  # the address is gone: its links with it


def test_the_digest_lists_the_matches_waiting_once_a_day_on_the_hand_clock(site):
    anne = new_profile(site, "Anne")
    verified(site, anne, "anne@example.org")
    assert site.http.put("/api/profiles/me/mail/mode", json={"mode": "digest"}, headers=anne).json()["mode"] == "digest"
    ids = []
    for opponent in ["Ben", "Cleo"]:
        created = turn_based_match(site, [{"kind": "human"}, {"kind": "human", "name": opponent}], pace=THREE_DAYS)
        sit(site, anne, created, 0)
        ids.append(created["match"])
    time.sleep(0.3)
    assert len(site.inbox.to("anne@example.org")) == 1  # digest readers get no your-turn mail
    site.clock.advance(DAY - 60)
    time.sleep(0.3)
    assert len(site.inbox.to("anne@example.org")) == 1  # not a day yet
    site.clock.advance(120)
    digest = site.inbox.wait("anne@example.org", 2)[-1]
    text = plain(digest)
    assert digest["Subject"] == "Your turn in 2 matches on Regalia"
    assert "2 matches wait for your move:" in text
    assert "Pig against Ben, 1 day 23 hours left" in text and "Pig against Cleo, 1 day 23 hours left" in text
    assert all(f"{site.url}/#/m/{match_id}" in text for match_id in ids)
    site.clock.advance(3600)
    time.sleep(0.3)
    assert len(site.inbox.to("anne@example.org")) == 2  # one a day
    site.clock.advance(DAY)
    assert "22 hours 59 minutes left" in plain(site.inbox.wait("anne@example.org", 3)[-1])


def test_a_crown_the_queen_mail_never_names_a_card(tmp_path: Path, inbox: tuple[Inbox, Controller]):
    from regalia.games.crown_the_queen.cards import CARD_NAMES

    received, controller = inbox
    clock = HandWallClock()
    app = app_with_mail(f"sqlite:///{tmp_path / 'cq.db'}", clock, f"smtp://127.0.0.1:{controller.port}",
                        catalog=default_catalog())
    for site in serve(app):
        site.inbox = received  # type: ignore[attr-defined]
        anne = new_profile(site, "Anne")
        verified(site, anne, "anne@example.org")
        seats = [{"kind": "human"}, {"kind": "computer", "level": "random"}, {"kind": "computer", "level": "random"}]
        created = turn_based_match(site, seats, pace=THREE_DAYS, game="crown-the-queen")
        path = f"/api/matches/{created['match']}"
        wait(lambda s=site, p=path: s.http.get(p).json()["to_move"] == 0)
        sit(site, anne, created, 0)  # her turn: mailed
        received.wait("anne@example.org", 2)
        assert site.http.put("/api/profiles/me/mail/mode", json={"mode": "digest"}, headers=anne).status_code == 200
        clock.advance(DAY + 1)  # and the digest
        mails = received.wait("anne@example.org", 3)[1:]
        turn = next(m for m in mails if m["Subject"] == "Your turn in Crown the Queen")
        digest = next(m for m in mails if m["Subject"].endswith("on Regalia"))
        for mail in (turn, digest):
            words = " ".join([mail["Subject"], plain(mail), html_part(mail)]).replace("Crown the Queen", "")
            named = [card for card in CARD_NAMES if re.search(rf"\b{re.escape(card)}\b", words)]
            assert named == [], (named, words)
        assert "It is your turn in Crown the Queen against Computer (Random) and Computer (Random)." in plain(turn)


def test_a_mail_server_that_fails_never_stops_a_move_and_is_logged(site, caplog):
    anne = new_profile(site, "Anne")
    verified(site, anne, "anne@example.org")
    site.app.state.mail.mailer.server = parse_smtp_url(f"smtp://127.0.0.1:{free_port()}")  # nobody answers
    refused = site.http.put("/api/profiles/me/mail", json={"address": "new@example.org"}, headers=anne)
    assert refused.status_code == 502 and "could not be mailed" in refused.json()["detail"]
    assert mail_settings(site, anne)["pending"] is None  # nothing kept for a code nobody received
    created = turn_based_match(site, [{"kind": "human"}, {"kind": "human"}])
    with caplog.at_level(logging.WARNING, logger="regalia.server.mail"):
        sit(site, anne, created, 0)
        wait(lambda: any("not sent" in r.getMessage() for r in caplog.records))
    player = site.ws(created["match"])
    player.hello(*created["tokens"].values())
    player.act("stop", seat=0, version=0)
    assert player.wait_for(lambda s: s["version"] == 1)["version"] == 1


def test_without_smtp_e_mail_is_not_offered(server):
    me = new_profile(server, "Dora")
    assert mail_settings(server, me) == {"offered": False, "reason": "This server does not send e-mail."}
    response = server.http.put("/api/profiles/me/mail", json={"address": "dora@example.org"}, headers=me)
    assert response.status_code == 404 and response.json()["detail"] == "This server does not send e-mail."
    assert server.http.put("/api/profiles/me/mail/mode", json={"mode": "turn"}, headers=me).status_code == 404
    assert server.http.get("/api/unsubscribe?token=p0.x").status_code == 404


def test_regalia_serve_with_an_smtp_url_it_cannot_read_stops_with_one_line(tmp_path: Path):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "regalia.cli", "serve", "--port", "1", "--db",
                           f"sqlite:///{tmp_path / 'x.db'}", "--smtp", "http://me:secret@mail.example.org"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "secret" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        "regalia serve: --smtp: cannot read the mail server URL 'mail.example.org': use smtp://host:port, "
        "smtp+starttls://user:password@host:587 or smtps://user:password@host:465"]


# ----- the pieces ------------------------------------------------------------------------------------

def test_smtp_urls_and_their_forms():
    assert parse_smtp_url("smtp://mail.example.org").port == 25
    secure = parse_smtp_url("smtp+starttls://me%40x.org:s%3Acret@mail.example.org")
    assert (secure.port, secure.user, secure.password) == (587, "me@x.org", "s:cret")
    assert "s:cret" not in repr(secure) and parse_smtp_url("smtps://h:2465").port == 2465
    with pytest.raises(ValueError, match="smtp://host:port"):
        parse_smtp_url("http://mail.example.org")


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_a_mail_server_that_asks_for_a_login_gets_the_url_s_user_and_password(monkeypatch):
    import asyncio

    from aiosmtpd.smtp import AuthResult, LoginPassword

    from regalia.server.mail import Mailer, MailError

    def check(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
        return AuthResult(success=isinstance(data, LoginPassword) and (data.login, data.password) == (b"turns", b"s3:cret"))

    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port(), authenticator=check, auth_required=True,
                            auth_require_tls=False)
    controller.start()
    try:
        mail = Mail(to="anne@example.org", subject="Hello", lines=["Hello."], unsubscribe="http://x/api/unsubscribe")
        asyncio.run(Mailer(f"smtp://turns:s3%3Acret@127.0.0.1:{controller.port}").send(mail))
        assert [m["Subject"] for m in inbox.to("anne@example.org")] == ["Hello"]
        monkeypatch.setattr("regalia.server.mail.SEND_TIMEOUT", 1.0)  # aiosmtpd answers a second try by silence
        with pytest.raises(MailError, match="did not take the mail") as refused:
            asyncio.run(Mailer(f"smtp://turns:wrong-pass@127.0.0.1:{controller.port}").send(mail))
        assert "wrong-pass" not in str(refused.value)
    finally:
        controller.stop()


def test_a_mail_is_text_and_its_html_twin_escapes_every_word():
    message = compose(Mail(to="a@example.org", subject="Your turn", lines=["<b>Ben & Co</b> wait"],
                           unsubscribe="http://x/api/unsubscribe?token=p1.a", link="http://x/#/m/1",
                           link_text="Play"), "Regalia <r@x.org>")
    assert "<b>Ben & Co</b> wait" in plain(message)
    assert "&lt;b&gt;Ben &amp; Co&lt;/b&gt; wait" in html_part(message) and "<b>" not in html_part(message)


def test_time_left_and_addresses_in_words():
    assert [time_left(s) for s in (30, 600, 3600 * 5 + 600, DAY, DAY * 2 + 3600 * 3)] == [
        "less than a minute", "10 minutes", "5 hours 10 minutes", "1 day", "2 days 3 hours"]
    assert check_address(" anne@example.org ") == "anne@example.org"


# ----- fuzzing the new bodies -----------------------------------------------------------------------

FUZZ = settings(max_examples=150, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
json_scalar = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                        st.floats(allow_nan=False, allow_infinity=False),
                        st.text(max_size=40))
json_value = st.recursive(json_scalar, lambda inner: st.lists(inner, max_size=3)
                          | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8)
bodies = st.one_of(json_value, st.fixed_dictionaries({}, optional={
    "address": st.one_of(st.text(max_size=300), st.sampled_from(["a@b", "x@y.z\n", "<a@b.c>"]), json_value),
    "code": st.one_of(st.text(max_size=30), json_value), "mode": st.one_of(
        st.sampled_from(["turn", "digest", "off", "TURN", "weekly", ""]), json_value)}))
routes = st.sampled_from([("PUT", "/api/profiles/me/mail"), ("POST", "/api/profiles/me/mail/verify"),
                          ("PUT", "/api/profiles/me/mail/mode"), ("DELETE", "/api/profiles/me/mail")])


def test_fuzz_the_mail_routes_refuse_malformed_bodies_with_a_reason_and_store_nothing(site):
    anne = new_profile(site, "Anne")
    verified(site, anne, "anne@example.org")
    kept = mail_settings(site, anne)

    @FUZZ
    @given(route=routes, body=bodies, raw=st.booleans())
    def one(route: tuple[str, str], body: Any, raw: bool) -> None:
        method, path = route
        if method == "DELETE" or (path.endswith("mode") and isinstance(body, dict) and body.get("mode") in
                                  ("turn", "digest", "off")):
            return  # well-formed: these are allowed to change things (their own tests say how)
        content = str(body).encode() if raw else None  # raw: not even JSON
        response = site.http.request(method, path, headers=anne, content=content, json=None if raw else body)
        assert 400 <= response.status_code < 500 or response.status_code == 200, response.text
        if response.status_code >= 400:
            detail = response.json()["detail"]
            assert detail and (isinstance(detail, str) or isinstance(detail, list) and detail[0]["msg"])
            assert {k: v for k, v in mail_settings(site, anne).items() if k != "pending"} == \
                {k: v for k, v in kept.items() if k != "pending"}

    one()
    profile_id = unsubscribe_link(site.inbox.to("anne@example.org")[0]).split("token=")[1].split(".")[0]

    @FUZZ
    @given(token=st.one_of(st.text(max_size=250), st.text(max_size=60).map(lambda t: f"{profile_id}.{t}")),
           method=st.sampled_from(["GET", "POST"]))
    def click(token: str, method: str) -> None:
        answer = site.http.request(method, "/api/unsubscribe", params={"token": token})
        assert answer.status_code in (400, 404, 422) and answer.text

    click()
    assert mail_settings(site, anne)["address"] == kept["address"] and mail_settings(site, anne)["mode"] == "turn"
