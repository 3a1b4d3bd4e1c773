"""What the Captain's Ledger shows (§1.2), as a JSON-ready view, and the way back to a state.

King's Gold hides nothing in standard mode and in the Blitz: every seat sees the same table. The view
therefore holds everything the rules need, and :func:`state_from_view` rebuilds the exact state
(``determinize``). The dice's future is not in the state at all: they are thrown at CHANCE nodes by the
Match. In the Captain's Duel the ``duel`` entry adds the ability cards: the public list, what is public
of each captain (dealt, kept or not, the card played) and, for a seat, its own ``hand`` only; the other
captain's cards are drawn anew by ``hidden.resample_hidden``.

Threat (the Ledger's column, seed §1.2) is our reading: how much a rival could take from this captain on
his next turn, in words (``threat``) and in standard coins (``at_risk``): only standard coins can be stolen
(KG-4), at most four by Cannons in one turn (five Cannons are a Broadside, two from each: KG-11), twice
that under a Letter of Marque a rival may still hold (the Duel: from public facts only, KG-22), nothing
while a Shield stands (it stops a rival's first shot and the rest of his turn, KG-3).
"""

from __future__ import annotations

from typing import Any

from .blitz import clock_actions
from .cards import CARD_BY_NAME, CARD_NAMES, CARD_TEXT, NO_CARD
from .dice import FACE_BY_NAME, FACE_NAMES
from .duel import roll_limit
from .notation import MAX_SEATS, NAMES
from .rules import Config, cannon_targets, convertible
from .scoring import breakdown, scores
from .state import AIM, ASSIGN, COUNTER, PHASE_NAMES, REACT, KGState

MOST_CANNONS_AT_ONE = 4
"""Five Cannons are a Broadside (two coins from each rival, KG-11): four is the most aimed at one ship."""


def at_risk(state: KGState, seat: int) -> int:
    """The most standard coins one rival's next turn could take from ``seat`` (0: safe)."""
    n = len(state.coins)
    if state.eliminated[seat] or state.shields[seat] or not state.coins[seat]:
        return 0
    rivals = [r for r in range(n) if r != seat and not state.eliminated[r]]
    if not rivals:
        return 0
    marque = state.kept and any(state.kept[r] != NO_CARD and not state.played[r] for r in rivals)
    per_cannon = 2 if marque else 1
    return min(state.coins[seat], MOST_CANNONS_AT_ONE * per_cannon)


def threat_text(state: KGState, seat: int) -> str:
    """The Ledger's threat column in words: what a rival could take from this captain on his next turn."""
    if state.eliminated[seat]:
        return "out of the match"
    if not state.coins[seat]:
        return "nothing: doubloons are safe" if state.doubloons[seat] else "nothing: no coins"
    if state.shields[seat]:
        return "nothing: a Shield stands"
    risk = at_risk(state, seat)
    return f"up to {risk} coin{'s' * (risk != 1)}" if risk else "nothing"


def view(cfg: Config, state: KGState, seat: int | None) -> dict[str, Any]:
    """The whole table, the same for every seat and for spectators (no hidden information)."""
    points = scores(cfg, state)
    captains = [
        {"seat": s, "name": NAMES[s], "coins": state.coins[s], "doubloons": state.doubloons[s],
         "shields": state.shields[s], "penalties": state.penalties[s], "score": points[s],
         "points": breakdown(cfg, state, s), "threat": threat_text(state, s), "at_risk": at_risk(state, s),
         "eliminated": state.eliminated[s], "immune": state.immune[s]}
        for s in range(len(state.coins))
    ]
    pending: dict[str, Any] | None = None
    if state.phase == ASSIGN:
        pending = {"decision": "crest", "crests_left": state.crests_left, "can_convert": convertible(state)}
    elif state.phase == AIM:
        pending = {"decision": "fire", "cannons_left": state.cannons_left, "targets": cannon_targets(state)}
    elif state.phase in (REACT, COUNTER):
        pending = {"decision": "answer" if state.phase == REACT else "counter-cannon", "seat": state.reacting,
                   "against": "theft" if state.theft else "curse", "coins": state.theft}
    limit = roll_limit(state) if state.kept else 3
    return {
        "mode": cfg.mode,
        "fast_roll": cfg.fast_roll,
        "clock": clock_view(cfg, state),
        "duel": duel_view(state, seat) if state.kept else None,
        "phase": PHASE_NAMES[state.phase],
        "captain": state.seat,
        "start": state.start,
        "round": state.round,
        "navy_rounds": cfg.navy_rounds,
        "treasury": {"coins": state.treasury_coins, "doubloons": state.treasury_doubloons},
        "reserve": state.reserve,
        "captains": captains,
        "dice": [FACE_NAMES[f] if f >= 0 else None for f in state.dice],
        "locked": [i + 1 for i, f in enumerate(state.dice) if f == 0],
        "held": [i + 1 for i in state.held],
        "throwing": [i + 1 for i in state.throwing],
        "rolls_used": state.rolls,
        "rolls_left": limit - state.rolls if state.rolls else limit,
        "pending": pending,
        "crests_left": state.crests_left,
        "converted": state.converted,
        "cannons_left": state.cannons_left,
        "turn_gain": state.gain,
        "record": {"points": state.record, "holder": state.record_holder},
        "end_triggered": state.end_triggered,
        "contenders": list(state.contenders),
    }


