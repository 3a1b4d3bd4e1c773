"""Battle lines (the directions' "Battle Lines"): the opening position of a siege.

Every baron gets 32 knights on the dash boxes of his battlefield, his Baron on the shield box (the Baron
never leaves it, so he is not a piece), the ram on boxes 3-4, gates closed and bridge raised, 5 boulders.
The King's 16 guards stand on the 4 throne corners, the 8 chamber guard boxes and the 4 tower triangles.
"""

from __future__ import annotations

from .mat import MAT, SIZE
from .state import EMPTY, GUARD, KING, Baron, GoldCrownState, knight

FACES_BY_PLAYERS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""Two barons face each other across the castle (South, North) — "place the battlefield between the
players"; three take South, East, North; four take every face (§1.5.8)."""


def battle_lines(players: int) -> GoldCrownState:
    faces = FACES_BY_PLAYERS[players]
    cells = [EMPTY] * (SIZE * SIZE)
    for box in (*MAT.throne_guards, *MAT.chamber_guards, *MAT.tower_guard):
        cells[box] = GUARD
    for seat, face in enumerate(faces):
        for box in MAT.dash:
            if MAT.face[box] == face:
                cells[box] = knight(seat)
    return GoldCrownState(
        board=bytes(cells),
        barons=tuple(Baron(face=face) for face in faces),
        chambers=(KING,) * len(MAT.chamber_boxes),
        groups=(tuple(range(players)),),
    )
