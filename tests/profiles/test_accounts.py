"""Profiles in the store: creation, tokens, sign-in codes on another device, names, skins."""

import logging

import pytest
from sqlalchemy import select, text

from regalia.profiles.errors import InvalidName, NameTaken, SignInError, SkinLocked
from regalia.profiles.tokens import Secret, format_code, hash_token
from regalia.records import (
    create_profile,
    issue_sign_in_code,
    profile_for_token,
    purge_sign_in_codes,
    redeem_sign_in_code,
    rename_profile,
    set_dice_skin,
    sign_out,
)
from regalia.records.tables import BadgeRow, ProfileTokenRow

pytestmark = pytest.mark.anyio


async def test_create_profile_returns_a_token_stored_only_as_its_hash(sessions, clock):
    async with sessions.begin() as s:
        signed = await create_profile(s, "Anne Bonny", clock=clock)
    assert isinstance(signed.token, Secret) and signed.profile.display_name == "Anne Bonny"
    assert signed.token.reveal() not in repr(signed)
    async with sessions() as s:
        stored = (await s.scalars(select(ProfileTokenRow))).one()
        dump = "\n".join(str(row) for row in (await s.execute(text("SELECT * FROM profile_tokens"))).all())
    assert stored.token_hash == hash_token(signed.token) and signed.token.reveal() not in dump


async def test_token_opens_the_profile_and_garbage_opens_nothing(sessions, clock):
    async with sessions.begin() as s:
        signed = await create_profile(s, "Anne Bonny", clock=clock)
    async with sessions.begin() as s:
        assert (await profile_for_token(s, signed.token.reveal(), clock=clock)) == signed.profile
        for junk in (None, "", "x" * 5000, 7, "not-the-token-at-all-000000"):
            assert await profile_for_token(s, junk, clock=clock) is None


