"""What each seat may know (CQ-8), and states rebuilt from that knowledge.

* a hand is seen by its owner only; everyone sees how many cards each seat holds;
* the card just passed is seen by the passer and the receiver only, until the receiver swaps or keeps it;
* processions and the face-up pile are seen by everyone;
* the centre pack is seen by no one: only its size is public.

A seat also remembers (perfect recall): ``record`` lists every finished turn of the game in progress —
who played, whether the turn began with a draw (rule 4), a keep or a swap (and the card turned face up),
the cards laid, to whom a card was passed and whether the receiver kept or swapped it — all public; the
card passed is named only to its passer and its receiver (``recall``).

``view`` is that projection. ``resample_hidden`` redeals every card a seat cannot see — the others'
hands, a passed card it did not see, the pack — uniformly from the cards it cannot account for, on a
real state. ``determinize`` rebuilds a state from the view alone and deals the hidden cards by the seat's
belief (``belief.believe``): consistent with everything the seat has seen, not merely uniform.
"""

from __future__ import annotations

from typing import Any

from regalia.core.rng import Rng

from .cards import sort_cards, unseen
from .state import ACQUIRE, QueenState, Turn


def passer_of(state: QueenState) -> int | None:
    """The seat that passed the card now waiting to be swapped or kept."""
    return None if state.passed is None else (state.turn - 1) % state.players


def sees_passed(state: QueenState, seat: int | None) -> bool:
    return state.passed is not None and seat is not None and seat in (state.turn, passer_of(state))


def view(state: QueenState, seat: int | None) -> dict[str, Any]:
    """All that ``seat`` may know (None: a spectator)."""
    return {
        "step": state.step,
        "game_number": state.game + 1,
        "games": state.games,
        "dealer": state.dealer,
        "turn": state.turn,
        "hand": None if seat is None else list(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "processions": [list(p) for p in state.processions],
        "face_up": list(state.face_up),
        "pack": len(state.pack),
        "passed": state.passed if sees_passed(state, seat) else None,
        "passed_from": passer_of(state),
        "dealt": state.dealt,
        "took": state.took,
        "idle_turns": state.idle,
        "results": [list(r) for r in state.results],
        "totals": [sum(r[s] for r in state.results) for s in range(state.players)],
        "ending": state.ending,
        "last_processions": [list(p) for p in state.last_processions],
        "record": recall(state, seat),
    }


def seen_card(turn: Turn, seat: int | None, players: int) -> str | None:
    """The card passed in ``turn`` if ``seat`` saw it (its passer or its receiver, CQ-8), else None."""
    passer = turn[0]
    if seat is None or (seat != passer and seat != (passer + 1) % players):
        return None
    return turn[1]


def recall(state: QueenState, seat: int | None) -> list[dict[str, Any]]:
    """The finished turns of the game in progress as ``seat`` saw them (see ``state.Turn``)."""
    n = state.players
    record = state.record
    laid_before = [0] * n
    turns = []
    for i, turn in enumerate(record):
        passer, _, face_up, laid = turn
        before = record[i - 1][2] if i else 0
        acquired = "draw" if i == 0 else ("swap" if face_up > before else "keep")
        if i + 1 < len(record):
            answer: str | None = "swap" if record[i + 1][2] > face_up else "keep"
        elif state.step == ACQUIRE:
            answer = None  # the receiver has not decided yet
        else:
            answer = "swap" if len(state.face_up) > face_up else "keep"
        turns.append({
            "seat": passer,
            "acquired": acquired,
            "turned_up": state.face_up[face_up - 1] if acquired == "swap" else None,
            "laid": list(state.processions[passer][laid_before[passer]:laid]),
            "passed_to": (passer + 1) % n,
            "passed": seen_card(turn, seat, n),
            "receiver": answer,
        })
        laid_before[passer] = laid
    return turns


def record_from(turns: list[dict[str, Any]], players: int) -> tuple[Turn, ...]:
    """``state.record`` rebuilt from ``recall``'s list (cards the viewer did not see stay None)."""
    laid = [0] * players
    face_up = 0
    record = []
    for turn in turns:
        seat = turn["seat"]
        face_up += turn["acquired"] == "swap"
        laid[seat] += len(turn["laid"])
        record.append((seat, turn["passed"], face_up, laid[seat]))
    return tuple(record)


def forget(state: QueenState, seat: int | None) -> tuple[Turn, ...]:
    """``state.record`` less every card passed that ``seat`` did not see."""
    n = state.players
    return tuple(t if t[1] is None or seen_card(t, seat, n) is not None else (t[0], None, t[2], t[3])
                 for t in state.record)


def hidden_from(state: QueenState, seat: int | None) -> list[str]:
    """The cards of ``state`` that ``seat`` cannot see, as one pool."""
    return unseen(*_visible(state, seat))


def _visible(state: QueenState, seat: int | None) -> list[tuple[str, ...]]:
    known = [*state.processions, state.face_up]
    if seat is not None:
        known.append(state.hands[seat])
    if state.passed is not None and sees_passed(state, seat):
        known.append((state.passed,))
    return known


def redeal(state: QueenState, seat: int | None, pool: list[str], rng: Rng) -> QueenState:
    """``state`` with every card hidden from ``seat`` dealt anew from ``pool`` (sizes kept)."""
    pool = list(pool)
    rng.shuffle(pool)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(sort_cards([pool.pop() for _ in hand]))
    passed = state.passed
    if passed is not None and not sees_passed(state, seat):
        passed = pool.pop()
    return state._replace(hands=tuple(hands), passed=passed, pack=sort_cards(pool), record=forget(state, seat))


def resample_hidden(state: QueenState, seat: int | None, rng: Rng) -> QueenState:
    """A state ``seat`` cannot tell from ``state``: everything hidden from it redrawn consistently."""
    return redeal(state, seat, hidden_from(state, seat), rng)


def determinize(data: dict[str, Any], seat: int | None, rng: Rng) -> QueenState:
    """A full state consistent with the view ``data`` of ``seat``; the hidden cards redealt uniformly."""
    state = skeleton(data, seat)
    return redeal(state, seat, hidden_from(state, seat), rng)


def skeleton(data: dict[str, Any], seat: int | None) -> QueenState:
    """The state the view ``data`` of ``seat`` shows, every hidden card a placeholder ("")."""
    n = len(data["hand_sizes"])
    own = tuple(data["hand"]) if seat is not None else ()
    passed = data["passed"]
    placeholder_hands = tuple(own if s == seat else ("",) * size for s, size in enumerate(data["hand_sizes"]))
    waiting = data["passed_from"] is not None
    state = QueenState(
        step=data["step"], game=data["game_number"] - 1, dealer=data["dealer"], turn=data["turn"],
        hands=placeholder_hands,
        processions=tuple(tuple(p) for p in data["processions"]),
        face_up=tuple(data["face_up"]),
        pack=("",) * data["pack"],
        passed=passed if passed is not None else ("" if waiting else None),
        dealt=data["dealt"], took=data["took"], idle=data["idle_turns"],
        results=tuple(tuple(r) for r in data["results"]), games=data["games"], ending=data["ending"],
        last_processions=tuple(tuple(p) for p in data["last_processions"]),
        record=record_from(data["record"], n),
    )
    assert len(state.hands) == n
    return state
