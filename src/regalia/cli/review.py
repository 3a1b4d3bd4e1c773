"""``regalia review RECORD.json [--json]``: the computer's review of a saved match, in the terminal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from regalia.core.errors import RecordError

LABEL_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def review_command(file: Path, as_json: bool, console: Console) -> None:
    from regalia.ai.review import load_record, review_match

    err = Console(stderr=True)
    try:
        data = json.loads(file.read_text())
    except OSError as exc:
        err.print(f"[red]cannot read {file}: {exc.strerror}[/red]")
        raise typer.Exit(2) from exc
    except json.JSONDecodeError as exc:
        err.print(f"[red]{file} is not JSON: {exc}[/red]")
        raise typer.Exit(1) from exc
    try:
        match = load_record(data)
    except RecordError as exc:
        err.print(f"[red]record does not verify: {exc}[/red]")
        raise typer.Exit(1) from exc
    with Progress(TextColumn("[bold]reviewing {task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, transient=True) as progress:
        task = progress.add_task(match.game.id, total=None)
        review = review_match(match, lambda done, total: progress.update(task, completed=done, total=total))
    result = review.to_dict()
    if as_json:
        print(json.dumps(result))
        return
    print_review(result, console)


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def amount(value: float, unit: str) -> str:
    return f"{value:+.2f}" if unit == "points" else f"{value:.1f}%"


def print_review(result: dict[str, Any], console: Console) -> None:
    unit = result["unit"]
    what = "expected points of the turn" if unit == "points" else "winning chance or standing, in %"
    table = Table(title=f"{result['game']}: review of {len(result['decisions'])} decisions ({what})")
    for column, justify in (("step", "right"), ("seat", "left"), ("played", "left"), ("value", "right"),
                            ("best found", "left"), ("value", "right"), ("loss", "right"), ("", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for d in result["decisions"]:
        label = d["label"]
        mark = f"[{LABEL_STYLE[label]}]{label}[/]" if label else ""
        best = "" if d["best"] == d["played"] else d["best"]
        table.add_row(str(d["step"] + 1), seat_name(d["seat"]), d["played"], amount(d["value_played"], unit),
                      best, amount(d["value_best"], unit) if best else "", f"{d['loss']:.2f}", mark)
    console.print(table)
    summary = Table(title="per player")
    for column in ("seat", "decisions", "average loss", "best played", "inaccuracies", "mistakes", "blunders"):
        summary.add_column(column, justify="left" if column == "seat" else "right")
    for row in result["summary"]:
        summary.add_row(seat_name(row["seat"]), str(row["decisions"]), f"{row['average_loss']:.2f}",
                        str(row["best_played"]), str(row["inaccuracies"]), str(row["mistakes"]),
                        str(row["blunders"]))
    console.print(summary)
    if result["unvalued"]:
        console.print(f"{len(result['unvalued'])} decisions the computer does not value (left out).")