async def test_token_use_is_noted_at_most_hourly(sessions, clock):
    async with sessions.begin() as s:
        signed = await create_profile(s, "Anne Bonny", clock=clock)
    created = clock()
    for minutes, expected in ((30, created), (61, created.replace(hour=13, minute=1))):
        clock.now = created.replace(hour=12 + minutes // 60, minute=minutes % 60)
        async with sessions.begin() as s:
            await profile_for_token(s, signed.token, clock=clock)
        async with sessions() as s:
            assert (await s.scalars(select(ProfileTokenRow))).one().last_used_at == expected


async def test_names_are_validated_and_unique_ignoring_case_and_separators(sessions, clock):
    async with sessions.begin() as s:
        await create_profile(s, "Anne Bonny", clock=clock)
    async with sessions.begin() as s:
        with pytest.raises(NameTaken, match="taken"):
            await create_profile(s, "anne_bonny", clock=clock)
        with pytest.raises(InvalidName, match="reserved"):
            await create_profile(s, "Admin", clock=clock)


async def test_kg_24_cloud_sync_sign_in_code_opens_the_same_profile_on_another_device(sessions, clock, caplog):
    async with sessions.begin() as s:
        first = await create_profile(s, "Mary Read", clock=clock)
    with caplog.at_level(logging.DEBUG):
        async with sessions.begin() as s:
            code = await issue_sign_in_code(s, first.profile.id, clock=clock)
        clock.advance(minutes=3)
        async with sessions.begin() as s:
            second = await redeem_sign_in_code(s, format_code(code).lower(), clock=clock)
    assert code.reveal() not in caplog.text
    assert second.profile.id == first.profile.id and second.token != first.token
    async with sessions.begin() as s:
        assert (await profile_for_token(s, second.token, clock=clock)).id == first.profile.id
        assert (await profile_for_token(s, first.token, clock=clock)).id == first.profile.id


async def test_sign_in_code_is_single_use(sessions, clock):
    async with sessions.begin() as s:
        first = await create_profile(s, "Mary Read", clock=clock)
        code = await issue_sign_in_code(s, first.profile.id, clock=clock)
    async with sessions.begin() as s:
        await redeem_sign_in_code(s, code, clock=clock)
    with pytest.raises(SignInError, match="already used"):
        async with sessions.begin() as s:
            await redeem_sign_in_code(s, code, clock=clock)


async def test_sign_in_code_expires_after_ten_minutes(sessions, clock):
    async with sessions.begin() as s:
        first = await create_profile(s, "Mary Read", clock=clock)
        code = await issue_sign_in_code(s, first.profile.id, clock=clock)
    clock.advance(minutes=10)
    with pytest.raises(SignInError, match="expired"):
        async with sessions.begin() as s:
            await redeem_sign_in_code(s, code, clock=clock)


async def test_a_new_code_cancels_the_unused_one_and_bad_codes_name_the_rule(sessions, clock):
    async with sessions.begin() as s:
        first = await create_profile(s, "Mary Read", clock=clock)
        old = await issue_sign_in_code(s, first.profile.id, clock=clock)
        await issue_sign_in_code(s, first.profile.id, clock=clock)
    async with sessions.begin() as s:
        with pytest.raises(SignInError, match="unknown sign-in code"):
            await redeem_sign_in_code(s, old, clock=clock)
        with pytest.raises(SignInError, match="not a sign-in code"):
            await redeem_sign_in_code(s, "hello", clock=clock)


async def test_sign_out_revokes_one_device(sessions, clock):
    async with sessions.begin() as s:
        signed = await create_profile(s, "Mary Read", clock=clock)
    async with sessions.begin() as s:
        assert await sign_out(s, signed.token, clock=clock)
        assert not await sign_out(s, signed.token, clock=clock)
        assert await profile_for_token(s, signed.token, clock=clock) is None


async def test_rename_keeps_rules(sessions, clock):
    async with sessions.begin() as s:
        anne = await create_profile(s, "Anne Bonny", clock=clock)
        await create_profile(s, "Mary Read", clock=clock)
    async with sessions.begin() as s:
        assert (await rename_profile(s, anne.profile.id, "ANNE bonny")).display_name == "ANNE bonny"
        with pytest.raises(NameTaken):
            await rename_profile(s, anne.profile.id, "mary-read")


async def test_kg_18_dice_skin_needs_its_badge(sessions, clock):
    async with sessions.begin() as s:
        anne = await create_profile(s, "Anne Bonny", clock=clock)
    async with sessions.begin() as s:
        with pytest.raises(SkinLocked, match="Silver Cutlass"):
            await set_dice_skin(s, anne.profile.id, "ebony")
        s.add(BadgeRow(profile_id=anne.profile.id, badge="silver-cutlass", count=1, first_earned_at=clock(),
                       last_earned_at=clock(), last_match_id="m1"))
        await s.flush()
        assert (await set_dice_skin(s, anne.profile.id, "ebony")).dice_skin == "ebony"
        assert (await set_dice_skin(s, anne.profile.id, "bone")).dice_skin == "bone"


async def test_spent_and_expired_codes_are_purged(sessions, clock):
    async with sessions.begin() as s:
        anne = await create_profile(s, "Anne Bonny", clock=clock)
        mary = await create_profile(s, "Mary Read", clock=clock)
        spent = await issue_sign_in_code(s, anne.profile.id, clock=clock)
        await redeem_sign_in_code(s, spent, clock=clock)
        await issue_sign_in_code(s, mary.profile.id, clock=clock)
    clock.advance(minutes=5)
    async with sessions.begin() as s:
        fresh = await issue_sign_in_code(s, anne.profile.id, clock=clock)
    clock.advance(minutes=6)  # Mary's code has expired, Anne's fresh one has not
    async with sessions.begin() as s:
        assert await purge_sign_in_codes(s, clock=clock) == 2
        assert (await redeem_sign_in_code(s, fresh, clock=clock)).profile.id == anne.profile.id
