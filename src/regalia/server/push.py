"""Web Push as browsers' push services speak it: the message encrypted for one browser (RFC 8291, the
``aes128gcm`` content coding of RFC 8188) and signed for by the server's VAPID key (RFC 8292).

No library does this here (pywebpush is not a dependency); ``cryptography`` gives the pieces::

    browser  pushManager.subscribe(server's public key) -> {endpoint, keys: {p256dh, auth}}  (push_api.py)
    server   a fresh P-256 key pair per message; ECDH with the browser's p256dh; HKDF with its auth secret
             -> content key + nonce; AES-128-GCM over the JSON notice
             POST endpoint  TTL, Content-Encoding: aes128gcm, Authorization: vapid t=<ES256 JWT>, k=<public key>
    push service  201 (queued) | 404/410 (the subscription is gone: we forget it) | anything else: logged

The VAPID key pair is made once and kept in the database (``push_keys``), so the subscriptions browsers made
with its public key keep working after a restart and on every instance.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import struct
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import httpx
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.hmac import HMAC
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from sqlalchemy.exc import IntegrityError

from .models import PushKeyRow
from .store import Store

log = logging.getLogger("regalia.server.push")

RECORD_SIZE = 4096
"""The one record's size (RFC 8291 §4: a push message is a single record of at most 4096 bytes)."""
JWT_SECONDS = 12 * 3600
"""How long a VAPID token is good for (RFC 8292 §2: at most 24 hours)."""
GONE = (404, 410)
"""A push service's answer that the subscription no longer exists (RFC 8030 §7.3): it is forgotten."""


def b64u(data: bytes) -> str:
    """Base64url without padding, as Web Push writes every key."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64u(text: str) -> bytes:
    """Base64url with or without padding (browsers send it without); ValueError if it is not."""
    try:
        return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (ValueError, TypeError) as exc:
        raise ValueError("not base64url") from exc


def _hmac(key: bytes, data: bytes) -> bytes:
    mac = HMAC(key, hashes.SHA256())
    mac.update(data)
    return mac.finalize()


def hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    """HKDF-SHA-256 (RFC 5869) with one expand block, all that RFC 8291 asks for (32 bytes or fewer)."""
    prk = _hmac(salt, ikm)
    return _hmac(prk, info + b"\x01")[:length]


def public_bytes(key: ec.EllipticCurvePublicKey) -> bytes:
    """The uncompressed point, 65 bytes (0x04 || x || y)."""
    return key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)


def browser_key(p256dh: str) -> ec.EllipticCurvePublicKey:
    """A subscription's ``p256dh`` as a P-256 public key; ValueError if it is not a point of the curve."""
    raw = unb64u(p256dh)
    if len(raw) != 65 or raw[0] != 4:
        raise ValueError("p256dh is not an uncompressed P-256 public key (65 bytes)")
    return ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)


def encrypt(plaintext: bytes, p256dh: str, auth: str, *, salt: bytes | None = None,
            sender: ec.EllipticCurvePrivateKey | None = None) -> bytes:
    """The body of a push message: ``plaintext`` encrypted for the browser holding ``p256dh`` and ``auth``
    (RFC 8291 §3.4, §4: one aes128gcm record whose key id is the sender's one-time public key)."""
    ua_public = browser_key(p256dh)
    auth_secret = unb64u(auth)
    if len(auth_secret) != 16:
        raise ValueError("auth is not a 16-byte secret")
    if len(plaintext) > RECORD_SIZE - 17 - 86:  # the tag, the delimiter, the header
        raise ValueError("a push message holds at most 3993 bytes")
    sender = sender or ec.generate_private_key(ec.SECP256R1())
    as_public, ua_raw = public_bytes(sender.public_key()), public_bytes(ua_public)
    shared = sender.exchange(ec.ECDH(), ua_public)
    ikm = hkdf(auth_secret, shared, b"WebPush: info\x00" + ua_raw + as_public, 32)
    salt = salt or os.urandom(16)
    key = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
    nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
    record = AESGCM(key).encrypt(nonce, plaintext + b"\x02", None)  # \x02: the last (only) record
    return salt + struct.pack("!IB", RECORD_SIZE, len(as_public)) + as_public + record


@dataclass(frozen=True)
class VapidKey:
    """The server's application-server key pair (RFC 8292)."""

    private: ec.EllipticCurvePrivateKey

    @classmethod
    def generate(cls) -> VapidKey:
        return cls(ec.generate_private_key(ec.SECP256R1()))

    @classmethod
    def from_private(cls, text: str) -> VapidKey:
        return cls(ec.derive_private_key(int.from_bytes(unb64u(text), "big"), ec.SECP256R1()))

    def private_text(self) -> str:
        return b64u(self.private.private_numbers().private_value.to_bytes(32, "big"))

    @property
    def public(self) -> str:
        """What a browser's ``applicationServerKey`` is, and the ``k=`` of the header."""
        return b64u(public_bytes(self.private.public_key()))

    def header(self, endpoint: str, subject: str, now: float | None = None) -> str:
        """``Authorization: vapid t=<JWT>, k=<key>`` for a message to ``endpoint`` (RFC 8292 §2-3)."""
        parts = urlsplit(endpoint)
        claims = {"aud": f"{parts.scheme}://{parts.netloc}", "exp": int((now or time.time()) + JWT_SECONDS),
                  "sub": subject}
        signing = (b64u(json.dumps({"typ": "JWT", "alg": "ES256"}, separators=(",", ":")).encode()) + "."
                   + b64u(json.dumps(claims, separators=(",", ":")).encode()))
        r, s = decode_dss_signature(self.private.sign(signing.encode(), ec.ECDSA(hashes.SHA256())))
        signature = r.to_bytes(32, "big") + s.to_bytes(32, "big")  # JWS's ES256: r || s, not DER
        return f"vapid t={signing}.{b64u(signature)}, k={self.public}"


async def kept_key(store: Store) -> VapidKey:
    """The server's VAPID key: the one in the database, else a new one stored now (two instances starting at
    once: the second's insert fails and it reads the first's)."""
    async with store.sessions() as session:
        row = await session.get(PushKeyRow, 1)
    if row is not None:
        return VapidKey.from_private(row.private_key)
    made = VapidKey.generate()
    try:
        async with store.writing() as session:
            session.add(PushKeyRow(id=1, private_key=made.private_text(), public_key=made.public,
                                   created_at=datetime.now(UTC)))
        return made
    except IntegrityError:
        async with store.sessions() as session:
            row = await session.get(PushKeyRow, 1)
        assert row is not None
        return VapidKey.from_private(row.private_key)


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str


async def send(client: httpx.AsyncClient, key: VapidKey, subject: str, to: Subscription,
               notice: dict[str, Any], *, ttl: int, topic: str | None = None) -> int:
    """POST one encrypted notice to a subscription's endpoint; the push service's status code."""
    body = encrypt(json.dumps(notice, separators=(",", ":")).encode(), to.p256dh, to.auth)
    headers = {"TTL": str(max(0, ttl)), "Content-Encoding": "aes128gcm", "Urgency": "normal",
               "Content-Type": "application/octet-stream", "Authorization": key.header(to.endpoint, subject)}
    if topic:
        headers["Topic"] = topic  # a newer notice of the same match replaces one not yet delivered
    response = await client.post(to.endpoint, content=body, headers=headers)
    return response.status_code


__all__ = ["GONE", "Subscription", "VapidKey", "b64u", "browser_key", "encrypt", "hkdf", "kept_key", "send",
           "unb64u"]
