"""The server's notes: lines of a match's log that no rule wrote, kept with the match where they happened.

A match's log is its game's (``Game.describe``: what each action did), rebuilt by replaying the actions. The
server adds a few lines of its own about the table, never about a rule: who set a computer's level
(``Hub.set_level``), whose time ran out in a turn-based match and who is treated as gone (``turn_based.py``).
Each is kept in ``match_notes`` with the match's version when it was written and its place in the log, so
that a server started again, and the replay, show it where it was::

    Hub.note(live, text)     -> write(): appended to the live log, stored (n, version, line, text), broadcast
    Hub._load (a restart)    -> restore(): the replayed log gets every note back at its line
    Hub._catch_up            -> due(): another instance's notes, with the actions it committed
    GET /api/matches/{id}/replay -> into_steps(): each note at the end of the step it followed

Notes name seats and say what the server did; they are the same for every seat (nothing hidden in them).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import ForeignKey, Integer, String, func, select
from sqlalchemy.orm import Mapped, mapped_column

from regalia.records.tables import UtcDateTime

from .models import Base
from .store import Store

NOTE_LIMIT = 400
"""Characters a note may hold (the server's own words: a seat's name and a sentence)."""


class NoteRow(Base):
    """One line the server wrote in a match's log (not a rule's: a level changed, a turn's time ran out)."""

    __tablename__ = "match_notes"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    """1, 2, ... in the order written."""
    version: Mapped[int] = mapped_column(Integer)
    """The match's version when it was written: it follows that step's action (0: before the first)."""
    line: Mapped[int] = mapped_column(Integer)
    """Its index in the match's log (the game's lines and the notes before it)."""
    text: Mapped[str] = mapped_column(String(NOTE_LIMIT))
    at: Mapped[datetime] = mapped_column(UtcDateTime())


async def write(store: Store, match_id: str, log: list[str], version: int, text: str) -> None:
    """Store ``text`` as the next note of the match at ``version``, and append it to the live ``log``
    (the caller holds the match's lock and broadcasts)."""
    text = text[:NOTE_LIMIT]
    async with store.writing() as session:
        last = await session.scalar(select(func.max(NoteRow.n)).where(NoteRow.match_id == match_id))
        session.add(NoteRow(match_id=match_id, n=(last or 0) + 1, version=version, line=len(log), text=text,
                            at=datetime.now(UTC)))
    log.append(text)


async def read(store: Store, match_id: str, from_line: int = 0) -> list[NoteRow]:
    """The match's notes in the order written (``from_line``: those at that line of the log or later)."""
    async with store.sessions() as session:
        return list((await session.scalars(
            select(NoteRow).where(NoteRow.match_id == match_id, NoteRow.line >= from_line)
            .order_by(NoteRow.n))).all())


def due(log: list[str], pending: list[NoteRow], version: int) -> None:
    """Catching up on another instance's actions (``Hub._catch_up``): append to ``log`` the pending notes
    written at ``version`` or before, taking them off ``pending``."""
    while pending and pending[0].version <= version:
        log.append(pending.pop(0).text)


def restore(log: list[str], notes: list[NoteRow]) -> None:
    """Put the notes back into ``log``, the game's lines of a replayed match, each at its line."""
    for note in notes:
        log.insert(min(note.line, len(log)), note.text)


def into_steps(steps: list[dict[str, Any]], notes: list[NoteRow]) -> list[dict[str, Any]]:
    """The replay's steps (each with its ``version`` and its own ``log`` lines), each note added at the end of
    the step whose version it was written at."""
    at = {step["version"]: step for step in steps}
    for note in notes:
        step = at.get(note.version)
        if step is not None:
            step["log"] = [*step["log"], note.text]
    return steps
