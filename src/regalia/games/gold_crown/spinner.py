"""The arrow spinner and the catapult's scatter: the only chance in Gold Crown.

Both are CHANCE nodes: the Match samples them from its own seeded generator, so the rules never draw a
number themselves. The printed table is kept word for word (it is what the terminal and the log quote).
"""

from __future__ import annotations

SPIN_TABLE: dict[int, str] = {
    1: "1 knight in row one is killed; no knight: move 1",
    2: "2 knights in row 2 are killed; no knights: move 2",
    3: "3 knights in row 3 are killed; no knights: move 3",
    4: "4 knights in row 4 are killed; no knights: move 4",
    5: "spy drops drawbridge",
    6: "ram opens gates if on drawbridge and returns to boxes 3 and 4",
    7: "close gates and raise bridge",
    8: "your knights on the wall are killed; no knights: move 8",
    9: "your knights on the siege deck & towers are killed; no knights: move 9",
    10: "1 knight in row 1 scales the siege deck, or move 10",
    11: "2 knights in row 2 scale the wall, or move 11",
    12: "fire the catapult, or move 12",
}
"""The spinner as printed on the box (GC-1: each number is equally likely)."""

SPIN_OUTCOMES: tuple[tuple[str, float], ...] = tuple((f"spin {n}", 1 / len(SPIN_TABLE)) for n in SPIN_TABLE)

ARCHERS = (1, 2, 3, 4)
"""Spins whose number is both the row the King's archers shoot at and the casualties (GC-4)."""

SCATTER_WEIGHTS: dict[int, float] = {-2: 1 / 16, -1: 4 / 16, 0: 6 / 16, 1: 4 / 16, 2: 1 / 16}
"""One axis of the catapult's scatter: four fair coin flips minus two (DECISIONS §1.7)."""


def scatter_name(du: int, dv: int) -> str:
    return f"scatter {du:+d} {dv:+d}"


SCATTER_OUTCOMES: tuple[tuple[str, float], ...] = tuple(
    (scatter_name(du, dv), pu * pv) for du, pu in SCATTER_WEIGHTS.items() for dv, pv in SCATTER_WEIGHTS.items()
)
SCATTER: dict[str, tuple[int, int]] = {
    scatter_name(du, dv): (du, dv) for du in SCATTER_WEIGHTS for dv in SCATTER_WEIGHTS
}
