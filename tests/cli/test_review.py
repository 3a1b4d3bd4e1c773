"""``regalia review RECORD.json [--json]`` (CONTRACT.md)."""

import json

from typer.testing import CliRunner

from regalia.ai import load_agent
from regalia.cli.main import app
from regalia.games import load_game

runner = CliRunner()


def record_file(tmp_path, game_id="kings-gold", levels=("hard", "easy"), seed=2):
    game = load_game(game_id, players=len(levels))
    match = game.new_match(seed=seed)
    agents = [load_agent(game_id, level, seed=s) for s, level in enumerate(levels)]
    while not match.is_over:
        match.play(agents[match.to_move].choose(match))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.record()))
    return path, match


def test_review_json_prints_one_object_of_the_contract_s_schema(tmp_path):
    path, match = record_file(tmp_path)
    result = runner.invoke(app, ["review", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) >= {"decisions", "summary"}
    for d in data["decisions"]:
        assert {"step", "seat", "played", "best", "value_played", "value_best", "loss"} <= set(d)
        assert d["loss"] >= 0
    assert all(d["loss"] == 0 for d in data["decisions"] if d["seat"] == 0)  # the hard captain
    assert len(data["summary"]) == 2


def test_review_prints_a_table_and_a_summary(tmp_path):
    path, _ = record_file(tmp_path, "kings-gold", ("medium", "easy"), seed=3)
    result = runner.invoke(app, ["review", str(path)])
    assert result.exit_code == 0, result.output
    assert "review of" in result.stdout and "per player" in result.stdout and "Seat 2" in result.stdout


def test_review_refuses_a_record_that_does_not_verify(tmp_path):
    path, _ = record_file(tmp_path)
    data = json.loads(path.read_text())
    data["seed"] = 999
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["review", str(path)])
    assert result.exit_code == 1
    assert "does not verify" in result.output
    missing = runner.invoke(app, ["review", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2
