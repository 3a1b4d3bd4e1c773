"""The printed play mat, as data: one drawing, read once into zones, rows and crossings.

Nothing public shows the original mat, so the geometry is the reconstruction of DECISIONS.md §1.3. It is
kept as *data* (the two drawings below plus a handful of constants) so that a better reading of the real mat
can be dropped in without touching a single rule: the rules ask this module about zones ("is this box a
wall?", "which row is it in?", "where does column u cross the stone line?"), never about coordinates.

Coordinates: origin at the Crown, ``x`` east, ``y`` north, both -10..10. A box's index is
``(10 - y) * 21 + (x + 10)`` (row 0 is the north edge). Each baron's face is the South face turned by quarter
turns ``R(x, y) = (-y, x)``: South 0, East 1, North 2, West 3. In a face's own frame ``u`` is the column as
that baron sees it (+ is his right) and ``v`` the depth (negative = outside the castle, toward him).

The mat (South at the bottom)::

        x: -10 -9 -8 -7 -6 -5 -4 -3 -2 -1  0  1  2  3  4  5  6  7  8  9 10
   y= 10    #  .  -  -  -  -  -  -  -  -  B  -  -  -  -  -  -  -  -  .  #
   y=  9    .  #  -  -  -  -  -  -  -  -  .  -  -  -  -  -  -  -  -  #  .
   y=  8    -  -  #  .  .  .  .  .  .  .  4  .  .  .  .  .  .  .  #  -  -
   y=  7    -  -  .  #  .  .  .  .  .  .  3  .  .  .  .  .  .  #  .  -  -
   y=  6    -  -  .  .  t  T  .  .  .  .  2  .  .  .  .  T  t  .  .  -  -
   y=  5    -  -  .  .  T  T  W  .  .  W  1  W  .  .  W  T  T  .  .  -  -
   y=  4    -  -  .  .  .  W  S  S  S  S  S  S  S  S  S  W  .  .  .  -  -
   y=  3    -  -  .  .  .  .  S  c  c  c  c  c  c  c  S  .  .  .  .  -  -
   y=  2    -  -  .  .  .  .  S  c  k  c  k  c  k  c  S  .  .  .  .  -  -
   y=  1    -  -  .  .  .  W  S  c  c  K  R  K  c  c  S  W  .  .  .  -  -
   y=  0    B  .  4  3  2  1  S  c  k  R  C  R  k  c  S  1  2  3  4  .  B
   y= -1    -  -  .  .  .  W  S  c  c  K  R  K  c  c  S  W  .  .  .  -  -
   y= -2    -  -  .  .  .  .  S  c  k  c  k  c  k  c  S  .  .  .  .  -  -
   y= -3    -  -  .  .  .  .  S  c  c  c  c  c  c  c  S  .  .  .  .  -  -
   y= -4    -  -  .  .  .  W  S  S  S  S  S  S  S  S  S  W  .  .  .  -  -
   y= -5    -  -  .  .  T  T  W  .  .  W  1  W  .  .  W  T  T  .  .  -  -
   y= -6    -  -  .  .  t  T  .  .  .  .  2  .  .  .  .  T  t  .  .  -  -
   y= -7    -  -  .  #  .  .  .  .  .  .  3  .  .  .  .  .  .  #  .  -  -
   y= -8    -  -  #  .  .  .  .  .  .  .  4  .  .  .  .  .  .  .  #  -  -
   y= -9    .  #  -  -  -  -  -  -  -  -  .  -  -  -  -  -  -  -  -  #  .
   y=-10    #  .  -  -  -  -  -  -  -  -  B  -  -  -  -  -  -  -  -  .  #

``C`` Crown · ``R`` throne room · ``K`` throne-corner guard · ``c`` chamber · ``k`` chamber guard ·
``S`` siege deck · ``W`` wall · ``1`` gate and drawbridge base · ``T`` curved tower box · ``t`` tower guard
(white triangle) · ``2 3 4`` ram boxes · ``#`` separator · ``-`` dash (a starting knight) · ``B`` Baron's
shield · ``.`` battlefield. Notation names a box by column letter ``a``..``u`` (x = -10..10) and number
``1``..``21`` (y = -10..10): the Crown is ``k11``, South's shield ``k1``, North's ``k21``.
"""

