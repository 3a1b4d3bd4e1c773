"""The five Pirate Dice: faces, their odds, and every throw as a table (no `random` here, ever).

A Pirate Die has six sides and four symbols (seed §1.2)::

    side:    1     2     3       4      5      6
    face:   Coin  Coin  Cannon  Crest  Skull  Skull

Faces are small ints ordered by the roll-off rank of seed §2.2 (Crest > Coin > Cannon > Skull), so
``max`` picks the start player. A throw of ``k`` dice is one draw of ``randbelow(6**k)``: its base-6
digits are the sides, and :func:`throws` maps every draw to its outcome string and faces. The Match
samples that draw; the rules only read the outcome string (a CHANCE node's action).
"""

from __future__ import annotations

from functools import cache
from itertools import product

SKULL, CANNON, COIN, CREST = 0, 1, 2, 3
FACES = (SKULL, CANNON, COIN, CREST)
FACE_NAMES = ("Skull", "Cannon", "Coin", "Crest")
FACE_BY_NAME = {name: face for face, name in enumerate(FACE_NAMES)}
SIDES = (COIN, COIN, CANNON, CREST, SKULL, SKULL)
"""The six sides of one Pirate Die (seed §1.2: Coin ×2, Cannon, Crest, Skull ×2)."""
FACE_ODDS = tuple(SIDES.count(face) / 6 for face in FACES)
"""Probability of each face on one die, indexed by face."""

Counts = tuple[int, int, int, int]
"""How many dice show (Skull, Cannon, Coin, Crest): the solver's view of a pool of dice."""


def format_faces(faces: tuple[int, ...]) -> str:
    """``(2, 2, 0)`` -> ``"Coin Coin Skull"``: the notation of a throw."""
    return " ".join(FACE_NAMES[f] for f in faces)


@cache
def throws(k: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every draw of ``randbelow(6**k)`` as (outcome string, faces), indexed by the draw."""
    table = []
    for sides in product(range(6), repeat=k):
        faces = tuple(SIDES[s] for s in sides)
        table.append((format_faces(faces), faces))
    return tuple(table)


@cache
def throw_outcomes(k: int) -> tuple[tuple[str, float], ...]:
    """The distinct outcomes of throwing ``k`` dice, each with its probability (a CHANCE node's list)."""
    odds: dict[str, float] = {}
    for text, _ in throws(k):
        odds[text] = odds.get(text, 0.0) + 6.0**-k
    return tuple(odds.items())


@cache
def parse_throw(k: int) -> dict[str, tuple[int, ...]]:
    """Outcome string -> faces, for throws of ``k`` dice (anything else is not an outcome)."""
    return {text: faces for text, faces in throws(k)}


def count_faces(faces: tuple[int, ...]) -> Counts:
    """How many of each face: ``(skulls, cannons, coins, crests)``."""
    return (faces.count(SKULL), faces.count(CANNON), faces.count(COIN), faces.count(CREST))


@cache
def count_outcomes(k: int) -> tuple[tuple[Counts, float], ...]:
    """Throwing ``k`` dice as face counts with probabilities (multinomial): what the solver sums over."""
    odds: dict[Counts, float] = {}
    for faces in product(FACES, repeat=k):
        p = 1.0
        for f in faces:
            p *= FACE_ODDS[f]
        key = count_faces(faces)
        odds[key] = odds.get(key, 0.0) + p
    return tuple(odds.items())
