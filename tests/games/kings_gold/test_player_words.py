"""Words a player reads (issue #40): refusals, log lines, view strings and option errors carry no contributor
codes (KG-16, §2.8, a file name, "seat 0"); a refusal names its rule in words."""

from __future__ import annotations

import re

import pytest

from regalia.core.errors import IllegalAction
from regalia.core.rng import Rng

from .helpers import KingsGold

CODE = re.compile(r"\b(GC|GB|KG|CQ)-\d+|§")
CONTRIBUTOR = re.compile(r"\b(GC|GB|KG|CQ)-\d+|§|\bdecision \w|\w+\.(py|md)\b|\bseat \d", re.IGNORECASE)
PROBES = ("roll", "stop", "reroll", "reroll 1", "reroll 1 2 3 4 5", "reroll 9", "crest convert", "crest shield",
          "fire 0", "fire 1", "fire 9", "fire x", "keep 1", "keep 2", "play Navigator", "play Iron Hull",
          "play Smuggler", "play Powder Monkey", "play Powder Monkey 2", "play Kraken", "pass", "timeout",
          "hold 1 3", "", "xyz", None, b"roll", 7)


def strings(value):
    """Every string inside a view (keys aside)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 2, "mode": "blitz"}, {"mode": "duel"},
                                     {"players": 4, "total_mutiny": True, "navy_rounds": 3}])
def test_refusals_log_lines_and_views_carry_no_contributor_code(options):
    game = KingsGold(**options)
    seen_refusals = set()
    for seed in range(4):
        match = game.new_match(seed=seed)
        rng = Rng(seed)
        steps = 0
        while not match.is_over and steps < 400:
            for probe in PROBES:
                if isinstance(probe, str) and probe in match.legal_actions():
                    continue
                why = game.why_illegal(match.state, probe)
                seen_refusals.add(why)
            for seat in (None, *range(game.players)):
                for text in strings(game.view(match.state, seat)):
                    assert not CONTRIBUTOR.search(text), text
            legal = match.legal_actions()
            if game.clock_actions(match.state) and rng.randbelow(8) == 0:
                match.play(game.clock_actions(match.state)[0], clock=True)
            else:
                match.play(legal[rng.randbelow(len(legal))])
            steps += 1
        for line in match.log:
            assert not CONTRIBUTOR.search(line), line
    assert len(seen_refusals) > 10
    for why in seen_refusals:
        assert not CODE.search(why), why
        assert not CONTRIBUTOR.search(why), why


def test_a_refusal_from_play_names_its_rule_in_words():
    match = KingsGold(players=3).new_match(seed=1)
    with pytest.raises(IllegalAction) as refused:
        match.play("stop")
    assert str(refused.value).startswith("Rolling & Locking: ") and not CODE.search(str(refused.value))


def test_option_errors_carry_no_code():
    for bad in ({"mode": "duel", "players": 3}, {"mode": "duel", "total_mutiny": True},
                {"coin_value": 0, "doubloon_value": 0}):
        with pytest.raises(ValueError) as refused:
            KingsGold(**bad)
        assert not CODE.search(str(refused.value)), refused.value
