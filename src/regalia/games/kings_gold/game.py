"""The ``KingsGold`` rules object: the core protocol's hooks, each delegating to the module that owns it."""

from __future__ import annotations

import math
from typing import Any

from regalia.core import CHANCE, Game, Option, Rng

from . import rules, scoring
from .dice import throw_outcomes, throws
from .explain import why_illegal
from .heuristics import POLICIES
from .notation import ACTION_SPACE
from .rules import ROUND_CAP, Config
from .state import CHOOSE, OVER, READY, ROLLOFF, THROW, KGState, initial
from .view import encode_view, state_from_view, view


class KingsGold(Game):
    """The rules object of King's Gold; options are the tested variants of DECISIONS §4."""

    id = "kings-gold"
    title = "King's Gold"
    summary = "Push-your-luck pirate dice: plunder the Royal Treasury, fire on rivals, dodge the Skulls."
    min_players, max_players, default_players = 2, 6, 2
    has_chance = True
    hidden_information = False
    max_plies = 20_000
    """At most 200 rounds (rules.ROUND_CAP) x 6 captains x 15 steps a turn, plus the roll-off."""
    option_specs = (
        Option("mode", "standard", "game mode (Blackbeard's Blitz and Captain's Duel come later)",
               kind=str, choices=("standard",)),
        Option("coin_value", 1, "points per standard Gold Coin (KG-24)", minimum=0, maximum=100),
        Option("doubloon_value", 5, "points per Royal Doubloon (KG-24)", minimum=0, maximum=100),
        Option("shield_value", 2, "points per unused Shield at the end (KG-24)", minimum=0, maximum=100),
        Option("master_bonus", 10, "Master Pirate bonus for the largest heist (KG-16, KG-24)",
               minimum=0, maximum=1000),
        Option("navy_rounds", None, "the King's navy arrives after this many rounds (KG-19; off by default)",
               minimum=1, maximum=ROUND_CAP, nullable=True),
        Option("total_mutiny", False, "elimination variant: a Mutiny sinks the captain (KG-21)", kind=bool),
        Option("end_on_coins", False, "KG-8 variant: the end comes with the 60th standard coin", kind=bool),
        Option("ransom_coins_only", False, "KG-25 variant: the King's Ransom takes standard coins only",
               kind=bool),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.cfg = Config(
            players=self.players, coin=o["coin_value"], doubloon=o["doubloon_value"],
            shield=o["shield_value"], bonus=o["master_bonus"], navy_rounds=o["navy_rounds"],
            total_mutiny=o["total_mutiny"], end_on_coins=o["end_on_coins"],
            ransom_coins_only=o["ransom_coins_only"],
        )

    def check_options(self) -> None:
        if self.options["coin_value"] == 0 and self.options["doubloon_value"] == 0:
            raise ValueError("options 'coin_value' and 'doubloon_value' cannot both be 0: gold must count")

    # ----- the protocol ----------------------------------------------------------------------------

    def initial_state(self) -> KGState:
        return initial(self.players)

    def to_move(self, state: KGState) -> int | None:
        phase = state.phase
        if phase == THROW or phase == ROLLOFF:
            return CHANCE
        return None if phase == OVER else state.seat

    def legal_actions(self, state: KGState) -> list[str]:
        return rules.legal_actions(state)

    def apply(self, state: KGState, action: str) -> KGState:
        return rules.apply(self.cfg, state, action)

    def _throw_size(self, state: KGState) -> int:
        return len(state.throwing) if state.phase == THROW else len(state.contenders)

    def chance_outcomes(self, state: KGState) -> list[tuple[str, float]]:
        return list(throw_outcomes(self._throw_size(state)))

    def sample_chance(self, state: KGState, rng: Rng) -> str:
        """One draw of randbelow(6**k): its base-6 digits are the sides thrown (dice.throws)."""
        k = self._throw_size(state)
        return throws(k)[rng.randbelow(6**k)][0]

    def why_illegal(self, state: KGState, action: object) -> str:
        return why_illegal(state, action)

    def describe(self, before: KGState, action: str, after: KGState) -> list[str]:
        # Most steps are a plain throw or the first roll: their line is read off the state after, which
        # spares replaying ``apply`` (the Match asks for a description at every step).
        if before.phase == READY:
            return []
        if before.phase == THROW and after.phase == CHOOSE:
            return [rules.throw_line(after)]
        lines: list[str] = []
        rules.apply(self.cfg, before, action, lines)
        return lines

    def scores(self, state: KGState) -> list[float]:
        return [float(p) for p in scoring.scores(self.cfg, state)]

    def winners(self, state: KGState) -> list[int]:
        return scoring.winners(self.cfg, state) if state.phase == OVER else []

    def view(self, state: KGState, seat: int | None) -> dict[str, Any]:
        return view(self.cfg, state, seat)

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> KGState:
        """Nothing is hidden: the view is the state."""
        return state_from_view(view)

    def evaluate(self, state: KGState) -> list[float]:
        """A win-chance guess per seat: a logistic of the lead over the best rival, in points."""
        points = scoring.scores(self.cfg, state)
        out = []
        for s, p in enumerate(points):
            rival = max((q for t, q in enumerate(points) if t != s), default=0)
            out.append(1 / (1 + math.exp(-(p - rival) / 10)))
        return out

    @classmethod
    def agent_levels(cls) -> dict[str, dict[str, Any]]:
        return {
            "easy": {"algorithm": "policy", "policy": "cautious"},
            "medium": {"algorithm": "policy", "policy": "lookahead"},
            "hard": {"algorithm": "policy", "policy": "exact"},
        }

    def policy(self, name: str, state: KGState, seat: int, rng: Rng, **params: Any) -> str:
        if name not in POLICIES:
            raise NotImplementedError(f"kings-gold has no policy {name!r}; policies: {', '.join(POLICIES)}")
        return POLICIES[name](self.cfg, state)

    def action_space(self) -> list[str]:
        return list(ACTION_SPACE)

    def encode_view(self, view: dict[str, Any]) -> list[float]:
        return encode_view(view)

    def result(self, state: KGState) -> dict[str, Any]:
        """Badges (KG-18), the Master Pirate (KG-16) and what decided the standings (KG-17)."""
        won = set(self.winners(state))
        return {
            "badges": [scoring.badge(self.cfg, state, s, s in won) for s in range(self.players)],
            "master_pirate": {"seat": state.record_holder, "heist": state.record},
            "penalties": list(state.penalties),
            "doubloons": list(state.doubloons),
            "rounds": state.round,
        }
