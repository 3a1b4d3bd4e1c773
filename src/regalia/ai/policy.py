"""An agent that runs a decision procedure the game itself provides (a heuristic or an exact solver).

The procedure gets a state rebuilt from the seat's view (``Game.determinize``), so it cannot peek either.
"""

from __future__ import annotations

from regalia.core.game import JSON, Game

from .agent import Agent


class PolicyAgent(Agent):
    name = "policy"

    def decide(self, game: Game, view: dict[str, JSON], seat: int, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        params = dict(self.params)
        policy = params.pop("policy")
        state = game.determinize(view, seat, self.rng)
        return game.policy(policy, state, seat, self.rng, **params)
