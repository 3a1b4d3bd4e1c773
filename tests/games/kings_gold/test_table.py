"""The terminal table draws every part of the view."""

from rich.console import Console

from regalia.cli.tables import renderer
from regalia.cli.tables.kings_gold import render

from .helpers import KingsGold, play, position


def text_of(view, log):
    console = Console(record=True, width=100, color_system=None)
    console.print(render(view, log))
    return console.export_text()


def test_table_shows_dice_holds_locks_treasury_reserve_ledger_and_log():
    game = KingsGold(players=3)
    state = position(3, dice="Coin Skull Cannon Coin Crest", coins=(1, 4, 2), shields=(0, 2, 0), reserve=3)
    state = play(game, state, "reroll 3")._replace(phase=3, dice=(2, 0, 1, 2, 3), rolls=2)
    text = text_of(game.view(state, 0), ["Anne re-rolls 3 and holds 1 4 5"])
    for expected in ("Royal Treasury 60 coins · 20 doubloons", "Skull Island 3 coins", "☠ Skull", "locked",
                     "held", "⊙ Coin", "✠ Crest", "✹ Cannon", "Captain's Ledger", "◆◆", "Calico",
                     "throw 2 of 3", "Anne re-rolls 3", "round 1"):
        assert expected in text, expected


def test_registry_finds_the_table_and_draws_a_finished_match():
    draw = renderer("kings-gold")
    match = KingsGold(players=2).new_match(seed=3)
    while not match.is_over:
        match.play(match.legal_actions()[0])
    assert "over after round" in text_of(match.view(None), match.log) and draw is render


def test_terminal_help_finds_the_bundled_rulebook():
    from regalia.cli.terminal import rules_text

    assert "## Notation" in rules_text("kings-gold")


def test_kg_22_table_shows_your_card_to_you_only():
    game = KingsGold(mode="duel")
    state = position(2, dice="Coin Coin Cannon Skull Crest", cards=("Quartermaster", "Iron Hull"))
    mine, theirs, spectator = (text_of(game.view(state, s), []) for s in (0, 1, None))
    assert "Your card: Quartermaster (secret, unused)" in mine and "Ben: a card face down" in mine
    assert "Quartermaster" not in theirs and "Your card: Iron Hull" in theirs
    assert "Quartermaster" not in spectator and "Iron Hull" not in spectator
    played_state = play(game, state, "play Quartermaster")
    assert "Anne: played Quartermaster" in text_of(game.view(played_state, 1), [])


def test_kg_20_table_shows_the_blitz_countdown():
    game = KingsGold(mode="blitz", turn_seconds=10)
    view = game.view(position(2, dice="Coin Coin Cannon Skull Crest"), 0)
    assert "10 s left for this turn" in text_of(view, [])
    view["clock"]["seconds_left"] = 3
    assert "3 s left for this turn" in text_of(view, [])


def test_the_terminal_names_the_captains_it_seats(monkeypatch):
    from rich.prompt import Prompt

    from regalia.cli.terminal import play_terminal

    monkeypatch.setattr(Prompt, "ask", lambda *_a, **_k: "quit")
    console = Console(record=True, width=160, color_system=None)
    play_terminal("kings-gold", players=3, ai="easy", seed=1, seat=1, options={}, console=console)
    assert ("You are Ben (Seat 2); Anne (Seat 1) and Calico (Seat 3) are played by the computer (easy)."
            in console.export_text())
