"""Profiles in the store: create one from a name, open it with a token, add a device with a sign-in code.

Every function takes the caller's ``AsyncSession`` and leaves the transaction to it (``async with
sessions.begin() as session: ...``), so a request's writes commit or roll back together. Nothing here
commits, logs or returns a secret except the one ``Secret`` its caller must hand to the browser.
The time comes from ``clock`` (``utc_now`` by default), never from inside the rules.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from regalia.profiles.badges import Badge, DiceSkin, choose_skin
from regalia.profiles.errors import NameTaken, SignInError
from regalia.profiles.names import name_key, validate_display_name
from regalia.profiles.tokens import (
    Secret,
    SignInCode,
    hash_code,
    hash_token,
    issue_code,
    new_token,
    normalize_code,
    token_hash_of,
)

from .tables import BadgeRow, ProfileRow, ProfileTokenRow, SignInCodeRow

Clock = Callable[[], datetime]
TOUCH_EVERY = timedelta(hours=1)
"""How stale a device's ``last_used_at`` may get before a request refreshes it."""


def utc_now() -> datetime:
    """The system clock, aware and in UTC: the default ``clock`` of the store's functions."""
    return datetime.now(UTC)


def new_profile_id() -> str:
    """A public profile id (it appears in URLs; it opens nothing): ``p`` + 16 hex digits."""
    return "p" + secrets.token_hex(8)


@dataclass(frozen=True, slots=True)
class Profile:
    """What anyone may know of a profile."""

    id: str
    display_name: str
    created_at: datetime
    dice_skin: str


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A profile and the token its device keeps (shown once: send ``token.reveal()`` to that device only)."""

    profile: Profile
    token: Secret


def _profile(row: ProfileRow) -> Profile:
    return Profile(row.id, row.display_name, row.created_at, row.dice_skin)


async def _name_is_free(session: AsyncSession, key: str, except_id: str | None = None) -> bool:
    query = select(ProfileRow.id).where(ProfileRow.name_key == key)
    found = (await session.scalars(query)).first()
    return found is None or found == except_id


async def _add_token(session: AsyncSession, profile_id: str, now: datetime, how: str) -> Secret:
    token = new_token()
    session.add(ProfileTokenRow(token_hash=hash_token(token), profile_id=profile_id, created_at=now,
                                last_used_at=now, how=how))
    return token


async def create_profile(
    session: AsyncSession, display_name: object, *, clock: Clock = utc_now, new_id: Callable[[], str] = new_profile_id
) -> SignedIn:
    """A new profile named ``display_name`` and its first device's token; InvalidName or NameTaken otherwise."""
    name = validate_display_name(display_name)
    key = name_key(name)
    if not await _name_is_free(session, key):
        raise NameTaken(f"the name {name!r} is taken: choose another display name")
    now = clock()
    row = ProfileRow(id=new_id(), display_name=name, name_key=key, created_at=now, last_seen_at=now,
                     dice_skin=DiceSkin.CLASSIC.value)
    session.add(row)
    try:
        await session.flush()
    except IntegrityError as exc:  # another request took the name between our check and our insert
        raise NameTaken(f"the name {name!r} is taken: choose another display name") from exc
    token = await _add_token(session, row.id, now, "created")
    await session.flush()
    return SignedIn(_profile(row), token)


async def profile_for_token(session: AsyncSession, presented: object, *, clock: Clock = utc_now) -> Profile | None:
    """The profile a device's token opens, or None (unknown, revoked, or not a token at all); refreshes the
    token's last use when it is stale (``touch_token``), so the caller's session may write."""
    opened = await open_token(session, presented, clock=clock)
    if opened is None:
        return None
    profile, stale = opened
    if stale:
        await touch_token(session, presented, clock=clock)
    return profile


async def open_token(session: AsyncSession, presented: object, *,
                     clock: Clock = utc_now) -> tuple[Profile, bool] | None:
    """The profile a device's token opens and whether its last use is older than ``TOUCH_EVERY``; no write.

    A server reads with this outside its write gate and takes the gate only for the rare ``touch_token``.
    """
    digest = token_hash_of(presented)
    if digest is None:
        return None
    token = await session.get(ProfileTokenRow, digest)
    if token is None or token.revoked_at is not None:
        return None
    profile = await session.get(ProfileRow, token.profile_id)
    if profile is None:
        return None
    return _profile(profile), clock() - token.last_used_at >= TOUCH_EVERY  # once an hour is enough


async def touch_token(session: AsyncSession, presented: object, *, clock: Clock = utc_now) -> None:
    """Record that a device's token was used now (its ``last_used_at`` and the profile's ``last_seen_at``)."""
    digest = token_hash_of(presented)
    token = await session.get(ProfileTokenRow, digest) if digest is not None else None
    if token is None or token.revoked_at is not None:
        return
    profile = await session.get(ProfileRow, token.profile_id)
    now = clock()
    token.last_used_at = now
    if profile is not None:
        profile.last_seen_at = now


