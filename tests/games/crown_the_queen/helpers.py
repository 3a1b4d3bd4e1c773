"""Set-up positions for rule tests: name the cards on the table; the pack is whatever is left."""

from __future__ import annotations

from regalia.core.match import Match
from regalia.games.crown_the_queen import CrownTheQueen
from regalia.games.crown_the_queen.cards import sort_cards, unseen
from regalia.games.crown_the_queen.state import PASS, QueenState


def position(hands: list[list[str]], *, processions: list[list[str]] | None = None, face_up: tuple = (),
             pack: list[str] | None = None, step: str = PASS, turn: int = 0, passed: str | None = None,
             results: tuple = (), games: int = 1, dealer: int | None = None, took: bool = False,
             idle: int = 0) -> QueenState:
    """A state with these hands and processions; by default the pack holds every other card."""
    n = len(hands)
    processions = processions or [[] for _ in range(n)]
    rest = unseen(*hands, *processions, face_up, [passed] if passed else [])
    if pack is None:
        pack = rest
    return QueenState(
        step=step, game=len(results), dealer=(turn - 1) % n if dealer is None else dealer, turn=turn,
        hands=tuple(sort_cards(h) for h in hands), processions=tuple(tuple(p) for p in processions),
        face_up=tuple(face_up), pack=sort_cards(pack), passed=passed, dealt=3 * n, took=took, idle=idle,
        results=tuple(results), games=games,
    )


def game(players: int = 3, **options: object) -> CrownTheQueen:
    return CrownTheQueen(players=players, **options)


def play_until(match: Match, predicate, limit: int = 5000) -> None:
    """Play the first legal action until ``predicate(match)`` holds."""
    for _ in range(limit):
        if predicate(match) or match.is_over:
            return
        match.play(match.legal_actions()[-1])
