"""Rating a finished match of any size: placings, pairwise games, and one Glicko-2 period per player.

A match of N seats is counted as the round robin it implies. A seat *beats* every seat it finished ahead
of, *draws* with every seat it finished level with, and *loses* to every seat ahead of it:

    placings   seat 0: 1st   seat 1: 2nd   seat 2: 2nd   seat 3: 4th
    games      0 beats 1, 2, 3 · 1 draws 2 · 1 and 2 beat 3          (6 pairwise games)

Each rated player then gets one rating period (one Glicko-2 update, see ``glicko2.py``) holding its games
against every *other player's* pre-match rating, so the order in which seats are processed never matters.
A shared win is a tie for first place; a drawn match (no winner) ties everyone.

Players are strings. Humans are their profile ids; each computer level is a rated player of its own,
``ai:<game>:<level>`` (``ai:kings-gold:hard``), so the ladder says how strong "hard" really is. The same
player in several seats (hot-seat, or two "hard" computers at one table) never plays itself: its games
are those of its seats against other players. A seat whose player is ``None`` (an unrated guest) plays
no rated game.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .glicko2 import LICHESS, GlickoSystem, Outcome, Rating

COMPUTER_PREFIX = "ai:"


def computer_player_id(game_id: str, level: str) -> str:
    """The rated-player id of a computer level, e.g. ``ai:kings-gold:hard``."""
    if not game_id or not level or ":" in game_id or ":" in level:
        raise ValueError(f"a computer player needs a game id and a level without ':', not {game_id!r}, {level!r}")
    return f"{COMPUTER_PREFIX}{game_id}:{level}"


def is_computer(player_id: str) -> bool:
    """Whether a rated-player id names a computer level rather than a person."""
    return player_id.startswith(COMPUTER_PREFIX)


def computer_level(player_id: str) -> tuple[str, str]:
    """(game id, level) of a computer player id; ValueError for anything else."""
    game_id, _, level = player_id.removeprefix(COMPUTER_PREFIX).partition(":")
    if not is_computer(player_id) or not game_id or not level:
        raise ValueError(f"{player_id!r} is not a computer player id (ai:<game>:<level>)")
    return game_id, level


def placings(result: Mapping[str, Any], players: int) -> list[int]:
    """The finishing place of each seat, 1 = first, equal places for ties (competition ranking: 1, 2, 2, 4).

    ``result`` is what ``Match.result()`` returns. A game may state the order itself as ``placings`` (one
    place per seat, used as given); otherwise the winners share first place and the other seats follow by
    score, highest first, equal scores tied. No winners means a drawn match: everyone shares first place,
    whatever the scores (a game that wants a finer order says so with ``placings``).
    """
    given = result.get("placings")
    if given is not None:
        if len(given) != players or not all(isinstance(p, int) and p >= 1 for p in given):
            raise ValueError(f"placings {given!r} must give a place >= 1 to each of {players} seats")
        return list(given)
    winners = set(result.get("winners") or [])
    if any(not (isinstance(w, int) and 0 <= w < players) for w in winners):
        raise ValueError(f"winners {sorted(winners)!r} are not seats of a {players}-seat match")
    if not winners:
        return [1] * players
    scores = list(result.get("scores") or [0.0] * players)
    if len(scores) != players:
        raise ValueError(f"scores {scores!r} do not give one score per seat of {players}")
    # winners sort before everyone whatever their score (a game's tie-breaks may crown a lower score)
    keys = [(0 if seat in winners else 1, -float(scores[seat])) for seat in range(players)]
    return [1 + sum(1 for other in keys if other < keys[seat]) for seat in range(players)]


def pairwise_score(place: int, other: int) -> float:
    """The score of the seat in ``place`` against the seat in ``other``: 1 ahead, 0.5 level, 0 behind."""
    return 1.0 if place < other else 0.5 if place == other else 0.0


def pairwise_games(seats: Sequence[str | None], places: Sequence[int]) -> dict[str, list[tuple[str, float]]]:
    """Each rated player's games of this match: (opponent, score), one per opposing seat it faced."""
    if len(seats) != len(places):
        raise ValueError(f"{len(seats)} seats but {len(places)} placings")
    games: dict[str, list[tuple[str, float]]] = {}
    for a, player in enumerate(seats):
        if player is None:
            continue
        games.setdefault(player, [])
        for b, opponent in enumerate(seats):
            if opponent is None or opponent == player:
                continue
            games[player].append((opponent, pairwise_score(places[a], places[b])))
    return games


def rate_match(
    ratings: Mapping[str, Rating],
    seats: Sequence[str | None],
    places: Sequence[int],
    system: GlickoSystem = LICHESS,
) -> dict[str, Rating]:
    """The new rating of every rated player at the table (players with no opponent keep theirs).

    ``ratings`` holds each player's rating as it stands before the match (already ``system.live`` for idle
    days); a player missing from it is a newcomer. Everyone is rated against these pre-match figures.
    """
    before = {p: ratings.get(p, system.newcomer) for p in seats if p is not None}
    after: dict[str, Rating] = {}
    for player, games in pairwise_games(seats, places).items():
        if not games:
            after[player] = before[player]
            continue
        outcomes = [Outcome(before[opponent], score) for opponent, score in games]
        after[player] = system.rate(before[player], outcomes)
    return after


def seats_of(player: str, seats: Sequence[str | None]) -> list[int]:
    """The seats ``player`` holds at the table."""
    return [seat for seat, occupant in enumerate(seats) if occupant == player]


def match_outcome(my_seats: Collection[int], winners: Collection[int]) -> str:
    """The match as a record counts it for whoever held ``my_seats``: "win" (a shared win too), "draw"
    (no winner) or "loss"."""
    if not winners:
        return "draw"
    return "win" if any(seat in winners for seat in my_seats) else "loss"


FORFEIT = "forfeit"
"""The outcome of a seat whose person was not there at the end: the computer was playing it (a loss)."""


def forfeited(places: Sequence[int], winners: Collection[int],
              forfeits: Collection[int]) -> tuple[list[int], list[int]]:
    """Places and winners once the seats of ``forfeits`` finish last, whatever the computer that played
    them on made of them.

    A person who leaves, for good or for so long that the computer is still playing their seat when the
    match ends, must not gain from the computer's play. Their seats drop below every other seat (level
    with each other); the other seats keep their order among themselves. A win the computer earned for a
    forfeited seat passes to the best seats that were there; a drawn match stays drawn among them.

        places 1 2 3, seat 0 forfeits   ->   places 3 1 2, winners [1]
    """
    gone = set(forfeits)
    if not gone:
        return list(places), list(winners)
    keys = [(1, 0) if seat in gone else (0, place) for seat, place in enumerate(places)]
    ranked = [1 + sum(1 for other in keys if other < key) for key in keys]
    kept = [seat for seat in winners if seat not in gone]
    if winners and not kept:
        kept = [seat for seat, place in enumerate(ranked) if place == 1 and seat not in gone]
    return ranked, kept