def clock_view(cfg: Config, state: KGState) -> dict[str, Any] | None:
    """Blackbeard's Blitz: the turn timer the table counts down (KG-20). ``turn`` (round, captain) names
    the turn the timer belongs to: the referee restarts ``turn_seconds`` whenever it changes."""
    if not cfg.blitz:
        return None
    return {"turn_seconds": cfg.turn_seconds, "turn": [state.round, state.seat],
            "running": bool(clock_actions(cfg, state))}


def duel_view(state: KGState, seat: int | None) -> dict[str, Any]:
    """The Duel's cards as ``seat`` may know them: the hidden card appears only in its owner's ``hand``."""
    players = len(state.kept)
    public = [
        {"seat": s, "dealt": len(state.hands[s]) if s < len(state.hands) else 0,
         "kept": state.kept[s] != NO_CARD, "played": CARD_NAMES[state.kept[s]] if state.played[s] else None}
        for s in range(players)
    ]
    hand = None
    if seat is not None and seat < len(state.hands):
        mine = state.kept[seat]
        hand = {"seat": seat, "dealt": [CARD_NAMES[c] for c in state.hands[seat]],
                "kept": CARD_NAMES[mine] if mine != NO_CARD else None, "used": state.played[seat]}
    return {
        "cards": [{"name": name, "effect": CARD_TEXT[c]} for c, name in enumerate(CARD_NAMES)],
        "captains": public,
        "hand": hand,
        "effects": [CARD_NAMES[c] for c in state.effects],
        "extra_throw": state.extra_throw,
        "reacting": state.reacting,
        "theft": state.theft,
        "broadside_theft": state.broadside_theft,
    }


def _duel_fields(duel: dict[str, Any]) -> dict[str, Any]:
    """The Duel's fields of a state rebuilt from a view; cards the view hides are placeholders that
    ``hidden.resample_hidden`` then draws (a kept card placeholder is any card, an unseen hand -1s)."""
    captains = duel["captains"]
    hand = duel["hand"]
    hands: list[tuple[int, ...]] = []
    kept: list[int] = []
    for c in captains:
        own = hand is not None and hand["seat"] == c["seat"]
        if own:
            hands.append(tuple(CARD_BY_NAME[n] for n in hand["dealt"]))
            kept.append(CARD_BY_NAME[hand["kept"]] if hand["kept"] else NO_CARD)
            continue
        if c["dealt"]:
            hands.append((NO_CARD,) * c["dealt"])
        played = c["played"]
        kept.append(CARD_BY_NAME[played] if played else (0 if c["kept"] else NO_CARD))
    return {"hands": tuple(hands), "kept": tuple(kept), "played": tuple(c["played"] is not None for c in captains),
            "effects": tuple(CARD_BY_NAME[n] for n in duel["effects"]), "extra_throw": duel["extra_throw"],
            "reacting": duel["reacting"], "theft": duel["theft"], "broadside_theft": duel["broadside_theft"]}


