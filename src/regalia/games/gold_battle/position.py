"""The one-line position text (the battle's FEN), so a test reads as the position it tests.

    2t2c2t2/1m7m1/1sss1m1sss1/4s1s4/2F5F2/5F5/2F5F2/4S1S4/1SSS1M1SSS1/1M7M1/2T2C2T2 r 0-0 0 0

Six fields separated by spaces (the last three may be left out):

1. the board, rank 11 first, ranks separated by ``/``, files a to k; a number is that many empty squares;
   ``C/c`` commander, ``S/s`` soldier, ``T/t`` tower, ``M/m`` gold mine owned by Red/Blue, ``F`` forest.
   A mine in ranks 1-5 is Red's home mine, in ranks 7-11 Blue's (rank 6 holds none).
2. the side to act, ``r`` or ``b``; ``r+1`` means Red still frees one soldier this turn (decision GB-1).
3. captives: ``R-B`` = Red soldiers held by Blue, Blue soldiers held by Red.
4. plies since the last capture, tower destruction, mine flip or freeing (the 60-ply draw).
5. plies played (the 300-ply cap).
"""

from __future__ import annotations

import re

from .board import BLUE_HALF, MIDDLE_RANK, RED_HALF, SIZE, square
from .state import NO_SQUARE, BattleState

START = "2t2c2t2/1m7m1/1sss1m1sss1/4s1s4/2F5F2/5F5/2F5F2/4S1S4/1SSS1M1SSS1/1M7M1/2T2C2T2 r 0-0 0 0"

_PIECES = "CSTMFcstm"
_RANK = re.compile(r"\d+|[A-Za-z]")


def parse_position(text: str, *, finished: bool = False) -> BattleState:
    """The state a position text describes; ValueError says what is wrong with it.

    A battle in progress has both commanders; a ``finished`` one may have lost one (rule 10: a captured
    commander leaves the board), which is how a final view is read back.
    """
    if not isinstance(text, str):
        raise ValueError(f"a position is a text, not {type(text).__name__}")
    fields = text.split()
    if not 1 <= len(fields) <= 5:
        raise ValueError("a position has 1 to 5 fields: board, side, captives, quiet plies, plies")
    ranks = fields[0].split("/")
    if len(ranks) != SIZE:
        raise ValueError(f"the board needs {SIZE} ranks separated by '/', found {len(ranks)}")
    soldiers, towers, mines = [0, 0], [0, 0], [0, 0]
    commanders = [NO_SQUARE, NO_SQUARE]
    forests = 0
    for row, rank_text in enumerate(ranks):
        rank = SIZE - 1 - row
        file = 0
        for token in _RANK.findall(rank_text):
            if token.isdigit():
                file += int(token)
                continue
            if token not in _PIECES:
                raise ValueError(f"unknown piece {token!r} on rank {rank + 1} (pieces: {_PIECES})")
            if file >= SIZE:
                raise ValueError(f"rank {rank + 1} has more than {SIZE} squares")
            bit = 1 << square(file, rank)
            side = 0 if token.isupper() else 1
            kind = token.upper()
            if kind == "C":
                if commanders[side] != NO_SQUARE:
                    raise ValueError(f"{'Crimson' if side == 0 else 'Azure'} has two commanders")
                commanders[side] = square(file, rank)
            elif kind == "S":
                soldiers[side] |= bit
            elif kind == "T":
                towers[side] |= bit
            elif kind == "M":
                if bit & MIDDLE_RANK:
                    raise ValueError("a gold mine on rank 6 belongs to no side's home")
                mines[side] |= bit
            else:
                forests |= bit
            file += 1
        if "".join(_RANK.findall(rank_text)) != rank_text or file != SIZE:
            raise ValueError(f"rank {rank + 1} must describe exactly {SIZE} squares: {rank_text!r}")
    if NO_SQUARE in commanders and not finished:
        raise ValueError("each side needs exactly one commander (C and c)")
    side_text = fields[1] if len(fields) > 1 else "r"
    match = re.fullmatch(r"([rb])(?:\+([0-9]))?", side_text)
    if not match:
        raise ValueError(f"the side to act is 'r' or 'b' (optionally '+N' frees), not {side_text!r}")
    side = 0 if match.group(1) == "r" else 1
    frees = int(match.group(2) or 0)
    captives = fields[2] if len(fields) > 2 else "0-0"
    found = re.fullmatch(r"(\d)-(\d)", captives)
    if not found:
        raise ValueError(f"captives are written 'R-B' (e.g. 0-2), not {captives!r}")
    captured = (int(found.group(1)), int(found.group(2)))
    if frees > captured[side]:
        raise ValueError("a side cannot free more soldiers than the enemy holds")
    numbers = []
    for name, value in zip(("quiet plies", "plies"), fields[3:], strict=False):
        if not value.isdigit():
            raise ValueError(f"{name} must be a number, not {value!r}")
        numbers.append(int(value))
    quiet, ply = (numbers + [0, 0])[:2]
    all_mines = mines[0] | mines[1]
    state = BattleState(
        soldiers=(soldiers[0], soldiers[1]), commanders=(commanders[0], commanders[1]),
        towers=(towers[0], towers[1]), mines=(mines[0], mines[1]),
        home_mines=(all_mines & RED_HALF, all_mines & BLUE_HALF), forests=forests,
        captured=captured, side=side, frees=frees, quiet=quiet, ply=ply,
    )
    return state.replace(seen=(state.key,))  # GB-4: the start is seen once


def format_position(state: BattleState) -> str:
    """The position text of a state (``parse_position`` reads it back)."""
    rows = []
    for rank in range(SIZE - 1, -1, -1):
        row, empty = "", 0
        for file in range(SIZE):
            piece = piece_at(state, square(file, rank))
            if piece == ".":
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        rows.append(row + (str(empty) if empty else ""))
    side = "rb"[state.side] + (f"+{state.frees}" if state.frees else "")
    return f"{'/'.join(rows)} {side} {state.captured[0]}-{state.captured[1]} {state.quiet} {state.ply}"


def piece_at(state: BattleState, sq: int) -> str:
    """The letter of what stands on ``sq`` ('.' for open ground)."""
    bit = 1 << sq
    for side, (commander, soldier, tower, mine) in enumerate((tuple("CSTM"), tuple("cstm"))):
        if state.commanders[side] == sq:
            return commander
        if state.soldiers[side] & bit:
            return soldier
        if state.towers[side] & bit:
            return tower
        if state.mines[side] & bit:
            return mine
    return "F" if state.forests & bit else "."



def position_from_rows(rows: str, rest: str = "r 0-0 0 0") -> str:
    """The position text of a drawn board: 11 rows of 11 letters, rank 11 first, ``.`` for open ground.

    Tests draw the position they test::

        position_from_rows('''
            ...........
            .....c.....
            ...
        ''', "r 0-0 0 0")
    """
    lines = [line.split("|")[0].replace(" ", "") for line in rows.strip().splitlines()]
    board = []
    for line in lines:
        row, empty = "", 0
        for char in line:
            if char == ".":
                empty += 1
                continue
            row += (str(empty) if empty else "") + char
            empty = 0
        board.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(board)} {rest}"
