"""``GET /api/games/{game_id}/board``: a game's static board geometry, for the browser's tables.

The geometry is the rules package's own (``Game.board()``: zones, rows, named boxes...), so a table draws
the board from it and never holds a copy of the rules' drawing. The query parameters are the game's
options, checked as a new match's are (``?players=4``; an unknown or invalid one is a 422 naming it)::

    {"game": "gold-crown", "options": {"players": 4, ...}, "board": {...}}   (board: null when the game
                                                                               publishes none)

Geometry never changes while the server runs: each (game, options) is built once, and browsers may keep it.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import Response

from regalia.core.errors import UnknownGame
from regalia.core.game import Game
from regalia.core.options import Option

from .catalog import Catalog

CACHED = 64
"""Boards kept built (one per game and options asked for; options are few in practice)."""


def install(app: FastAPI, catalog: Catalog) -> None:
    """Add the board route to ``app`` for ``catalog``'s games."""
    built: OrderedDict[tuple[str, str], bytes] = OrderedDict()

    @app.get("/api/games/{game_id}/board")
    def board(game_id: str, request: Request) -> Response:
        """The static board geometry of a game under the options given as query parameters."""
        try:
            cls = catalog.game_class(game_id)
        except UnknownGame as exc:
            raise HTTPException(404, str(exc)) from None
        try:
            game = cls(**parse_options(cls, request.query_params.multi_items()))
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None
        key = (game_id, json.dumps(game.options, sort_keys=True, default=str))
        body = built.get(key)
        if body is None:
            body = json.dumps({"game": game_id, "options": game.options, "board": game.board()},
                              separators=(",", ":")).encode()
            built[key] = body
            while len(built) > CACHED:
                built.popitem(last=False)
        else:
            built.move_to_end(key)
        return Response(body, media_type="application/json", headers={"Cache-Control": "public, max-age=3600"})


def parse_options(cls: type[Game], items: list[tuple[str, str]]) -> dict[str, Any]:
    """Query strings to option values of the declared kinds ("4" -> 4, "true" -> True); checking is the game's."""
    specs = {spec.name: spec for spec in cls.all_option_specs()}
    options: dict[str, Any] = {}
    for name, text in items:
        if name in options:
            raise ValueError(f"option {name!r} is given twice")
        spec = specs.get(name)
        options[name] = text if spec is None else parse_value(spec, text)
    return options


def parse_value(spec: Option, text: str) -> Any:
    if spec.nullable and text in ("", "null", "none", "None"):
        return None
    if spec.kind is str:
        return text
    if spec.kind is bool:
        lowered = text.lower()
        if lowered in ("true", "1", "yes", "on"):
            return True
        if lowered in ("false", "0", "no", "off"):
            return False
        return text  # the game's own check names the option and the valid values
    try:
        return json.loads(text)
    except ValueError:
        return text
