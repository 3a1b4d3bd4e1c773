"""Helpers so each rule's test reads as the position it tests."""

from __future__ import annotations

from regalia.games.kings_gold import KingsGold
from regalia.games.kings_gold.state import KGState, position

__all__ = ["KingsGold", "KGState", "position", "play", "played", "total_gold"]


def play(game: KingsGold, state: KGState, *steps: str) -> KGState:
    """Apply actions and chance outcomes in order, checking each is legal (or a chance outcome)."""
    for step in steps:
        if game.to_move(state) == -1:
            outcomes = [o for o, _ in game.chance_outcomes(state)]
            assert step in outcomes, f"{step!r} is not a chance outcome here"
        else:
            legal = game.legal_actions(state)
            assert step in legal, f"{step!r} is not legal here: {game.why_illegal(state, step)}; legal: {legal}"
        state = game.apply(state, step)
    return state


def played(game: KingsGold, state: KGState, *steps: str) -> tuple[KGState, list[str]]:
    """Like ``play``, also returning the captain's-log lines."""
    log: list[str] = []
    for step in steps:
        after = play(game, state, step)
        log += game.describe(state, step, after)
        state = after
    return state, log


def total_gold(state: KGState) -> tuple[int, int]:
    """(standard coins, doubloons) in the Treasury, the Reserve and every chest."""
    coins = state.treasury_coins + state.reserve + sum(state.coins)
    return coins, state.treasury_doubloons + sum(state.doubloons)
