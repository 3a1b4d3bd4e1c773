"""Errors shared by every game, client and server path."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not legal now; the message names the rule that forbids it.

    Raising it never changes the match: every check runs before anything is applied.
    """


class RecordError(ValueError):
    """A saved match or record that is corrupt, tampered with, or does not replay."""


class UnknownGame(ValueError):
    """A game id that is not registered."""
