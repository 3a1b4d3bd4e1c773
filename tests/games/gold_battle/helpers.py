"""Set-up positions for the rule tests: a test draws its board and plays from it."""

from __future__ import annotations

from regalia.core import Match
from regalia.games.gold_battle import GoldBattle
from regalia.games.gold_battle.position import position_from_rows


def battle(rows: str, rest: str = "r 0-0 0 0", **options: object) -> Match:
    """A match starting from the drawn position (11 rows, rank 11 first, '.' open ground)."""
    return GoldBattle(position=position_from_rows(rows, rest), **options).new_match(seed=1)


def board(match: Match) -> list[str]:
    """The board as rows of letters, rank 11 first (the same drawing the tests use)."""
    return match.view(None)["board"]


def at(match: Match, square: str) -> str:
    """The letter on ``square`` ('.' for open ground)."""
    file, rank = "abcdefghijk".index(square[0]), int(square[1:])
    return board(match)[11 - rank][file]
