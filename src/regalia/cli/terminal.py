"""Terminal play: a seat's table drawn with Rich, the legal actions listed, actions typed.

A game with a turn clock (King's Gold's Blackbeard's Blitz) keeps the same clock as the web table's
referee (``server/referee.py``): the limit is ``game.turn_seconds(state)``, it starts when the seat to move
changes, and when it runs out the terminal plays ``game.clock_actions(state)[0]`` with ``clock=True`` (a
recorded input the game resolves: in the Blitz, the dice as they stand). While it waits for a typed action
the countdown is drawn again every second; a line that comes in after the limit is refused. The clock and
the keyboard are injectable (``clock``, ``reader``): tests wind a clock by hand and script the lines.
"""

from __future__ import annotations

import math
import os
import secrets
import sys
import time
from typing import Any, Protocol

from rich.console import Console
from rich.markdown import Markdown
from rich.prompt import Prompt

from regalia.ai import load_agent
from regalia.core.errors import IllegalAction
from regalia.games import game_class, load_game, rulebook

from .tables import _module, renderer, seat_names

HUMAN = "human"


def rules_text(game_id: str) -> str:
    return rulebook(game_class(game_id)) or "No rulebook is bundled for this game."


PLAYED, LEFT, TIME_UP = "played", "left", "time up"


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic scale (only differences matter)."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.monotonic()


class LineReader(Protocol):
    def read_line(self, prompt: str, timeout: float) -> str | None:
        """The line typed (without its newline), or None if ``timeout`` seconds pass first; EOFError when
        the input is closed. ``prompt`` is drawn (again) while waiting."""
        ...

    def discard(self) -> None:
        """Forget what was typed and not yet entered: the clock called time."""
        ...


class KeyboardReader:
    """The keyboard of a POSIX terminal, read key by key (cbreak mode) so that the prompt, with its
    countdown, can be redrawn in place while a line is half typed. A pipe is read line by line."""

    def __init__(self, console: Console, stream: Any = None) -> None:
        self.console = console
        self.stream = stream if stream is not None else sys.stdin
        self.buffer = ""
        self.pending = ""

    def _draw(self, prompt: str, tty: bool) -> None:
        out = self.console.file
        out.write(("\r\x1b[K" if tty else "") + prompt + (self.buffer if tty else "") + ("" if tty else "\n"))
        out.flush()

    def read_line(self, prompt: str, timeout: float) -> str | None:
        import select
        import termios
        import tty as ttys

        fd = self.stream.fileno()
        is_tty = os.isatty(fd)
        end = time.monotonic() + timeout
        saved = termios.tcgetattr(fd) if is_tty else None
        if is_tty:
            ttys.setcbreak(fd, termios.TCSANOW)
        try:
            self._draw(prompt, is_tty)
            while True:
                if self.pending:
                    line = self._take_line()
                    if line is not None:
                        return line
                    self._draw(prompt, is_tty)
                left = end - time.monotonic()
                if left <= 0 or not select.select([fd], [], [], left)[0]:
                    return None
                chunk = os.read(fd, 1024).decode(errors="replace")  # the fd itself: no hidden read-ahead
                if not chunk:
                    raise EOFError
                self.pending += chunk
        finally:
            if saved is not None:
                termios.tcsetattr(fd, termios.TCSANOW, saved)

    def _take_line(self) -> str | None:
        """Edit the buffer with the keys pending; the line when Enter was among them."""
        while self.pending:
            key, self.pending = self.pending[0], self.pending[1:]
            if key in "\r\n":
                line, self.buffer = self.buffer, ""
                if self.pending.startswith("\n") and key == "\r":
                    self.pending = self.pending[1:]
                self.console.file.write("\n")
                return line
            if key in ("\x7f", "\b"):
                self.buffer = self.buffer[:-1]
            elif key == "\x04" and not self.buffer:
                raise EOFError
            elif key.isprintable():
                self.buffer += key
        return None

    def discard(self) -> None:
        self.buffer = self.pending = ""
        self.console.file.write("\n")
        try:
            import termios

            termios.tcflush(self.stream.fileno(), termios.TCIFLUSH)  # keys typed after the limit
        except (ImportError, OSError, ValueError):
            pass


