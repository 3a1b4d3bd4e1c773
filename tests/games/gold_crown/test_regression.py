"""Behaviour pinned before the speed work: fixed-seed matches must replay step for step.

Each trace digests the legal actions offered at every decision (in order), every action and chance outcome,
every log line and the whole state after every step (regression.py). Random play covers the spinner, the
archers, the apparatus, retreat and the round cap in 2, 3 and 4-baron matches; the computer barons' recorded
matches reach the towers, chambers, treachery and the throne.
"""

import json

import pytest

from .regression import FIXTURE, play

PINNED = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("pinned", PINNED["random"], ids=lambda p: f"random-{p['spec']['seed']}")
def test_random_play_replays_step_for_step(pinned):
    summary, _ = play(pinned["spec"])
    assert summary == {k: pinned[k] for k in ("steps", "digest", "scores", "result")}


@pytest.mark.parametrize("pinned", PINNED["agents"], ids=lambda p: str(p["spec"]["seed"]))
def test_recorded_agent_matches_replay_step_for_step(pinned):
    spec = {**pinned["spec"], "levels": tuple(pinned["spec"]["levels"])}
    summary, played = play(spec, pinned["actions"])
    assert played == pinned["actions"]
    assert summary == {k: pinned[k] for k in ("steps", "digest", "scores", "result")}
