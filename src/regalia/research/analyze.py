"""Balance analysis of a game: what ``regalia analyze`` measures before ``report`` draws it.

1. A batch with every seat played by one level (``random`` by default) and the seating never changed:
   the win share of each seat with its 95% interval, the match-length distribution (decisions per
   match), and the first-player advantage — the share of the *decided* matches won by whichever seat
   made the match's first decision (the rules may choose the start player, so that need not be seat 0;
   draws are left out, so an even game gives 1/n however drawish the game is).
2. The computer levels' ladder: a round robin between levels (``tournament``), rated by Elo.
3. Game-specific sections where a game has one (King's Gold: the turn outcomes against their exact
   probabilities, ``kings_gold_turns``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regalia.games import load_game

from .backends import make_backend
from .plan import Record, Setup
from .runner import run_plan
from .simulate import plan_batch
from .stats import Share, wilson
from .tournament import TournamentResult, default_players, plan_round_robin, tournament


@dataclass
class Analysis:
    game: str
    title: str
    players: int
    level: str
    games: int
    seed: int
    seat_shares: list[Share]
    first_mover: Share
    first_seats: list[int]
    """How many matches each seat began."""
    lengths: list[int]
    draws: int
    ladder: TournamentResult | None = None
    sections: list[Any] = field(default_factory=list)
    """Game-specific findings, each with ``title``, ``rows()`` and ``plot(ax)``."""
    seconds: float = 0.0


def seat_statistics(records: Sequence[Record], players: int) -> tuple[list[Share], Share, list[int], int]:
    """Each seat's win share (of all matches), the first mover's share of the decided matches, who
    moved first, and the number of draws."""
    wins = [0.0] * players
    first_wins = 0.0
    first_seats = [0] * players
    draws = 0
    for record in records:
        winners = record["winners"]
        draws += not winners
        for w in winners:
            wins[w] += 1 / len(winners)
        if record["first"] is not None:
            first_seats[record["first"]] += 1
            if record["first"] in winners:
                first_wins += 1 / len(winners)
    n = len(records)
    return [wilson(w, n) for w in wins], wilson(first_wins, n - draws), first_seats, draws


def analyze(game_id: str, games: int, *, players: int | None = None, level: str = "random",
            ladder: Sequence[str] = (), ladder_games: int = 10, seed: int = 0,
            options: dict[str, Any] | None = None, backend: str = "local", workers: int | None = None,
            address: str | None = None, out: Path | str | None = None, section_matches: int = 20,
            progress: Callable[[float], None] | None = None) -> Analysis:
    """Everything the balance report shows (see the module docstring); ``progress`` gets 0..1."""
    start = time.perf_counter()
    opts = dict(options or {})
    if players is not None:
        opts["players"] = players
    game = load_game(game_id, **opts)
    sections = _special_sections(game_id, section_matches)
    ladder_total = len(plan_round_robin(ladder, default_players(game_id), ladder_games)) if ladder else 0
    total = games + ladder_total + sum(s.matches for s in sections)
    done = 0

    def advance(base: int) -> Callable[[int], None]:
        return lambda count: progress((base + count) / max(total, 1)) if progress else None

    runner = make_backend(backend, workers, address)
    specs = plan_batch(games, [level] * game.players, seed)
    records = run_plan(Setup.of(game), specs, runner, out=out,
                       header={"kind": "analyze", "level": level, "seed": seed}, progress=advance(0))
    done += games
    shares, first, first_seats, draws = seat_statistics(records, game.players)
    result = Analysis(game_id, type(game).title, game.players, level, games, seed, shares, first,
                      first_seats, [r["plies"] for r in records], draws)
    if ladder:
        result.ladder = tournament(game_id, ladder, ladder_games, seed=seed, options=options,
                                   backend=backend, workers=workers, address=address,
                                   progress=advance(done))
        done += ladder_total
    for section in sections:
        section.run(seed=seed, progress=advance(done))
        done += section.matches
        result.sections.append(section)
    result.seconds = time.perf_counter() - start
    return result


def _special_sections(game_id: str, matches: int) -> list[Any]:
    """The game-specific sections of a game's report (modules of this package, imported on demand)."""
    if game_id == "kings-gold" and matches > 0:
        from .kings_gold_turns import TurnOutcomes

        return [TurnOutcomes(matches)]
    return []
