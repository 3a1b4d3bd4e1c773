"""The King's Gold table for the terminal: the Royal Sea Box, the five dice, the Captain's Ledger, the log.

Drawn from a seat's view only. In the Captain's Duel the seat's own ability card is shown to that seat
alone (the view of anyone else does not hold it); in Blackbeard's Blitz the turn's seconds are shown for
the countdown (``clock.seconds_left`` when the client supplies it, else the turn's full ``turn_seconds``)::

    ╭─ King's Gold · round 3 · Anne at the helm ─────────────────────────╮
    │ Royal Treasury 41 coins · 12 doubloons   Skull Island 4 coins      │
    │  1         2         3         4         5                          │
    │ ⊙ Coin    ☠ Skull   ✹ Cannon  ⊙ Coin    ✠ Crest   throw 2 of 3     │
    │  held     locked              held                                  │
    │ Ledger: captain · coins · doubloons · shields · penalties · score   │
    ╰─────────────────────────────────────────────────────────────────────╯
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

FACES = {
    "Coin": ("⊙", "bold yellow"),
    "Cannon": ("✹", "bold red"),
    "Crest": ("✠", "bold magenta"),
    "Skull": ("☠", "bold white on red"),
}
LOG_LINES = 12


def dice_table(view: dict[str, Any]) -> Table:
    """The five dice with their symbols, and under each whether it is held, locked or in the air."""
    table = Table.grid(padding=(0, 2))
    for _ in range(5):
        table.add_column(justify="center")
    table.add_row(*(Text(str(i + 1), style="dim") for i in range(5)))
    faces, marks = [], []
    for slot, face in enumerate(view["dice"], start=1):
        if face is None:
            faces.append(Text("·  —  ·", style="dim"))
        else:
            symbol, style = FACES[face]
            faces.append(Text(f"{symbol} {face}", style=style))
        if slot in view["locked"]:
            marks.append(Text("locked", style="red"))
        elif slot in view["throwing"]:
            marks.append(Text("rolling", style="cyan"))
        elif slot in view["held"]:
            marks.append(Text("held", style="green"))
        else:
            marks.append(Text(""))
    table.add_row(*faces)
    table.add_row(*marks)
    return table


def threat_style(captain: dict[str, Any]) -> str:
    """Red when a rival's next turn could take four coins or more, yellow for less, green when safe."""
    risk = captain.get("at_risk", 0)
    return "bold red" if risk >= 4 else "yellow" if risk else "green"


def master_mark(view: dict[str, Any], captain: dict[str, Any]) -> str:
    """The Master Pirate bonus as its own mark: "+10 Master Pirate, for now" while the match goes on."""
    bonus = captain["points"]["master_pirate"]
    if not bonus:
        return ""
    return f"+{bonus} Master Pirate" + ("" if view["phase"] == "over" else ", for now")


def ledger(view: dict[str, Any]) -> Table:
    """The Captain's Ledger: every chest, Shields, Skull penalties ("skulls"), the chest's points, the
    Master Pirate bonus apart, the score, and what a rival could take next turn ("threat")."""
    table = Table(title="Captain's Ledger", title_justify="left", expand=False, pad_edge=False,
                  box=box.SIMPLE_HEAD)
    for name, justify in (("seat", "right"), ("captain", "left"), ("coins", "right"), ("doubl.", "right"),
                          ("shields", "left"), ("skulls", "right"), ("chest", "right"), ("bonus", "left"),
                          ("score", "right"), ("a rival could take", "left")):
        table.add_column(name, justify=justify, no_wrap=name in ("seat", "captain"))  # type: ignore[arg-type]
    for c in view["captains"]:
        helm = "▶ " if c["seat"] == view["captain"] and view["phase"] != "over" else ""
        name = c["name"] + (" ★" if c["points"]["master_pirate"] else "")
        style = "strike dim" if c["eliminated"] else ("bold" if helm else "")
        shields = "◆" * c["shields"] + (" (immune)" if c["immune"] else "")
        chest = c["score"] - c["points"]["master_pirate"]
        table.add_row(f"{helm}{c['seat']}", name, str(c["coins"]), str(c["doubloons"]), shields,
                      str(c["penalties"]), str(chest), Text(master_mark(view, c), style="magenta"),
                      str(c["score"]), Text(c["threat"], style=threat_style(c)), style=style)
    return table


