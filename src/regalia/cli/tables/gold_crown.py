"""Gold Crown's terminal table: the mat in colour with coordinates, the spinner, the sides, the new report.

Drawn from the view alone, like every client. Knights are the seat's number in its colour, ``G`` a King's
guard; the mat's zones are shaded (castle masonry, chambers, the throne room, the ram boxes)::

    21  #  ·  2  2  2  2  2  2  2  2  B  2 ...       spin 12: fire the catapult, or move 12
    ...                                                Gold (South): 28 knights, 5 boulders, gates closed ...
     1  #  ·  1  1  1  1  1  1  1  1  B  1 ...
        a  b  c  d  e  f  g  h  i  j  k  l ...
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from regalia.games.gold_crown.mat import (
    BOX,
    CHAMBER,
    CHAMBER_GUARD,
    CROWN,
    DECK,
    FIELD,
    GATE,
    MAT,
    SEPARATOR,
    SIZE,
    THRONE,
    THRONE_GUARD,
    TOWER,
    TOWER_GUARD,
    WALL,
)
from regalia.games.gold_crown.rules.chambers import CHAMBER_WORDS

PIECE_STYLES = ("bold yellow", "bold white", "bold red", "bold cyan")
NAMES = ("Gold", "Silver", "Crimson", "Azure")
ZONE = {
    FIELD: ("·", "dim"), SEPARATOR: ("#", "dim"), WALL: ("▓", "grey50"), DECK: ("░", "grey50"),
    GATE: ("1", "bold grey70"), TOWER: ("◠", "grey62"), TOWER_GUARD: ("▲", "grey62"), CHAMBER: ("▫", "grey46"),
    CHAMBER_GUARD: ("▴", "grey46"), THRONE: ("□", "yellow"), THRONE_GUARD: ("▴", "yellow"), CROWN: ("♛", "bold yellow"),
}
BACKGROUND = {WALL: "on grey19", DECK: "on grey15", TOWER: "on grey23", TOWER_GUARD: "on grey23",
              CHAMBER: "on grey11", CHAMBER_GUARD: "on grey11", THRONE: "on dark_goldenrod", CROWN: "on dark_goldenrod",
              THRONE_GUARD: "on dark_goldenrod", GATE: "on grey30"}


def mat_text(view: dict[str, Any]) -> Text:
    pieces: dict[int, tuple[str, str]] = {}
    for seat, names in view["knights"].items():
        for name in names.split():
            pieces[BOX[name]] = (str(int(seat) + 1), PIECE_STYLES[int(seat)])
    for name in view["guards"].split():
        pieces[BOX[name]] = ("G", "bold black on grey70")
    rams = set()
    for baron in view["barons"]:
        face = ("South", "East", "North", "West").index(baron["face"])
        _, two, three, four = MAT.numbered[face]
        rams |= {three, four} if baron["ram"] == "home" else {two, three}
    shields = set(MAT.shield)
    text = Text()
    for row in range(SIZE):
        text.append(f"{SIZE - row:>3} ", style="dim")
        for col in range(SIZE):
            box = row * SIZE + col
            kind = MAT.kind[box]
            back = BACKGROUND.get(kind, "")
            if box in pieces:
                symbol, style = pieces[box]
            elif box in rams:
                symbol, style = "R", "bold magenta"
            elif box in shields:
                symbol, style = "B", "bold"
            else:
                symbol, style = ZONE[kind]
            text.append(f" {symbol} ", style=f"{style} {back}".strip())
        text.append("\n")
    text.append("    " + "".join(f" {chr(ord('a') + c)} " for c in range(SIZE)), style="dim")
    return text


def sides(view: dict[str, Any]) -> Table:
    table = Table(box=None, show_header=True, header_style="bold")
    for column in ("baron", "knights", "boulders", "gates", "bridge", "ram", "breaches", "chambers"):
        table.add_column(column)
    for seat, baron in enumerate(view["barons"]):
        mark = "▶ " if view.get("baron") == seat and not view.get("is_over") else "  "
        name = Text(f"{mark}{NAMES[seat]} ({baron['face']})", style=PIECE_STYLES[seat])
        if baron["retreated"]:
            name.append(" retreated", style="italic")
        table.add_row(name, str(baron["count"]), str(baron["boulders"]), baron["gates"], baron["bridge"],
                      "on bridge" if baron["ram"] == "bridge" else "boxes 3-4", " ".join(baron["breaches"]) or "—",
                      str(baron["chambers"]))
    return table


def spinner(view: dict[str, Any]) -> Text:
    text = Text()
    text.append(f"Round {view['round']} of {view['max_rounds']}. ", style="dim")
    if view["spin"]:
        text.append(f"Spin {view['spin']}: {view['spin_text']}. ", style="bold")
    phase = view["phase"]
    if phase == "march":
        text.append(f"Move points left: {view['points']}. ", style="bold green")
    elif phase == "choice":
        text.append("Choose: the special action, or 'march' for the move points. ", style="bold green")
    elif phase == "casualties":
        text.append(f"Choose {view['casualties']} more casualt{'y' if view['casualties'] == 1 else 'ies'}. ",
                    style="bold red")
    held = {name: NAMES[o] for name, o in view["chambers"].items() if o is not None}
    text.append("Chambers: " + (", ".join(f"{CHAMBER_WORDS[k]} {v}" for k, v in held.items()) or "all the King's")
                + ".")
    if view.get("unfinished"):
        text.append(f" {view['unfinished']}.", style="bold red")
    if view["treachery"]:
        text.append(" Treachery is possible.", style="red")
    return text


def names(view: dict[str, Any]) -> list[str]:
    """The barons' colours, seat by seat."""
    return [NAMES[seat] for seat in range(len(view["barons"]))]


def render(view: dict[str, Any], log: list[str]) -> RenderableType:
    parts: list[RenderableType] = [mat_text(view), sides(view), spinner(view)]
    if log:
        parts.append(Text("\n".join(log[-14:]), style="italic"))
    return Panel(Group(*parts), title="Gold Crown")  # every baron sees the whole mat: the ▶ marks who is to move


__all__ = ["render"]
