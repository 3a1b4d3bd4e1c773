"""The hub's guarantees: persist-then-broadcast, and computer seats that never block other matches."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from regalia.ai.random_agent import RandomAgent
from regalia.server.app import create_app
from regalia.server.catalog import Catalog
from tests.toys.pig import HighCard, Pig

from .conftest import serve


def test_an_action_that_cannot_be_saved_is_refused_and_never_announced(server):
    created = server.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])
    player = server.ws(created["match"])
    watcher = server.ws(created["match"])
    player.hello(*created["tokens"].values())
    store = server.app.state.store
    real_write = store._write

    async def failing_write(batch):
        raise OSError("disk full")

    store._write = failing_write
    try:
        refusal = player.act("roll")
    finally:
        store._write = real_write
    assert refusal["type"] == "refused" and "could not be saved" in refusal["reason"]
    assert refusal["version"] == 0
    assert [f["type"] for f in watcher.frames] == ["update"]  # nothing was announced
    assert player.act("roll")["version"] == 1  # and the match goes on from where it was


class GatedAgent(RandomAgent):
    """Decides only once the test opens the gate: a computer 'thinking' as long as we like."""

    gate = threading.Event()
    thinking = threading.Event()

    def decide(self, game, view, seat, legal):
        GatedAgent.thinking.set()
        assert GatedAgent.gate.wait(30)
        return super().decide(game, view, seat, legal)


@pytest.fixture
def gated_server(tmp_path: Path):
    catalog = Catalog(games=lambda: [Pig, HighCard], levels=lambda game_id: ["slow"],
                      agent=lambda game_id, level, seed: GatedAgent(seed=seed), default_level="slow")
    yield from serve(create_app(f"sqlite:///{tmp_path / 'gated.db'}", catalog=catalog, bot_pause=0.0))
    GatedAgent.gate.set()


def test_a_thinking_computer_seat_never_blocks_other_matches(gated_server):
    thinker = gated_server.new_match("high-card", seats=[{"kind": "computer"}, {"kind": "human"}])
    assert GatedAgent.thinking.wait(10)
    other = gated_server.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}], target=100)
    player = gated_server.ws(other["match"])
    player.hello(*other["tokens"].values())
    for _ in range(10):
        answer = player.act("roll" if player.state["view"]["turn"] < 8 else "stop", seat=player.state["view"]["to_move"])
        assert answer["type"] == "update", answer
    assert player.state["version"] == 10
    watcher = gated_server.ws(thinker["match"])
    assert watcher.state["version"] == 0  # still thinking, while the other match was served
    GatedAgent.gate.set()
    assert watcher.wait_for(lambda s: s["version"] == 1)["last"]["seat"] == 0