class BlockingReader:
    """Where the keyboard cannot be waited on with a limit (no ``select`` on a console): the line is
    read whenever it comes; one that comes too late is refused by the caller."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def read_line(self, prompt: str, timeout: float) -> str | None:
        return Prompt.ask(prompt, console=self.console)

    def discard(self) -> None:
        pass


def default_reader(console: Console) -> LineReader:
    """The keyboard waited on with a limit where the input is a POSIX file descriptor, else read as it comes."""
    try:
        sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # no descriptor (a test runner's input, an embedded shell)
        return BlockingReader(console)
    return KeyboardReader(console) if os.name == "posix" else BlockingReader(console)


def play_terminal(game_id: str, *, players: int | None, ai: str, seed: int | None, seat: int,
                  options: dict[str, Any], console: Console | None = None, clock: Clock | None = None,
                  reader: LineReader | None = None) -> Any:
    """Play a match at the terminal; returns the match (over, or left unfinished with ``quit``)."""
    console = console or Console()
    clock = clock or SystemClock()
    opts = dict(options)
    if players is not None:
        opts["players"] = players
    game = load_game(game_id, **opts)
    if not 0 <= seat < game.players:
        raise ValueError(f"--seat must be 0..{game.players - 1}")
    seed = secrets.randbelow(2**31) if seed is None else seed
    match = game.new_match(seed=seed)
    agents = {} if ai == HUMAN else {
        s: load_agent(game_id, ai, seed=f"{seed}:{s}") for s in range(game.players) if s != seat
    }
    draw = renderer(game_id)
    console.print(f"[bold]{game.title}[/bold] — seed {seed}. Type an action, [bold]?[/bold] for the legal "
                  "ones, [bold]help[/bold] for the rules, [bold]quit[/bold] to leave.")
    if agents:
        names = seat_names(game_id, match.view(seat))
        you = f"Seat {seat + 1}" if names is None else f"{names[seat]} (Seat {seat + 1})"
        others = seat_list(sorted(agents)) if names is None else and_list(
            [f"{names[s]} (Seat {s + 1})" for s in sorted(agents)])
        console.print(f"You are {you}; {others} {'is' if len(agents) == 1 else 'are'} played by the computer ({ai}).")
    shown = 0
    timer: tuple[int, float, float] | None = None
    """The running turn limit, as the referee keeps it: (seat, deadline, seconds)."""
    while not match.is_over:
        mover = match.to_move
        assert mover is not None
        if mover in agents:
            action = agents[mover].choose(match)
            match.play(action)
            timer = None  # the seat to move changed: the next person's turn has a limit of its own
            continue
        seconds = match.game.turn_seconds(match.state)
        if seconds is None:
            timer = None
        elif timer is None or timer[0] != mover:  # the seat to move changed: a new limit, as the referee
            timer = (mover, clock.now() + seconds, seconds)
        view = match.view(mover)
        if timer is not None and isinstance(view.get("clock"), dict):
            view["clock"]["seconds_left"] = shown_seconds(timer[1] - clock.now())
        console.print(draw(view, match.log[shown:]))
        shown = len(match.log)
        legal = match.legal_actions()
        console.print("[dim]legal:[/dim] " + "  ".join(legal[:40]) + (" …" if len(legal) > 40 else ""))
        who = f"Seat {mover + 1}" if ai == HUMAN else "you"  # counted from 1, as tables name seats
        if timer is None:
            if not ask_and_play(console, match, legal, who, game_id):
                return match
            continue
        reader = reader or default_reader(console)
        outcome = ask_in_time(console, match, legal, who, game_id, timer, clock, reader)
        if outcome == LEFT:
            return match
        if outcome == TIME_UP:
            reader.discard()
            match.play(match.game.clock_actions(match.state)[0], clock=True)
            timer = None
    final_view = match.view(seat if ai != HUMAN else None)
    console.print(draw(final_view, match.log[shown:]))
    summary = getattr(_module(game_id), "final", None)
    if summary is not None:
        console.print(summary(final_view, match.result()))
    console.print(outcome_line(match))
    return match


def shown_seconds(left: float) -> int:
    """The whole seconds a countdown shows: 10 until a full second has gone, 0 only when time is up."""
    return max(0, math.ceil(left - 1e-9))


def ask_in_time(console: Console, match: Any, legal: list[str], who: str, game_id: str,
                timer: tuple[int, float, float], clock: Clock, reader: LineReader) -> str:
    """Ask until the person plays a legal action (PLAYED), leaves (LEFT) or the limit passes (TIME_UP),
    drawing the countdown again each second; a line that comes in after the limit is refused."""
    _, deadline, seconds = timer
    while True:
        left = deadline - clock.now()
        if left <= 0:
            console.print(f"[bold red]⏱ Time is up: the {seconds:g} seconds of the turn have run out.[/bold red]")
            return TIME_UP
        on_show = shown_seconds(left)
        try:
            typed = reader.read_line(f"⏱ {on_show} s left · {who}: ", left - (on_show - 1))
        except (EOFError, KeyboardInterrupt):
            console.print("\nleaving the table.")
            return LEFT
        if typed is None:
            continue
        typed = typed.strip()
        if clock.now() >= deadline:
            console.print(f"[red]Too late: {typed!r} came after the {seconds:g} seconds of the turn; "
                          "the clock has called time.[/red]")
            return TIME_UP
        if typed in ("quit", "exit"):
            return LEFT
        if typed == "help":
            console.print(Markdown(rules_text(game_id)))
        elif typed in ("?", "legal"):
            console.print("  ".join(legal))
        elif typed:
            try:
                match.play(typed)
                return PLAYED
            except IllegalAction as exc:
                console.print(f"[red]{exc}[/red]")


def and_list(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def seat_list(seats: list[int]) -> str:
    """"Seat 2", "Seats 2 and 3", "Seats 2, 3 and 4": seats counted from 1."""
    names = [str(s + 1) for s in seats]
    if len(names) == 1:
        return f"Seat {names[0]}"
    return f"Seats {', '.join(names[:-1])} and {names[-1]}"


def outcome_line(match: Any) -> str:
    """Who won and the scores, seats counted from 1 as the tables and logs count them."""
    winners = " and ".join(f"Seat {w + 1}" for w in match.winners) or "nobody"
    scores = ", ".join(f"Seat {s + 1} {score:g}" for s, score in enumerate(match.scores))
    return f"[bold]The match is over: {winners} won.[/bold] Scores: {scores}."


def ask_and_play(console: Console, match: Any, legal: list[str], who: str, game_id: str) -> bool:
    """Ask until the person plays a legal action (True) or leaves (False). A wrong action, ``help`` or
    ``?`` is answered on its own: the table is drawn again only once something has been played."""
    while True:
        try:
            typed = Prompt.ask(f"[bold]{who}[/bold]", console=console).strip()
        except (EOFError, KeyboardInterrupt):
            console.print("\nleaving the table.")
            return False
        if typed in ("quit", "exit"):
            return False
        if typed == "help":
            console.print(Markdown(rules_text(game_id)))
        elif typed in ("?", "legal"):
            console.print("  ".join(legal))
        else:
            try:
                match.play(typed)
                return True
            except IllegalAction as exc:
                console.print(f"[red]{exc}[/red]")
