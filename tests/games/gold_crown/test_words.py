"""Words a player reads: the log in sentences, and no contributor's code in a refusal, log line, view string or
option label (issues #40 and #46). A refusal names its rule in words ("The Treachery rule: ..."); the
spinner's own numbered rules may be cited by number."""

from __future__ import annotations

import json
import re

from regalia.core import Rng
from regalia.games.gold_crown import GoldCrown
from regalia.games.gold_crown.state import DOWN, ON_BRIDGE

from .position import GAME, marching
from .regression import FIXTURE

CODES = re.compile(r"\b(GC|GB|KG|CQ)-\d+|§|\.py\b|\bseat \d")
SENTENCE = re.compile(r"^[A-Z0-9].*[.!]$")


def _logs_and_states():
    """Every log line and state of two random matches and the computer barons' recorded matches (which reach
    the chambers, treachery and the throne)."""
    pinned = json.loads(FIXTURE.read_text())
    plays = [({"players": 2}, "words:0", None), ({"players": 3}, "words:1", None)]
    plays += [({"players": g["spec"]["players"]}, g["spec"]["seed"], g["actions"]) for g in pinned["agents"]]
    for options, seed, actions in plays:
        game = GoldCrown(**options)
        match = game.new_match(seed=seed)
        rng = Rng(seed)
        states = [match.state]
        played = 0
        while not match.is_over:
            action = actions[played] if actions else rng.choice(match.legal_actions())
            match.play(action)
            played += 1
            if played % 7 == 0:
                states.append(match.state)
        yield game, list(match.log), states


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def test_the_log_reads_as_sentences_and_carries_no_code():
    for _, log, _ in _logs_and_states():
        assert log
        for line in log:
            assert SENTENCE.match(line), line
            assert " is now " not in line and not CODES.search(line), line
            assert not re.match(r"^\w+ \(\w+\): ", line), line  # not "Gold (South): move e7-e6"


def test_apparatus_and_actions_read_as_sentences_keeping_the_notation():
    state = marching({0: ["c2"]}, points=3, bridge=DOWN)
    after = GAME.apply(state, "ram")
    assert after.barons[0].ram == ON_BRIDGE
    assert GAME.describe(state, "ram", after) == ["Gold (South) rolls the ram onto the drawbridge (ram).",
                                                  "Gold's ram rolls onto the drawbridge."]
    moved = GAME.apply(state, "move c2-c3")
    assert GAME.describe(state, "move c2-c3", moved) == ["Gold (South) moves a knight from c2 to c3 (move c2-c3)."]


def test_no_refusal_view_string_or_option_label_carries_a_code():
    rng = Rng("words")
    for game, _, states in _logs_and_states():
        space = game.action_space()
        for state in states:
            tried = [*(rng.choice(space) for _ in range(12)), "spin", "retreat", "pass", "march", "storm", "ram", "ram back", "end",
                     "lose a1", "move a1", "nonsense", None]
            for action in tried:
                if action in game.legal_actions(state):
                    continue
                text = game.why_illegal(state, action)
                assert text and not CODES.search(text), (action, text)
            for text in _strings(game.view(state, 0)):
                assert not CODES.search(text), text
    for option in GoldCrown.option_specs:
        assert not CODES.search(option.doc), option.doc
