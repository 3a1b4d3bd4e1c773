"""Views: Gold Crown has no hidden information, so a view is the whole state as JSON, and back.

The pieces are listed compactly, one string of box names per seat (``"knights": {"0": "c1 d1 e1"}``) and
one for the King's guards: a view is sent after every step, and this keeps it small.

``determinize`` rebuilds the exact state from any seat's view (the conformance kit checks the round trip);
``encode_view`` turns a view into a fixed-length vector for learning agents.
"""

from __future__ import annotations

from typing import Any

from .mat import BOX, CHAMBERS, FACES, SQUARES
from .rules.chambers import held, march_problem
from .rules.treachery import treachery_on
from .spinner import SPIN_TABLE
from .state import (
    CASUALTIES,
    CHOICE,
    DESTROYED,
    DOWN,
    EMPTY,
    GUARD,
    KING,
    MARCH,
    ON_BRIDGE,
    OPEN,
    OPENING,
    OVER,
    SCATTER,
    SPINNING,
    START,
    Baron,
    GoldCrownState,
    knight,
    owner,
)

PHASES = (OPENING, START, SPINNING, CASUALTIES, CHOICE, MARCH, SCATTER, OVER)


def view(state: GoldCrownState, max_rounds: int) -> dict[str, Any]:
    """The whole state as JSON-ready data (built once per state; every call gets its own copy)."""
    cached = state.cache.get("view")
    if cached is None or cached["max_rounds"] != max_rounds:
        cached = state.cache["view"] = _view(state, max_rounds)
    return {**cached, "knights": dict(cached["knights"]), "barons": [{**b, "breaches": list(b["breaches"])}
                                                         for b in cached["barons"]],
            "chambers": dict(cached["chambers"]), "order": list(cached["order"]),
            "groups": [list(g) for g in cached["groups"]], "opening": list(cached["opening"]),
            "attackers": list(cached["attackers"]), "entered": [list(e) for e in cached["entered"]],
            "before": None if state.before is None else view(state.before, max_rounds)}


def _view(state: GoldCrownState, max_rounds: int) -> dict[str, Any]:
    knights: dict[str, list[str]] = {str(s): [] for s in range(len(state.barons))}
    guards = []
    for box, piece in enumerate(state.board):
        if piece == GUARD:
            guards.append(SQUARES[box])
        elif piece != EMPTY:
            knights[str(owner(piece))].append(SQUARES[box])
    return {
        "knights": {seat: " ".join(names) for seat, names in knights.items()},
        "guards": " ".join(guards),
        "barons": [
            {"face": FACES[b.face], "gates": b.gates, "bridge": b.bridge, "ram": b.ram, "boulders": b.boulders,
             "breaches": [SQUARES[x] for x in b.breaches], "retreated": b.retreated, "passes": b.passes,
             "count": state.count(s), "chambers": held(state, s)}
            for s, b in enumerate(state.barons)
        ],
        "chambers": {name: (None if o == KING else o) for name, o in zip(CHAMBERS, state.chambers, strict=True)},
        "phase": state.phase,
        "order": list(state.order),
        "groups": [list(g) for g in state.groups],
        "opening": list(state.opening),
        "turn": state.turn,
        "baron": state.seat if state.order else None,
        "round": state.round,
        "max_rounds": max_rounds,
        "spin": state.spin,
        "spin_text": SPIN_TABLE.get(state.spin, ""),
        "points": state.points,
        "casualties": state.casualties,
        "aim": SQUARES[state.aim] if state.aim >= 0 else None,
        "attackers": sorted(SQUARES[b] for b in state.attackers),
        "entered": [[CHAMBERS[c], SQUARES[b]] for c, b in state.entered],
        "before": None,
        "unfinished": _unfinished(state),
        "treachery": treachery_on(state),
        "winner": state.winner,
        "ending": state.ending,
    }