def final(view: dict[str, Any], result: dict[str, Any] | None) -> RenderableType:
    """The end of a match, as the web table's results panel shows it: each captain's coins, doubloons and
    unused Shields in points, the Master Pirate bonus, the final score, and the badge earned (KG-18, read
    from the match's result by ``regalia.profiles.badges``, the same reading the server keeps)."""
    from regalia.profiles.badges import badges_from_result

    captains = view["captains"]
    badges = badges_from_result(result or {}, len(captains))
    master = (result or {}).get("master_pirate") or {}
    table = Table(title="Final scoring", title_justify="left", expand=False, pad_edge=False)
    for name, justify in (("captain", "left"), ("coins", "right"), ("doubloons", "right"),
                          ("unused Shields", "right"), ("Master Pirate", "left"), ("score", "right"),
                          ("badge", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    won = set(view.get("winners") or (result or {}).get("winners") or [])
    for c in captains:
        p = c["points"]
        bonus = (f"+{p['master_pirate']} (largest heist, {master.get('heist')} points)"
                 if p["master_pirate"] else "")
        badge = badges.get(c["seat"])
        table.add_row(c["name"] + (" 👑" if c["seat"] in won else ""),
                      f"{c['coins']} = {p['coins']}", f"{c['doubloons']} = {p['doubloons']}",
                      f"{c['shields']} = {p['shields']}", bonus, Text(str(c["score"]), style="bold"),
                      Text(badge.value if badge else "—", style="bold yellow" if badge else "dim"))
    return table


def status_line(view: dict[str, Any]) -> Text:
    treasury = view["treasury"]
    text = Text()
    text.append("Royal Treasury ", style="bold")
    text.append(f"{treasury['coins']} coins · {treasury['doubloons']} doubloons", style="yellow")
    text.append("    Skull Island ", style="bold")
    text.append(f"{view['reserve']} coins", style="red")
    record = view["record"]
    if record["points"]:
        holder = view["captains"][record["holder"]]["name"]
        text.append(f"    largest heist {record['points']} points ({holder} ★)", style="dim")
    if view["end_triggered"] and view["phase"] != "over":
        text.append("    the Treasury is exhausted: last round!", style="bold red")
    return text


def clock_line(view: dict[str, Any]) -> Text | None:
    """Blackbeard's Blitz: the countdown of the turn (KG-20)."""
    clock = view.get("clock")
    if not clock or view["phase"] == "over":
        return None
    left = clock.get("seconds_left", clock["turn_seconds"])
    style = "bold red" if clock["running"] and left <= 3 else "bold cyan"
    if not clock["running"]:
        return Text(f"⏱ Blitz: {clock['turn_seconds']} s per turn", style="dim")
    return Text(f"⏱ Blitz: {left:g} s left for this turn — then the dice showing are final", style=style)


def cards_line(view: dict[str, Any]) -> Text | None:
    """Captain's Duel: your own card (to you only) and what is public of the other captain's (KG-22)."""
    duel = view.get("duel")
    if not duel:
        return None
    text = Text()
    hand = duel["hand"]
    if hand is not None and hand["kept"] is None and hand["dealt"]:
        dealt = " · ".join(f"{i} {name}" for i, name in enumerate(hand["dealt"], start=1))
        text.append(f"Your cards: {dealt}", style="bold magenta")
    elif hand is not None and hand["kept"]:
        state = "used" if hand["used"] else "secret, unused"
        text.append(f"Your card: {hand['kept']} ({state})", style="bold magenta")
    for c in duel["captains"]:
        if hand is not None and c["seat"] == hand["seat"]:
            continue
        name = view["captains"][c["seat"]]["name"]
        what = (f"played {c['played']}" if c["played"] else "a card face down" if c["kept"]
                else f"{c['dealt']} cards dealt" if c["dealt"] else "no card yet")
        text.append(("    " if text else "") + f"{name}: {what}", style="magenta")
    if duel["effects"]:
        text.append("    in force: " + ", ".join(duel["effects"]), style="bold")
    return text


def decision_line(view: dict[str, Any]) -> Text | None:
    pending = view["pending"]
    phase = view["phase"]
    if phase == "keep":
        return Text("keep one of your two cards, secretly: keep 1 or keep 2", style="magenta")
    if pending and pending["decision"] == "answer":
        who = view["captains"][pending["seat"]]["name"]
        event = f"a theft of {pending['coins']} coin(s)" if pending["against"] == "theft" else "the Royal Curse"
        return Text(f"{who} answers {event}: play your card if it applies, or pass", style="magenta")
    if phase == "choose":
        total = view["rolls_used"] + view["rolls_left"]
        return Text(f"throw {view['rolls_used']} of {total} — stop, or reroll some non-Skull dice (reroll 2 5)")
    if phase == "ready":
        return Text("roll the five Pirate Dice (roll)")
    if pending and pending["decision"] == "crest":
        return Text(f"{pending['crests_left']} Crest(s) to assign: crest convert (a Coin becomes a Doubloon) "
                    "or crest shield", style="magenta")
    if pending and pending["decision"] == "fire":
        names = ", ".join(f"{t} {view['captains'][t]['name']}" for t in pending["targets"])
        return Text(f"{pending['cannons_left']} Cannon(s) to aim: fire N at one of {names}", style="red")
    return None


def names(view: dict[str, Any]) -> list[str]:
    """The captains' names, seat by seat."""
    return [c["name"] for c in view["captains"]]


def render(view: dict[str, Any], new_log_lines: list[str]) -> RenderableType:
    """The whole table for one seat, with the events since it last looked."""
    helm = view["captains"][view["captain"]]["name"] if view["captain"] >= 0 else "nobody yet"
    navy = f" of {view['navy_rounds']}" if view.get("navy_rounds") else ""
    title = f"King's Gold · round {view['round']}{navy} · {helm} at the helm"
    if view["phase"] == "over":
        title = f"King's Gold · over after round {view['round']}"
    parts: list[RenderableType] = [status_line(view), dice_table(view)]
    for line in (clock_line(view), cards_line(view), decision_line(view)):
        if line is not None:
            parts.append(line)
    parts.append(ledger(view))
    if new_log_lines:
        shown = new_log_lines[-LOG_LINES:]
        skipped = len(new_log_lines) - len(shown)
        log = Text("\n".join(([f"… {skipped} earlier lines"] if skipped else []) + shown), style="italic")
        parts.append(Panel(log, title="Captain's log", title_align="left", border_style="dim"))
    return Panel(Group(*parts), title=title, title_align="left", border_style="yellow")
