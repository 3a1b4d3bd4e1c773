"""A profile without a password: a long secret token kept by the browser, and short sign-in codes.

    device A                                server                          device B
    create(name) ─────────────────────────> token T (shown once) ─┐
                                            keeps sha256(T) only   │
    "add a device" ───────────────────────> code ABCD-EFGH        │ (10 minutes, single use)
                                            keeps sha256(code)     │
                                                                   └──── types ABCD-EFGH / opens link
                                            new token T2 ─────────────────────────────────────> keeps T2

The token is ``secrets.token_urlsafe(32)``: 256 random bits, so no one can guess it and a fast hash is
enough; the store keeps SHA-256 (the same scheme as the server's seat tokens), which lets a request be
matched by an index lookup, and a stolen copy of the database signs no one in. Every token and code in
memory is a ``Secret``: its ``repr``/``str``/format print a redaction, so it cannot reach a log line, a
traceback's locals or an error page by accident; ``reveal()`` is the one deliberate way out.

A sign-in code is 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B,
U/V), about 36 bits: enough for a code that lives ten minutes, is used once, and sits behind the
server's rate limit on redemption. The link form puts the code in the URL *fragment* (``#code=...``),
which browsers never send to a server, so it stays out of access logs and Referer headers.

No clock is read here: every function that needs the time takes ``now``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, NoReturn

from .errors import SignInError

TOKEN_BYTES = 32
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTWXY"
"""23 symbols that cannot be misread for one another (handwriting, small fonts, read aloud)."""
CODE_LENGTH = 8
CODE_LIFETIME = timedelta(minutes=10)


class Secret:
    """A secret string that never shows itself: repr, str and format all print a redaction."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        if not isinstance(value, str) or not value:
            raise TypeError("a Secret holds a non-empty str")
        self._value = value

    def reveal(self) -> str:
        """The secret itself: call it only where it must leave the process (the one response to its holder)."""
        return self._value

    def __repr__(self) -> str:
        return "Secret('********')"

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return repr(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and hmac.compare_digest(self._value.encode(), other._value.encode())

    __hash__ = None  # type: ignore[assignment]  # equal secrets must not be findable by hash either

    def __reduce__(self) -> NoReturn:
        raise TypeError("a Secret is never pickled (it would leave the process in the clear)")


def new_token() -> Secret:
    """A fresh profile token: handed to the browser once, never stored."""
    return Secret(secrets.token_urlsafe(TOKEN_BYTES))


def hash_token(token: Secret | str) -> str:
    """What the store keeps of a profile token (hex SHA-256, like the server's seat tokens)."""
    value = token.reveal() if isinstance(token, Secret) else token
    return hashlib.sha256(value.encode()).hexdigest()


def token_hash_of(presented: object) -> str | None:
    """The hash to look up for a token a client presented, or None for anything that cannot be one."""
    if isinstance(presented, Secret):
        presented = presented.reveal()
    if not isinstance(presented, str) or not 20 <= len(presented) <= 200:
        return None
    return hash_token(presented)


# ----- sign-in codes -------------------------------------------------------------------------------


def new_code() -> Secret:
    """A fresh sign-in code, e.g. ``Secret('********')`` revealing ``"7KQ4XMTA"``."""
    return Secret("".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)))


def format_code(code: Secret) -> str:
    """The code as a person reads it: two groups of four (``7KQ4-XMTA``)."""
    value = code.reveal()
    return f"{value[:4]}-{value[4:]}"


def normalize_code(typed: object) -> Secret | None:
    """A typed or pasted code made canonical (case, spaces and dashes forgiven), or None if it cannot be one."""
    if isinstance(typed, Secret):
        typed = typed.reveal()
    if not isinstance(typed, str) or len(typed) > 40:
        return None
    value = "".join(ch for ch in typed.upper() if ch not in " -\t")
    if len(value) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in value):
        return None
    return Secret(value)


def hash_code(code: Secret) -> str:
    """What the store keeps of a sign-in code (domain-separated from token hashes)."""
    return hashlib.sha256(b"regalia-sign-in:" + code.reveal().encode()).hexdigest()


def sign_in_link(base_url: str, code: Secret) -> str:
    """The link form of a code; the code rides in the fragment, which never reaches a server log."""
    return f"{base_url.rstrip('/')}/sign-in#code={code.reveal()}"


@dataclass(frozen=True, slots=True)
class SignInCode:
    """A code as the store keeps it: its hash, whose profile, when it stops working, whether it was used."""

    code_hash: str
    profile_id: str
    issued_at: datetime
    expires_at: datetime
    used_at: datetime | None = field(default=None)

    def is_usable(self, now: datetime) -> bool:
        return self.used_at is None and now < self.expires_at

    def check(self, now: datetime) -> None:
        """SignInError naming the rule when the code cannot be redeemed ``now``."""
        if self.used_at is not None:
            raise SignInError("this sign-in code was already used: each code works once")
        if now >= self.expires_at:
            raise SignInError(f"this sign-in code expired: codes last {CODE_LIFETIME.seconds // 60} minutes")


def issue_code(profile_id: str, now: datetime) -> tuple[Secret, SignInCode]:
    """A new code for ``profile_id``: the Secret for its holder, the record for the store."""
    code = new_code()
    return code, SignInCode(hash_code(code), profile_id, now, now + CODE_LIFETIME)


def redeemed(record: SignInCode, now: datetime) -> SignInCode:
    """The record after a successful redemption (a new value; the input is unchanged)."""
    record.check(now)
    return SignInCode(record.code_hash, record.profile_id, record.issued_at, record.expires_at, now)


def redact(data: Any) -> Any:
    """A copy of a JSON-like value with every Secret replaced by its redaction (for logging payloads)."""
    if isinstance(data, Secret):
        return repr(data)
    if isinstance(data, dict):
        return {k: redact(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [redact(v) for v in data]
    return data
