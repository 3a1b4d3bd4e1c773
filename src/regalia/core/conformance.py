"""The conformance kit: one consistency check run over every registered game (OpenSpiel's spirit).

``check_game(factory, ...)`` plays random matches from many seeds and asserts, at every step:
the seat to move has legal actions; every offered action plays; illegal and garbage actions raise
IllegalAction and change nothing; JSON round trips are exact; views are JSON-ready and a seat's view
does not change when everything hidden from it is drawn anew (``resample_hidden``), nor does it
change when the view is rebuilt into a state (``determinize``); the same seed and actions give the
same match; every match ends within ``max_plies``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction
from .game import Game
from .match import RESERVED_VIEW_KEYS, Match
from .rng import Rng

GARBAGE: tuple[Any, ...] = (
    "", " ", "nonsense", "x" * 5000, None, 7, 3.5, b"stop", ["stop"], {"a": 1}, "\x00", "play\n", "🏴‍☠️",
)


class ConformanceError(AssertionError):
    pass


@dataclass
class Report:
    matches: int = 0
    steps: int = 0
    plies: list[int] = field(default_factory=list)


def _fail(game: Game, seed: int, step: int, what: str) -> ConformanceError:
    return ConformanceError(f"{game.id} {game.options} seed {seed} step {step}: {what}")


def snapshot(match: Match) -> str:
    return json.dumps(match.to_dict(), sort_keys=True) + json.dumps(match.log)


def fingerprint(match: Match) -> tuple[int, ...]:
    """A cheap identity of a match's progress (``apply`` never mutates, so the state object is enough)."""
    return (id(match.state), len(match.actions), len(match.chance), match.steps, len(match.log),
            match._rng.state)


def check_views(game: Game, match: Match, seed: int, step: int, rng: Rng) -> None:
    """Views are JSON-ready and invariant to what each seat cannot see."""
    for seat in [None, *range(game.players)]:
        view = match.view(seat)
        try:
            text = json.dumps(view, sort_keys=True)
        except (TypeError, ValueError) as exc:
            raise _fail(game, seed, step, f"view({seat}) is not JSON-ready: {exc}") from exc
        if json.loads(text) != view:
            raise _fail(game, seed, step, f"view({seat}) does not survive a JSON round trip")
        own = game.view(match.state, seat)
        clash = RESERVED_VIEW_KEYS & set(own)
        if clash:
            raise _fail(game, seed, step, f"view({seat}) uses keys the match adds: {sorted(clash)}")
        if seat is not None:
            # Computer players rebuild their state from the view: it must hold all the seat knows.
            rebuilt = game.determinize(json.loads(json.dumps(own)), seat, rng)
            if game.view(rebuilt, seat) != own:
                raise _fail(game, seed, step, f"determinize(view({seat})) is not consistent with the view")
            if game.to_move(rebuilt) != game.to_move(match.state):
                raise _fail(game, seed, step, f"determinize(view({seat})) changes the seat to move")
        if game.hidden_information:
            other = game.resample_hidden(match.state, seat, rng)
            if game.view(other, seat) != own:
                raise _fail(game, seed, step, f"view({seat}) reveals something hidden from that seat")


def check_match(
    game: Game, seed: int, *, garbage_every: int = 7, views_every: int = 1, rng: Rng | None = None
) -> Match:
    """Play one random match with every check; return it."""
    rng = rng or Rng(f"conformance:{seed}")
    match = game.new_match(seed=seed)
    step = 0
    while not match.is_over:
        if step > game.max_plies:
            raise _fail(game, seed, step, f"the match did not end within {game.max_plies} plies")
        legal = match.legal_actions()
        if not legal:
            raise _fail(game, seed, step, f"seat {match.to_move} is to move but has no legal action")
        if len(set(legal)) != len(legal):
            raise _fail(game, seed, step, "legal_actions lists an action twice")
        if step % views_every == 0:
            check_views(game, match, seed, step, rng)
        if step % garbage_every == 0:
            before = snapshot(match)
            quick = fingerprint(match)
            for junk in (*GARBAGE, "@" + legal[0], legal[0] + " !"):
                if junk in legal:
                    continue
                try:
                    match.play(junk)
                except IllegalAction as exc:
                    if not str(exc):
                        raise _fail(game, seed, step, f"IllegalAction for {junk!r} has no message") from exc
                else:
                    raise _fail(game, seed, step, f"garbage {junk!r} was accepted")
                if fingerprint(match) != quick:
                    raise _fail(game, seed, step, f"the illegal action {junk!r} changed the match")
            wrong = (match.to_move + 1) % game.players if match.to_move is not None else 0
            if game.players > 1:
                try:
                    match.play(legal[0], seat=wrong)
                except IllegalAction:
                    pass
                else:
                    raise _fail(game, seed, step, "an action from the wrong seat was accepted")
            if snapshot(match) != before:
                raise _fail(game, seed, step, "an illegal action changed the match")
        match.play(rng.choice(legal))
        step += 1
    check_views(game, match, seed, step, rng)
    if not isinstance(match.scores, list) or len(match.scores) != game.players:
        raise _fail(game, seed, step, "scores must be a list with one entry per seat")
    if any(not (0 <= w < game.players) for w in match.winners):
        raise _fail(game, seed, step, f"winners {match.winners} are not seats")
    try:
        match.play(legal[0] if legal else "x")
    except IllegalAction:
        pass
    else:
        raise _fail(game, seed, step, "an action was accepted after the end")
    text = match.to_json()
    again = game.match_from_json(text)
    if again.to_json() != text or again.log != match.log:
        raise _fail(game, seed, step, "the JSON round trip is not exact")
    for seat in [None, *range(game.players)]:
        if again.view(seat) != match.view(seat):
            raise _fail(game, seed, step, f"view({seat}) differs after the JSON round trip")
    twin = game.new_match(seed=seed)
    for action in match.actions:
        twin.play(action)
    if twin.to_json() != text:
        raise _fail(game, seed, step, "the same seed and actions gave a different match")
    return match


def check_game(
    factory: Callable[..., Game],
    *,
    seeds: Iterable[int] = range(10),
    players: Iterable[int] | None = None,
    options: dict[str, Any] | None = None,
    **kwargs: Any,
) -> Report:
    """Run ``check_match`` over seeds and player counts (all of the game's by default)."""
    report = Report()
    probe = factory(**(options or {}))
    counts = list(players) if players is not None else list(range(probe.min_players, probe.max_players + 1))
    for n in counts:
        game = factory(players=n, **(options or {}))
        for seed in seeds:
            match = check_match(game, seed, **kwargs)
            report.matches += 1
            report.steps += match.steps
            report.plies.append(len(match.actions))
    return report
