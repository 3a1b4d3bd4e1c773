"""The Gold Battle's terminal table: the board in colour with coordinates, the HUD, the new chronicle lines.

Drawn from the view alone, like every client::

    11  .  .  ♜  .  .  ♚  .  .  ♜  .  .        ♚ commander  ● soldier  ♜ tower  ◆ gold mine  ♣ forest
    ...                                          Crimson Knights   Azure Lords (in their colours)
     1  .  .  ♜  .  .  ♚  .  .  ♜  .  .
        a  b  c  d  e  f  g  h  i  j  k
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

FILES = "abcdefghijk"
SYMBOLS = {"C": "♚", "S": "●", "T": "♜", "M": "◆", "F": "♣", ".": "·"}
COLOURS = ("bold red", "bold blue")


def cell(letter: str, danger: bool = False) -> Text:
    if letter == "F":
        return Text(SYMBOLS["F"], style="green")
    if letter == ".":
        return Text(SYMBOLS["."], style="dim")
    side = 0 if letter.isupper() else 1
    style = COLOURS[side] + (" on yellow" if letter.upper() == "M" else " reverse" if danger else "")
    return Text(SYMBOLS[letter.upper()], style=style)


def board(view: dict[str, Any]) -> Text:
    danger = set(view.get("in_danger", ()))
    text = Text()
    for row, letters in enumerate(view["board"]):
        text.append(f"{11 - row:>2} ", style="dim")
        for file, letter in enumerate(letters):
            square = f"{FILES[file]}{11 - row}"
            text.append("!" if square in danger else " ", style="bold yellow")
            text.append_text(cell(letter, square in danger))
            text.append(" ")
        text.append("\n")
    text.append("    " + "  ".join(FILES), style="dim")
    return text


def hud(view: dict[str, Any]) -> Table:
    table = Table.grid(padding=(0, 2))
    for number, (side, style) in enumerate(zip(view["sides"], COLOURS, strict=True), start=1):
        army = side["army"].split()[-1]  # Knights, Lords: as the page's HUD says
        table.add_row(Text(f"Player {number}: {army}", style=style),
                      f"Mines Captured: {side['mines_captured']} / {side['mines_to_win']}",
                      f"Captured Soldiers: {side['captured_soldiers']}",
                      "♜ " + (" ".join(side["towers"]) or "none"))
    return table


def legend() -> Text:
    text = Text("♚ commander  ● soldier  ♜ tower  ◆ gold mine (owner's colour)  ♣ forest  !● in danger\n",
                style="dim")
    text.append("Crimson Knights", style=COLOURS[0])
    text.append("  ")
    text.append("Azure Lords", style=COLOURS[1])
    return text


ENDINGS = {
    "commander": "captured the enemy commander",
    "mines": "holds all the enemy gold mines",
    "adjudication": "leads on mines, then soldiers, at the 300-ply limit",
    "repetition": "the same position for the third time",
    "quiet": "60 plies without a capture, tower, mine or freeing",
    "cap": "the 300-ply limit",
    "passes": "both sides passed",
}


def status(view: dict[str, Any]) -> Text:
    outcome = view.get("outcome")
    if outcome is not None:
        winner = outcome["winner"]
        who = "drawn" if winner is None else f"won by the {view['sides'][winner]['army']}"
        why = ENDINGS.get(outcome["reason"], outcome["reason"])
        return Text(f"The battle is {who}: {why}.", style="bold")
    line = f"{view['side_to_act']} to {'free a soldier' if view['frees_pending'] else 'move'}"
    if view.get("in_danger"):
        line += f" ({', '.join(view['in_danger'])} in danger)"
    return Text(f"{line} — ply {view['plies']}, {view['quiet_plies']} without progress", style="bold")


def render(view: dict[str, Any], log: list[str]) -> RenderableType:
    parts: list[RenderableType] = [hud(view), Text(""), board(view), legend(), status(view)]
    if log:
        chronicle = Text("\n".join(log))
        parts.append(Panel(chronicle, title="Battle Chronicle", title_align="left", expand=False))
    return Panel(Group(*parts), title="The Gold Battle", expand=False)