async def get_profile(session: AsyncSession, profile_id: str) -> Profile | None:
    """A profile by its public id."""
    row = await session.get(ProfileRow, profile_id)
    return _profile(row) if row is not None else None


async def issue_sign_in_code(session: AsyncSession, profile_id: str, *, clock: Clock = utc_now) -> Secret:
    """A fresh code to open ``profile_id`` on another device; any earlier unused code stops working."""
    if await session.get(ProfileRow, profile_id) is None:
        raise SignInError(f"no profile {profile_id!r}")
    now = clock()
    await session.execute(delete(SignInCodeRow).where(SignInCodeRow.profile_id == profile_id,
                                                      SignInCodeRow.used_at.is_(None)))
    code, record = issue_code(profile_id, now)
    session.add(SignInCodeRow(code_hash=record.code_hash, profile_id=profile_id, issued_at=record.issued_at,
                              expires_at=record.expires_at))
    await session.flush()
    return code


async def redeem_sign_in_code(session: AsyncSession, typed: object, *, clock: Clock = utc_now) -> SignedIn:
    """Open the code's profile on a new device: a new token for it; SignInError names why not.

    The code is spent by one conditional UPDATE (unused and unexpired -> used), so two devices racing
    with the same code cannot both get in.
    """
    code = normalize_code(typed)
    if code is None:
        raise SignInError("that is not a sign-in code: codes are 8 letters and digits, like 7KQ4-XMTA")
    digest = hash_code(code)
    now = clock()
    spent = await session.execute(
        update(SignInCodeRow)
        .where(SignInCodeRow.code_hash == digest, SignInCodeRow.used_at.is_(None),
               SignInCodeRow.expires_at > now)
        .values(used_at=now)
        .returning(SignInCodeRow.profile_id)
    )
    profile_id = spent.scalar_one_or_none()
    if profile_id is None:
        row = await session.get(SignInCodeRow, digest)
        if row is None:
            raise SignInError("unknown sign-in code: ask your other device for a new one")
        SignInCode(row.code_hash, row.profile_id, row.issued_at, row.expires_at, row.used_at).check(now)
        raise SignInError("this sign-in code cannot be used now")  # check() always raises here
    profile = await session.get(ProfileRow, profile_id)
    assert profile is not None
    profile.last_seen_at = now
    token = await _add_token(session, profile_id, now, "code")
    await session.flush()
    return SignedIn(_profile(profile), token)


async def purge_sign_in_codes(session: AsyncSession, *, clock: Clock = utc_now) -> int:
    """Delete every code that can no longer be used (spent or expired); how many went (a periodic chore)."""
    now = clock()
    gone = await session.execute(delete(SignInCodeRow).where(
        (SignInCodeRow.used_at.is_not(None)) | (SignInCodeRow.expires_at <= now)))
    return int(gone.rowcount)  # type: ignore[attr-defined]


async def sign_out(session: AsyncSession, presented: object, *, clock: Clock = utc_now) -> bool:
    """Revoke one device's token (its hash stays, marked revoked); False if it opened nothing."""
    digest = token_hash_of(presented)
    if digest is None:
        return False
    result = await session.execute(update(ProfileTokenRow)
                                   .where(ProfileTokenRow.token_hash == digest, ProfileTokenRow.revoked_at.is_(None))
                                   .values(revoked_at=clock()))
    return bool(result.rowcount)  # type: ignore[attr-defined]


async def rename_profile(session: AsyncSession, profile_id: str, display_name: object) -> Profile:
    """Change a profile's display name (same rules as at creation; history keeps the old one)."""
    row = await session.get(ProfileRow, profile_id)
    if row is None:
        raise SignInError(f"no profile {profile_id!r}")
    name = validate_display_name(display_name)
    key = name_key(name)
    if not await _name_is_free(session, key, except_id=profile_id):
        raise NameTaken(f"the name {name!r} is taken: choose another display name")
    row.display_name, row.name_key = name, key
    await session.flush()
    return _profile(row)


async def profile_badges(session: AsyncSession, profile_id: str) -> list[BadgeRow]:
    """The badges a profile holds, lowest first."""
    rows = (await session.scalars(select(BadgeRow).where(BadgeRow.profile_id == profile_id))).all()
    order = {b.slug: b.rank for b in Badge}
    return sorted(rows, key=lambda r: order.get(r.badge, 99))


async def set_dice_skin(session: AsyncSession, profile_id: str, skin: object) -> Profile:
    """Choose the dice skin the profile's tables use; SkinLocked names the badge a locked skin needs."""
    row = await session.get(ProfileRow, profile_id)
    if row is None:
        raise SignInError(f"no profile {profile_id!r}")
    held = [Badge.parse(b.badge) for b in await profile_badges(session, profile_id)]
    row.dice_skin = choose_skin(skin, held).value
    await session.flush()
    return _profile(row)