from __future__ import annotations

from dataclasses import dataclass

SIZE = 21
HALF = SIZE // 2
FACES = ("South", "East", "North", "West")
RETREAT_BOXES = 8
"""How many last-row boxes nearest the shield take a retreating army (GC-24)."""

DRAWING = """
# . - - - - - - - - B - - - - - - - - . #
. # - - - - - - - - . - - - - - - - - # .
- - # . . . . . . . 4 . . . . . . . # - -
- - . # . . . . . . 3 . . . . . . # . - -
- - . . t T . . . . 2 . . . . T t . . - -
- - . . T T W . . W 1 W . . W T T . . - -
- - . . . W S S S S S S S S S W . . . - -
- - . . . . S c c c c c c c S . . . . - -
- - . . . . S c k c k c k c S . . . . - -
- - . . . W S c c K R K c c S W . . . - -
B . 4 3 2 1 S c k R C R k c S 1 2 3 4 . B
- - . . . W S c c K R K c c S W . . . - -
- - . . . . S c k c k c k c S . . . . - -
- - . . . . S c c c c c c c S . . . . - -
- - . . . W S S S S S S S S S W . . . - -
- - . . T T W . . W 1 W . . W T T . . - -
- - . . t T . . . . 2 . . . . T t . . - -
- - . # . . . . . . 3 . . . . . . # . - -
- - # . . . . . . . 4 . . . . . . . # - -
. # - - - - - - - - . - - - - - - - - # .
# . - - - - - - - - B - - - - - - - - . #
"""

CHAMBER_MAP = """
NW NW N  N  N  NE NE
NW NW N  N  N  NE NE
W  W  .  .  .  E  E
W  W  .  .  .  E  E
W  W  .  .  .  E  E
SW SW S  S  S  SE SE
SW SW S  S  S  SE SE
"""
"""The 8 chambers round the 3x3 throne room (the inner 7x7, north at the top); guards stand on the ``k``
boxes of the drawing."""

CHAMBERS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

# Box kinds.
FIELD, SEPARATOR, WALL, DECK, GATE, TOWER, TOWER_GUARD, CHAMBER, CHAMBER_GUARD, THRONE, THRONE_GUARD, CROWN = (
    "field", "separator", "wall", "deck", "gate", "tower", "tower guard", "chamber", "chamber guard",
    "throne", "throne guard", "crown")
CASTLE = frozenset({WALL, DECK, GATE, TOWER, TOWER_GUARD, CHAMBER, CHAMBER_GUARD, THRONE, THRONE_GUARD, CROWN})
MASONRY_ATTACKABLE = frozenset({WALL, DECK, TOWER, TOWER_GUARD, CHAMBER, CHAMBER_GUARD})
"""Castle boxes where treachery may strike a rival knight (GC-21, GC-22; never gate or throne, GC-23)."""
THRONE_ROOM = frozenset({THRONE, THRONE_GUARD, CROWN})

_KIND = {"#": SEPARATOR, "W": WALL, "S": DECK, "1": GATE, "T": TOWER, "t": TOWER_GUARD, "c": CHAMBER,
         "k": CHAMBER_GUARD, "R": THRONE, "K": THRONE_GUARD, "C": CROWN,
         ".": FIELD, "-": FIELD, "B": FIELD, "2": FIELD, "3": FIELD, "4": FIELD}


def index(x: int, y: int) -> int:
    return (HALF - y) * SIZE + (x + HALF)


def coords(box: int) -> tuple[int, int]:
    row, col = divmod(box, SIZE)
    return col - HALF, HALF - row


def to_world(face: int, u: int, v: int) -> tuple[int, int]:
    """A face-frame position in world coordinates: turn (u, v) by ``face`` quarter turns."""
    x, y = u, v
    for _ in range(face % 4):
        x, y = -y, x
    return x, y


def to_frame(face: int, x: int, y: int) -> tuple[int, int]:
    """World coordinates as seen from ``face``: (column u, depth v)."""
    for _ in range(face % 4):
        x, y = y, -x
    return x, y


def on_mat(x: int, y: int) -> bool:
    return -HALF <= x <= HALF and -HALF <= y <= HALF


