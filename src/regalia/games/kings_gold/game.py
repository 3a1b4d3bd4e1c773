"""The ``KingsGold`` rules object: the core protocol's hooks, each delegating to the module that owns it."""

from __future__ import annotations

import math
from typing import Any

from regalia.core import CHANCE, Game, Option, Rng

from . import blitz, rules, scoring
from .cards import deal_outcomes
from .dice import throw_outcomes, throws
from .duel import dealt_cards, keeper
from .explain import why_illegal
from .heuristics import POLICIES
from .hidden import resample_hidden
from .notation import ACTION_SPACE, NAMES, ROLL
from .rules import ROUND_CAP, Config
from .state import CHOOSE, COUNTER, DEAL, KEEP, OVER, REACT, READY, ROLLOFF, THROW, KGState, initial
from .view import encode_view, state_from_view, view

MODES = ("standard", "blitz", "duel")


class KingsGold(Game):
    """The rules object of King's Gold; options are the tested variants of DECISIONS §4."""

    id = "kings-gold"
    title = "King's Gold"
    summary = "Push-your-luck pirate dice: plunder the Royal Treasury, fire on rivals, dodge the Skulls."
    min_players, max_players, default_players = 2, 6, 2
    has_chance = True
    hidden_information = True
    """The game can hide something: the Captain's Duel's ability cards. Each rules object says whether its
    own mode does (``__init__`` sets it per instance: False in standard and Blitz play, where
    ``resample_hidden`` is the identity and every view is the whole table, so the server's secrecy check
    and the conformance kit skip the work)."""
    max_plies = 20_000
    """At most 200 rounds (rules.ROUND_CAP) x 6 captains x 15 steps a turn, plus the roll-off."""
    option_specs = (
        Option("mode", "standard", "High Seas Campaign (standard), Blackbeard's Blitz (blitz, KG-20) or "
               "Captain's Duel (duel, 2 captains, KG-22)", kind=str, choices=MODES),
        Option("turn_seconds", 10, "Blitz: seconds per turn before the clock calls time (KG-20)",
               minimum=1, maximum=600),
        Option("fast_roll", False, "fast roll (§2.9): the first roll and other lone forced choices play "
               "themselves", kind=bool),
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
            ransom_coins_only=o["ransom_coins_only"], mode=o["mode"], turn_seconds=o["turn_seconds"],
            fast_roll=o["fast_roll"],
        )
        self.hidden_information = self.cfg.mode == "duel"  # type: ignore[misc]

    def check_options(self) -> None:
        if self.options["coin_value"] == 0 and self.options["doubloon_value"] == 0:
            raise ValueError("options 'coin_value' and 'doubloon_value' cannot both be 0: gold must count")
        if self.options["mode"] == "duel" and self.options["players"] != 2:
            raise ValueError(f"option 'mode': the Captain's Duel is for exactly 2 captains, "
                             f"not players={self.options['players']}")
        if self.options["mode"] == "duel" and self.options["total_mutiny"]:
            raise ValueError("option 'total_mutiny' does not apply to the Captain's Duel (2 captains)")

    # ----- the protocol ----------------------------------------------------------------------------

    def initial_state(self) -> KGState:
        return initial(self.players, duel=self.cfg.mode == "duel")

    def to_move(self, state: KGState) -> int | None:
        phase = state.phase
        if phase == THROW or phase == ROLLOFF or phase == DEAL or phase == COUNTER:
            return CHANCE
        if phase == REACT:
            return state.reacting
        if phase == KEEP:
            return keeper(state)
        return None if phase == OVER else state.seat

    def legal_actions(self, state: KGState) -> list[str]:
        return rules.legal_actions(state)

    def apply(self, state: KGState, action: str) -> KGState:
        return rules.step(self.cfg, state, action)

    def clock_actions(self, state: KGState) -> list[str]:
        """Blackbeard's Blitz: ``timeout`` whenever the captain at the helm is to act (KG-20).

        The referee (the server) starts ``turn_seconds`` (in the view's ``clock``) when a turn begins
        (the view's ``clock.turn`` changes) and, when they run out, plays
        ``match.play(match.game.clock_actions(match.state)[0], clock=True)``; the rule is ``blitz.py``'s.
        """
        return blitz.clock_actions(self.cfg, state)

    def turn_seconds(self, state: KGState) -> float | None:
        """Blackbeard's Blitz: ``turn_seconds`` whenever the clock may call time (KG-20), else None.

        The server's referee restarts it when the seat to move changes, i.e. once per turn."""
        return blitz.turn_seconds(self.cfg, state)

    def _throw_size(self, state: KGState) -> int:
        if state.phase == THROW:
            return len(state.throwing)
        return 1 if state.phase == COUNTER else len(state.contenders)

    def chance_outcomes(self, state: KGState) -> list[tuple[str, float]]:
        if state.phase == DEAL:
            hands = deal_outcomes(dealt_cards(state))
            return [(text, 1 / len(hands)) for text, _ in hands]
        return list(throw_outcomes(self._throw_size(state)))

    def sample_chance(self, state: KGState, rng: Rng) -> str:
        """One draw of randbelow(6**k): its base-6 digits are the sides thrown (dice.throws); a deal is one
        draw among the hands left (cards.deal_outcomes)."""
        if state.phase == DEAL:
            hands = deal_outcomes(dealt_cards(state))
            return hands[rng.randbelow(len(hands))][0]
        k = self._throw_size(state)
        return throws(k)[rng.randbelow(6**k)][0]

    def why_illegal(self, state: KGState, action: object) -> str:
        return why_illegal(state, action)

    def describe(self, before: KGState, action: str, after: KGState) -> list[str]:
        # Most steps are a plain throw or the first roll: their line is read off the state after, which
        # spares replaying ``apply`` (the Match asks for a description at every step).
        if before.phase == READY and action == ROLL:
            return []
        if before.phase == THROW and after.phase == CHOOSE and not before.extra_throw:
            return [rules.throw_line(after)]
        lines: list[str] = []
        rules.step(self.cfg, before, action, lines)
        return lines

    def scores(self, state: KGState) -> list[float]:
        return [float(p) for p in scoring.scores(self.cfg, state)]

    def winners(self, state: KGState) -> list[int]:
        return scoring.winners(self.cfg, state) if state.phase == OVER else []

    def view(self, state: KGState, seat: int | None) -> dict[str, Any]:
        return view(self.cfg, state, seat)

    def seat_title(self, state: KGState, seat: int) -> str:
        """The captain's name, as the log and the Ledger call her: "Anne"."""
        return NAMES[seat] if seat < len(NAMES) else f"Captain {seat + 1}"

    def board(self) -> dict[str, Any]:
        """What a table needs that never changes: the heists' log announcements (rule 3), for its fanfare."""
        return {"heists": list(rules.HEISTS)}

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> KGState:
        """The view is the state, but for the Duel's cards hidden from ``seat``, drawn with ``rng``."""
        state = state_from_view(view)
        return resample_hidden(state, seat, rng) if state.kept else state

    def resample_hidden(self, state: KGState, seat: int | None, rng: Rng) -> KGState:
        """The Duel: the other captain's dealt and kept cards drawn anew, as ``seat`` knows them."""
        return resample_hidden(state, seat, rng) if state.kept else state

    def evaluate(self, state: KGState) -> list[float]:
        """A win-chance guess per seat: a logistic of the lead over the best rival, in points."""
        points = scoring.scores(self.cfg, state)
        out = []
        for s, p in enumerate(points):
            rival = max((q for t, q in enumerate(points) if t != s), default=0)
            out.append(1 / (1 + math.exp(-(p - rival) / 10)))
        return out

    def action_values(self, state: KGState) -> dict[str, float] | None:
        """Hints and reviews: the exact solver's expected swing of each legal choice (advice.py)."""
        from .advice import action_values

        return action_values(self.cfg, state)

    def advice_words(self, state: KGState, action: str, value: float) -> str:
        """Hints: one line in the game's words for ``action`` worth ``value`` (advice.py)."""
        from .advice import advice_words

        return advice_words(state, action, value)

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
