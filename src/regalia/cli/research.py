"""``regalia tournament`` and ``regalia analyze``, and the distributed path of ``regalia simulate``.

The commands are registered on the main app by ``register(app)``; everything heavy (numpy, matplotlib,
Ray) is imported inside the commands, so ``regalia --help`` stays fast.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from regalia.core.errors import UnknownGame

console = Console()
err = Console(stderr=True)

Backend = Annotated[str, typer.Option(help="where matches run: local (this machine) or ray (a Ray cluster)")]
Workers = Annotated[int | None, typer.Option(help="worker processes (local: default 1; ray: default all CPUs)")]
Address = Annotated[str | None, typer.Option(help="Ray cluster address (default: start a local one)")]
Out = Annotated[Path | None, typer.Option(help="stream results to this JSON-lines file; rerun to resume")]
Options = Annotated[list[str] | None, typer.Option("--option", "-o", help="game option NAME=VALUE")]


@contextmanager
def progress_bar(description: str, total: int, transient: bool = False) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr; yields ``update(done)``."""
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, transient=transient) as progress:
        task = progress.add_task(description, total=total)
        yield lambda done: progress.update(task, completed=done)


def batch_runner(run_batch: Callable[..., Any], backend: str, workers: int | None, address: str | None,
                 out: Path | None) -> Callable[..., Any]:
    """What ``regalia simulate`` calls: the in-process ``run_batch``, unless a backend option is given.

    Both take the same arguments and give the same ``BatchResult`` for the same seeds.
    """
    if (backend, workers, address, out) == ("local", None, None, None):
        return run_batch
    from regalia.research.simulate import simulate

    return functools.partial(simulate, backend=backend, workers=workers, address=address, out=out)


def tournament(
    game: Annotated[str, typer.Argument(help="game id")],
    agents: Annotated[str, typer.Option(help="computer levels, e.g. random,easy,medium,hard")] = "random,easy,medium,hard",
    games: Annotated[int, typer.Option(help="matches per group of agents (a pair, in a two-seat game)")] = 20,
    players: Annotated[int | None, typer.Option(help="seats per match (default 2 where the game allows)")] = None,
    seed: Annotated[int, typer.Option(help="seed of the first match")] = 0,
    backend: Backend = "local",
    workers: Workers = None,
    address: Address = None,
    out: Out = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    option: Options = None,
) -> None:
    """Round robin between computer levels, seats rotated; Elo table with 95% intervals."""
    from regalia.research.tournament import default_players, plan_round_robin
    from regalia.research.tournament import tournament as run_tournament

    from .main import parse_options

    names = [a.strip() for a in agents.split(",") if a.strip()]
    try:
        total = len(plan_round_robin(names, players or default_players(game), games))
        with progress_bar(f"{game} tournament", total, transient=as_json) as update:
            result = run_tournament(game, names, games, players=players, seed=seed,
                                    options=parse_options(option), backend=backend, workers=workers,
                                    address=address, out=out, progress=update)
    except (UnknownGame, ValueError) as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    table = Table(title=f"{game}: {result.matches} matches, {result.players} seats, "
                        f"{result.seconds:.1f} s — Elo (Bradley–Terry), 95% interval")
    for column in ("rank", "agent", "Elo", "95% interval", "score", "matches"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for rank, r in enumerate(result.ratings, start=1):
        table.add_row(str(rank), r.agent, f"{r.elo:+.0f}", f"[{r.low:+.0f}, {r.high:+.0f}]",
                      f"{r.score:.1%}", str(r.games))
    console.print(table)


def analyze(
    game: Annotated[str, typer.Argument(help="game id")],
    games: Annotated[int, typer.Option(help="matches for the seat and length statistics")] = 200,
    players: Annotated[int | None, typer.Option(help="number of seats")] = None,
    level: Annotated[str, typer.Option(help="the computer level that fills every seat")] = "random",
    ladder: Annotated[str, typer.Option(help="levels of the ladder tournament ('' to skip it)")] = "random,easy,medium,hard",
    ladder_games: Annotated[int, typer.Option(help="matches per pair in the ladder")] = 10,
    section_matches: Annotated[int, typer.Option(help="matches for game-specific sections (King's Gold: "
                                                     "turn outcomes of 'hard' captains)")] = 20,
    seed: Annotated[int, typer.Option(help="seed of the first match")] = 0,
    backend: Backend = "local",
    workers: Workers = None,
    address: Address = None,
    out: Annotated[Path, typer.Option(help="the HTML report to write")] = Path("report.html"),
    option: Options = None,
) -> None:
    """Balance report (HTML with plots): seat win shares, match lengths, first-player edge, the ladder."""
    from regalia.research.analyze import analyze as run_analysis
    from regalia.research.report import write_report

    from .main import parse_options

    ladder_levels = [a.strip() for a in ladder.split(",") if a.strip()]
    try:
        with progress_bar(f"{game} analysis", 100) as update:
            analysis = run_analysis(game, games, players=players, level=level, ladder=ladder_levels,
                                    ladder_games=ladder_games, section_matches=section_matches, seed=seed, options=parse_options(option),
                                    backend=backend, workers=workers, address=address,
                                    progress=lambda fraction: update(round(100 * fraction)))
    except (UnknownGame, ValueError) as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    write_report(analysis, out)
    console.print(f"report written to {out}")


def register(app: typer.Typer) -> None:
    """Add the research commands to the ``regalia`` app."""
    app.command()(tournament)
    app.command()(analyze)
