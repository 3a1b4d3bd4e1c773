"""The verdict's baseline: medium in the hero's seat of the ledger's own rubbers, and the paired figures over it."""

from __future__ import annotations

import math

from regalia.ai.arena import play_match
from regalia.bench import crown_the_queen_baseline as baseline
from regalia.bench import crown_the_queen_verdict as verdict
from regalia.bench._ledger import Ledger
from regalia.bench.crown_the_queen import make_agent
from regalia.games import load_game


def test_medium_plays_the_verdict_s_rubbers_from_the_hero_s_seat():
    """Rubber i of the ledger has its hero in seat i mod 3 (match seed strength:i, agent seeds i:seat);
    medium's share is read from that seat of the same deal, not from the strength bench's rotation."""
    assert all(e["seat"] == e["seed"] % 3 for e in Ledger(verdict.LEDGER).read()[:200])
    game = load_game("crown-the-queen", players=3)
    seat_mattered = False
    for i in range(3, 9):
        match = play_match(game, [make_agent("medium", f"{i}:{s}") for s in range(3)], seed=f"strength:{i}")
        share = [1 / len(match.winners) if s in match.winners else 0.0 for s in range(3)]
        assert baseline.medium_share(i) == share[i % 3]
        seat_mattered |= share[i % 3] != share[(i + 1) % 3]
    assert seat_mattered


def test_gains_over_medium_and_the_control_variate_d():
    entries, medium = [], {}
    rows = [(1.0, 1.0, 0.0), (0.0, 1.0, 0.0), (1.0, 0.0, 1.0), (0.0, 0.0, 0.0), (0.5, 1.0, 0.5)] * 40
    for i, (h, c, m) in enumerate(rows):
        entries += [{"hero": "hard", "seed": i, "share": h}, {"hero": "ceiling", "seed": i, "share": c}]
        medium[i] = m
    medium[10_000] = 1.0  # a rubber the ledger lacks counts nowhere
    row = baseline.paired(entries, medium)
    assert row["rubbers"] == 200
    assert math.isclose(row["hard - medium"], (1 + 0 + 0 + 0 + 0) / 5)
    assert math.isclose(row["ceiling - medium"], (1 + 1 - 1 + 0 + 0.5) / 5)
    assert math.isclose(row["of the ceiling's gain"], 0.2 / 0.3)
    d = sum(h - 0.7 * c - 0.3 * m for h, c, m in rows[:5]) / 5
    assert math.isclose(row["D (control variate)"], d)
    assert row["D SE"] > 0


def test_too_few_rubbers_give_no_figures():
    assert baseline.paired([{"hero": "hard", "seed": 0, "share": 1.0}], {0: 0.0}) == {"rubbers": 0}
