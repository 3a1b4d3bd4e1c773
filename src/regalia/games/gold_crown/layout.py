"""The mat as the tables draw it: ``board()``, JSON-ready, read from ``mat.MAT`` (the rules' own reading).

The browser draws the mat from this (``GET /api/games/gold-crown/board``), so the drawing of DECISIONS.md
§1.3 lives once, in ``mat.py``. Every box, in box order (row 0 is the north edge, column 0 the west)::

    {"name": "k11", "col": 10, "row": 10, "zone": "crown"}
    {"name": "k2", "col": 10, "row": 19, "zone": "field", "face": "South", "line": 4, "number": 4, "mark": "ram"}

``zone`` is the box kind of ``mat.py`` (field, separator, wall, deck, gate, tower, tower guard, chamber,
chamber guard, throne, throne guard, crown). Field boxes add ``face`` (whose battlefield) and ``line`` (row
1..6 on that face); ``mark`` names what is printed on a box: ``dash`` (a starting knight), ``shield`` (the
Baron's shield), ``drawbridge`` and ``ram`` (numbered boxes 2, and 3 and 4: the ram's track), ``gate``
(numbered box 1). Chamber boxes add ``chamber`` (N, NE, ... NW) and tower boxes ``tower`` (0..3).
Per face: its shield, its numbered boxes 1..4 and its retreat boxes (GC-24). ``spinner``: the spinner's
printed numbers and texts, in order round the dial.
"""

from __future__ import annotations

from typing import Any

from .mat import CHAMBERS, CROWN, FACES, MAT, SIZE, SQUARES
from .spinner import SPIN_TABLE

COLUMNS = "".join(chr(ord("a") + c) for c in range(SIZE))
NUMBER_MARKS = ("gate", "drawbridge", "ram", "ram")
"""What numbered boxes 1, 2, 3 and 4 of a face carry: the gate, the drawbridge, the ram's track."""


def board() -> dict[str, Any]:
    """The whole mat as data (the same for every option: the mat does not change with the players)."""
    number = {box: (f, k) for f in range(len(FACES)) for k, box in enumerate(MAT.numbered[f])}
    shields = set(MAT.shield)
    boxes = []
    for box, name in enumerate(SQUARES):
        row, col = divmod(box, SIZE)
        entry: dict[str, Any] = {"name": name, "col": col, "row": row, "zone": MAT.kind[box]}
        if MAT.face[box] >= 0:
            entry["face"] = FACES[MAT.face[box]]
            entry["line"] = MAT.row[box]
        if box in number:
            entry["number"] = number[box][1] + 1
            entry["mark"] = NUMBER_MARKS[number[box][1]]
        elif box in shields:
            entry["mark"] = "shield"
        elif box in MAT.dash:
            entry["mark"] = "dash"
        if MAT.chamber[box] >= 0:
            entry["chamber"] = CHAMBERS[MAT.chamber[box]]
        if MAT.tower[box] >= 0:
            entry["tower"] = MAT.tower[box]
        boxes.append(entry)
    return {
        "shape": "grid",
        "columns": SIZE,
        "rows": SIZE,
        "column_names": COLUMNS,
        "crown": next(SQUARES[b] for b in range(len(SQUARES)) if MAT.kind[b] == CROWN),
        "faces": [
            {"name": FACES[f], "shield": SQUARES[MAT.shield[f]],
             "numbered": [SQUARES[b] for b in MAT.numbered[f]],
             "retreat": [SQUARES[b] for b in MAT.retreat[f]]}
            for f in range(len(FACES))
        ],
        "chambers": list(CHAMBERS),
        "boxes": boxes,
        "spinner": [{"number": n, "text": text} for n, text in SPIN_TABLE.items()],
    }


__all__ = ["board"]
