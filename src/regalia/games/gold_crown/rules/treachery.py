"""Treachery among the barons (GC-20 … GC-23): once any chamber has fallen, rivals may be attacked.

A knight attacks by stepping onto a rival knight's box, which removes the rival. Only masonry boxes
(wall, siege deck, towers, chambers) can see an attack — never the battlefield, the gate or the throne —
and each knight attacks at most once a turn ("if 2 men are to be attacked, 2 must attack").
"""

from __future__ import annotations

from ..mat import MASONRY_ATTACKABLE, MAT, SQUARES
from ..state import KING, GoldCrownState


def treachery_on(state: GoldCrownState) -> bool:
    """GC-20: treachery is possible for everyone once any baron has captured a chamber."""
    return any(owner != KING for owner in state.chambers)


def attack_problem(state: GoldCrownState, seat: int, a: int, b: int) -> str | None:
    """Why the knight on ``a`` may not attack the rival on ``b``, or None."""
    if MAT.kind[b] not in MASONRY_ATTACKABLE:
        return (f"The Treachery rule: the rival knight on {SQUARES[b]} stands on the {MAT.kind[b]}; knights are attacked only "
                "on masonry (wall, siege deck, towers, chambers)")
    if not treachery_on(state):
        return "The Treachery rule: no treachery yet: rivals may be attacked only after some baron has captured a chamber"
    if a in state.attackers:
        return f"The Treachery rule: the knight on {SQUARES[a]} has already attacked this turn (one man attacks only one other)"
    return None
