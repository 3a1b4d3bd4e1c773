"""``regalia``: games, play, simulate, replay, review, serve, bench."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from regalia.core.errors import RecordError, UnknownGame

from . import research

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Regalia: four royal tabletop games.")
console = Console()


@app.command()
def games() -> None:
    """List the game ids, names and player counts."""
    from regalia.games import list_games

    table = Table(title="Regalia games")
    table.add_column("id", style="bold")
    table.add_column("name")
    table.add_column("players", justify="center")
    table.add_column("about")
    for info in list_games():
        players = f"{info.min_players}" if info.min_players == info.max_players else (
            f"{info.min_players}–{info.max_players}")
        table.add_row(info.id, info.title, players, info.summary)
    console.print(table)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id, see `regalia games`")],
    players: Annotated[int | None, typer.Option(help="number of seats")] = None,
    ai: Annotated[str, typer.Option(help="computer level for the other seats, or 'human' for hot-seat")] = "medium",
    seed: Annotated[int | None, typer.Option(help="seed (random if omitted)")] = None,
    seat: Annotated[int, typer.Option(help="the seat you take, counted from 0 as in the API (0: Seat 1)")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option NAME=VALUE")] = None,
    mode: Annotated[str | None, typer.Option(help="the game's mode, e.g. blitz for King's Gold's Blackbeard's "
                                                  "Blitz (the same as -o mode=blitz)")] = None,
) -> None:
    """Play in the terminal against the computer (or hot-seat)."""
    from .terminal import play_terminal

    options = parse_options(option)
    if mode is not None:
        options["mode"] = mode
    try:
        play_terminal(game, players=players, ai=ai, seed=seed, seat=seat, options=options)
    except (UnknownGame, ValueError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id")],
    games: Annotated[int, typer.Option("--games", help="number of matches")] = 100,
    players: Annotated[int | None, typer.Option(help="number of seats")] = None,
    seats: Annotated[str | None, typer.Option(help="agent of each seat, e.g. hard,random")] = None,
    seed: Annotated[int, typer.Option(help="seed of the first match")] = 0,
    rotate: Annotated[bool, typer.Option(help="rotate the agents round the seats")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option NAME=VALUE")] = None,
    backend: research.Backend = "local",
    workers: research.Workers = None,
    address: research.Address = None,
    out: research.Out = None,
) -> None:
    """AI-vs-AI batch with a progress bar."""
    from regalia.ai.arena import run_batch

    seat_list = [s.strip() for s in seats.split(",")] if seats else None
    if seat_list and players is None:
        players = len(seat_list)
    err = Console(stderr=True)
    try:
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=err, transient=as_json) as progress:
            task = progress.add_task(f"{game}", total=games)
            result = research.batch_runner(run_batch, backend, workers, address, out)(
                               game, games, players=players, seats=seat_list, seed=seed, rotate=rotate,
                               options=parse_options(option),
                               progress=lambda done: progress.update(task, completed=done))
    except (UnknownGame, ValueError) as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    table = Table(title=f"{game}: {games} matches in {result.seconds:.1f} s, mean {result.mean_plies:.1f} plies")
    table.add_column("seat")
    table.add_column("agent")
    table.add_column("wins", justify="right")
    table.add_column("share", justify="right")
    for s, (agent, wins) in enumerate(zip(result.seats, result.wins, strict=True)):
        table.add_row(f"Seat {s + 1}", agent, f"{wins:.1f}", f"{wins / max(games, 1):.1%}")
    console.print(table)
    console.print(f"draws: {result.draws}")


@app.command()
def replay(file: Annotated[Path, typer.Argument(help="a match record (JSON)")]) -> None:
    """Re-play a saved match record and verify it reproduces exactly."""
    from regalia.core.replay import replay_dict

    from .terminal import outcome_line

    try:
        data = json.loads(file.read_text())
    except OSError as exc:
        console.print(f"[red]cannot read {file}: {exc.strerror}[/red]")
        raise typer.Exit(2) from exc
    except json.JSONDecodeError as exc:
        console.print(f"[red]{file} is not JSON: {exc}[/red]")
        raise typer.Exit(1) from exc
    try:
        match = replay_dict(data)
    except RecordError as exc:
        console.print(f"[red]record does not verify: {exc}[/red]")
        raise typer.Exit(1) from exc
    if "commitment" not in data:
        console.print("[yellow]this record carries no seed commitment: its dice and cards are verified "
                      "against its seed, but nothing proves the seed was fixed before play[/yellow]")
    else:
        console.print(f"seed commitment verified: sha256 {data['commitment'][:16]}…")
    mover = match.to_move
    state = "over" if match.is_over else ("in progress, chance to resolve" if mover is None or mover < 0
                                          else f"in progress, Seat {mover + 1} to move")
    console.print(f"[green]verified[/green]: {match.game.id}, {len(match.actions)} actions, "
                  f"{len(match.chance)} chance outcomes, {state}")
    if match.is_over:
        console.print(outcome_line(match))


@app.command()
def review(
    file: Annotated[Path, typer.Argument(help="a match record (JSON)")],
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
) -> None:
    """The computer's review of a saved match: each decision's value, the best found, the loss."""
    from .review import review_command

    review_command(file, as_json, console)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    db: Annotated[str | None, typer.Option(help="database URL (default: a SQLite file in the user's data folder)")] = None,
    broker: Annotated[str | None, typer.Option(
        help="redis://host:port: share matches with other instances on the same --db postgresql://...")] = None,
    smtp: Annotated[str | None, typer.Option(
        help="smtp://host:port, smtp+starttls://user:pass@host:587 or smtps://...: offer your-turn e-mails")] = None,
    mail_from: Annotated[str | None, typer.Option(help="the e-mails' From address")] = None,
    site_url: Annotated[str | None, typer.Option(
        help="the site's public address, for the e-mails' links (default: as each person reached it)")] = None,
) -> None:
    """Run the web app."""
    try:
        from regalia.server.run import run_server
    except ImportError as exc:
        console.print(f"[red]the web app is not available in this build: {exc}[/red]")
        raise typer.Exit(2) from exc
    run_server(host=host, port=port, db=db, broker=broker, smtp=smtp, mail_from=mail_from, site_url=site_url)


@app.command()
def bench(
    what: Annotated[str | None, typer.Argument(help="which benchmark (default: all)")] = None,
    quick: Annotated[bool, typer.Option(help="a short run, for a smoke check")] = False,
) -> None:
    """Run the benchmarks and print a table of figures."""
    from regalia.bench import run_benchmarks

    try:
        run_benchmarks(what, quick=quick, console=console)
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc


def parse_options(pairs: list[str] | None) -> dict[str, object]:
    """NAME=VALUE pairs, values read as JSON where they parse (numbers, true/false), else text."""
    options: dict[str, object] = {}
    for pair in pairs or []:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise typer.BadParameter(f"option {pair!r} must be NAME=VALUE")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    return options


research.register(app)


def main() -> None:
    app()
