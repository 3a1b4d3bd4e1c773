"""What the server does when the database fails: say so clearly, change nothing, carry on when it is back.

Two failures are handled here, for the two doors through which the database is reached:

* an accepted action whose commit fails (locked past ``busy_timeout``, disk full, file gone). The
  match was already advanced in memory, so it is put back *from memory* — not re-read from the
  database, which may be the very thing that failed — and the player is told nothing was played;
* any HTTP request that reaches a failing database answers ``503`` with a plain reason instead of a
  bare ``500``.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, OperationalError

from regalia.core.match import Match

UNAVAILABLE = "the game database is unavailable just now (locked, full or missing); nothing was changed — try again shortly"


def without_last_action(match: Match) -> Match:
    """The match as it was before its last action, replayed from its seed (the same outcomes follow)."""
    game = match.game
    again = game.new_match(seed=match.seed)
    for action in match.actions[:-1]:
        again.play(action, clock=action in game.clock_actions(again.state))
    return again


def answer_database_failures(app: FastAPI) -> None:
    """Make a failing database a ``503`` with a reason on every HTTP route."""

    async def unavailable(_request: Request, _exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": UNAVAILABLE}, status_code=503)

    app.add_exception_handler(OperationalError, unavailable)
    app.add_exception_handler(DBAPIError, unavailable)
