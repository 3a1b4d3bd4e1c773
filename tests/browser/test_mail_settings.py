"""The profile page's e-mail section (issue 45, web/mail-settings.js), by clicks, against a real SMTP server.

An address is given, the code read from the mail the server sent and typed back, a wrong code's reason shown
as text, the mode chosen, the address removed; where the server has no ``--smtp`` the section is not there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from regalia.server.app import create_app
from tests.server.conftest import LiveServer, serve
from tests.server.test_mail import Inbox, code_in, free_port
from tests.server.toys import toy_catalog

from .conftest import shot

pytestmark = pytest.mark.browser


@pytest.fixture
def mail_site(tmp_path: Path) -> Iterator[tuple[LiveServer, Inbox]]:
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        app = create_app(f"sqlite:///{tmp_path / 'mail.db'}", catalog=toy_catalog(), bot_pause=0.0,
                         smtp=f"smtp://127.0.0.1:{controller.port}")
        for live in serve(app):
            yield live, inbox
    finally:
        controller.stop()


def create_profile(page: Any, site: LiveServer, name: str) -> None:
    page.goto(site.url + "/#/profile")
    page.fill("#profile-name", name)
    page.click("#create-profile button[type=submit]")
    expect(page.locator("#profile-title")).to_have_text(name)


def test_an_address_is_verified_by_the_mailed_code_and_its_mails_chosen_on_the_profile(page, mail_site):
    site, inbox = mail_site
    create_profile(page, site, "Anne Bonny")
    section = page.locator("#mail-settings")
    expect(section).to_be_visible()
    page.fill("#mail-address", "<b>x</b>@example.org")  # the refusal names it, as text
    page.click("#mail-give button[type=submit]")
    expect(page.locator("#toast")).to_contain_text("'<b>x</b>@example.org' does not look like an e-mail address")
    page.fill("#mail-address", "anne@example.org")
    page.click("#mail-give button[type=submit]")
    expect(page.locator("#mail-code")).to_be_visible()
    inbox.wait("anne@example.org", 1)
    code = code_in(inbox.to("anne@example.org")[0])
    page.fill("#mail-code", "000000" if code != "000000" else "111111")
    page.click("#mail-verify button[type=submit]")
    expect(page.locator("#toast")).to_contain_text("that is not the code mailed to anne@example.org: 4 tries left")
    expect(page.locator("#mail-address-shown")).to_have_count(0)  # nothing changed
    page.fill("#mail-code", code)
    page.click("#mail-verify button[type=submit]")
    expect(page.locator("#mail-address-shown")).to_have_text("anne@example.org")
    expect(page.locator("#mail-mode")).to_have_value("turn")
    page.select_option("#mail-mode", "digest")
    expect(page.locator("#toast")).to_have_text("Saved")
    token = page.evaluate("JSON.parse(localStorage.getItem('regalia.profile')).token")
    assert site.http.get("/api/profiles/me/mail", headers={"authorization": f"Bearer {token}"}).json()["mode"] == "digest"
    page.reload()  # the choice is the server's, read again
    expect(page.locator("#mail-mode")).to_have_value("digest")
    shot(page, "profile-mail-settings")
    page.click("#mail-remove")
    expect(page.locator("#mail-address-shown")).to_have_count(0)
    expect(page.locator("#mail-address")).to_be_visible()
    assert re.search(r"Stop these mails: \S+", inbox.to("anne@example.org")[0].get_body(("plain",)).get_content())


def test_without_smtp_the_profile_page_has_no_e_mail_section(page, site):
    create_profile(page, site, "Mary Read")
    expect(page.locator("#profile-title")).to_be_visible()
    expect(page.locator("#history")).to_be_attached()
    page.wait_for_timeout(300)  # the section would come with the profile's other panels
    expect(page.locator("#mail-settings")).to_have_count(0)
