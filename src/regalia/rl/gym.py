"""A Gymnasium single-agent environment: one seat learns, computer players take the others.

    >>> env = gym_env("kings-gold", opponents="medium")
    >>> obs, info = env.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

The observation is ``encode_view`` of the learner's view (a float32 Box) and the action an index into
``game.action_space()`` (Discrete). The legal indices come as ``info["action_mask"]`` and from
``action_masks()`` (the name maskable trainers look for). Opponents are computer levels, deciding from
their own views only, and they move inside ``reset`` and ``step`` until the learner is to move again.

Illegal actions. A Discrete learner samples indices that are not legal now, and an exception in the
middle of a rollout helps nobody, so by default (``illegal="lose"``) an illegal index ends the episode
as a loss (reward -1), leaves the match unchanged, and names the rule in ``info["illegal"]``.
``illegal="raise"`` raises IllegalAction instead, as the rest of Regalia does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding

from regalia.ai.agent import Agent
from regalia.core.errors import IllegalAction
from regalia.core.game import Game
from regalia.games import load_game
from regalia.research.agents import level_specs, make_agent

from .codec import Codec, rewards

ILLEGAL_MODES = ("lose", "raise")


class RegaliaGymEnv(gymnasium.Env):
    """One seat of a game against computer players (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: Game, opponents: str | Agent | Sequence[str | Agent] = "random", seat: int = 0,
                 illegal: str = "lose", render_mode: str | None = None) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"no seat {seat} in a {game.players}-seat {game.id}")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal={illegal!r}: choose one of {', '.join(ILLEGAL_MODES)}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.game = game
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.codec = Codec(game)
        self.opponents = self._seat_levels(opponents)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.codec.size,), np.float32)
        self.action_space = spaces.Discrete(self.codec.num_actions, seed=0)
        # seeded, like everything in Regalia: reset() without a seed is still reproducible
        self._np_random, _ = seeding.np_random(0)
        self.match = game.new_match(seed=0)
        self._agents: dict[int, Agent] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        """A new match (``seed`` is the match's seed); the opponents play until the learner is to move."""
        super().reset(seed=seed)
        match_seed = seed if seed is not None else int(self.np_random.integers(2**62))
        self.match = self.game.new_match(seed=match_seed)
        self._agents = {s: make_agent(self.game, level, seed=f"{match_seed}:{s}")
                        for s, level in self.opponents.items()}
        self._let_opponents_play()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self.match.is_over:
            raise IllegalAction("the match is over: call reset() to start another")
        try:
            self.match.play(self.codec.action(action), seat=self.seat)
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            return self._observation(), -1.0, True, False, {**self._info(), "illegal": str(exc)}
        self._let_opponents_play()
        reward = rewards(self.game, self.match)[self.seat]
        return self._observation(), reward, self.match.is_over, False, self._info()

    def action_masks(self) -> np.ndarray:
        return self.codec.mask(self.match, self.seat)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return "\n".join(self.match.log[-20:])

    # ----- internals ------------------------------------------------------------------------------

    def _seat_levels(self, opponents: str | Agent | Sequence[str | Agent]) -> dict[int, str | Agent]:
        others = [s for s in range(self.game.players) if s != self.seat]
        chosen = [opponents] * len(others) if isinstance(opponents, str | Agent) else list(opponents)
        if len(chosen) != len(others):
            raise ValueError(f"{len(chosen)} opponents given for {len(others)} other seats")
        known = level_specs(self.game)
        for level in chosen:
            if isinstance(level, str) and level not in known:
                raise ValueError(f"unknown level {level!r} for {self.game.id}; levels: {', '.join(known)}")
        return dict(zip(others, chosen, strict=True))

    def _let_opponents_play(self) -> None:
        while not self.match.is_over and self.match.to_move != self.seat:
            seat = self.match.to_move
            assert seat is not None
            self.match.play(self._agents[seat].choose(self.match), seat=seat)

    def _observation(self) -> np.ndarray:
        return self.codec.observation(self.match, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "view": self.match.view(self.seat)}


def gym_env(game: str | Game, opponents: str | Agent | Sequence[str | Agent] = "random", seat: int = 0,
            illegal: str = "lose", render_mode: str | None = None, **options: Any) -> RegaliaGymEnv:
    """The Gymnasium environment of a game id (options as for ``load_game``) or a game object."""
    if isinstance(game, str):
        game = load_game(game, **options)
    elif options:
        raise ValueError("options go with a game id; a game object is already configured")
    return RegaliaGymEnv(game, opponents=opponents, seat=seat, illegal=illegal, render_mode=render_mode)
