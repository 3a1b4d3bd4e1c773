"""Terminal tables: one module per game (named after its id), each with ``render(view, log)`` and, where
the game names its seats (captains, barons), ``names(view)``.

A table draws only from a seat's view, like every other client.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.syntax import Syntax

Renderer = Callable[[dict[str, Any], list[str]], RenderableType]


def plain(view: dict[str, Any], log: list[str]) -> RenderableType:
    """The fallback: the view as JSON."""
    return Panel(Syntax(json.dumps(view, indent=1), "json"), title=str(view.get("game", "")))


def _module(game_id: str) -> Any:
    try:
        return importlib.import_module(f"regalia.cli.tables.{game_id.replace('-', '_')}")
    except ModuleNotFoundError:
        return None


def renderer(game_id: str) -> Renderer:
    module = _module(game_id)
    found: Renderer = module.render if module is not None else plain
    return found


def seat_names(game_id: str, view: dict[str, Any]) -> list[str] | None:
    """The names the game gives its seats in ``view`` ("Anne", "Gold"), or None where it names none."""
    names = getattr(_module(game_id), "names", None)
    return names(view) if names is not None else None
