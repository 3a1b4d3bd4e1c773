"""Gold Crown in the terminal: the start line names the barons by their colours."""

from __future__ import annotations

from rich.console import Console
from rich.prompt import Prompt

from regalia.cli.terminal import play_terminal

from .position import GAME


def test_the_terminal_names_the_barons_it_seats(monkeypatch):
    monkeypatch.setattr(Prompt, "ask", lambda *_a, **_k: "quit")
    console = Console(record=True, width=160, color_system=None)
    play_terminal("gold-crown", players=None, ai="easy", seed=1, seat=0, options={}, console=console)
    assert "You are Gold (Seat 1); Silver (Seat 2) is played by the computer (easy)." in console.export_text()


def test_the_terminal_warns_of_an_unfinished_assault_and_names_chambers_in_words():
    from regalia.cli.tables import renderer

    from .test_treachery import silver_south

    state = GAME.apply(silver_south({0: ["j7", "k7"], 1: ["j8"]}), "move j7-j8")
    console = Console(width=200, record=True, color_system=None)
    console.print(renderer("gold-crown")(GAME.view(state, 0), []))
    text = " ".join(console.export_text().split())
    assert "The Treachery rule: to take Silver's south chamber" in text and "ending the turn now undoes" in text
    assert "Chambers: south Silver." in text
