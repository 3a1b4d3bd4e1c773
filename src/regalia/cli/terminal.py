"""Terminal play: a seat's table drawn with Rich, the legal actions listed, actions typed."""

from __future__ import annotations

import secrets
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.prompt import Prompt

from regalia.ai import load_agent
from regalia.core.errors import IllegalAction
from regalia.games import game_class, load_game, rulebook

from .tables import renderer, seat_names

HUMAN = "human"


def rules_text(game_id: str) -> str:
    return rulebook(game_class(game_id)) or "No rulebook is bundled for this game."


def play_terminal(game_id: str, *, players: int | None, ai: str, seed: int | None, seat: int,
                  options: dict[str, Any], console: Console | None = None) -> None:
    console = console or Console()
    opts = dict(options)
    if players is not None:
        opts["players"] = players
    game = load_game(game_id, **opts)
    if not 0 <= seat < game.players:
        raise ValueError(f"--seat must be 0..{game.players - 1}")
    seed = secrets.randbelow(2**31) if seed is None else seed
    match = game.new_match(seed=seed)
    agents = {} if ai == HUMAN else {
        s: load_agent(game_id, ai, seed=f"{seed}:{s}") for s in range(game.players) if s != seat
    }
    draw = renderer(game_id)
    console.print(f"[bold]{game.title}[/bold] — seed {seed}. Type an action, [bold]?[/bold] for the legal "
                  "ones, [bold]help[/bold] for the rules, [bold]quit[/bold] to leave.")
    if agents:
        names = seat_names(game_id, match.view(seat))
        you = f"Seat {seat + 1}" if names is None else f"{names[seat]} (Seat {seat + 1})"
        others = seat_list(sorted(agents)) if names is None else and_list(
            [f"{names[s]} (Seat {s + 1})" for s in sorted(agents)])
        console.print(f"You are {you}; {others} {'is' if len(agents) == 1 else 'are'} played by the computer ({ai}).")
    shown = 0
    while not match.is_over:
        mover = match.to_move
        assert mover is not None
        if mover in agents:
            action = agents[mover].choose(match)
            match.play(action)
            continue
        console.print(draw(match.view(mover), match.log[shown:]))
        shown = len(match.log)
        legal = match.legal_actions()
        console.print("[dim]legal:[/dim] " + "  ".join(legal[:40]) + (" …" if len(legal) > 40 else ""))
        who = f"Seat {mover + 1}" if ai == HUMAN else "you"  # counted from 1, as tables name seats
        if not ask_and_play(console, match, legal, who, game_id):
            return
    console.print(draw(match.view(seat if ai != HUMAN else None), match.log[shown:]))
    console.print(outcome_line(match))


def and_list(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def seat_list(seats: list[int]) -> str:
    """"Seat 2", "Seats 2 and 3", "Seats 2, 3 and 4": seats counted from 1."""
    names = [str(s + 1) for s in seats]
    if len(names) == 1:
        return f"Seat {names[0]}"
    return f"Seats {', '.join(names[:-1])} and {names[-1]}"


def outcome_line(match: Any) -> str:
    """Who won and the scores, seats counted from 1 as the tables and logs count them."""
    winners = " and ".join(f"Seat {w + 1}" for w in match.winners) or "nobody"
    scores = ", ".join(f"Seat {s + 1} {score:g}" for s, score in enumerate(match.scores))
    return f"[bold]The match is over: {winners} won.[/bold] Scores: {scores}."


def ask_and_play(console: Console, match: Any, legal: list[str], who: str, game_id: str) -> bool:
    """Ask until the person plays a legal action (True) or leaves (False). A wrong action, ``help`` or
    ``?`` is answered on its own: the table is drawn again only once something has been played."""
    while True:
        try:
            typed = Prompt.ask(f"[bold]{who}[/bold]", console=console).strip()
        except (EOFError, KeyboardInterrupt):
            console.print("\nleaving the table.")
            return False
        if typed in ("quit", "exit"):
            return False
        if typed == "help":
            console.print(Markdown(rules_text(game_id)))
        elif typed in ("?", "legal"):
            console.print("  ".join(legal))
        else:
            try:
                match.play(typed)
                return True
            except IllegalAction as exc:
                console.print(f"[red]{exc}[/red]")