def square(box: int) -> str:
    x, y = coords(box)
    return f"{chr(ord('a') + x + HALF)}{y + HALF + 1}"


@dataclass(frozen=True)
class Mat:
    """Every fact about the mat the rules need, indexed by box (tuples, read-only)."""

    kind: tuple[str, ...]
    face: tuple[int, ...]
    """The battlefield a field box belongs to (-1 for castle and separators)."""
    row: tuple[int, ...]
    """Row 1..6 of a field box on its face (row k runs through numbered box k); 0 elsewhere."""
    dash: frozenset[int]
    shield: tuple[int, ...]
    """The Baron's shield box of each face."""
    retreat: tuple[tuple[int, ...], ...]
    """Per face, the last-row boxes nearest the shield, nearest first (in the baron's own frame, his left before
    his right at equal distance): a retreat with fewer than 8 knights fills the first ones (GC-24)."""
    numbered: tuple[tuple[int, int, int, int], ...]
    """Per face, boxes 1 (gate), 2 (drawbridge), 3 and 4 (ram's home)."""
    chamber: tuple[int, ...]
    """Chamber number (index in CHAMBERS) of a chamber box, else -1."""
    chamber_boxes: tuple[frozenset[int], ...]
    tower: tuple[int, ...]
    """Tower number 0..3 of a tower box, else -1."""
    tower_curved: tuple[frozenset[int], ...]
    tower_guard: tuple[int, ...]
    near_towers: tuple[tuple[int, int], ...]
    """Per face, the two towers at the ends of that wall (GC-14, GC-15, the catapult's knock-down)."""
    stone: tuple[dict[int, tuple[int, int]], ...]
    """Per face: column u -> (stone-line box, the battlefield box in front of it) for every castle column."""
    scale_deck: tuple[dict[int, int], ...]
    """Per face: row-1 box -> the deck box one box forward (spin 10)."""
    scale_wall: tuple[dict[int, int], ...]
    """Per face: row-2 box -> the wall box one box forward (spin 11)."""
    neighbours: tuple[tuple[int, ...], ...]
    """The 8 neighbours of each box, separators excluded (zone rules apply on top)."""
    throne: frozenset[int]
    throne_guards: tuple[int, ...]
    chamber_guards: tuple[int, ...]
    next_to_throne: frozenset[int]
    masonry: tuple[int, ...]
    """Every castle box, in index order: the catapult's aims."""


