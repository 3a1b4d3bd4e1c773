"""``GET /api/games/{game_id}/rules``: the game's own rulebook (its package's ``RULES.md``) as HTML.

The table's "How to play" shows it: the rules a person reads are the ones the game's package ships with
its code, every reading of a gap in the seed marked where it applies. Markdown becomes HTML here, once per
game, with raw HTML in the source escaped (not passed through)::

    {"game": "crown-the-queen", "html": "<h1>Crown the Queen</h1>..."}
"""

from __future__ import annotations

from fastapi import FastAPI, HTTPException
from markdown_it import MarkdownIt

from regalia.core.errors import UnknownGame
from regalia.games import rulebook

from .catalog import Catalog


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
                raise HTTPException(404, f"{cls.title} ships no rulebook")
            rendered[game_id] = markdown.render(text)
        return {"game": game_id, "html": rendered[game_id]}
