"""Toy games with known behaviour for testing the core: Pig (chance) and High Card (hidden cards)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from regalia.core import CHANCE, Game, Option, Rng


@dataclass(frozen=True)
class PigState:
    totals: tuple[int, ...]
    turn: int
    seat: int
    rolling: bool  # a die is in the air


class Pig(Game):
    id = "pig"
    title = "Pig"
    min_players, max_players, default_players = 2, 4, 2
    has_chance = True
    max_plies = 5000
    option_specs = (Option("target", 20, "points to win", minimum=5, maximum=100),)

    def initial_state(self) -> PigState:
        return PigState((0,) * self.players, 0, 0, False)

    def to_move(self, state: PigState) -> int | None:
        if max(state.totals) >= self.options["target"]:
            return None
        return CHANCE if state.rolling else state.seat

    def legal_actions(self, state: PigState) -> list[str]:
        return ["roll", "stop"]

    def chance_outcomes(self, state: PigState) -> list[tuple[str, float]]:
        return [(str(face), 1 / 6) for face in range(1, 7)]

    def apply(self, state: PigState, action: str) -> PigState:
        nxt = (state.seat + 1) % self.players
        if action == "roll":
            return replace(state, rolling=True)
        if action == "stop":
            totals = list(state.totals)
            totals[state.seat] += state.turn
            return PigState(tuple(totals), 0, nxt, False)
        face = int(action)
        if face == 1:
            return PigState(state.totals, 0, nxt, False)
        return replace(state, turn=state.turn + face, rolling=False)

    def why_illegal(self, state: PigState, action: object) -> str:
        return f"{action!r} is not legal: in Pig you may only 'roll' or 'stop'"

    def scores(self, state: PigState) -> list[float]:
        return [float(t) for t in state.totals]

    def winners(self, state: PigState) -> list[int]:
        best = max(state.totals)
        return [s for s, t in enumerate(state.totals) if t == best] if best >= self.options["target"] else []

    def view(self, state: PigState, seat: int | None) -> dict[str, Any]:
        return {"totals": list(state.totals), "turn": state.turn, "seat_to_roll": state.seat}

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> PigState:
        return PigState(tuple(view["totals"]), view["turn"], view["seat_to_roll"], False)


@dataclass(frozen=True)
class HighCardState:
    cards: tuple[int, ...]  # dealt so far, one per seat
    bets: tuple[str, ...]


class HighCard(Game):
    """Each seat is dealt a secret card 1..9 (no repeats), then says 'hold' or 'fold'; highest holder wins."""

    id = "high-card"
    title = "High Card"
    min_players, max_players, default_players = 2, 3, 2
    has_chance = True
    hidden_information = True
    max_plies = 10

    def initial_state(self) -> HighCardState:
        return HighCardState((), ())

    def to_move(self, state: HighCardState) -> int | None:
        if len(state.cards) < self.players:
            return CHANCE
        if len(state.bets) < self.players:
            return len(state.bets)
        return None

    def legal_actions(self, state: HighCardState) -> list[str]:
        return ["hold", "fold"]

    def chance_outcomes(self, state: HighCardState) -> list[tuple[str, float]]:
        left = [c for c in range(1, 10) if c not in state.cards]
        return [(str(c), 1 / len(left)) for c in left]

    def apply(self, state: HighCardState, action: str) -> HighCardState:
        if len(state.cards) < self.players:
            return HighCardState((*state.cards, int(action)), ())
        return HighCardState(state.cards, (*state.bets, action))

    def describe(self, before: HighCardState, action: str, after: HighCardState) -> list[str]:
        if len(before.cards) < self.players:
            return [f"a card is dealt to seat {len(before.cards)}"]
        return [f"seat {len(before.bets)} {action}s"]

    def scores(self, state: HighCardState) -> list[float]:
        return [1.0 if s in self.winners(state) else 0.0 for s in range(self.players)]

    def winners(self, state: HighCardState) -> list[int]:
        if len(state.bets) < self.players:
            return []
        holders = [s for s in range(self.players) if state.bets[s] == "hold"]
        return [max(holders, key=lambda s: state.cards[s])] if holders else []

    def view(self, state: HighCardState, seat: int | None) -> dict[str, Any]:
        over = len(state.bets) == self.players
        cards = [c if (over or s == seat) else None for s, c in enumerate(state.cards)]
        return {"cards": cards, "dealt": len(state.cards), "bets": list(state.bets)}

    def resample_hidden(self, state: HighCardState, seat: int | None, rng: Rng) -> HighCardState:
        if len(state.bets) == self.players:
            return state
        mine = {state.cards[seat]} if seat is not None and seat < len(state.cards) else set()
        pool = [c for c in range(1, 10) if c not in mine]
        rng.shuffle(pool)
        cards = tuple(state.cards[s] if s == seat else pool.pop() for s in range(len(state.cards)))
        return HighCardState(cards, state.bets)

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> HighCardState:
        known = [c for c in view["cards"] if c is not None]
        pool = [c for c in range(1, 10) if c not in known]
        rng.shuffle(pool)
        cards = tuple(c if c is not None else pool.pop() for c in view["cards"])
        return HighCardState(cards, tuple(view["bets"]))
