"""A match: a game, a seed and the actions played — and everything derived from them.

The match owns the only generator that resolves chance; after every action it resolves chance nodes
until a seat is to move (or the match is over). Serialization is the history itself (OpenSpiel's
``Serialize``): loading a match replays its actions from the seed and checks every chance outcome
against the recorded one, so a saved match can never silently diverge.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, RecordError
from .game import CHANCE, JSON, Game, short
from .rng import Rng, seed_commitment

MATCH_FORMAT = "regalia.match"
RECORD_FORMAT = "regalia.record"
FORMAT_VERSION = 1
MAX_ACTION_LENGTH = 200
RESERVED_VIEW_KEYS = frozenset({"game", "seat", "players", "to_move", "version", "is_over", "winners", "scores"})
"""Keys ``Match.view`` adds to every game's view; a game's own view must not use them."""


class Match:
    """One match of a game: ``to_move``, ``legal_actions()``, ``play()``, ``view()``, ``log``."""

    _legal: tuple[Any, list[str]] | None = None
    """The legal actions of the last state asked about: a client asks, then plays one of them."""
    _mover_of: Any = None
    _mover_now: int | None = None
    """Who moves in ``_mover_of`` (the state last asked about): asked several times a step."""

    def __init__(self, game: Game, seed: int | str = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ValueError(f"seed must be an int or a str, not {short(seed)}")
        self.game = game
        self.seed = seed
        self._rng = Rng(seed).derive("chance")
        self.state: Any = game.initial_state()
        self.actions: list[str] = []
        """The seats' actions, in order."""
        self.chance: list[str] = []
        """Every chance outcome, in order (hidden: never shown to a client)."""
        self._movers = bytearray()
        """Who made each step, one byte a step: seat + 1, or 0 for chance (see ``history``)."""
        self.log: list[str] = []
        """The public record of what happened, in notation."""
        self._resolve_chance()

    # ----- the protocol ---------------------------------------------------------------------------

    @property
    def history(self) -> list[tuple[int, str]]:
        """(seat or CHANCE, action) for every step, in order.

        Built when asked, from ``actions``, ``chance`` and one byte a step saying whose step it was: a
        live match keeps no tuple per step (a server holds hundreds of matches for as long as they last).
        """
        seats, chances = iter(self.actions), iter(self.chance)
        return [(mover - 1, next(seats)) if mover else (CHANCE, next(chances)) for mover in self._movers]

    @property
    def steps(self) -> int:
        """How many steps were played, chance outcomes included (``len(history)`` without building it)."""
        return len(self._movers)

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None once the match is over."""
        return self._mover_now if self._mover_of is self.state else self._mover()

    @property
    def is_over(self) -> bool:
        return (self._mover_now if self._mover_of is self.state else self._mover()) is None

    @property
    def version(self) -> int:
        """The number of actions played: a client's action must name the version it saw."""
        return len(self.actions)

    @property
    def commitment(self) -> str:
        """SHA-256 of the secret seed, publishable at the start; the seed revealed at the end proves it."""
        return seed_commitment(self.seed)

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def scores(self) -> list[float]:
        return self.game.scores(self.state)

    @property
    def winners(self) -> list[int]:
        return self.game.winners(self.state) if self.is_over else []

    def legal_actions(self) -> list[str]:
        """Every legal action of the seat to move (empty once over)."""
        state = self.state
        if (self._mover_now if self._mover_of is state else self._mover()) is None:
            return []
        cached = self._legal
        if cached is None or cached[0] is not state:
            cached = self._legal = (state, self.game.legal_actions(state))
        return list(cached[1])

    def _mover(self) -> int | None:
        state = self.state
        if self._mover_of is not state:
            self._mover_now = self.game.to_move(state)
            self._mover_of = state
        return self._mover_now

    def _legal_now(self) -> list[str]:
        cached = self._legal
        if cached is None or cached[0] is not self.state:
            cached = self._legal = (self.state, self.game.legal_actions(self.state))
        return cached[1]

    def check(self, action: object, seat: int | None = None, *, clock: bool = False) -> str:
        """``action`` as a legal str, or IllegalAction naming the rule; never changes anything.

        ``clock`` marks an action of the referee's clock (a Blitz timeout): only ``Game.clock_actions``
        are accepted then, and never from a seat.
        """
        self._admit(action, seat, clock)
        return action  # type: ignore[return-value]

    def _admit(self, action: object, seat: int | None, clock: bool) -> int:
        """The seat that plays ``action`` now, or IllegalAction naming the rule (see ``check``)."""
        mover = self._mover()
        if mover is None:
            raise IllegalAction("the match is over: no action can be played")
        if seat is not None and seat != mover:
            raise IllegalAction(f"it is not seat {seat}'s turn: seat {mover} is to move")
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION_LENGTH:
            raise IllegalAction(f"{short(action)} is not an action: actions are short strings in notation")
        if clock:
            if action not in self.game.clock_actions(self.state):
                raise IllegalAction(f"{short(action)} is not an action the clock may play now")
            return mover
        if action not in self._legal_now() and not self.game.accepts(self.state, action):
            raise IllegalAction(self.game.why_illegal(self.state, action))
        return mover

    def play(self, action: str, seat: int | None = None, *, clock: bool = False) -> None:
        """Play one action of the seat to move; chance is resolved inside from the match's generator.

        An illegal action raises IllegalAction and leaves the match exactly as it was. Time is an input:
        a timeout is played with ``clock=True`` and recorded like any other action.
        """
        # ``_admit``'s checks, inline for the usual action (a legal one, already listed for this state);
        # anything else goes through ``_admit`` itself, which names what is wrong
        before = self.state
        mover = self._mover_now if self._mover_of is before else self._mover()
        legal = self._legal
        if (clock or mover is None or (seat is not None and seat != mover) or not isinstance(action, str)
                or not action or len(action) > MAX_ACTION_LENGTH or legal is None or legal[0] is not before
                or action not in legal[1]):
            mover = self._admit(action, seat, clock)
        # ``_step`` and ``_resolve_chance``, inline
        game = self.game
        self.state = after = game.apply(before, action)
        self._movers.append(mover + 1)
        self.log.extend(game.describe(before, action, after))
        self.actions.append(action)
        self._mover_now = game.to_move(after)
        self._mover_of = after
        if self._mover_now == CHANCE:
            self._resolve_chance()

    def view(self, seat: int | None = None) -> dict[str, JSON]:
        """All that ``seat`` may know (None: a spectator), with the match's public bookkeeping."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ValueError(f"no seat {short(seat)} in a {self.players}-seat match")
        view = self.game.view(self.state, seat)
        view.update(
            game=self.game.id,
            seat=seat,
            players=self.players,
            to_move=self.to_move,
            version=self.version,
            is_over=self.is_over,
        )
        if self.is_over:
            view["winners"] = self.winners
            view["scores"] = self.scores
        return view

    # ----- internals ------------------------------------------------------------------------------

    def _step(self, mover: int, action: str) -> None:
        before = self.state
        self.state = self.game.apply(before, action)
        self._movers.append(mover + 1)
        self.log.extend(self.game.describe(before, action, self.state))

    def _resolve_chance(self, expected: list[str] | None = None) -> None:
        while self._mover() == CHANCE:
            outcome = self.game.sample_chance(self.state, self._rng)
            if expected is not None:
                index = len(self.chance)
                if index >= len(expected) or expected[index] != outcome:
                    recorded = expected[index] if index < len(expected) else "nothing"
                    raise RecordError(
                        f"chance outcome {index + 1} does not replay: the seed gives {outcome!r}, "
                        f"the record says {recorded!r} (after action {len(self.actions)})"
                    )
            self.chance.append(outcome)
            self._step(CHANCE, outcome)

    # ----- serialization --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, JSON]:
        """The whole match, hidden parts and generator included (server-side only)."""
        return {
            "format": MATCH_FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "options": dict(self.game.options),
            "seed": self.seed,
            "commitment": self.commitment,
            "actions": list(self.actions),
            "chance": list(self.chance),
            "rng": self._rng.state,
            "result": self.result(),
        }

    def to_json(self) -> str:
        import json

        return json.dumps(self.to_dict(), separators=(",", ":"))

    def record(self) -> dict[str, JSON]:
        """The versioned match record that ``regalia replay`` verifies."""
        data = self.to_dict()
        data["format"] = RECORD_FORMAT
        del data["rng"]
        return data

    def result(self) -> dict[str, JSON] | None:
        if not self.is_over:
            return None
        return {"winners": self.winners, "scores": self.scores, **self.game.result(self.state)}

    @classmethod
    def from_dict(cls, data: dict[str, JSON], game: Game | None = None) -> Match:
        """Rebuild a match by replaying it; RecordError names the first step that does not replay."""
        from .replay import replay_dict

        return replay_dict(data, game)
