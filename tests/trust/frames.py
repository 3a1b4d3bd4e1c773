"""What a seat may be sent, checked frame by frame: the oracle of the leak tests.

The server has one outbound function, ``hub.update_for``. For a frame addressed to seat ``s`` (or to a
spectator, ``None``) three things must hold:

    1. it carries exactly ``Match.view(s)``, legal actions only when ``s`` is to move, and the seed
       only once the match is over (before that the seed would reveal every future die and card);
    2. it is byte-for-byte the same when everything hidden from ``s`` is drawn anew
       (``Game.resample_hidden``): so no hidden card can be in it, however it is encoded;
    3. the action it names as ``last`` is one ``s`` could tell apart anyway: if another legal action
       would have left ``s`` the very same view and log lines, naming the action played leaks it.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from regalia.core.match import Match
from regalia.core.rng import Rng
from regalia.server.hub import Client, LiveMatch, update_for
from regalia.server.secrecy import hidden_from


def live_match(match: Match, match_id: str = "leak") -> LiveMatch:
    seed = str(match.seed)
    return LiveMatch(match_id, match, [], seed, match.commitment)


def play(live: LiveMatch, action: str) -> set[int | None]:
    """Play ``action`` as ``Hub.submit`` does (``last`` and its secrecy); returns the seats it is secret from."""
    match = live.match
    mover = match.to_move
    assert mover is not None
    before = match.state
    secret = secret_from(match, before, mover, action) if match.game.hidden_information else set()
    match.play(action, mover)
    live.last = {"seat": mover, "action": action}
    live.last_hidden = hidden_from(match.game, before, mover, action)
    return secret


def frame_for(live: LiveMatch, seat: int | None) -> str:
    """The text ``update_for`` sends to a fresh client holding only ``seat``."""
    client = Client(send=None, seats=set() if seat is None else {seat})
    return update_for(live, client)


def check_frames(live: LiveMatch, rng: Rng, secret: set[int | None] = frozenset()) -> int:
    """Check every seat's frame (and the spectator's) at the match's present state; returns frames checked."""
    match = live.match
    game = match.game
    checked = 0
    for seat in [None, *range(match.players)]:
        text = frame_for(live, seat)
        frame = json.loads(text)
        where = f"{game.id} seed {match.seed} version {match.version} seat {seat}"
        assert frame["view"] == match.view(seat), where
        assert frame["seat"] == seat, where
        assert frame["legal"] == (match.legal_actions() if seat is not None and seat == match.to_move else []), where
        assert (frame["seed"] is not None) == match.is_over, f"{where}: seed shown before the end"
        assert frame["seed_commitment"] == match.commitment, where
        if seat in secret:
            assert frame["last"]["action"] is None, f"{where}: names the secret action {live.last}"
        if game.hidden_information and not match.is_over:
            other = copy.copy(match)
            other.state = game.resample_hidden(match.state, seat, rng)
            twin = live_match(other, live.id)
            twin.last, twin.last_hidden = live.last, live.last_hidden
            assert frame_for(twin, seat) == text, \
                f"{where}: the frame changes when what is hidden from the seat is redrawn"
        checked += 1
    return checked


def secret_from(match: Match, before: Any, mover: int, action: str) -> set[int | None]:
    """The seats that could not tell ``action`` from another legal action of ``mover`` (rule 3 above)."""
    game = match.game
    after = game.apply(before, action)
    lines = game.describe(before, action, after)
    secret: set[int | None] = set()
    for seat in [None, *range(match.players)]:
        if seat == mover:
            continue
        seen = game.view(after, seat)
        for other in game.legal_actions(before):
            after_other = game.apply(before, other)
            if other != action and game.view(after_other, seat) == seen \
                    and game.describe(before, other, after_other) == lines:
                secret.add(seat)
                break
    return secret
