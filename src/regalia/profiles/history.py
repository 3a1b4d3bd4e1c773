"""A profile's past: match history entries, rating-graph points, and the Crown the Queen rubbers.

These are the plain values a profile page shows; ``regalia.records`` builds them from its tables and the
page renders them. Nothing here knows a game's rules: a match's game-specific facts travel untouched in
``extras`` (what the game's ``result()`` added besides winners and scores), and only the layout of the one
the profile page singles out, Crown the Queen's rubber (``games``: each deal's points per seat,
``queens``: Queens crowned per seat), is read here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

RUBBER_GAME = "crown-the-queen"


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat of a finished match as everyone may see it."""

    seat: int
    player_id: str | None
    name: str
    score: float
    place: int


@dataclass(frozen=True, slots=True)
class MatchEntry:
    """One finished match from one player's side."""

    match_id: str
    game_id: str
    finished_at: datetime
    seats: tuple[SeatLine, ...]
    my_seats: tuple[int, ...]
    outcome: str
    """"win" (a shared win too), "draw", "loss" (``ratings.multiplayer.match_outcome``) or "forfeit" (gone
    at the end: ``ratings.multiplayer.forfeited``)."""
    rated: bool
    rating_before: float | None = None
    rating_after: float | None = None
    badge: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def rating_change(self) -> float | None:
        if self.rating_before is None or self.rating_after is None:
            return None
        return self.rating_after - self.rating_before

    @property
    def opponents(self) -> list[str]:
        return [s.name for s in self.seats if s.seat not in self.my_seats]


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The rating after one rated match: a point of the rating graph."""

    at: datetime
    rating: float
    rd: float
    match_id: str | None = None


@dataclass(frozen=True, slots=True)
class Rubber:
    """A Crown the Queen rubber from one player's side: points in each deal, total, Queens crowned."""

    match_id: str
    finished_at: datetime
    deals: tuple[int, ...]
    total: int
    queens: int
    outcome: str


@dataclass(frozen=True, slots=True)
class Record:
    """Matches played, won, drawn and lost in one game."""

    game_id: str
    played: int
    wins: int
    draws: int
    losses: int


def is_rubber(entry: MatchEntry) -> bool:
    """Whether a match was a Crown the Queen rubber (three deals; the single-deal option is not one)."""
    return entry.game_id == RUBBER_GAME and len(entry.extras.get("games") or ()) > 1


def rubbers(entries: Iterable[MatchEntry]) -> list[Rubber]:
    """The Crown the Queen rubbers among ``entries``, in their order, from the player's (first) seat."""
    found = []
    for e in entries:
        if not is_rubber(e) or not e.my_seats:
            continue
        seat = e.my_seats[0]
        deals = tuple(int(points[seat]) for points in e.extras["games"])
        queens = e.extras.get("queens") or [0] * len(e.seats)
        found.append(Rubber(e.match_id, e.finished_at, deals, sum(deals), int(queens[seat]), e.outcome))
    return found


def rating_series(points: Sequence[RatingPoint]) -> list[RatingPoint]:
    """The points of a rating graph in time order (stable for equal times)."""
    return sorted(points, key=lambda p: p.at)