def _unfinished(state: GoldCrownState) -> str | None:
    """What would undo the turn if it ended now (an assault unfinished, a chamber over-full), or None."""
    if state.before is None or state.phase != MARCH:
        return None
    problem = march_problem(state, state.seat)
    if problem is None:
        return None
    return (f"{problem[0]}; ending the turn now undoes your moves from your first step this turn into a "
            "rival's or a full chamber")


def determinize(view: dict[str, Any]) -> GoldCrownState:
    """The exact state behind a view (there is nothing hidden to sample)."""
    cells = [EMPTY] * len(SQUARES)
    for name in view["guards"].split():
        cells[BOX[name]] = GUARD
    for seat, names in view["knights"].items():
        for name in names.split():
            cells[BOX[name]] = knight(int(seat))
    barons = tuple(
        Baron(face=FACES.index(b["face"]), gates=b["gates"], bridge=b["bridge"], ram=b["ram"],
              boulders=b["boulders"], breaches=tuple(sorted(BOX[x] for x in b["breaches"])),
              retreated=b["retreated"], passes=b["passes"])
        for b in view["barons"]
    )
    return GoldCrownState(
        board=bytes(cells), barons=barons,
        chambers=tuple(KING if view["chambers"][name] is None else view["chambers"][name] for name in CHAMBERS),
        phase=view["phase"], order=tuple(view["order"]), groups=tuple(tuple(g) for g in view["groups"]),
        opening=tuple(view["opening"]), turn=view["turn"], round=view["round"], spin=view["spin"],
        points=view["points"], casualties=view["casualties"],
        aim=BOX[view["aim"]] if view["aim"] is not None else -1,
        attackers=frozenset(BOX[x] for x in view["attackers"]),
        entered=tuple(sorted((CHAMBERS.index(c), BOX[b]) for c, b in view.get("entered", ()))),
        before=determinize(view["before"]) if view.get("before") else None,
        winner=view["winner"], ending=view["ending"],
    )


SEATS = 4
ENCODING_LENGTH = len(SQUARES) * (SEATS + 1) + SEATS * 9 + len(CHAMBERS) * (SEATS + 1) + len(PHASES) + 4


def encode(view: dict[str, Any]) -> list[float]:
    """Planes per box (each seat's knights, guards), each baron's apparatus, chambers, phase, spin, points.

    Seats are rotated so that the viewing seat comes first (a seat-independent encoding for learning).
    """
    me = view.get("seat") or 0
    players = len(view["barons"])
    order = [(me + i) % players for i in range(players)]
    vec = [0.0] * ENCODING_LENGTH
    n = len(SQUARES)
    for plane, seat in enumerate(order):
        for name in view["knights"][str(seat)].split():
            vec[plane * n + BOX[name]] = 1.0
    for name in view["guards"].split():
        vec[SEATS * n + BOX[name]] = 1.0
    at = n * (SEATS + 1)
    for plane, seat in enumerate(order):
        b = view["barons"][seat]
        base = at + plane * 9
        vec[base: base + 9] = [
            1.0, float(b["gates"] == OPEN), float(b["gates"] == DESTROYED), float(b["bridge"] == DOWN),
            float(b["ram"] == ON_BRIDGE), b["boulders"] / 5, len(b["breaches"]) / 10, float(b["retreated"]),
            b["count"] / 32,
        ]
    at += SEATS * 9
    for c, name in enumerate(CHAMBERS):
        holder = view["chambers"][name]
        slot = SEATS if holder is None else order.index(holder)
        vec[at + c * (SEATS + 1) + slot] = 1.0
    at += len(CHAMBERS) * (SEATS + 1)
    vec[at + PHASES.index(view["phase"])] = 1.0
    at += len(PHASES)
    vec[at: at + 4] = [view["spin"] / 12, view["points"] / 12, view["round"] / view["max_rounds"],
                       float(view["treachery"])]
    return vec


__all__ = ["view", "determinize", "encode", "ENCODING_LENGTH"]
