"""E-mail notices over HTTP (``mail_notices.py`` does the work):

    GET    /api/profiles/me/mail            (Bearer) {"offered", "address", "pending", "mode"}; offered false
                                            without ``--smtp`` (the profile page then hides e-mail)
    PUT    /api/profiles/me/mail            {"address"} -> a 6-digit code mailed to it
    POST   /api/profiles/me/mail/verify     {"code"} -> the address is the one mailed from now on
    PUT    /api/profiles/me/mail/mode       {"mode": "turn" | "digest" | "off"}
    DELETE /api/profiles/me/mail            the address is forgotten
    GET    /api/unsubscribe?token=...       the link in every mail: one click, no sign-in, a page that says
    POST   /api/unsubscribe?token=...       what was done (POST: mail programs' one-click button, RFC 8058)

Each refusal is a 4xx with a reason a person can act on; a malformed body changes nothing.
"""

from __future__ import annotations

import html
from typing import Any, Literal

from fastapi import APIRouter, FastAPI, Header, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import Field

from regalia import records

from .mail_notices import MailNotices, MailRefused, check_address
from .profiles_api import Attempts, bearer, profile_opened_by
from .protocol import StrictBody

CODES_PER_HOUR = 5
"""Codes a profile may have mailed an hour: the server must not be a way to flood someone's inbox."""


class MailAddress(StrictBody):
    address: str = Field(max_length=254)


class MailCode(StrictBody):
    code: str = Field(max_length=20)


class MailMode(StrictBody):
    mode: Literal["turn", "digest", "off"]


def page(title: str, text: str, status: int = 200) -> HTMLResponse:
    """A plain page for a person who clicked a link in a mail (escaped: a token or address is never markup)."""
    return HTMLResponse(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)} · Regalia</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
        f'<body style="font-family:sans-serif;max-width:36em;margin:3em auto;padding:0 1em">'
        f'<h1>{html.escape(title)}</h1><p id="said">{html.escape(text)}</p><p><a href="/">Regalia</a></p></body></html>',
        status_code=status)


def mail_router(mail: MailNotices) -> APIRouter:
    router = APIRouter()
    codes = Attempts(CODES_PER_HOUR, window=3600.0)

    async def me_or_401(authorization: str | None) -> records.Profile:
        me = await profile_opened_by(mail.store, bearer(authorization))
        if me is None:
            raise HTTPException(401, "not signed in: create a profile or sign in with a code")
        return me

    async def answer(work: Any) -> dict[str, Any]:
        try:
            return dict(await work)
        except MailRefused as exc:
            raise HTTPException(exc.status, str(exc)) from None

    @router.get("/api/profiles/me/mail")
    async def settings(authorization: str | None = Header(None)) -> dict[str, Any]:
        me = await me_or_401(authorization)
        return await mail.settings(me.id)

    @router.put("/api/profiles/me/mail")
    async def give(body: MailAddress, request: Request, authorization: str | None = Header(None)) -> dict[str, Any]:
        me = await me_or_401(authorization)
        if not mail.offered:
            raise HTTPException(404, "This server does not send e-mail.")
        try:
            check_address(body.address)  # a mistyped address is not counted against the codes an hour
        except MailRefused as exc:
            raise HTTPException(exc.status, str(exc)) from None
        if not codes.allow(me.id):
            raise HTTPException(429, f"too many codes asked for: at most {CODES_PER_HOUR} an hour; "
                                     "use the last one mailed, or try again later")
        return await answer(mail.give_address(me.id, body.address, str(request.base_url).rstrip("/")))

    @router.post("/api/profiles/me/mail/verify")
    async def verify(body: MailCode, authorization: str | None = Header(None)) -> dict[str, Any]:
        me = await me_or_401(authorization)
        return await answer(mail.verify(me.id, body.code))

    @router.put("/api/profiles/me/mail/mode")
    async def mode(body: MailMode, authorization: str | None = Header(None)) -> dict[str, Any]:
        me = await me_or_401(authorization)
        return await answer(mail.set_mode(me.id, body.mode))

    @router.delete("/api/profiles/me/mail")
    async def remove(authorization: str | None = Header(None)) -> dict[str, Any]:
        me = await me_or_401(authorization)
        return await answer(mail.remove(me.id))

    @router.api_route("/api/unsubscribe", methods=["GET", "POST"], include_in_schema=False)
    async def unsubscribe(token: str = Query("", max_length=200)) -> HTMLResponse:
        if not token:
            return page("Link incomplete", "This unsubscribe link has lost its token (the mail program may have "
                                           "cut it): open it whole, or turn e-mail off in your profile.", 400)
        done = await mail.unsubscribe(token)
        if done is None:
            return page("Link not known", "This unsubscribe link is not known: its address was removed from its "
                                          "profile, so nothing is mailed to it. Nothing was changed.", 404)
        address, what = done
        if what == "forgotten":
            return page("Address forgotten", f"The code mailed to {address} no longer works, and nothing more "
                                             "will be mailed to it.")
        if what == "already off":
            return page("E-mail already off", f"Regalia was already not mailing {address}. Nothing was changed.")
        return page("E-mail off", f"Regalia will not mail {address} any more. You can turn the mails back on in "
                                  "your profile.")

    return router


def install(app: FastAPI, mail: MailNotices) -> None:
    """Give ``app`` the e-mail routes (answered even without a mail server: 'not offered', and old links)."""
    app.state.mail = mail
    app.include_router(mail_router(mail))
