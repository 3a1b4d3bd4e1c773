"""King's Gold at the terminal (issue #46): Blackbeard's Blitz keeps the web table's clock, and the end of
a match shows the final scoring and the badges. The clock and the keyboard are injected: nothing sleeps."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from regalia.cli.terminal import play_terminal
from regalia.games.kings_gold import KingsGold
from regalia.server.referee import HandClock, Referee


class Keyboard:
    """Lines typed at given moments of a hand-wound clock. ``blocking``: a keyboard that cannot be waited
    on with a limit (the line comes whenever it is typed, even after the turn's seconds)."""

    def __init__(self, clock: HandClock, lines: list[tuple[float, str]], blocking: bool = False) -> None:
        self.clock, self.lines, self.blocking = clock, list(lines), blocking
        self.prompts: list[str] = []
        self.discarded = 0

    def read_line(self, prompt: str, timeout: float) -> str | None:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        at, text = self.lines[0]
        if self.blocking or at <= self.clock.now() + timeout:
            self.lines.pop(0)
            self.clock.at = max(self.clock.at, at)
            return text
        self.clock.advance(timeout)
        return None

    def discard(self) -> None:
        self.discarded += 1


def terminal(lines, *, blocking=False, seed=1, ai="human", **options):
    clock = HandClock(start=0.0)
    keys = Keyboard(clock, lines, blocking)
    console = Console(record=True, width=160, color_system=None)
    match = play_terminal("kings-gold", players=2, ai=ai, seed=seed, seat=0, options={"mode": "blitz", **options},
                          console=console, clock=clock, reader=keys)
    return match, keys, console.export_text()


def test_kg_20_terminal_blitz_counts_down_every_second_while_waiting():
    match, keys, text = terminal([(30.0, "quit")])
    assert "10 s left for this turn" in text  # the table's clock line
    countdown = [p for p in keys.prompts if p.startswith("⏱")][:10]
    helm = countdown[0].rsplit("· ", 1)[1]  # the seat the roll-off gave the dice
    assert countdown == [f"⏱ {n} s left · {helm}" for n in range(10, 0, -1)]
    assert "Time is up" in text and match.actions[0] == "timeout"  # nobody rolled: the turn passed
    assert any("never threw" in line for line in match.log)


def test_kg_20_terminal_blitz_refuses_an_action_typed_after_the_limit():
    # "after 19 s a re-roll is still accepted": now the line is refused and the clock calls time.
    match, keys, text = terminal([(1.0, "roll"), (19.0, "reroll 1 2 3 4 5"), (40.0, "quit")], blocking=True)
    assert match.actions[:2] == ["roll", "timeout"] and "reroll 1 2 3 4 5" not in match.actions
    assert "Too late: 'reroll 1 2 3 4 5' came after the 10 seconds of the turn" in text
    assert any(line.startswith("Time! Anne's 10 seconds are up") for line in match.log)


def test_kg_20_terminal_blitz_an_action_in_time_is_played_and_the_turn_keeps_its_clock():
    match, keys, _ = terminal([(2.0, "roll"), (5.0, "?"), (30.0, "quit")])
    assert match.actions[:2] == ["roll", "timeout"]
    prompts = [p for p in keys.prompts if p.startswith("⏱")]
    assert [p.split(" ·")[0] for p in prompts[:6]] == ["⏱ 10 s left", "⏱ 9 s left", "⏱ 8 s left", "⏱ 7 s left",
                                                         "⏱ 6 s left", "⏱ 5 s left"]  # one clock for the turn
    assert keys.discarded >= 1  # keys typed after the limit are not kept for the next turn


@dataclass
class Seat:
    kind: str = "bot"
    token_hash: str | None = None


@dataclass
class Live:
    match: Any
    id: str = "kg"
    seats: list[Seat] = field(default_factory=lambda: [Seat(), Seat()])
    clients: list[Any] = field(default_factory=list)
    left: set[int] = field(default_factory=set)
    leavers: Any = None
    pace: int | None = None  # a Blitz match, not a turn-based one


class Hub:
    """The least of a hub the referee's turn clock needs: submit plays, then the watchers hear."""

    def __init__(self) -> None:
        self.watchers: list[Any] = []
        self.live: dict[str, Live] = {}
        self.presence = None

    async def submit(self, live: Live, seat: int, version: int, action: str, clock: bool = False, **_: Any) -> None:
        live.match.play(action, seat, clock=clock)
        for watch in self.watchers:
            watch(live)


def test_kg_20_terminal_time_up_resolves_the_dice_as_the_server_s_referee_does():
    # The terminal: Anne (at the helm after the roll-off of seed 5) rolls at 1 s, then waits; at 10 s the
    # dice as they stand (Crest Coin Skull Coin Cannon) are resolved.
    played, _, text = terminal([(1.0, "roll"), (60.0, "quit")], seed=5)
    assert played.actions[:2] == ["roll", "timeout"]
    # The server's referee on the same match: the same roll at 1 s; its hand-wound clock then passes 10 s.
    clock, hub = HandClock(start=0.0), Hub()
    referee = Referee(hub, clock)  # type: ignore[arg-type]
    live = Live(KingsGold(mode="blitz").new_match(seed=5))
    hub.live[live.id] = live
    referee.watch(live)  # type: ignore[arg-type]
    clock.advance(1.0)
    asyncio.run(hub.submit(live, 0, live.match.version, "roll"))
    assert live.match.view(0)["dice"] == ["Crest", "Coin", "Skull", "Coin", "Cannon"]
    clock.advance(8.9)
    asyncio.run(referee.tick())
    assert live.match.actions == ["roll"]  # 9.9 s into the turn: still Anne's
    clock.advance(0.1)
    asyncio.run(referee.tick())
    refereed = live.match
    assert refereed.actions == ["roll", "timeout"]
    assert refereed.log == played.log[:len(refereed.log)]
    assert refereed.view(None)["captains"] == _replayed(played.actions[:2]).view(None)["captains"]
    assert refereed.view(None)["captains"][0]["doubloons"] == 1  # the Crest converted: the dice as they stood
    assert "Anne stops with Crest Coin Skull Coin Cannon" in refereed.log and "Time is up" in text


def _replayed(actions):
    again = KingsGold(mode="blitz").new_match(seed=5)
    for action in actions:
        again.play(action, clock=action == "timeout")
    return again


def test_the_end_of_a_terminal_match_shows_the_final_scoring_and_the_badges(monkeypatch):
    from regalia.cli import terminal as term
    from regalia.profiles.badges import badges_from_result

    def first_legal(console, match, legal, who, game_id):
        match.play(legal[0])
        return True

    monkeypatch.setattr(term, "ask_and_play", first_legal)
    console = Console(record=True, width=200, color_system=None)
    match = play_terminal("kings-gold", players=3, ai="hard", seed=5, seat=0, options={}, console=console)
    text = console.export_text()
    assert match.is_over
    final = text[text.index("Final scoring"):]
    for header in ("coins", "doubloons", "unused Shields", "Master Pirate", "score", "badge"):
        assert header in final, header
    result = match.result()
    view = match.view(0)
    for c in view["captains"]:
        p = c["points"]
        assert f"{c['coins']} = {p['coins']}" in final and f"{c['doubloons']} = {p['doubloons']}" in final
    master = result["master_pirate"]
    assert f"+10 (largest heist, {master['heist']} points)" in final
    badges = badges_from_result(result, 3)  # the server's own reading of the result
    assert badges, "a full match with the hard captains earns at least a Bronze Anchor"
    for seat, badge in badges.items():
        row = next(line for line in final.splitlines() if view["captains"][seat]["name"] in line)
        assert badge.value in row
    assert "The match is over" in text


def test_the_final_scoring_of_a_position_names_each_part():
    from regalia.cli.tables.kings_gold import final
    from regalia.games.kings_gold.state import OVER, position

    game = KingsGold(players=2)
    state = position(2, coins=(30, 4), doubloons=(10, 0), shields=(2, 0), penalties=(0, 1))
    state = state._replace(phase=OVER, record=25, record_holder=0)
    match_view = game.view(state, None) | {"winners": game.winners(state)}
    console = Console(record=True, width=200, color_system=None)
    console.print(final(match_view, {"winners": [0], **game.result(state)}))
    text = console.export_text()
    anne = next(line for line in text.splitlines() if "Anne" in line)
    ben = next(line for line in text.splitlines() if "Ben" in line)
    for part in ("30 = 30", "10 = 50", "2 = 4", "+10 (largest heist, 25 points)", "94", "Gold Pirate King"):
        assert part in anne, part
    assert "4 = 4" in ben and "—" in ben


def test_the_keyboard_reader_takes_lines_from_a_descriptor_and_gives_up_at_its_limit():
    import io
    import os

    from regalia.cli.terminal import KeyboardReader

    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b"roll\r\nreroll 2 5\n")
        out = io.StringIO()
        with os.fdopen(read_end, "rb", buffering=0, closefd=False) as stream:
            keys = KeyboardReader(Console(file=out, width=80), stream)
            assert keys.read_line("⏱ 10 s left · you: ", 5.0) == "roll"
            assert keys.read_line("⏱ 9 s left · you: ", 5.0) == "reroll 2 5"  # both came in one read
            assert keys.read_line("⏱ 8 s left · you: ", 0.01) is None  # nothing typed: the limit passes
        assert "⏱ 10 s left · you: " in out.getvalue() and "⏱ 8 s left" in out.getvalue()
    finally:
        os.close(read_end)
        os.close(write_end)


