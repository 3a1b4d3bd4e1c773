"""The game protocol: what every rules package implements, once, and everything else relies on.

A ``Game`` is a stateless rules object configured by its options (python-chess's variants, OpenSpiel's
game objects). States are plain data owned by the game; ``apply`` never mutates its input, so search can
keep any state it has seen. Chance (dice, spinner, cards) is a node of its own: ``to_move`` answers
``CHANCE`` and ``chance_outcomes`` lists the outcomes with their probabilities, which the match samples
from its own seeded generator. Actions and chance outcomes are short strings in the game's notation.

Hidden information is a projection: ``view(state, seat)`` is all that seat may know. Computer players
rebuild a state from a view with ``determinize`` (sampling what they cannot see), so they never read
the real hidden parts; the conformance kit checks ``view`` against ``resample_hidden``.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .options import Option, validate_options
from .rng import Rng

if TYPE_CHECKING:
    from .match import Match

CHANCE = -1
"""``to_move`` answers this while chance (a roll, a spin, a deal) must be resolved."""

State = Any
JSON = Any


class Game(ABC):
    """Base class of every game's rules. Subclasses declare what the game is and implement the hooks."""

    id: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    has_chance: ClassVar[bool] = False
    hidden_information: ClassVar[bool] = False
    max_plies: ClassVar[int] = 10_000
    """A bound on decisions plus chance events in one match (the conformance kit enforces it)."""
    rules_version: ClassVar[int] = 1
    option_specs: ClassVar[tuple[Option, ...]] = ()
    """Options besides ``players``, which every game has."""

    def __init__(self, **options: Any) -> None:
        specs = (
            Option(
                "players",
                self.default_players,
                "number of seats",
                minimum=self.min_players,
                maximum=self.max_players,
            ),
            *self.option_specs,
        )
        self.options: dict[str, Any] = validate_options(specs, options)
        self.players: int = self.options["players"]
        self.check_options()

    @classmethod
    def all_option_specs(cls) -> tuple[Option, ...]:
        players = Option("players", cls.default_players, "number of seats",
                         minimum=cls.min_players, maximum=cls.max_players)
        return (players, *cls.option_specs)

    def check_options(self) -> None:
        """Cross-option validation; raise ValueError naming the option."""
        return None

    # ----- hooks every game implements -------------------------------------------------------------

    @abstractmethod
    def initial_state(self) -> State:
        """The state before anything happened (it may begin with a chance node)."""

    @abstractmethod
    def to_move(self, state: State) -> int | None:
        """The seat to act, ``CHANCE``, or None once the match is over."""

    @abstractmethod
    def legal_actions(self, state: State) -> list[str]:
        """Every legal action of the seat to move, in notation (never empty while a seat is to move)."""

    @abstractmethod
    def apply(self, state: State, action: str) -> State:
        """The state after a legal action or chance outcome; the input state is left unchanged."""

    @abstractmethod
    def scores(self, state: State) -> list[float]:
        """The score of each seat as the game counts it (final once the match is over)."""

    @abstractmethod
    def winners(self, state: State) -> list[int]:
        """The winning seats once the match is over (several on a shared win, none on a draw)."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, JSON]:
        """A JSON-ready dict of all that ``seat`` may know (None: a spectator), nothing more."""

    # ----- hooks with defaults ---------------------------------------------------------------------

    def clock_actions(self, state: State) -> list[str]:
        """Actions only the referee's clock may play now (e.g. a Blitz timeout); none by default."""
        return []

    def accepts(self, state: State, action: str) -> bool:
        """Whether ``action``, though ``legal_actions`` does not list it, is legal now (e.g. a compound move a
        table sends whole, made of listed steps); agents keep to the list. None such by default."""
        return False

    def turn_seconds(self, state: State) -> float | None:
        """The referee's time limit for the seat to move, after which it plays a clock action (None: none)."""
        return None

    def chance_outcomes(self, state: State) -> list[tuple[str, float]]:
        """At a chance node: every outcome with its probability."""
        raise NotImplementedError(f"{self.id} has no chance")

    def sample_chance(self, state: State, rng: Rng) -> str:
        """At a chance node: one outcome drawn with ``rng`` (override when the list is large)."""
        return rng.weighted(self.chance_outcomes(state))

    def why_illegal(self, state: State, action: object) -> str:
        """Why ``action`` is not legal now, naming the rule; must accept any garbage."""
        return f"{short(action)} is not a legal action now"

    def describe(self, before: State, action: str, after: State) -> list[str]:
        """Public log lines for an action or chance outcome (never a hidden card)."""
        return [action]

    def returns(self, state: State) -> list[float]:
        """Utility per seat at the end: winners share 1, the rest get 0 (a draw gives 1/n each)."""
        win = self.winners(state)
        if not win:
            return [1.0 / self.players] * self.players
        return [1.0 / len(win) if s in win else 0.0 for s in range(self.players)]

    def determinize(self, view: dict[str, JSON], seat: int | None, rng: Rng) -> State:
        """A full state consistent with ``view`` as seen by ``seat``, hidden parts sampled with ``rng``."""
        raise NotImplementedError(f"{self.id} cannot rebuild a state from a view")

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """A state that ``seat`` cannot tell from ``state``: all hidden from it drawn anew."""
        return state

    def search_key(self, state: State) -> Any:
        """A hashable key of the position for search's transposition table (default: the state itself).

        Override when the state carries history (e.g. for repetition) that two transposing paths differ in.
        """
        return state

    def evaluate(self, state: State) -> list[float] | None:
        """A heuristic value per seat in [0, 1] for search (None: the game offers none)."""
        return None

    def noisy_actions(self, state: State) -> list[str]:
        """Legal actions that change the material balance now (captures...), most forcing first.

        Search's quiescence extends the horizon with these alone, so that it never stops in the middle
        of an exchange. Default: none (search evaluates at the horizon, as without quiescence).
        """
        return []

    @classmethod
    def agent_levels(cls) -> dict[str, dict[str, Any]]:
        """Computer-player levels: name -> spec for ``regalia.ai`` (algorithm and parameters)."""
        return {}

    def policy(self, name: str, state: State, seat: int, rng: Rng, **params: Any) -> str:
        """A game-provided decision procedure (a heuristic or an exact solver) for the ``policy`` agent."""
        raise NotImplementedError(f"{self.id} has no policy {name!r}")

    def action_space(self) -> list[str]:
        """Every action string the game can ever offer, in a fixed documented order (RL's index space)."""
        raise NotImplementedError(f"{self.id} declares no fixed action space")

    def encode_view(self, view: dict[str, JSON]) -> list[float]:
        """A fixed-length vector encoding of a seat's view (for learning agents)."""
        raise NotImplementedError(f"{self.id} has no vector encoding")

    def result(self, state: State) -> dict[str, JSON]:
        """Extra, game-specific facts for the match result (badges, tie-breaks...)."""
        return {}

    def seat_title(self, state: State, seat: int) -> str | None:
        """The game's own name for ``seat`` (a baron's colour, a captain, an army), or None if it has none.

        The tables call a person who gave no name by it, as the game's log already does ("Anne rolls..."),
        rather than by a seat's number; a game whose seats have no names of their own keeps the number.
        """
        return None

    def board(self) -> dict[str, JSON] | None:
        """The static board geometry as JSON-ready data (None: the game publishes none).

        What never changes during a match under these options: zones, rows, named boxes... A table draws
        the board from it (the server serves it at ``/api/games/{id}/board``) instead of copying the
        rules' geometry; pieces and everything else that moves stay in ``view``.
        """
        return None

    # ----- matches ---------------------------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return self.to_move(state) is None

    def new_match(self, seed: int | str = 0) -> Match:
        """A new match; the same seed and actions give the same match."""
        from .match import Match

        return Match(self, seed)

    def match_from_json(self, text: str | dict[str, JSON]) -> Match:
        """The exact match serialized by ``Match.to_json``."""
        from .match import Match

        data = json.loads(text) if isinstance(text, str) else text
        return Match.from_dict(data, game=self)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({opts})"


def short(value: object, limit: int = 40) -> str:
    """A repr of user input cut to a readable length (garbage can be huge)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def seat_names(seats: Sequence[int]) -> str:
    return ", ".join(str(s) for s in seats)
