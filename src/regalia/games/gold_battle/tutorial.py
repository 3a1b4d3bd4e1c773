"""Learn to play The Gold Battle: a guided first match, as data (positions, words, the moves each step teaches).

Each step is a set position written in the battle's own position text (the ``position`` option, RULES.md
"Positions in one line"): the server starts a match from it, lights the step's moves and says ``done`` when
one of them is played, or ``hint`` when another legal move is tried. The player always has the Crimson
Knights (seat 0). The last step has no moves to teach: it is a real battle against the computer (Easy) from a
friendly position. tests/games/gold_battle/test_tutorial.py checks every step against the rules.
"""

from __future__ import annotations

from typing import Any

from regalia.core.tutorial import Step, lesson_maker

from .position import position_from_rows

lesson = lesson_maker(seed=1)  # the options carry the step's position


def _at(rows: str, rest: str = "r 0-0 0 0") -> dict[str, Any]:
    return {"position": position_from_rows(rows, rest)}


TUTORIAL: tuple[Step, ...] = (
    lesson(
        "Soldiers step",
        "You lead the Crimson Knights, the capitals at the bottom. A soldier moves exactly one square in any "
        "direction: click the soldier on e4, then the lit square e5.",
        ("e4-e5",),
        "Not quite: rule 3 lets any soldier step one square, but this lesson wants the soldier on e4 to step "
        "up to e5.",
        "Well marched! Every soldier moves one square at a time, diagonals included.",
        _at("""
            ..t..c..t..
            .m.......m.
            .sss.m.sss.
            ....s.s....
            ..F.....F..
            .....F.....
            ..F.....F..
            ....S.S....
            .SSS.M.SSS.
            .M.......M.
            ..T..C..T..
        """),
    ),
    lesson(
        "The commander leaps",
        "Your commander moves one or two squares in a straight line, diagonals too, but never onto or over a "
        "forest, tower, mine or unit. Leap the commander from f4 two squares diagonally to h6.",
        ("f4-h6",),
        "Not quite: rule 4 blocks forests, towers, mines and occupied squares, and this lesson wants the "
        "commander's two-square leap from f4 to h6.",
        "A fine leap! Two squares in a line, as long as nothing stands in the way.",
        _at("""
            ..t..c..t..
            .m.......m.
            .sss.m.sss.
            ....s.s....
            ..F.....F..
            .....F.....
            ..F.....F..
            ....SCS....
            .SSS.M.SSS.
            .M.......M.
            ..T.....T..
        """),
    ),
    lesson(
        "Two soldiers capture",
        "A soldier next to two enemy soldiers is captured (rule 5). Your soldier on e6 already touches the "
        "Azure soldier on f7: step the soldier on g5 to g6 to trap it between two.",
        ("g5-g6",),
        "Not quite: rule 5 needs two of your soldiers beside the Azure soldier on f7. Step g5 to g6.",
        "Captured! Two soldiers beside an enemy soldier take it at once.",
        _at("""
            ..t..c..t..
            .m.......m.
            .sss.m.sss.
            ...........
            ..F..s..F..
            ....SF.....
            ..F...S.F..
            ...........
            .SSS.M.SSS.
            .M.......M.
            ..T..C..T..
        """),
    ),
    lesson(
        "The commander captures",
        "Your commander alone is enough: an enemy soldier next to it is captured (rule 5). Move the commander "
        "from d5 next to the Azure soldier on d7.",
        ("d5-d6", "d5-c6", "d5-e6"),
        "Not quite: rule 5 says a soldier next to the enemy commander is captured. Move the commander from "
        "d5 to d6, c6 or e6.",
        "Captured! Keep your soldiers away from the enemy commander too.",
        _at("""
            ..t..c..t..
            .m.......m.
            .sss.m.sss.
            ...........
            ..Fs....F..
            .....F.....
            ..FC....F..
            ...........
            .SSS.M.SSS.
            .M.......M.
            ..T.....T..
        """),
    ),
    lesson(
        "Bring down a tower",
        "Three of your soldiers next to an enemy tower destroy it (rule 8). Two already stand by the Azure "
        "tower on c11: step the soldier on e10 to d11 as the third.",
        ("e10-d11",),
        "Not quite: rule 8 needs three soldiers next to the tower on c11. Step the soldier on e10 to d11.",
        "The tower falls! Its square is open ground now.",
        _at("""
            ..t.....t..
            .mSSS..c.m.
            .....m.sss.
            ...........
            ..F.....F..
            .....F.....
            ..F.....F..
            ....S.S....
            .SSS.M.SSS.
            .M.......M.
            ..T..C..T..
        """),
    ),
    lesson(
        "Free a captured soldier",
        "Your soldiers just brought down an Azure tower while the Azure side held one of your soldiers "
        "captive: it comes back (rule 9). Click the lit square e4 to free it there.",
        ("free e4",),
        "Not quite: rule 9 frees your captured soldier onto one of your soldiers' starting squares. Click e4.",
        "Free again! Every enemy tower you destroy brings one captive home.",
        _at("""
            ........t..
            .mSSS..c.m.
            .....m.sss.
            ...........
            ..F.....F..
            .....F.....
            ..F.....F..
            ......S....
            .SSS.M.SSS.
            .M.......M.
            ..T..C..T..
        """, "r+1 1-0 0 20"),
    ),
    lesson(
        "Take a gold mine",
        "A gold mine changes hands when the side that moved has two soldiers, or its commander, next to it "
        "(rule 10). Your soldier on k10 touches the Azure mine on j10: step the soldier on k8 up to k9.",
        ("k8-k9", "k8-j9"),
        "Not quite: rule 10 needs two of your soldiers next to the mine on j10. Step the soldier on k8 to k9.",
        "The mine is yours! Take all three Azure mines and the battle is won (rule 1).",
        _at("""
            ..t..c..t..
            .m.......mS
            .sss.m.s...
            ....s.s...S
            ..F.....F..
            .....F.....
            ..F.....F..
            ....S.S....
            .SSS.M.SSS.
            .M.......M.
            ..T..C..T..
        """),
    ),
    lesson(
        "Capture the commander",
        "Two soldiers beside a commander are not enough (rule 7), but three capture it and win the battle "
        "(rules 6 and 1). The Azure commander on f11 has your soldiers on e10 and g10 beside it: step the "
        "soldier on d10 to e11.",
        ("d10-e11",),
        "Not quite: rule 6 needs three of your soldiers next to the Azure commander on f11. Step d10 to e11.",
        "Victory! Capturing the enemy commander wins the battle at once.",
        _at("""
            ..t..c..t..
            .m.SS.S..m.
            .ss..m.sss.
            ...........
            ..F.....F..
            .....F.....
            ..F.....F..
            ....S.S....
            .SSS.M.SSS.
            .M.......M.
            ..T..C..T..
        """),
    ),
    lesson(
        "Your first battle",
        "Now a real battle against the computer (Easy). The Azure Lords start two soldiers short: capture "
        "their soldiers, take their mines and hunt down their commander.",
        (),
        "Any legal move is yours to choose now.",
        "",
        _at("""
            ..t..c..t..
            .m.......m.
            .sss.m.sss.
            ...........
            ..F.....F..
            .....F.....
            ..F.....F..
            ....S.S....
            .SSS.M.SSS.
            .M.......M.
            ..T..C..T..
        """),
    ),
)