def state_from_view(view: dict[str, Any]) -> KGState:
    """The state a view shows (exact outside the Duel; in the Duel, with placeholder hidden cards)."""
    captains = view["captains"]

    def column(key: str) -> tuple[Any, ...]:
        return tuple(c[key] for c in captains)

    state = KGState(
        phase=PHASE_NAMES.index(view["phase"]), seat=view["captain"], start=view["start"],
        round=view["round"], coins=column("coins"), doubloons=column("doubloons"),
        shields=column("shields"), penalties=column("penalties"), eliminated=column("eliminated"),
        treasury_coins=view["treasury"]["coins"], treasury_doubloons=view["treasury"]["doubloons"],
        reserve=view["reserve"],
        dice=tuple(FACE_BY_NAME[f] if f is not None else -1 for f in view["dice"]),
        throwing=tuple(i - 1 for i in view["throwing"]), held=tuple(i - 1 for i in view["held"]),
        rolls=view["rolls_used"], crests_left=view["crests_left"], converted=view["converted"],
        cannons_left=view["cannons_left"], immune=column("immune"), gain=view["turn_gain"],
        record=view["record"]["points"], record_holder=view["record"]["holder"],
        end_triggered=view["end_triggered"], contenders=tuple(view["contenders"]),
    )
    return state._replace(**_duel_fields(view["duel"])) if view.get("duel") else state


def encode_view(view: dict[str, Any]) -> list[float]:
    """A fixed-length vector (ENCODING_LENGTH floats), seats rotated so the viewer comes first.

    Layout: 6 seats x 9 (present, coins/60, doubloons/20, shields/3, penalties/10, out, immune, at the
    helm, score/100) | Treasury coins/60, doubloons/20, Reserve/20, round/50, end triggered | 5 dice x
    5 (one-hot Skull, Cannon, Coin, Crest, not thrown) | 5 held | rolls/3, crests left/5, converted/5,
    cannons left/5, turn gain/50, record/50 | record holder one-hot (7: 6 seats + nobody) | phase (11) |
    the Duel's cards (zeros in the other modes): the viewer's kept card one-hot (7: 6 cards + none), its
    card used, the other captain's card kept, his played card one-hot (7), the turn cards in force (3).
    """
    players = len(view["captains"])
    me = view.get("seat")
    me = view["captain"] if me is None or me < 0 else me
    me = max(me, 0)
    out: list[float] = []
    order = [(me + k) % players for k in range(players)]
    for k in range(MAX_SEATS):
        if k >= players:
            out += [0.0] * 9
            continue
        c = view["captains"][order[k]]
        out += [1.0, c["coins"] / 60, c["doubloons"] / 20, c["shields"] / 3, c["penalties"] / 10,
                float(c["eliminated"]), float(c["immune"]), float(order[k] == view["captain"]), c["score"] / 100]
    out += [view["treasury"]["coins"] / 60, view["treasury"]["doubloons"] / 20, view["reserve"] / 20,
            view["round"] / 50, float(view["end_triggered"])]
    for face in view["dice"]:
        hot = [0.0] * 5
        hot[FACE_BY_NAME[face] if face is not None else 4] = 1.0
        out += hot
    out += [float(i + 1 in view["held"]) for i in range(5)]
    out += [view["rolls_used"] / 3, view["crests_left"] / 5, view["converted"] / 5, view["cannons_left"] / 5,
            view["turn_gain"] / 50, view["record"]["points"] / 50]
    holder = [0.0] * (MAX_SEATS + 1)
    h = view["record"]["holder"]
    holder[order.index(h) if h >= 0 else MAX_SEATS] = 1.0
    out += holder
    phase = [0.0] * len(PHASE_NAMES)
    phase[PHASE_NAMES.index(view["phase"])] = 1.0
    return out + phase + encode_cards(view.get("duel"), order[1] if players > 1 else me)


CARDS_LENGTH = 2 * (len(CARD_NAMES) + 1) + 2 + 3


def encode_cards(duel: dict[str, Any] | None, rival: int) -> list[float]:
    """The Duel's part of the vector: only what the viewer may know (his own card, the rival's public facts)."""
    if not duel:
        return [0.0] * CARDS_LENGTH
    hand = duel["hand"]
    mine = [0.0] * (len(CARD_NAMES) + 1)
    mine[CARD_BY_NAME[hand["kept"]] if hand and hand["kept"] else len(CARD_NAMES)] = 1.0
    public = duel["captains"][rival]
    theirs = [0.0] * (len(CARD_NAMES) + 1)
    theirs[CARD_BY_NAME[public["played"]] if public["played"] else len(CARD_NAMES)] = 1.0
    effects = [float(name in duel["effects"]) for name in ("Navigator", "Quartermaster", "Letter of Marque")]
    return [*mine, float(bool(hand and hand["used"])), float(public["kept"]), *theirs, *effects]


ENCODING_LENGTH = MAX_SEATS * 9 + 5 + 25 + 5 + 6 + MAX_SEATS + 1 + len(PHASE_NAMES) + CARDS_LENGTH
