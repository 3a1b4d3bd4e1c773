"""``GoldCrown``: the Game protocol over the rules modules (this file only wires them together)."""

from __future__ import annotations

from bisect import bisect_right
from functools import partial
from typing import Any, ClassVar

from regalia.core import CHANCE, Game, Option, Rng

from . import report
from . import view as views
from .mat import MAT
from .notation import FIRE, LOSE, MOVE, SIMPLE, parse_path, scale_name
from .rules import paths, turn
from .setup import battle_lines
from .spinner import SCATTER_OUTCOMES, SPIN_OUTCOMES
from .state import MARCH, OPENING, OVER, SCATTER, SPINNING, GoldCrownState


class GoldCrown(Game):
    id = "gold-crown"
    title = "Gold Crown"
    summary = "Besiege the King's castle on the spinner; storm the throne room with six knights for the Crown."
    min_players, max_players, default_players = 2, 4, 2
    has_chance = True
    hidden_information = False
    max_plies = 40_000
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("max_rounds", 100, "rounds before the siege is lifted and the King wins (deadlock cap)",
               minimum=10, maximum=1000),
        Option("misses_lost", False, "variant: a boulder that misses the castle is lost too", kind=bool),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._max_rounds = int(self.options["max_rounds"])
        self._misses_lost = bool(self.options["misses_lost"])
        # ``apply`` with this game's options bound: one call into the rules per step, not two
        self.apply = partial(turn.apply_with, self._max_rounds, self._misses_lost)  # type: ignore[method-assign]

    @property
    def max_rounds(self) -> int:
        return self._max_rounds

    # ----- the protocol ---------------------------------------------------------------------------------

    def initial_state(self) -> GoldCrownState:
        return battle_lines(self.players)

    def to_move(self, state: GoldCrownState) -> int | None:
        phase = state.phase
        if phase is MARCH:  # (the commonest phase; any other spelling of it takes the long way)
            return state.order[state.turn]  # type: ignore[no-any-return]
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return None
        return state.order[state.turn] if state.order else -1

    legal_actions = staticmethod(turn.legal_actions)
    """The rules' own function (no wrapper call per step)."""

    def chance_outcomes(self, state: GoldCrownState) -> list[tuple[str, float]]:
        return list(SCATTER_OUTCOMES if state.phase == SCATTER else SPIN_OUTCOMES)

    def sample_chance(self, state: GoldCrownState, rng: Rng) -> str:
        """What ``Game.sample_chance`` draws (``rng.weighted`` over the outcome table: the first outcome whose
        running total of chances exceeds one ``rng.random()``), found by bisection in the running totals."""
        names, totals = _SCATTER_DRAW if state.phase == SCATTER else _SPIN_DRAW
        i = bisect_right(totals, rng.random())
        return names[i] if i < len(names) else names[-1]

    def apply(self, state: GoldCrownState, action: str) -> GoldCrownState:
        """(Each game replaces this with ``turn.apply_with`` and its options bound, in ``__init__``.)"""
        return turn.apply(state, action, self._max_rounds, self._misses_lost)

    def why_illegal(self, state: GoldCrownState, action: object) -> str:
        if parse_path(action) is not None:
            return (paths.path_problem(state, action, self.apply, turn.legal_actions)
                    or "that march is not legal now")
        return turn.why_illegal(state, action)

    def accepts(self, state: GoldCrownState, action: str) -> bool:
        """A knight's march along a path (``move e7-e6-e5``) made of steps the rules allow one by one: the
        table's one gesture. ``legal_actions`` keeps the single steps (the computer barons' choices)."""
        return (state.phase == MARCH and parse_path(action) is not None
                and paths.path_problem(state, action, self.apply, turn.legal_actions) is None)

    describe = staticmethod(report.describe)
    """The battle report's own function (no wrapper call per step)."""

    def scores(self, state: GoldCrownState) -> list[float]:
        """1 for the baron who takes the Crown; 0 for everyone else (the King's victory leaves all at 0)."""
        return [1.0 if s == state.winner else 0.0 for s in range(self.players)]

    def winners(self, state: GoldCrownState) -> list[int]:
        """The new King; empty when the King keeps his crown (GC-25, GC-24, the round cap)."""
        return [] if state.winner is None else [state.winner]

    def returns(self, state: GoldCrownState) -> list[float]:
        """The King's victory is a loss for every baron (not a shared draw)."""
        return [1.0 if s == state.winner else 0.0 for s in range(self.players)]

    def result(self, state: GoldCrownState) -> dict[str, Any]:
        return {"ending": state.ending, "rounds": state.round,
                "knights": [state.count(s) for s in range(self.players)]}

    def view(self, state: GoldCrownState, seat: int | None) -> dict[str, Any]:
        """The whole state (nothing is hidden); the baron to move also gets ``reach``: where each of his
        knights can march in one gesture now (``rules.paths.reach``)."""
        view = views.view(state, self.max_rounds)
        if seat is not None and state.phase == MARCH and seat == state.seat:
            found = state.cache.get("reach")
            if found is None:
                found = state.cache["reach"] = paths.reach(state, seat)
            view["reach"] = dict(found)
        return view

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> GoldCrownState:
        return views.determinize(view)

    def action_space(self) -> list[str]:
        """simple actions, ``lose`` boxes, ``scale`` choices, ``fire`` aims, then every ``move`` (box order)."""
        scales = [scale_name((b,)) for f in range(4) for b in sorted(MAT.scale_deck[f])]
        for f in range(4):
            wall = sorted(MAT.scale_wall[f])
            scales += [scale_name((b,)) for b in wall]
            scales += [scale_name((a, b)) for i, a in enumerate(wall) for b in wall[i + 1:]]
        return [*SIMPLE, *LOSE.values(), *scales, *FIRE.values(), *MOVE.values()]

    def encode_view(self, view: dict[str, Any]) -> list[float]:
        return views.encode(view)

    # ----- computer barons ------------------------------------------------------------------------------

    def evaluate(self, state: GoldCrownState) -> list[float] | None:
        from .evaluation import values

        return values(state)

    @classmethod
    def agent_levels(cls) -> dict[str, dict[str, Any]]:
        return {
            "random": {"algorithm": "random"},
            # easy's noise: at 0.3 medium beat easy 72.25% of strength matches 0-399 but 66.75% of 400-799;
            # at 0.35 76.5% and 71.5% (74.0% of 800), none capped; at 0.4 77.1% of 800 with one capped (110)
            "easy": {"algorithm": "policy", "policy": "planner", "beam": 1, "expect": False, "noise": 0.35,
                     "near": 1.0, "stuck": 1},
            "medium": {"algorithm": "policy", "policy": "planner", "beam": 2, "expect": False, "stuck": 1},
            "hard": {"algorithm": "policy", "policy": "planner", "beam": 5, "expect": True, "look": 8, "walk": 5},
        }

    def policy(self, name: str, state: GoldCrownState, seat: int, rng: Rng, **params: Any) -> str:
        from . import planner

        if name not in planner.POLICIES:
            raise NotImplementedError(f"{self.id} has no policy {name!r}")
        return planner.POLICIES[name](self, state, seat, rng, **params)

    def advice_line(self, state: GoldCrownState, action: str) -> str:
        """The hint's words for ``action``: its aim in the siege's terms (a way in, a tower guard, a chamber,
        the throne room), its notation in brackets, and the planner's plan for the move points where the
        action begins it."""
        from .advice import advice_line

        return advice_line(state, action, self)

    def planned_action(self, state: GoldCrownState, seat: int) -> str | None:
        """The hint's suggestion where move points are to spend: the first action of the turn planner's plan
        for them (a whole turn's aim, which a one-decision search cannot see), else None."""
        from .advice import plan_words

        planned = plan_words(self, state) if state.seat == seat else None
        return planned[0] if planned is not None else None

    # ----- the table ------------------------------------------------------------------------------------

    def seat_title(self, state: GoldCrownState, seat: int) -> str:
        """The baron by his colour and face, as the log names him: "Gold (South)"."""
        return report.baron_name(state, seat)

    def board(self) -> dict[str, Any]:
        """The mat as JSON-ready data, read from ``mat.py`` (``layout.board``): the web table draws it."""
        from .layout import board

        return board()


_CHANCE_PHASES = frozenset({OPENING, SPINNING, SCATTER})


def _draw_table(outcomes: tuple[tuple[str, float], ...]) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """The outcomes' names and running totals, added up in order exactly as ``Rng.weighted`` adds them."""
    totals = []
    acc = 0.0
    for _, p in outcomes:
        acc += p
        totals.append(acc)
    return tuple(name for name, _ in outcomes), tuple(totals)


_SPIN_DRAW = _draw_table(SPIN_OUTCOMES)
_SCATTER_DRAW = _draw_table(SCATTER_OUTCOMES)

__all__ = ["GoldCrown"]
