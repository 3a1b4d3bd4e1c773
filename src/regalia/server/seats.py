"""Seat tokens. A token is the only proof that a client may act for a seat.

Tokens are long random strings (``secrets.token_urlsafe(32)``: 256 bits) handed to the client once; the
server keeps only their SHA-256, so a copy of the database never lets anyone act. A client without a
valid token may still watch, with the spectator's view.

A match's seed is secret and random too; its commitment (``regalia.core.rng.seed_commitment``,
SHA-256 of ``regalia-seed:<seed>``) is published at the start and the seed revealed at the end, so anyone
can check that no roll, spin or deal was chosen after play began.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from regalia.core.rng import seed_commitment

__all__ = ["hash_token", "new_seed", "new_token", "seed_commitment", "token_matches"]


def new_token() -> str:
    """A fresh seat token (shown once to its holder, never stored)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """What the store keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: object, token_hash: str | None) -> bool:
    """Whether ``token`` is the one hashed to ``token_hash`` (constant time; garbage never matches)."""
    if token_hash is None or not isinstance(token, str) or not token or len(token) > 200:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)


def new_seed() -> str:
    """A match's secret seed: unpredictable, so no player can foresee the dice or the deal."""
    return secrets.token_hex(16)
