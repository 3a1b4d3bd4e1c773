"""Alpha-beta's narrow windows (principal-variation search) change how much is searched, never the value:
on random game trees without transpositions the root value at each fixed depth equals plain minimax's."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from regalia.ai.alphabeta import Search
from regalia.core import Game


class RandomTree(Game):
    """A uniform tree of ``width`` moves a node; leaves valued by a hash of their path (coarse values, so
    equal-valued moves are common); a few nodes end the game."""

    id = "random-tree"
    title = "Random tree"
    min_players = max_players = default_players = 2
    max_plies = 50

    def __init__(self, seed: int, width: int = 6, **options: Any) -> None:
        super().__init__(**options)
        self.seed, self.width = seed, width

    def _hash(self, path: tuple[int, ...], salt: str) -> int:
        return int.from_bytes(hashlib.sha256(f"{self.seed}:{salt}:{path}".encode()).digest()[:4], "big")

    def initial_state(self) -> tuple[int, ...]:
        return ()

    def to_move(self, state: tuple[int, ...]) -> int | None:
        return None if state and self._hash(state, "end") % 23 == 0 else len(state) % 2

    def legal_actions(self, state: tuple[int, ...]) -> list[str]:
        return [str(i) for i in range(self.width - self._hash(state, "w") % 3)]

    def apply(self, state: tuple[int, ...], action: str) -> tuple[int, ...]:
        return (*state, int(action))

    def scores(self, state: tuple[int, ...]) -> list[float]:
        return [0.0, 0.0]

    def winners(self, state: tuple[int, ...]) -> list[int]:
        return [self._hash(state, "win") % 2]

    def returns(self, state: tuple[int, ...]) -> list[float]:
        winner = self.winners(state)[0]
        return [1.0 if seat == winner else 0.0 for seat in (0, 1)]

    def view(self, state: tuple[int, ...], seat: int | None) -> dict[str, Any]:
        return {"path": list(state)}

    def evaluate(self, state: tuple[int, ...]) -> list[float]:
        value = (self._hash(state, "eval") % 11) / 10
        return [value, 1.0 - value]

    def search_key(self, state: tuple[int, ...]) -> tuple[int, ...]:
        return state


def minimax(game: RandomTree, state: tuple[int, ...], depth: int, ply: int) -> float:
    """The root seat's (seat 0's) value by plain minimax, with the search's conventions for ends."""
    mover = game.to_move(state)
    if mover is None:
        return 0.5 + (game.returns(state)[0] - 0.5) * (1.0 - 0.001 * ply)
    if depth == 0:
        return game.evaluate(state)[0]
    values = [minimax(game, game.apply(state, a), depth - 1, ply + 1) for a in game.legal_actions(state)]
    return max(values) if mover == 0 else min(values)


@pytest.mark.parametrize("seed", range(12))
def test_each_fixed_depth_value_equals_plain_minimax(seed):
    game = RandomTree(seed)
    root = game.initial_state()
    for depth in range(1, 6):
        search = Search(game, 0, None, None)
        action, value, completed = search.run(root, game.legal_actions(root), depth)
        assert completed == depth
        assert value == minimax(game, root, depth, 0)
        assert minimax(game, game.apply(root, action), depth - 1, 1) == value  # the move has that value