def read_mat(drawing: str = DRAWING, chamber_map: str = CHAMBER_MAP) -> Mat:
    """Read the two drawings into a ``Mat`` (the only place coordinates meet zones)."""
    rows = [line.split() for line in drawing.strip("\n").splitlines()]
    assert len(rows) == SIZE and all(len(r) == SIZE for r in rows), "the mat must be 21x21"
    chars = [c for r in rows for c in r]
    kind = tuple(_KIND[c] for c in chars)
    n = SIZE * SIZE
    face = [-1] * n
    for box in range(n):
        if kind[box] == FIELD:
            x, y = coords(box)
            face[box] = next(f for f in range(4) if _in_front(*to_frame(f, x, y)))

    gate_depth = coords(_south_gate(chars))[1]
    row = [0] * n
    for box in range(n):
        if face[box] >= 0:
            row[box] = gate_depth - to_frame(face[box], *coords(box))[1] + 1

    def at(f: int, u: int, v: int) -> int:
        return index(*to_world(f, u, v))

    numbered = tuple(tuple(at(f, 0, gate_depth - k) for k in range(4)) for f in range(4))
    shield = tuple(next(b for b in range(n) if chars[b] == "B" and face[b] == f) for f in range(4))
    last = max(row)
    retreat = []
    for f in range(4):
        candidates = [b for b in range(n) if face[b] == f and row[b] == last and b != shield[f]]
        candidates.sort(key=lambda b: (abs(to_frame(f, *coords(b))[0]), to_frame(f, *coords(b))[0]))
        retreat.append(tuple(candidates[:RETREAT_BOXES]))

    names = [line.split() for line in chamber_map.strip("\n").splitlines()]
    inner = len(names) // 2
    chamber = [-1] * n
    for r, line in enumerate(names):
        for c, name in enumerate(line):
            if name != ".":
                chamber[index(c - inner, inner - r)] = CHAMBERS.index(name)
    chamber_boxes = tuple(frozenset(b for b in range(n) if chamber[b] == i) for i in range(len(CHAMBERS)))

    tower = [-1] * n
    quadrants = [(1, -1), (-1, -1), (-1, 1), (1, 1)]  # SE, SW, NW, NE
    for box in range(n):
        if kind[box] in (TOWER, TOWER_GUARD):
            x, y = coords(box)
            tower[box] = quadrants.index((1 if x > 0 else -1, 1 if y > 0 else -1))
    tower_curved = tuple(frozenset(b for b in range(n) if tower[b] == t and kind[b] == TOWER) for t in range(4))
    tower_guard = tuple(next(b for b in range(n) if tower[b] == t and kind[b] == TOWER_GUARD) for t in range(4))
    near_towers = tuple(
        tuple(t for t in range(4) if to_frame(f, *coords(tower_guard[t]))[1] < 0) for f in range(4))

    stone: list[dict[int, tuple[int, int]]] = []
    scale_deck: list[dict[int, int]] = []
    scale_wall: list[dict[int, int]] = []
    for f in range(4):
        columns: dict[int, tuple[int, int]] = {}
        for u in range(-HALF, HALF + 1):
            previous = -1
            for v in range(-HALF, 1):
                box = at(f, u, v)
                if kind[box] in CASTLE:
                    if previous >= 0 and face[previous] == f:
                        columns[u] = (box, previous)
                    break
                previous = box
        stone.append(columns)
        deck: dict[int, int] = {}
        wall: dict[int, int] = {}
        for box in range(n):
            if face[box] != f or row[box] not in (1, 2):
                continue
            u, v = to_frame(f, *coords(box))
            ahead = at(f, u, v + 1)
            if row[box] == 1 and kind[ahead] == DECK:
                deck[box] = ahead
            if row[box] == 2 and kind[ahead] == WALL:
                wall[box] = ahead
        scale_deck.append(deck)
        scale_wall.append(wall)

    neighbours = []
    for box in range(n):
        x, y = coords(box)
        near = []
        if kind[box] != SEPARATOR:
            for dy in (1, 0, -1):
                for dx in (-1, 0, 1):
                    if (dx or dy) and on_mat(x + dx, y + dy) and kind[index(x + dx, y + dy)] != SEPARATOR:
                        near.append(index(x + dx, y + dy))
        neighbours.append(tuple(near))

    throne = frozenset(b for b in range(n) if kind[b] in THRONE_ROOM)
    next_to_throne = frozenset(b for t in throne for b in neighbours[t] if b not in throne)
    return Mat(
        kind=kind, face=tuple(face), row=tuple(row),
        dash=frozenset(b for b in range(n) if chars[b] == "-"),
        shield=shield, retreat=tuple(retreat), numbered=numbered,  # type: ignore[arg-type]
        chamber=tuple(chamber), chamber_boxes=chamber_boxes, tower=tuple(tower),
        tower_curved=tower_curved, tower_guard=tower_guard, near_towers=near_towers,  # type: ignore[arg-type]
        stone=tuple(stone), scale_deck=tuple(scale_deck), scale_wall=tuple(scale_wall),
        neighbours=tuple(neighbours), throne=throne,
        throne_guards=tuple(b for b in range(n) if kind[b] == THRONE_GUARD),
        chamber_guards=tuple(b for b in range(n) if kind[b] == CHAMBER_GUARD),
        next_to_throne=next_to_throne,
        masonry=tuple(b for b in range(n) if kind[b] in CASTLE),
    )


def _in_front(u: int, v: int) -> bool:
    """Whether a face-frame position lies in that face's battlefield triangle."""
    return v < 0 and -v > abs(u)


def _south_gate(chars: list[str]) -> int:
    """South's gate box: the ``1`` in the centre column nearest the bottom edge."""
    return max(i for i, c in enumerate(chars) if c == "1" and coords(i)[0] == 0)


MAT = read_mat()
SQUARES = tuple(square(b) for b in range(SIZE * SIZE))
BOX = {name: b for b, name in enumerate(SQUARES)}
