"""Fixed-seed rubbers pinned before the rules were sped up: a faster rule engine must play them identically.

Each rubber mixes random actions with the easy heuristic's (so swaps, keeps, passes, Queens, empty packs
and deadlocks all occur); the pin is the number of steps, the scores of every game, and a digest of the
whole history, the public log and every seat's and the spectator's final view (the record of turns,
added to the views later, has a digest of its own).
"""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from regalia.ai import load_agent
from regalia.core.rng import Rng
from regalia.games import load_game

PINNED = {
    "2:0": (197, ((100, 20), (100, 40), (30, 100)), "85ac82d963b4707a"),
    "2:1": (182, ((100, 70), (0, 30), (60, 100)), "0219c8c25815bbb5"),
    "2:2": (357, ((40, 100), (60, 100), (100, 70)), "59853ee28c1ad83c"),
    "3:0": (319, ((0, 30, 100), (40, 30, 50), (30, 30, 30)), "dca719a1f77d09fc"),
    "3:1": (376, ((0, 70, 60), (20, 30, 60), (0, 0, 0)), "a57a6832f05df9e7"),
    "3:2": (265, ((100, 30, 70), (100, 50, 0), (0, 100, 30)), "3075a70be686a676"),
    "5:0": (427, ((30, 100, 0, 0, 30), (20, 40, 30, 0, 30), (30, 30, 30, 0, 30)), "da8148fef15f720d"),
    "5:1": (403, ((30, 0, 30, 60, 50), (20, 0, 60, 0, 60), (30, 60, 0, 10, 60)), "1e1edd731f333e15"),
    "5:2": (369, ((30, 30, 20, 50, 30), (60, 30, 30, 20, 0), (30, 30, 100, 50, 0)), "851f513fcbf47a97"),
}
RECORDS = {
    "2:0": "5ab86e0856ba4e48",
    "2:1": "c24f0f9fa23729e2",
    "2:2": "874c1dafbfdb1658",
    "3:0": "e1d31d28ab40c0e2",
    "3:1": "7cd6ea9a8abc9a05",
    "3:2": "c34d810ee7aaee29",
    "5:0": "adc8daaf9bdcd9ee",
    "5:1": "2010c6c64cd95e02",
    "5:2": "c57d16153b9a9b0f",
}
"""A digest of the final game's record in every seat's and the spectator's final view (perfect recall)."""


@pytest.mark.parametrize("key", sorted(PINNED))
def test_fixed_seed_rubbers_play_exactly_as_pinned(key):
    players, seed = (int(part) for part in key.split(":"))
    game = load_game("crown-the-queen", players=players)
    match = game.new_match(seed=f"pin:{players}:{seed}")
    rng = Rng(f"pin:{players}:{seed}")
    agents = [load_agent("crown-the-queen", "easy", seed=s) for s in range(players)]
    while not match.is_over:
        if rng.randbelow(2):
            match.play(rng.choice(match.legal_actions()))
        else:
            match.play(agents[match.to_move].choose(match))
    views = [match.view(s) for s in range(players)]
    spectator = match.view(None)
    records = [view.pop("record") for view in (*views, spectator)]  # added later: pinned on their own below
    # the log named seats from 0 when these were pinned ("seat 0"); it now names them as players count ("Seat 1")
    log = [re.sub(r"Seat (\d)", lambda m: f"seat {int(m.group(1)) - 1}", line) for line in match.log]
    # the log cited the decisions when these were pinned ("game 2 is over (CQ-3)"); it now says them in words
    cited = {"crowns the Queen": "CQ-2", "the centre pack is empty": "CQ-3", "no card was taken": "CQ-5"}
    log = [next((f"{line} ({code})" for words, code in cited.items()
                 if words in line and re.search(r"game \d is over$", line)), line) for line in log]
    # the log's closing line, who won the rubber and by which measure of CQ-7, came later still
    assert re.fullmatch(r"seat \d.* (wins|share) the rubber.*", log[-1])
    log = log[:-1]
    blob = json.dumps([match.history, log, match.state.results, views, spectator])
    digest = hashlib.sha256(blob.encode()).hexdigest()[:16]
    assert (len(match.history), match.state.results, digest) == PINNED[key]
    assert hashlib.sha256(json.dumps(records).encode()).hexdigest()[:16] == RECORDS[key]
