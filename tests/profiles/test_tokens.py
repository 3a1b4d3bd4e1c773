"""Profile tokens and sign-in codes: random, long, hashed, never shown; codes single use for 10 minutes."""

import hashlib
import logging
import pickle
from datetime import UTC, datetime, timedelta

import pytest

from regalia.profiles.errors import SignInError
from regalia.profiles.tokens import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Secret,
    format_code,
    hash_code,
    hash_token,
    issue_code,
    new_code,
    new_token,
    normalize_code,
    redact,
    redeemed,
    sign_in_link,
    token_hash_of,
)

NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)


def test_token_is_long_random_and_hashed_with_sha256():
    a, b = new_token(), new_token()
    assert a != b
    assert len(a.reveal()) >= 43  # token_urlsafe(32): 256 bits
    assert hash_token(a) == hashlib.sha256(a.reveal().encode()).hexdigest()
    assert a.reveal() not in hash_token(a)


def test_secret_never_shows_itself(caplog):
    token = new_token()
    value = token.reveal()
    shown = [repr(token), str(token), f"{token}", f"{token!r}", f"{token:>60}", repr([token]), repr({"t": token})]
    assert all(value not in text for text in shown)
    with caplog.at_level(logging.INFO):
        logging.getLogger("regalia.test").info("issued %s %r", token, token)
    assert value not in caplog.text
    with pytest.raises(TypeError, match="never pickled"):
        pickle.dumps(token)
    assert value not in str(redact({"token": token, "list": [token], "name": "Anne"}))


def test_secret_compares_in_constant_time_and_is_unhashable():
    assert Secret("abc") == Secret("abc") and Secret("abc") != Secret("abd") and Secret("abc") != "abc"
    with pytest.raises(TypeError):
        hash(Secret("abc"))
    with pytest.raises(TypeError):
        Secret("")


def test_presented_garbage_never_becomes_a_lookup():
    assert token_hash_of(None) is None
    assert token_hash_of("short") is None
    assert token_hash_of("x" * 5000) is None
    token = new_token()
    assert token_hash_of(token.reveal()) == hash_token(token) == token_hash_of(token)


def test_code_is_eight_unambiguous_characters():
    for _ in range(50):
        code = new_code().reveal()
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert not set(CODE_ALPHABET) & set("01258BILOSUVZ")


def test_code_typed_loosely_is_normalized():
    code = Secret("7KQ4XMTA")
    assert format_code(code) == "7KQ4-XMTA"
    assert normalize_code(" 7kq4-xmta ") == code
    assert normalize_code("7KQ4 XMTA") == code
    for junk in (None, 7, "", "7KQ4XMT", "7KQ4XMTA9", "OOOOOOOO", "x" * 100):
        assert normalize_code(junk) is None


def test_code_hash_is_separate_from_token_hash():
    code = Secret("7KQ4XMTA")
    assert hash_code(code) != hash_token(code)


def test_issued_code_lasts_ten_minutes_and_works_once():
    code, record = issue_code("p1", NOW)
    assert record.code_hash == hash_code(code) and record.profile_id == "p1"
    assert record.expires_at - record.issued_at == timedelta(minutes=10)
    used = redeemed(record, NOW + timedelta(minutes=9, seconds=59))
    assert record.used_at is None and used.used_at is not None
    with pytest.raises(SignInError, match="already used"):
        redeemed(used, NOW + timedelta(minutes=1))
    with pytest.raises(SignInError, match="expired"):
        redeemed(record, NOW + timedelta(minutes=10))
    assert record.is_usable(NOW) and not record.is_usable(NOW + timedelta(minutes=10))


def test_link_carries_the_code_in_the_fragment():
    link = sign_in_link("https://regalia.example/", Secret("7KQ4XMTA"))
    assert link == "https://regalia.example/sign-in#code=7KQ4XMTA"
