"""A PettingZoo AEC environment over any Regalia game: seats take turns, chance happens in between.

    >>> env = aec_env("gold-battle", players=2)
    >>> env.reset(seed=7)                        # the same match as load_game(...).new_match(seed=7)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
    ...     env.step(action)

Agents are ``seat_0 .. seat_{n-1}``. The environment wraps a ``Match``: the match owns the seeded
generator and resolves every chance node (dice, spinner, deals) itself, so an agent only ever meets
decision points, and ``agent_selection`` is whichever seat the rules say is to move (turn order need
not be a cycle). Each observation is ``{"observation": encode_view(view), "action_mask": ...}`` built
from that seat's view alone; ``infos[agent]["view"]`` carries the same view as JSON. An action index
outside the mask raises IllegalAction naming the rule and changes nothing, as everywhere in Regalia.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from regalia.core.game import Game
from regalia.core.rng import Rng
from regalia.games import load_game

from .codec import Codec, rewards


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class RegaliaAECEnv(AECEnv):
    """One game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.game = game
        self.codec = Codec(game)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"regalia_{game.id.replace('-', '_')}"}
        self.possible_agents = [agent_name(s) for s in range(game.players)]
        self.seats = {agent: s for s, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.codec.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.num_actions,), np.int8),
        })
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        # seeded, like everything in Regalia: without reset(seed=...) runs are still reproducible
        self.action_spaces = {agent: spaces.Discrete(self.codec.num_actions, seed=s)
                              for s, agent in enumerate(self.possible_agents)}
        self._seeds = Rng("regalia.rl.aec")
        self.match = game.new_match(seed=0)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; ``seed`` is the match's own seed, so it replays with ``game.new_match(seed)``."""
        if seed is not None:
            self._seeds = Rng(f"regalia.rl.aec:{seed}")
            for s, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + s)
        match_seed = seed if seed is not None else self._seeds.next64() >> 1
        self.match = self.game.new_match(seed=match_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._update_infos()
        self.agent_selection = self._selected()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seats[agent]
        return {"observation": self.codec.observation(self.match, seat),
                "action_mask": self.codec.mask(self.match, seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.match.play(self.codec.action(action), seat=self.seats[agent])
        self._cumulative_rewards[agent] = 0.0
        for a, r in zip(self.possible_agents, rewards(self.game, self.match), strict=True):
            self.rewards[a] = r
        if self.match.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        self._update_infos()
        self.agent_selection = self._selected(default=agent)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return "\n".join(self.match.log[-20:])

    def close(self) -> None:
        return None

    # ----- internals ------------------------------------------------------------------------------

    def _selected(self, default: str | None = None) -> str:
        """The agent of the seat to move (once over, ``default``: dead agents are stepped out in turn)."""
        seat = self.match.to_move
        if seat is None:
            return default or self.agents[0]
        return agent_name(seat)

    def _update_infos(self) -> None:
        self.infos = {agent: {"view": self.match.view(self.seats[agent])} for agent in self.agents}


def aec_env(game: str | Game, render_mode: str | None = None, **options: Any) -> RegaliaAECEnv:
    """The PettingZoo AEC environment of a game id (options as for ``load_game``) or a game object."""
    if isinstance(game, str):
        game = load_game(game, **options)
    elif options:
        raise ValueError("options go with a game id; a game object is already configured")
    return RegaliaAECEnv(game, render_mode=render_mode)
