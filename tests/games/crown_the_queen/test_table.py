"""`regalia play crown-the-queen`: the terminal table draws the seat's view, and names the seats as the log
and the web table do — from 1, as players count them round the table."""

from __future__ import annotations

import re

from rich.console import Console
from rich.prompt import Prompt

from regalia.cli.tables import renderer
from regalia.cli.tables.crown_the_queen import render
from regalia.cli.terminal import outcome_line, play_terminal
from regalia.games.crown_the_queen.state import ACQUIRE

from .helpers import game, play_until, position


def text_of(view, log) -> str:
    console = Console(record=True, width=130, color_system=None)
    console.print(render(view, log))
    return console.export_text()


def test_the_table_shows_the_hand_the_card_passed_to_you_and_by_whom_processions_and_score_sheet():
    g = game(3, rubber=True)
    state = position([["Sailor", "Page", "Trumpeter"], ["Queen", "Buckingham Palace", "Big Ben"], ["Soldier", "Page", "Page"]],
                     processions=[["Policeman", "Soldier"], ["Policeman"], []], face_up=("Airman",),
                     step=ACQUIRE, turn=0, passed="Royal Coach", results=((40, 10, 0),), games=3, dealer=1)
    text = text_of({**g.view(state, 0), "seat": 0}, ["Seat 3 passes a card to Seat 1"])  # as Match.view
    for expected in ("Game 2 of 3", "dealer Seat 2", "Seat 1 on turn", "face up: Airman",
                     "Seat 1 (you)", "Policeman › Soldier", "your hand: Sailor · Page · Trumpeter",
                     "passed to you by Seat 3: Royal Coach", "the rubber's score sheet",
                     "Seat 3 passes a card to Seat 1"):
        assert expected in text, expected
    assert "Big Ben" not in text and "Buckingham Palace" not in text  # Seat 2's hand stays hidden
    assert not re.search(r"\bseat \d", text)  # no seat counted from 0 anywhere

    spectator = text_of({**g.view(state, None), "seat": None}, [])
    assert "spectating: hands are hidden" in spectator and "Sailor" not in spectator


def test_a_hot_seat_match_at_the_terminal_names_the_seat_to_type_as_its_table_and_log_do(monkeypatch):
    """Hot-seat: the prompt names the seat to move as the table and the log do ("Seat 1", never "seat 0")."""
    asked: list[str] = []
    typed = iter(["keep", "swap", "quit"])

    def ask(prompt, *_a, **_k):
        asked.append(prompt)
        return next(typed)

    monkeypatch.setattr(Prompt, "ask", ask)
    console = Console(record=True, width=130, color_system=None)
    play_terminal("crown-the-queen", players=3, ai="human", seed=4, seat=0, options={}, console=console)
    text = console.export_text()
    assert asked and all(re.fullmatch(r"\[bold\]Seat [1-3]\[/bold\]", p) for p in asked), asked
    assert re.search(r"Seat [1-3] deals game 1", text) and not re.search(r"\bseat \d", text)
    assert renderer("crown-the-queen") is render


def test_every_log_line_names_seats_from_1():
    match = game(4).new_match(seed=11)
    play_until(match, lambda m: m.is_over)
    seats = {int(n) for line in match.log for n in re.findall(r"Seat (\d)", line)}
    assert seats == {1, 2, 3, 4}
    assert not any(re.search(r"\bseat \d", line) for line in match.log)


def test_a_wrong_action_at_the_terminal_is_answered_without_drawing_the_table_again(monkeypatch):
    typed = iter(["1", "?", "quit"])
    monkeypatch.setattr(Prompt, "ask", lambda *_a, **_k: next(typed))
    console = Console(record=True, width=130, color_system=None)
    play_terminal("crown-the-queen", players=3, ai="human", seed=4, seat=0, options={}, console=console)
    text = console.export_text()
    assert text.count("Game 1 of 3 ·") == 1, text  # drawn once: "1" is refused, "?" lists, nothing redrawn
    assert "'1'" in text and text.count("legal:") == 1


def test_the_end_of_a_terminal_match_names_the_winner_and_scores_by_seats_from_1():
    match = game(3).new_match(seed=11)
    play_until(match, lambda m: m.is_over)
    line = outcome_line(match)
    assert re.fullmatch(r"\[bold\]The match is over: Seat [1-3]( and Seat [1-3])* won\.\[/bold\] "
                        r"Scores: Seat 1 \d+, Seat 2 \d+, Seat 3 \d+\.", line), line
    assert f"Seat {match.winners[0] + 1} won" in line or " and " in line


def test_the_terminal_says_which_seats_the_computer_plays_and_at_what_level(monkeypatch):
    monkeypatch.setattr(Prompt, "ask", lambda *_a, **_k: "quit")
    console = Console(record=True, width=130, color_system=None)
    play_terminal("crown-the-queen", players=4, ai="easy", seed=4, seat=1, options={}, console=console)
    assert "You are Seat 2; Seats 1, 3 and 4 are played by the computer (easy)." in console.export_text()
