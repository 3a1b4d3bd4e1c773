"""Which seats may be told the name of the action just played.

Every update carries ``last`` (``{"seat": 0, "action": "roll"}``) so a table can animate what changed.
In a game with hidden information some actions are secret — in King's Gold's Duel a captain
*keeps one card face down* (``keep 1`` or ``keep 2``): the other seats see that a card was kept, never
which. Naming the action would tell them.

The test is the game's own, asked without knowing any game: an action is secret from seat ``s`` when
another legal action of the mover would have left ``s`` exactly the same view and the same public
log lines. Then ``s`` is told only who acted (``{"seat": 0, "action": None}``).

    before ──keep 1──> after   view(after, s) == view(after', s)   and same log lines
           └─keep 2──> after'  => "keep 1" is secret from s
"""

from __future__ import annotations

import hashlib
from typing import Any

from regalia.core.game import Game


def hidden_from(game: Game, before: Any, mover: int, action: str) -> frozenset[int | None]:
    """The seats (``None``: spectators) that could not tell ``action`` from another legal one."""
    if not game.hidden_information:
        return frozenset()
    after = game.apply(before, action)
    lines = game.describe(before, action, after)
    alternatives = []
    for other in game.legal_actions(before):
        if other == action:
            continue
        after_other = game.apply(before, other)
        if game.describe(before, other, after_other) == lines:
            alternatives.append(after_other)
    if not alternatives:
        return frozenset()
    hidden: set[int | None] = set()
    for seat in [None, *range(game.players)]:
        if seat == mover:
            continue
        seen = game.view(after, seat)
        if any(game.view(other, seat) == seen for other in alternatives):
            hidden.add(seat)
    return frozenset(hidden)


def last_for(last: dict[str, Any] | None, hidden: frozenset[int | None], seats: set[int]) -> dict[str, Any] | None:
    """``last`` as a client holding ``seats`` may see it (its own actions it always sees)."""
    if last is None or not hidden or last["seat"] in seats:
        return last
    if seats and any(seat not in hidden for seat in seats):
        return last
    if not seats and None not in hidden:
        return last
    return {"seat": last["seat"], "action": None}


def bot_seed(match_seed: str, seat: int, version: int) -> str:
    """The seed a computer seat decides with: secret, reproducible, and no way back to the match's seed.

    The match's seed fixes every future die and card; a computer seat handed it could foresee them
    (and so could anyone reading a bot's logs). A one-way hash gives it randomness of its own instead.
    """
    return hashlib.sha256(f"regalia-bot:{match_seed}:{seat}:{version}".encode()).hexdigest()
