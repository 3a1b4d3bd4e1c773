"""``GoldBattle``: the Royal Rulebook behind the core protocol (actions in notation, plain states)."""

from __future__ import annotations

from typing import Any, ClassVar

from regalia.core import Game, IllegalAction, Option, Rng

from . import evaluation
from .board import ARMY_NAMES, chebyshev, file_of, rank_of
from .chronicle import chronicle
from .encoding import encode
from .notation import ACTION_SPACE, FREE_OF, FREE_TEXT, MOVE_OF, PASS
from .position import START, format_position, parse_position
from .rules import (
    Variant,
    free_squares,
    mines_captured,
    moves,
    noisy_moves,
    play_free,
    play_move,
    play_pass,
)
from .state import BattleState
from .view import battle_view, state_from_view
from .why import why_illegal


class GoldBattle(Game):
    """The Gold Battle: Crimson Knights (Red, seat 0) against Azure Lords (Blue, seat 1) on 11 x 11."""

    id = "gold-battle"
    title = "The Gold Battle"
    summary = "Medieval duel on 11x11: capture the enemy commander or all 3 of its gold mines."
    min_players = max_players = default_players = 2
    has_chance = False
    hidden_information = False
    max_plies = 320
    """300 plies (the cap) plus at most 4 frees (one per tower), with room to spare."""
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("position", None, "start from this position text (see RULES.md)", kind=str, nullable=True),
        Option("capture", "initiative", "who is tested for capture after a move (decision GB-6)", kind=str,
               choices=("initiative", "simultaneous")),
        Option("mine_contest", "pressure", "how a mine is contested (decision 2.4 step 3)", kind=str,
               choices=("pressure", "score")),
        Option("adjudicate", False, "decide the 300-ply cap by mines, then soldiers (decision GB-5)",
               kind=bool),
    )

    def check_options(self) -> None:
        text = self.options["position"]
        try:
            self._start = parse_position(START if text is None else text)
        except ValueError as exc:
            raise ValueError(f"option 'position': {exc}") from exc
        self.variant = Variant(simultaneous=self.options["capture"] == "simultaneous",
                               mine_score=self.options["mine_contest"] == "score",
                               adjudicate=self.options["adjudicate"])

    # ----- the protocol ---------------------------------------------------------------------------

    def initial_state(self) -> BattleState:
        return self._start

    def to_move(self, state: BattleState) -> int | None:
        return None if state.outcome is not None else state.side

    def legal_actions(self, state: BattleState) -> list[str]:
        found = state.legal
        return list(found if found is not None else self._legal(state))

    def _legal(self, state: BattleState) -> list[str]:
        """The legal actions, computed once per state (search asks again and again); never mutated."""
        found = state.legal
        if found is None:
            if state.outcome is not None:
                found = []
            elif state.frees:
                found = [FREE_TEXT[sq] for sq in preferred_free_squares(state)]
            else:
                found = moves(state) or [PASS]
            state.legal = found
        return found

    def apply(self, state: BattleState, action: str) -> BattleState:
        legal = state.legal
        if action not in (legal if legal is not None else self._legal(state)):
            raise IllegalAction(self.why_illegal(state, action))
        if state.frees:
            return play_free(state, FREE_OF[action], self.variant)
        if action == PASS:
            return play_pass(state, self.variant)
        return play_move(state, MOVE_OF[action], self.variant)

    def why_illegal(self, state: BattleState, action: object) -> str:
        return why_illegal(state, action, self._legal(state))

    describe = staticmethod(chronicle)
    """The chronicle's lines of a step (the function itself: the Match calls it once a step)."""

    def scores(self, state: BattleState) -> list[float]:
        """Mines Captured of each side (the enemy home mines it owns)."""
        return [float(mines_captured(state, 0)), float(mines_captured(state, 1))]

    def winners(self, state: BattleState) -> list[int]:
        if state.outcome is None or state.outcome[0] < 0:
            return []
        return [state.outcome[0]]

    def seat_title(self, state: BattleState, seat: int) -> str:
        """The army: "Crimson Knights" (seat 0), "Azure Lords" (seat 1)."""
        return ARMY_NAMES[seat]

    def view(self, state: BattleState, seat: int | None) -> dict[str, Any]:
        return battle_view(state)

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> BattleState:
        return state_from_view(view)

    def search_key(self, state: BattleState) -> int:
        return state.key

    evaluate = staticmethod(evaluation.evaluate)
    """The search's evaluation (the function itself: search calls it at every leaf)."""

    def noisy_actions(self, state: BattleState) -> list[str]:
        """Moves that capture, destroy a tower, take a mine or win now, the biggest gain first (for the
        search's quiescence); while frees are pending, the preferred free."""
        if state.outcome is not None:
            return []
        legal = self._legal(state)
        if state.frees:
            return legal[:1]
        return [action for _, _, action in noisy_moves(state, legal, self.variant)]

    def result(self, state: BattleState) -> dict[str, Any]:
        if state.outcome is None:
            return {}
        return {"reason": state.outcome[1], "plies": state.ply}

    @classmethod
    def agent_levels(cls) -> dict[str, dict[str, Any]]:
        """The page's Difficulty selector: alpha-beta on this game's evaluation, budgets in seconds.

        With about 50 moves a position, each ply multiplies the search by about 15 (3,000 nodes for 3
        plies, 10,000 for 4, 100,000 for 5), so time alone barely separates levels: 5 times medium's time
        bought hard less than a ply. The levels are set by depth instead, each within its time cap: easy
        looks 1 ply ahead, medium 3 (about 0.03 s), hard 5 (0.1-1 s; an unfinished 5th ply keeps what it
        searched, see ``AlphaBetaAgent``).
        """
        return {
            "random": {"algorithm": "random"},
            "easy": {"algorithm": "alphabeta", "seconds": 0.02, "max_depth": 1},
            "medium": {"algorithm": "alphabeta", "seconds": 0.2, "max_depth": 3},
            "hard": {"algorithm": "alphabeta", "seconds": 1.0, "max_depth": 5},
        }

    def action_space(self) -> list[str]:
        return list(ACTION_SPACE)

    def encode_view(self, view: dict[str, Any]) -> list[float]:
        return encode(state_from_view(view))

    def advice_line(self, state: BattleState, action: str) -> str:
        """The hint's words for ``action``: the move, and what it captures, saves, guards or threatens."""
        from .advice import advice_line

        return advice_line(state, action, self.variant)

    # ----- positions ------------------------------------------------------------------------------

    def position(self, state: BattleState) -> str:
        """The one-line position text of a state."""
        return format_position(state)


def preferred_free_squares(state: BattleState) -> list[int]:
    """Legal squares for a freed soldier, the computer's preference first (decision GB-1).

    Nearest the side's own commander (Chebyshev, then Euclidean distance), then the lower rank, then the
    lower file.
    """
    squares = free_squares(state, state.side)
    home = state.commanders[state.side]
    if home < 0:
        return squares

    def preference(sq: int) -> tuple[int, int, int, int]:
        df, dr = file_of(sq) - file_of(home), rank_of(sq) - rank_of(home)
        return chebyshev(sq, home), df * df + dr * dr, rank_of(sq), file_of(sq)

    return sorted(squares, key=preference)

