"""The bridge between a game's strings and a learner's arrays, shared by the AEC and Gymnasium envs.

A learner sees three things, all derived from the core hooks and nothing else:

    action index  i  <->  game.action_space()[i]        fixed, documented by the game
    action_mask      =    1 where the action string is in match.legal_actions()
    observation      =    game.encode_view(match.view(seat))   the seat's view only, as float32

and a reward at the end of a match. Rewards are zero-sum and centred, so the same learner code works for
every seat count: a seat gets ``n/(n-1) * (share - 1/n)`` where ``share`` is its part of the win
(``Game.returns``). Two seats: win +1, loss -1, draw 0; a sole winner always gets +1.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from regalia.core.errors import IllegalAction
from regalia.core.game import Game
from regalia.core.match import Match


class Codec:
    """A game's fixed action index space and vector view, as numpy arrays."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.actions: list[str] = list(game.action_space())
        self.index: dict[str, int] = {action: i for i, action in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{game.id}: action_space() repeats an action")
        probe = game.new_match(seed=0)
        self.size: int = len(game.encode_view(probe.view(probe.to_move or 0)))

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def observation(self, match: Match, seat: int) -> np.ndarray:
        """The seat's view of the match, encoded (float32, length ``size``)."""
        vector = np.asarray(self.game.encode_view(match.view(seat)), dtype=np.float32)
        if vector.shape != (self.size,):
            raise ValueError(f"{self.game.id}: encode_view gave {vector.shape}, expected ({self.size},)")
        return vector

    def mask(self, match: Match, seat: int) -> np.ndarray:
        """1 for each action index the seat may play now (all 0 when another seat is to move)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if match.to_move == seat:
            for action in match.legal_actions():
                if action not in self.index:
                    raise ValueError(f"{self.game.id}: legal action {action!r} is missing from action_space()")
                mask[self.index[action]] = 1
        return mask

    def action(self, index: Any) -> str:
        """The action string of an index; IllegalAction for anything that is not an index."""
        try:
            i = int(index)
        except (TypeError, ValueError):
            raise IllegalAction(f"{index!r} is not an action index: indices are 0..{self.num_actions - 1}") from None
        if i != index or not 0 <= i < self.num_actions:
            raise IllegalAction(f"{index!r} is not an action index: indices are 0..{self.num_actions - 1}")
        return self.actions[i]


def rewards(game: Game, match: Match) -> list[float]:
    """Zero-sum, centred rewards per seat once the match is over (all 0 before)."""
    if not match.is_over:
        return [0.0] * game.players
    n = game.players
    return [n / (n - 1) * (share - 1 / n) for share in game.returns(match.state)]
