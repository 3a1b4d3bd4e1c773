"""Provably fair chance: the seed is committed at the start, revealed only at the end, and checked.

    start ── seed_commitment = SHA-256("regalia-seed:" + seed) in every frame and in MatchCreated
    play  ── no frame, record or replay carries the seed or a future outcome; computer seats get a
             one-way derivation of it, never the seed
    end   ── the seed is revealed; ``regalia replay`` checks it against the commitment and re-derives
             every die, spin and card; a record with a wrong seed, commitment or outcome is refused
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.cli.main import app as cli
from regalia.core.rng import seed_commitment
from regalia.server.bots import Bots

from .inproc import InProcess, in_process

runner = CliRunner()
WEB = Path(__file__).resolve().parents[2] / "src" / "regalia" / "web"


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    yield from in_process(tmp_path_factory.mktemp("fair") / "fair.db", real_games=True)


def finished_kings_gold(real: InProcess) -> dict:
    """A King's Gold match between two random computer captains, played to its end on the server."""
    created = real.new_match("kings-gold", seats=[{"kind": "computer", "level": "random"}] * 2, players=2)
    deadline = time.monotonic() + 60
    while True:
        response = real.client.get(f"/api/matches/{created['match']}/record")
        if response.status_code == 200:
            return {"created": created, "record": response.json()}
        assert response.status_code == 409 and time.monotonic() < deadline, response.text
        time.sleep(0.05)


@pytest.fixture(scope="module")
def played(real: InProcess):
    """One finished King's Gold match, with every seed handed to a computer seat noted."""
    given: list[str] = []
    original = Bots.decide

    async def spy(self, game, level, seed, view, seat, legal):
        given.append(seed)
        return await original(self, game, level, seed, view, seat, legal)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Bots, "decide", spy)
        return {**finished_kings_gold(real), "bot_seeds": given}


def replay_file(tmp_path: Path, record: dict) -> tuple[int, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(cli, ["replay", str(path)])
    return result.exit_code, " ".join(result.output.split())


def test_a_downloaded_record_verifies_and_its_seed_hashes_to_the_commitment_published_at_start(real, played,
                                                                                             tmp_path):
    record = played["record"]
    assert record["commitment"] == played["created"]["seed_commitment"] == seed_commitment(record["seed"])
    code, output = replay_file(tmp_path, record)
    assert code == 0 and "verified" in output and f"{len(record['chance'])} chance outcomes" in output
    with real.client.websocket_connect(f"/ws/matches/{played['created']['match']}") as ws:
        frame = ws.receive_json()
    assert frame["seed"] == record["seed"] and frame["seed_commitment"] == record["commitment"]


def test_regalia_replay_refuses_a_record_with_a_wrong_seed_commitment_or_outcome(played, tmp_path):
    record = played["record"]
    wrong_seed = {**record, "seed": record["seed"][::-1]}
    code, output = replay_file(tmp_path, wrong_seed)
    assert code == 1 and "does not match the commitment" in output
    wrong_commitment = {**record, "commitment": seed_commitment("another seed")}
    code, output = replay_file(tmp_path, wrong_commitment)
    assert code == 1 and "does not match the commitment" in output
    # a seed and commitment changed together still cannot explain the dice that were rolled
    forged = {**record, "seed": "forged", "commitment": seed_commitment("forged")}
    code, output = replay_file(tmp_path, forged)
    assert code == 1 and "does not replay" in output
    loaded = {**record, "chance": [record["chance"][1], record["chance"][0], *record["chance"][2:]]}
    if loaded["chance"] != record["chance"]:
        code, output = replay_file(tmp_path, loaded)
        assert code == 1 and "does not replay" in output


def test_before_the_end_no_seed_no_record_and_no_replay_is_given_out(real):
    created = real.new_match("kings-gold", seats=[{"kind": "human"}, {"kind": "human"}], players=2)
    match_id = created["match"]
    with real.client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        spectator = ws.receive_json()
        ws.send_json({"type": "hello", "tokens": list(created["tokens"].values())})
        player = ws.receive_json()
    seed = real.hub.live[match_id].seed
    for frame in (spectator, player):
        assert frame["seed"] is None and frame["seed_commitment"] == created["seed_commitment"]
        assert seed not in json.dumps(frame)
    assert real.client.get(f"/api/matches/{match_id}/record").status_code == 409
    assert real.client.get(f"/api/matches/{match_id}/replay").status_code == 409
    assert seed not in real.client.get(f"/api/matches/{match_id}").text


def test_a_computer_seat_is_never_handed_the_match_seed(played):
    assert played["bot_seeds"]
    assert not any(played["record"]["seed"] in seed for seed in played["bot_seeds"]), \
        "a computer seat was given the seed: it could foresee every die and card"


def test_the_table_shows_the_commitment_during_play_and_the_seed_at_the_end():
    table = (WEB / "table.js").read_text()
    assert "u.seed_commitment" in table and 'u.seed ? [" · seed "' in table
