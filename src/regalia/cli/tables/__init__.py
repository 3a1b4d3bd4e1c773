"""Terminal tables: one module per game (named after its id), each with ``render(view, log)``.

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


def renderer(game_id: str) -> Renderer:
    try:
        module = importlib.import_module(f"regalia.cli.tables.{game_id.replace('-', '_')}")
    except ModuleNotFoundError:
        return plain
    found: Renderer = module.render
    return found
