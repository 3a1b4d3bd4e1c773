"""Building siege positions for tests: battle lines, then only the pieces a test names."""

from __future__ import annotations

from dataclasses import replace

from regalia.games.gold_crown import GoldCrown
from regalia.games.gold_crown.mat import BOX, MAT, SQUARES
from regalia.games.gold_crown.setup import battle_lines
from regalia.games.gold_crown.state import EMPTY, GUARD, MARCH, START, GoldCrownState, knight

GAME = GoldCrown()
RESERVE = 8
"""Knights every baron keeps on his last row (out of every spin's reach) unless a test says otherwise, so
that a position is not already the King's victory (GC-25)."""


def reserve(seat: int, players: int = 2) -> list[str]:
    face = battle_lines(players).barons[seat].face
    last = [b for b in MAT.dash if MAT.face[b] == face and MAT.row[b] == 6]
    return [SQUARES[b] for b in sorted(last)[:RESERVE]]


def position(knights: dict[int, list[str]] | None = None, *, players: int = 2, phase: str = START,
             points: int = 0, spin: int = 0, seat: int = 0, guards: list[str] | None = None,
             reserves: bool = True, **baron: object) -> GoldCrownState:
    """A state with only the named knights (and every guard unless ``guards`` lists the survivors)."""
    state = battle_lines(players)
    cells = [EMPTY if p != GUARD else GUARD for p in state.board]
    if guards is not None:
        cells = [EMPTY] * len(cells)
        for name in guards:
            cells[BOX[name]] = GUARD
    placed = {s: list(names) for s, names in (knights or {}).items()}
    if reserves:
        for s in range(players):
            placed.setdefault(s, [])
            placed[s] += [n for n in reserve(s, players) if n not in placed[s]]
    for s, names in placed.items():
        for name in names:
            cells[BOX[name]] = knight(s)
    barons = list(state.barons)
    if baron:
        barons[seat] = replace(barons[seat], **baron)  # type: ignore[arg-type]
    order = tuple(range(players))
    return state.with_(board=tuple(cells), barons=tuple(barons), order=order, groups=(), turn=seat,
                       phase=phase, points=points, spin=spin)


def marching(knights: dict[int, list[str]], points: int = 12, **kw: object) -> GoldCrownState:
    return position(knights, phase=MARCH, points=points, spin=points, **kw)


def spun(state: GoldCrownState, number: int) -> GoldCrownState:
    """The state after the baron to move spins ``number``."""
    return GAME.apply(GAME.apply(state, "spin"), f"spin {number}")


def at(state: GoldCrownState, name: str) -> int:
    """-1 empty, 9 a guard, else the seat of the knight on box ``name``."""
    piece = state.board[BOX[name]]
    return -1 if piece == EMPTY else (9 if piece == GUARD else piece - 1)


def legal(state: GoldCrownState) -> list[str]:
    return GAME.legal_actions(state)


def sq(box: int) -> str:
    return SQUARES[box]


__all__ = ["GAME", "RESERVE", "MAT", "position", "marching", "spun", "at", "legal", "sq"]
