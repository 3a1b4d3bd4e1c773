"""What can go wrong with a profile; every message names the rule, for the person who hit it."""

from __future__ import annotations


class ProfileError(ValueError):
    """A profile request that breaks a rule; nothing was changed."""


class InvalidName(ProfileError):
    """A display name that breaks a naming rule (length, characters, reserved)."""


class NameTaken(ProfileError):
    """A display name another profile already uses (names are unique, ignoring case)."""


class SignInError(ProfileError):
    """A token or sign-in code that does not open a profile (unknown, used, expired, revoked)."""


class SkinLocked(ProfileError):
    """A dice skin the profile has not unlocked yet."""
