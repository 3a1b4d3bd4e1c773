"""Sending e-mail: the SMTP server given by ``regalia serve --smtp URL``, and the mails' plain words.

    smtp://[user:pass@]host[:port]            plain SMTP (port 25 unless given)
    smtp+starttls://[user:pass@]host[:port]   SMTP upgraded with STARTTLS (port 587 unless given)
    smtps://[user:pass@]host[:port]           SMTP over TLS from the first byte (port 465 unless given)

The standard library's ``smtplib`` does the talking, in a worker thread (``asyncio.to_thread``): a slow or
dead mail server holds a thread, never the event loop that plays the matches. Every mail is plain text,
with a simple HTML twin whose every word is escaped, and carries its unsubscribe link (also as the
``List-Unsubscribe`` header, which mail programs show as a button).

What a mail may say is decided by its callers (``mail_notices.py``): public facts only, never a card.
"""

from __future__ import annotations

import asyncio
import html
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from urllib.parse import unquote, urlsplit

DEFAULT_FROM = "Regalia <regalia@localhost>"
"""Used when ``--mail-from`` is not given: a mail server that checks senders wants a real one."""
SEND_TIMEOUT = 20.0
"""Seconds a mail server may take to answer each step before the mail is given up (and logged)."""
PORTS = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}


class MailError(Exception):
    """A mail could not be sent; the message says why in one line (never a password)."""


@dataclass(frozen=True)
class SmtpServer:
    scheme: str
    host: str
    port: int
    user: str | None = None
    password: str | None = None

    def __repr__(self) -> str:  # the password never reaches a log line
        return f"SmtpServer({self.shown()!r})"

    def shown(self) -> str:
        """The URL with its password masked (it is printed at start)."""
        who = f"{self.user}:***@" if self.user else ""
        return f"{self.scheme}://{who}{self.host}:{self.port}"


def parse_smtp_url(url: str) -> SmtpServer:
    """``url`` read, or ``ValueError`` saying what form it must have."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in PORTS or not parts.hostname:
        raise ValueError(f"cannot read the mail server URL {url.split('@')[-1]!r}: use smtp://host:port, "
                         "smtp+starttls://user:password@host:587 or smtps://user:password@host:465")
    try:
        port = parts.port or PORTS[scheme]
    except ValueError:
        raise ValueError(f"the mail server URL's port is not a number: {url.split('@')[-1]!r}") from None
    return SmtpServer(scheme, parts.hostname, port, unquote(parts.username) if parts.username else None,
                      unquote(parts.password) if parts.password else None)


@dataclass(frozen=True)
class Mail:
    """One mail, as its caller wrote it: ``lines`` are paragraphs of plain text, ``link`` the one to follow."""

    to: str
    subject: str
    lines: list[str]
    unsubscribe: str
    """The unsubscribe link (one click turns these mails off)."""
    link: str | None = None
    link_text: str = ""


def compose(mail: Mail, sender: str) -> EmailMessage:
    """The message: plain text, and an HTML twin with every word escaped (a name is never markup)."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = formataddr(("", mail.to))
    message["Subject"] = mail.subject
    message["Message-ID"] = make_msgid(domain="regalia.invalid")
    message["List-Unsubscribe"] = f"<{mail.unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    link = [f"{mail.link_text}: {mail.link}"] if mail.link else []
    footer = f"You get this because you asked for it in your Regalia profile. Stop these mails: {mail.unsubscribe}"
    message.set_content("\n\n".join([*mail.lines, *link, "--", footer]) + "\n")
    esc = html.escape
    parts = [f"<p>{esc(line)}</p>" for line in mail.lines]
    if mail.link:
        parts.append(f'<p><a href="{esc(mail.link)}">{esc(mail.link_text)}</a></p>')
    parts.append(f'<hr><p style="color:#666;font-size:small">You get this because you asked for it in your '
                 f'Regalia profile. <a href="{esc(mail.unsubscribe)}">Stop these mails</a>.</p>')
    message.add_alternative("<!doctype html><html><body>" + "\n".join(parts) + "</body></html>\n", subtype="html")
    return message


class Mailer:
    """Sends mails through one SMTP server, each in a worker thread."""

    def __init__(self, url: str, sender: str | None = None) -> None:
        self.server = parse_smtp_url(url)
        self.sender = sender or DEFAULT_FROM

    async def send(self, mail: Mail) -> None:
        """Send ``mail`` or raise ``MailError`` with the reason (the caller logs it or tells the person)."""
        message = compose(mail, self.sender)
        try:
            await asyncio.to_thread(self._send, message)
        except (OSError, smtplib.SMTPException) as exc:
            raise MailError(f"the mail server {self.server.host}:{self.server.port} did not take the mail: "
                            f"{' '.join(str(exc).split())[:200] or type(exc).__name__}") from None

    def _send(self, message: EmailMessage) -> None:
        server = self.server
        if server.scheme == "smtps":
            client: smtplib.SMTP = smtplib.SMTP_SSL(server.host, server.port, timeout=SEND_TIMEOUT,
                                                    context=ssl.create_default_context())
        else:
            client = smtplib.SMTP(server.host, server.port, timeout=SEND_TIMEOUT)
        with client:
            if server.scheme == "smtp+starttls":
                client.starttls(context=ssl.create_default_context())
            if server.user:
                client.login(server.user, server.password or "")
            client.send_message(message)


__all__ = ["DEFAULT_FROM", "Mail", "MailError", "Mailer", "SmtpServer", "compose", "parse_smtp_url"]
