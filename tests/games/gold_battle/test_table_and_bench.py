"""The terminal table draws the view; the benchmark's match runner plays a paired, seeded match."""

import re

from rich.console import Console

from regalia.bench.gold_battle import parse_pairs, play_one
from regalia.cli.tables import renderer
from regalia.games.gold_battle import GoldBattle


def test_terminal_table_shows_board_hud_and_chronicle():
    match = GoldBattle().new_match()
    match.play("e4-e5")
    console = Console(record=True, width=100, color_system="truecolor")
    console.print(renderer("gold-battle")(match.view(1), match.log))
    text = console.export_text(clear=False)
    for expected in ("Player 1: Knights", "Mines Captured: 0 / 3", "Captured Soldiers: 0", "Battle Chronicle",
                     "Crimson soldier e4-e5", "Azure to move", " a  b  c  d  e  f  g  h  i  j  k", "♚", "♣"):
        assert expected in text
    assert "\x1b[" in console.export_text(styles=True)  # drawn in colour


def test_benchmark_match_runner_plays_a_whole_match():
    found = play_one(("easy", "random", 1, 0.5))
    assert found["score"] in (0.0, 0.5, 1.0) and found["plies"] > 2
    assert found["moves_a"] + found["moves_b"] == found["plies"] - 2  # after the two opening plies
    assert parse_pairs("easy:random, hard:uct") == [("easy", "random"), ("hard", "uct")]


def test_terminal_play_shows_the_rulebook_on_help_and_answers_a_wrong_move_with_its_rule(monkeypatch):
    """`regalia play gold-battle --ai hard`: the player types moves; `help` prints the Royal Rulebook; a wrong
    move is answered with the rule that forbids it and the match goes on."""
    from rich.prompt import Prompt

    from regalia.cli.terminal import play_terminal

    typed = iter(["help", "e4-e6", "e4-e5", "quit"])
    monkeypatch.setattr(Prompt, "ask", lambda *_a, **_k: next(typed))
    console = Console(record=True, width=120, color_system=None)
    play_terminal("gold-battle", players=None, ai="easy", seed=5, seat=0, options={}, console=console)
    text = console.export_text()
    assert "The Gold Battle — Royal Rulebook" in text  # help
    assert "Rule 3: a soldier moves exactly 1 square" in text  # the wrong move, answered with its rule
    assert "Crimson soldier e4-e5" in text  # the right one was played and the computer answered
    assert re.search(r"Azure (soldier|commander) [a-k]\d+-[a-k]\d+", text.split("Crimson soldier e4-e5", 1)[1])
