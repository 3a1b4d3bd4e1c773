"""Crown the Queen at the terminal: your hand, the card passed to you, every procession, the score sheet.

Drawn from the seat's view only (a spectator's view shows counts, never cards in hands)::

    Game 2 of 3 · dealer Seat 2 · Seat 1 on turn · centre pack 31 · face up: Big Ben, Soldier
    ┌ processions ─────────────────────────────────────────────────────┐
    │ Seat 1 (you)  Policeman › Soldier › Airman            30  3 cards │
    │ Seat 2        Policeman                                10  3 cards │
    └───────────────────────────────────────────────────────────────────┘
    your hand: Sailor · Page · Trumpeter      passed to you by Seat 3: Royal Coach

Seats are named as players count them, from 1, as in the log and on the web table (``--seat 0`` is Seat 1).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from regalia.games.crown_the_queen.game import seat_name

SHOWN_LOG = 14
PROCESSION_POINTS = {"Queen": 30}


def render(view: dict[str, Any], log: list[str]) -> RenderableType:
    parts: list[RenderableType] = [_header(view), _processions(view)]
    if view["results"]:
        parts.append(_score_sheet(view))
    parts.append(_hand(view))
    if log:
        parts.append(Panel(Text("\n".join(log[-SHOWN_LOG:])), title="what happened", title_align="left"))
    return Group(*parts)


def _header(view: dict[str, Any]) -> Text:
    face_up = ", ".join(view["face_up"]) or "none"
    dealer = "to be drawn" if view["dealer"] < 0 else seat_name(view["dealer"])
    return Text.assemble(
        (f"Game {view['game_number']} of {view['games']}", "bold"),
        f" · dealer {dealer} · {seat_name(view['turn'])} on turn · centre pack {view['pack']} · ",
        ("face up: ", "dim"), face_up,
    )


def _processions(view: dict[str, Any]) -> Table:
    table = Table(title="processions", title_justify="left", expand=False)
    table.add_column("seat")
    table.add_column("procession (Policeman › forces › Royal Coach › Page › Archbishop › Queen)")
    table.add_column("points", justify="right")
    table.add_column("hand", justify="right")
    for s, procession in enumerate(view["processions"]):
        who = seat_name(s) + (" (you)" if s == view.get("seat") else "")
        score = sum(PROCESSION_POINTS.get(card, 10) for card in procession)
        table.add_row(who, " › ".join(procession) or "—", str(score), f"{view['hand_sizes'][s]} cards")
    return table


def _score_sheet(view: dict[str, Any]) -> Table:
    table = Table(title="the rubber's score sheet", title_justify="left")
    table.add_column("game")
    players = len(view["hand_sizes"])
    for s in range(players):
        table.add_column(seat_name(s), justify="right")
    for number, result in enumerate(view["results"], start=1):
        table.add_row(str(number), *(str(p) for p in result))
    table.add_row("total", *(str(t) for t in view["totals"]), style="bold")
    return table


def _hand(view: dict[str, Any]) -> Text:
    if view["hand"] is None:
        return Text("spectating: hands are hidden", style="dim")
    text = Text.assemble(("your hand: ", "bold"), " · ".join(view["hand"]) or "empty")
    if view["passed"] is not None and view["turn"] == view.get("seat"):
        text.append(f"      passed to you by {seat_name(view['passed_from'])}: ", style="bold")
        text.append(view["passed"], style="yellow")
        text.append("   (swap: turn it face up and draw instead · keep)", style="dim")
    return text
