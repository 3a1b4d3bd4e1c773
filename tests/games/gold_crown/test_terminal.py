"""Gold Crown in the terminal: the start line names the barons by their colours."""

from __future__ import annotations

from rich.console import Console
from rich.prompt import Prompt

from regalia.cli.terminal import play_terminal


def test_the_terminal_names_the_barons_it_seats(monkeypatch):
    monkeypatch.setattr(Prompt, "ask", lambda *_a, **_k: "quit")
    console = Console(record=True, width=160, color_system=None)
    play_terminal("gold-crown", players=None, ai="easy", seed=1, seat=0, options={}, console=console)
    assert "You are Gold (Seat 1); Silver (Seat 2) is played by the computer (easy)." in console.export_text()