def test_regalia_play_takes_the_mode():
    from typer.testing import CliRunner

    from regalia.cli.main import app

    result = CliRunner().invoke(app, ["play", "kings-gold", "--mode", "blitz", "--seed", "5", "--ai", "easy"],
                                input="quit\n")
    assert result.exit_code == 0 and "10 s left for this turn" in result.output, result.output
    refused = CliRunner().invoke(app, ["play", "kings-gold", "--mode", "sprint"])
    assert refused.exit_code == 2 and "'sprint' is not valid" in refused.output


def test_kg_20_against_the_computer_each_of_your_turns_has_its_own_ten_seconds():
    # Seed 18: Anne (you) at the helm rolls at 1 s and stops at 2 s; Ben (the computer) plays at once;
    # Anne's next turn starts a fresh countdown at 10 (it once kept the first turn's deadline) and its time
    # runs out at 12 s, before the "quit" typed at 12.5 s.
    match, keys, _ = terminal([(1.0, "roll"), (2.0, "stop"), (12.5, "quit")], ai="easy", seed=18)
    assert match.actions[:2] == ["roll", "stop"] and match.actions[3] == "timeout"
    prompts = [p.split(" ·")[0] for p in keys.prompts]
    assert prompts[:13] == ["⏱ 10 s left", "⏱ 9 s left"] + [f"⏱ {n} s left" for n in range(10, 0, -1)] + [
        "⏱ 10 s left"], prompts
