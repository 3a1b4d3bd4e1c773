"""The battle's notation: ``e4-e5`` (a commander's leap ``f1-f3``), ``free d3``, ``pass``.

Inside, a move is the int ``from * 121 + to``; these tables turn it into text and back in one lookup,
so the rules stay on ints and only the edges (legal_actions, apply, the log) see strings.
"""

from __future__ import annotations

from .board import LEAPS, NAMES, NEIGHBOURS, SQUARE_OF, SQUARES

PASS = "pass"
FREE = "free "


def move_text(code: int) -> str:
    frm, to = divmod(code, SQUARES)
    return f"{NAMES[frm]}-{NAMES[to]}"


MOVE_CODES: tuple[int, ...] = tuple(
    frm * SQUARES + to
    for frm in range(SQUARES)
    for to in (*NEIGHBOURS[frm], *(target for _, target in LEAPS[frm]))
)
"""Every geometrically possible move: one step in 8 directions, or a 2-square leap along a line."""

MOVE_TEXT: dict[int, str] = {code: move_text(code) for code in MOVE_CODES}
MOVE_OF: dict[str, int] = {text: code for code, text in MOVE_TEXT.items()}
FREE_TEXT: tuple[str, ...] = tuple(FREE + name for name in NAMES)
FREE_OF: dict[str, int] = {text: sq for sq, text in enumerate(FREE_TEXT)}

ACTION_SPACE: tuple[str, ...] = (*MOVE_TEXT.values(), *FREE_TEXT, PASS)
"""The fixed action index space (for learning agents): moves by from-square, then frees a1..k11, pass."""


def parse_squares(text: str) -> tuple[int, int] | None:
    """``(from, to)`` of a text that names two squares as ``e4-e5``, else None (for why_illegal)."""
    frm, sep, to = text.partition("-")
    if not sep or frm not in SQUARE_OF or to not in SQUARE_OF:
        return None
    return SQUARE_OF[frm], SQUARE_OF[to]
