"""Learn to play Crown the Queen: a guided first game, as data (deals, words, the choice each step teaches).

The cards are the game's own: each step is a single game for two players dealt from the step's ``seed`` and
led to its moment by its ``prefix`` of actions (a match is options + seed + actions), so the table shows the
very hand and passed card the words speak of. The learner is the first player (seat 0, left of the dealer),
the computer (Easy) the other. Laying is automatic (the table lays every card the procession accepts), so the
lessons are the choices: the face-down pass (rule 5), keep or swap the card passed to you (rule 7), and the
procession's order (rule 8). The last step is a real game against Easy from a friendly start.
tests/games/crown_the_queen/test_tutorial.py checks every step against the rules.
"""

from __future__ import annotations

from regalia.core.tutorial import Step, lesson_maker

lesson = lesson_maker(options={"players": 2, "rubber": False}, seed="0")  # one game; the seed deals


TUTORIAL: tuple[Step, ...] = (
    lesson(
        "Pass a card face down",
        "Your procession must begin with a Policeman, and you hold none, so you cannot lay a card. Pass one card "
        "face down to the next player: New Zealand is never part of a procession, so give that away.",
        ("pass New Zealand",),
        "Not quite: rule 5 lets you pass any card, but a procession card may help your opponent. Pass New "
        "Zealand, worth nothing to anyone.",
        "Passed! You are back to three cards, and your opponent got nothing useful.",
        seed="23",
    ),
    lesson(
        "Swap a useless card",
        "The Houses of Parliament were passed to you, and no procession takes them. Rule 7: swap, laying the card "
        "face up on the pile, and take the top card of the centre pack instead.",
        ("swap",),
        "Not quite: rule 7 lets you swap the card passed to you for the top card of the pack. The Houses of "
        "Parliament are worth nothing: swap them.",
        "A fresh card from the pack! Nobody ever draws from the face-up pile.",
        seed="2", prefix=(
        (0, 'pass Trumpeter'), (1, 'swap'), (1, 'pass Page'), (0, 'swap'), (0, 'pass Australia'), (1, 'swap'),
        (1, 'pass Houses of Parliament'),
    ),
    ),
    lesson(
        "The Queen comes last",
        "A Queen was passed to you, but a procession ends with her: she follows seven other cards, and you have "
        "not laid a Policeman yet. Swap her for the top card of the centre pack.",
        ("swap",),
        "Not quite: the Queen is laid last (rule 8) and would wait in your hand for a long time. Swap her.",
        "Swapped. Keep a card only when your procession will want it soon.",
        seed="13", prefix=(
        (0, 'pass Royal Arms'), (1, 'swap'), (1, 'pass Queen'),
    ),
    ),
    lesson(
        "The procession's order",
        "A procession goes Policeman; Soldier, Sailor and Airman in any order; Royal Coach; Page; Archbishop; "
        "Queen. A Policeman was passed to you: keep it, and your Soldier, Sailor and Airman follow it.",
        ("keep",),
        "Not quite: the Policeman starts every procession (rule 8). Keep it.",
        "Four cards laid, 40 points! Each card your procession accepts is laid at once, and you draw again.",
        seed="435", prefix=(
        (0, 'pass Buckingham Palace'), (1, 'swap'), (1, 'pass Union Jack'), (0, 'swap'),
        (0, 'pass Marble Arch'), (1, 'swap'), (1, 'pass India'), (0, 'swap'), (0, 'pass Ceylon'), (1, 'swap'),
        (1, 'pass Queen'), (0, 'swap'), (0, 'pass Page'), (1, 'swap'), (1, 'pass Page'), (0, 'swap'),
        (0, 'pass Archbishop'), (1, 'swap'), (1, 'pass Trumpeter'), (0, 'swap'), (0, 'pass Canada'),
        (1, 'swap'), (1, 'pass Page'), (0, 'swap'), (0, 'pass Airman'), (1, 'keep'), (1, 'pass Archbishop'),
        (0, 'swap'), (0, 'pass Airman'), (1, 'swap'), (1, 'pass Royal Coach'), (0, 'swap'), (0, 'pass Queen'),
        (1, 'swap'), (1, 'pass Policeman'),
    ),
    ),
    lesson(
        "Any order after the Policeman",
        "Your Policeman is laid. Soldier, Sailor and Airman come next in any order: keep the Airman passed to you "
        "and it joins your procession at once.",
        ("keep",),
        "Not quite: your procession takes the Airman now (rule 8), so keep it.",
        "Laid! 10 points for each card of the procession, 30 for the Queen.",
        seed="358", prefix=(
        (0, 'pass Trumpeter'), (1, 'swap'), (1, 'pass Canada'), (0, 'swap'), (0, 'pass Big Ben'), (1, 'swap'),
        (1, 'pass New Zealand'), (0, 'swap'), (0, 'pass Queen'), (1, 'swap'), (1, 'pass Airman'),
    ),
    ),
    lesson(
        "Your first game",
        "Now a real game against the computer (Easy). Your procession has a Policeman and a Soldier already, and "
        "your opponent's none: lay your way to the Queen before the centre pack runs out.",
        (),
        "Any legal choice is yours now.",
        "",
        seed="8", prefix=(
        (0, 'pass Canada'), (1, 'swap'), (1, 'pass Queen'), (0, 'swap'), (0, 'pass Page'), (1, 'swap'),
        (1, 'pass Australia'),
    ),
    ),
)
