"""The state of a rubber of Crown the Queen: plain, immutable data.

The centre pack is stored as a sorted multiset, never as an order: every draw is a CHANCE node that picks
one of the unseen cards, so there is no secret deck order that a view or a search could leak.

A turn moves through steps (``step``)::

    dealer ──> deal ×3n ──> draw (first turn only, rule 4)
                              │
    acquire: swap ─> draw ─┐  │     draw ─> lay every card the procession accepts, drawing after each
             keep ─────────┴──┴──>  (rule 5; automatic, §3.2) ─> pass ─> next seat's acquire
                                    Queen laid (CQ-2), pack empty (CQ-3) or two idle rounds (CQ-5)
                                    ──> the game is scored; the next game of the rubber is dealt, or over
"""

from __future__ import annotations

from typing import NamedTuple

DEALER, DEAL, DRAW, ACQUIRE, PASS, OVER = "dealer", "deal", "draw", "acquire", "pass", "over"
CHANCE_STEPS = frozenset({DEALER, DEAL, DRAW})

Turn = tuple[int, str | None, int, int]
"""A finished turn, kept as cheaply as the hot path allows: ``(seat, card passed, face-up pile size,
procession size)``, the sizes as the seat passed. The rest of the turn follows from the sizes: the seat
swapped if the face-up pile grew since the turn before (only a swap turns a card face up, rule 7), and
laid the cards its procession gained since its own turn before. The card passed is private (the passer
and the receiver, CQ-8); a state rebuilt from a view holds None where the seat did not see it."""


class QueenState(NamedTuple):
    """Immutable plain data (a named tuple: cheap to copy with ``_replace``, which search does a lot)."""

    step: str
    """What happens next: one of DEALER, DEAL, DRAW (chance), ACQUIRE, PASS (a seat's choice), OVER."""
    game: int
    """Which game of the rubber is being played (0, 1, 2)."""
    dealer: int
    """The dealer of this game (-1 until chance has chosen the first dealer, CQ-6)."""
    turn: int
    """The seat whose turn it is (during the deal: the seat receiving the next card)."""
    hands: tuple[tuple[str, ...], ...]
    """Each seat's hand, sorted (private, CQ-8)."""
    processions: tuple[tuple[str, ...], ...]
    """Each seat's procession in the order laid (public)."""
    face_up: tuple[str, ...]
    """The face-up pile, in the order cards were turned up (public; nobody draws from it, rule 7)."""
    pack: tuple[str, ...]
    """The centre pack as a sorted multiset (seen by no one)."""
    passed: str | None = None
    """The card just passed to ``turn``, before it chooses to swap or keep it (seen by passer and receiver)."""
    dealt: int = 0
    """Cards dealt so far in this game's deal."""
    took: bool = False
    """Whether the seat on turn has taken a card from the centre pack this turn (CQ-5)."""
    idle: int = 0
    """Consecutive turns in which no card was taken from the centre pack (CQ-5)."""
    results: tuple[tuple[int, ...], ...] = ()
    """The points of each seat in every finished game of the rubber."""
    games: int = 3
    """Games in this match: a rubber of three (rule 1), or one when the single-game option is chosen."""
    ending: str = ""
    """Why the last finished game ended: "queen", "pack" or "deadlock" (for the log and the table)."""
    last_processions: tuple[tuple[str, ...], ...] = ()
    """The processions as the last finished game ended (public; shown between games)."""
    record: tuple[Turn, ...] = ()
    """Every finished turn of the game in progress, one ``Turn`` each, in order (what players remember:
    ``view.recall`` shows each seat the part it saw, CQ-8). Emptied when a new game is dealt."""

    @property
    def players(self) -> int:
        return len(self.hands)
