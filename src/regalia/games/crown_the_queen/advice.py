"""The words of a hint: which card to keep or pass, and why, from the seat's own view only.

Every fact here is read from a view (``view.view``): the seat's own hand and the card passed to it, the
processions and the face-up pile (public, CQ-8), the size of the centre pack. Nothing is read from a state,
not even one determinized from the view: a sampled world deals cards to the others' hands, and words built
on it could name a card nobody has seen. So the same view always says the same words, whatever is hidden.

    open_stations(procession)           the stations of a procession still to be filled, in laying order
    needs_next(procession)              the cards it accepts next (rule 8)
    station_filled(procession, card)    whether its station for ``card`` is filled already
    unseen_copies(view, seat, card)     copies of ``card`` that ``seat`` has not seen anywhere (card counting)
    advice_words(view, seat, action, value)
        "pass the Sailor: your procession already has its Sailor, and you need the Archbishop next (3 not yet
         seen); Seat 3 (next) has laid up to the Page, so needs the Archbishop: the Sailor is no use to them
         · 41% expected standing"

Seats are named as the log names them ("Seat 3"); a table reads that as its player's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import (
    BUILDINGS,
    CARD_POINTS,
    COPIES,
    FLAGS,
    FORCES,
    PROCESSION,
    QUEEN,
    QUEEN_POINTS,
    still_needed,
    wanted,
)
from .rules import KEEP, PASS_PREFIX, SWAP


def open_stations(procession: tuple[str, ...]) -> tuple[str, ...]:
    """The stations of ``procession`` still to be filled, in the order of rule 8."""
    return still_needed(procession)


def needs_next(procession: tuple[str, ...]) -> tuple[str, ...]:
    """The cards ``procession`` accepts next (rule 8): the Policeman, any force not laid, then one by one."""
    return wanted(procession)


def station_filled(procession: tuple[str, ...], card: str) -> bool:
    """Whether the station of ``card`` in ``procession`` is filled (a card of no value has no station)."""
    return card in procession


def in_procession(card: str) -> bool:
    return card in PROCESSION


def unseen_copies(view: Mapping[str, Any], seat: int, card: str) -> int:
    """Copies of ``card`` the seat has not seen: the pack's less those laid, face up, in its hand or passed
    to it. They are in the centre pack or in the others' hands."""
    seen = sum(list(p).count(card) for p in view["processions"]) + list(view["face_up"]).count(card)
    seen += list(view.get("hand") or []).count(card) + (view.get("passed") == card)
    return max(0, COPIES.get(card, 1) - seen)


def next_seat(view: Mapping[str, Any], seat: int) -> int:
    """The seat a card is passed to (rules 5-6: to the next player)."""
    return (seat + 1) % len(view["processions"])


def called(card: str) -> str:
    """A card as a sentence says it: "the Sailor", "Big Ben", "the flag of Canada"."""
    if card in FLAGS and card != "Union Jack":
        return f"the flag of {card}"
    if card in BUILDINGS and card != "Houses of Parliament":
        return card
    return f"the {card}"


def _one_of(cards: tuple[str, ...], joiner: str = "or") -> str:
    named = [called(c) for c in cards]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + f" {joiner} " + named[-1]


def _worth(card: str) -> int:
    return QUEEN_POINTS if card == QUEEN else CARD_POINTS


def _laid_so_far(procession: tuple[str, ...]) -> str:
    """What a procession shows, in words: "has laid nothing yet", "has laid up to the Page"."""
    if not procession:
        return "has laid nothing yet"
    if len(procession) < 1 + len(FORCES):
        return "has laid " + _one_of(procession, "and")
    return f"has laid up to {called(procession[-1])}"


def your_need(view: Mapping[str, Any], seat: int) -> str:
    """What the seat's own procession needs next, with how many of it it has not seen."""
    procession = tuple(view["processions"][seat])
    needed = needs_next(procession)
    if not needed:
        return "your procession is complete"
    left = sum(unseen_copies(view, seat, c) for c in needed)
    return f"you need {_one_of(needed)} next ({left} not yet seen)"


def _for_you(view: Mapping[str, Any], seat: int, card: str, hand: list[str]) -> str:
    """What ``card`` is to the seat's own procession (``hand``: the cards it holds with it)."""
    mine = tuple(view["processions"][seat])
    if not in_procession(card):
        return "it never joins a procession"
    if station_filled(mine, card):
        return f"your procession already has its {card}"
    if card in needs_next(mine):
        return f"your procession takes it next and lays it at once (+{_worth(card)})"
    if hand.count(card) > 1:
        return "you hold a second one and need only one"
    before = [c for c in open_stations(mine) if c != card and PROCESSION.index(c) < PROCESSION.index(card)
              and not (c in FORCES and card in FORCES)]
    after = _one_of(tuple(before), "and") if len(before) <= 3 else f"{called(before[0])} and {len(before) - 1} more"
    return f"your procession needs it later, after {after}"


def _for_next(view: Mapping[str, Any], seat: int, card: str) -> str:
    """What the next player's public procession shows they need, and what ``card`` would be to them."""
    other = next_seat(view, seat)
    theirs = tuple(view["processions"][other])
    who = f"Seat {other + 1} (next)"
    needed = needs_next(theirs)
    if not needed:
        return f"{who} has a complete procession"
    said = f"{who} {_laid_so_far(theirs)}, so needs {_one_of(needed)}"
    if card in needed:
        return f"{said}: passing it lets them lay it at once (+{_worth(card)} to them)"
    if not in_procession(card):
        return f"{said}: it is no use to them"
    if station_filled(theirs, card):
        return f"{said}: they have their {card} already, it is no use to them"
    return f"{said}: they will need it only later"


def advice_words(view: Mapping[str, Any], seat: int, action: str, value: float) -> str:
    """One line in the game's words for ``action`` of ``seat``, from ``view`` alone; ``value`` is the
    search's expected standing (a share, shown as a percentage)."""
    hand = list(view.get("hand") or [])
    standing = f"{value:.0f}% expected standing"
    if action.startswith(PASS_PREFIX):
        card = action[len(PASS_PREFIX):]
        mine = _for_you(view, seat, card, hand)
        need = your_need(view, seat)
        return f"pass {called(card)}: {mine}, and {need}; {_for_next(view, seat, card)} · {standing}"
    passed = view.get("passed")
    if passed is None or action not in (SWAP, KEEP):
        return f"{action} · {standing}"
    mine = _for_you(view, seat, passed, [*hand, passed])
    if action == KEEP:
        if passed in needs_next(tuple(view["processions"][seat])):
            return f"keep {called(passed)}: {mine} · {standing}"
        if not in_procession(passed) or station_filled(tuple(view["processions"][seat]), passed):
            mine += ", but you may pass it on this turn"
        return f"keep {called(passed)}: {mine}; {your_need(view, seat)} · {standing}"
    return (f"swap {called(passed)}: {mine}; turn it face up, out of this game for everyone, and draw from the "
            f"centre pack instead ({view['pack']} cards left); {your_need(view, seat)} · {standing}")


__all__ = ["advice_words", "called", "in_procession", "needs_next", "next_seat", "open_stations",
           "station_filled", "unseen_copies", "your_need"]
