"""``GET /api/games/{game_id}/rules``: the game's rulebook for players, as HTML.

The page "#/rules/GAME" and the table's "How to play" show it. A game's package ships two texts: ``RULES.md``,
the contributors' document (every reading of a gap in the seed, with its decision code), and
``rulebook.md``, the players' rulebook (the original rules in clear words and a short "How this table settles
what the original leaves open", no codes). This serves the players' one; a game that ships none yet falls
back to ``RULES.md``. Markdown becomes HTML here, once per game, with raw HTML in the source escaped (not
passed through)::

    {"game": "crown-the-queen", "html": "<h1>Crown the Queen</h1>..."}
"""

from __future__ import annotations

import importlib
from importlib import resources

from fastapi import FastAPI, HTTPException
from markdown_it import MarkdownIt

from regalia.core.errors import UnknownGame
from regalia.core.game import Game
from regalia.games import rulebook as contributors_rulebook

from .catalog import Catalog

PLAYERS_RULEBOOK = "rulebook.md"


def rulebook(cls: type[Game]) -> str | None:
    """The players' rulebook of ``cls``'s package (``rulebook.md``), else its ``RULES.md``, else None."""
    package = importlib.import_module(cls.__module__).__package__ or ""
    try:
        return resources.files(package).joinpath(PLAYERS_RULEBOOK).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError, TypeError):
        return contributors_rulebook(cls)


def install(app: FastAPI, catalog: Catalog) -> None:
    """Add the rulebook route to ``app`` for ``catalog``'s games."""
    rendered: dict[str, str] = {}
    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")

    @app.get("/api/games/{game_id}/rules")
    def rules(game_id: str) -> dict[str, str]:
        try:
            cls = catalog.game_class(game_id)
        except UnknownGame as exc:
            raise HTTPException(404, str(exc)) from None
        if game_id not in rendered:
            text = rulebook(cls)
            if text is None:
                raise HTTPException(404, f"{cls.title} has no rulebook yet")
            rendered[game_id] = markdown.render(text)
        return {"game": game_id, "html": rendered[game_id]}
