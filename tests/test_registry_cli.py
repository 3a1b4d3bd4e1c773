import json

import pytest
from typer.testing import CliRunner

from regalia import UnknownGame, list_games, load_game
from regalia.cli.main import app
from regalia.core.conformance import check_game
from regalia.games import REGISTRY, available_games, game_class

runner = CliRunner()


def test_contract_game_ids_are_registered():
    assert set(REGISTRY) == {"gold-crown", "gold-battle", "crown-the-queen", "kings-gold"}


def test_unknown_game_is_a_clear_error():
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        load_game("chess")


def test_games_command_lists_available_games():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for info in list_games():
        assert info.id in result.output


@pytest.mark.parametrize("game_id", available_games())
def test_conformance_over_every_registered_game(game_id):
    check_game(game_class(game_id), seeds=range(4), garbage_every=13, views_every=3)


@pytest.mark.parametrize("game_id", available_games())
def test_simulate_json_and_replay_round_trip(game_id, tmp_path):
    result = runner.invoke(app, ["simulate", game_id, "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    for key in ("game", "games", "players", "seats", "wins", "draws", "mean_plies", "seconds"):
        assert key in data
    match = load_game(game_id).new_match(seed=5)
    match.play(match.legal_actions()[0])
    path = tmp_path / "m.json"
    path.write_text(json.dumps(match.record()))
    assert runner.invoke(app, ["replay", str(path)]).exit_code == 0
    bad = match.record()
    bad["actions"][0] = "nonsense!"
    path.write_text(json.dumps(bad))
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 1 and "action 1" in out.output


def test_the_commands_count_seats_from_1_as_the_tables_and_logs_do(tmp_path):
    from regalia.ai import load_agent
    from regalia.ai.arena import play_match

    game = load_game("gold-battle")
    match = game.new_match(seed=3)
    match.play(match.legal_actions()[0])
    path = tmp_path / "m.json"
    path.write_text(json.dumps(match.record()))
    out = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "200"})
    assert "in progress, Seat 2 to move" in out.output, out.output  # it said "seat 1": counted from 0
    over = play_match(game, [load_agent("gold-battle", "easy", seed="a"), load_agent("gold-battle", "random", seed="b")],
                      seed=3)
    path.write_text(json.dumps(over.record()))
    out = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "200"})
    winner = over.winners[0] + 1
    assert f"The match is over: Seat {winner} won." in out.output and "winners: [" not in out.output, out.output
    table = runner.invoke(app, ["simulate", "gold-battle", "--games", "2", "--seats", "random,random"],
                          env={"COLUMNS": "200"})
    assert "Seat 1" in table.output and "Seat 2" in table.output, table.output
    from rich.console import Console

    from regalia.cli.tables import renderer

    siege = load_game("gold-crown").new_match(seed=1)
    console = Console(width=120, record=True)
    console.print(renderer("gold-crown")(siege.view(0), siege.log))
    assert "seat 0" not in console.export_text()  # the panel's foot named the seat counted from 0
