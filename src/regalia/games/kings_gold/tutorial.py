"""Learn to play King's Gold: a guided first match, as data (dice, words, the choice each step teaches).

The dice are the game's own: each step is a match of two captains dealt from the step's ``seed`` and led to
its moment by its ``prefix`` of actions (a match is options + seed + actions), so the table shows exactly
the throw the words speak of. The learner is the first captain (seat 0), the computer (Easy) the other. The
server lights the step's choice, says ``done`` when it is made, or ``hint`` when another legal choice is
tried. The last step is a real match against Easy from a friendly first turn. tests/games/kings_gold/
test_tutorial.py checks every step against the rules.
"""

from __future__ import annotations

from regalia.core.tutorial import Step, lesson_maker

lesson = lesson_maker(options={"players": 2}, seed="0")  # two captains; the seed throws the dice


ROLL = ((0, "roll"),)

TUTORIAL: tuple[Step, ...] = (
    lesson(
        "Throw the dice",
        "You are a pirate captain after the King's gold. Each turn you throw the five Pirate Dice, up to three "
        "times. Press Roll to throw them.",
        ("roll",),
        "Not quite: a turn begins with a throw of all five dice. Press Roll.",
        "Every Skull you throw is locked at once, for the rest of the turn.",
        seed="0",
    ),
    lesson(
        "Hold your Coins",
        "Each Coin takes a gold coin from the Royal Treasury. Hold your three Coins and throw die 2 again; the "
        "Skull on die 5 is locked and cannot be thrown.",
        ("reroll 2",),
        "Not quite: Coins pay, so hold all three (dice 1, 3 and 4) and throw only die 2, the Cannon.",
        "Held dice keep their face; you may change what you hold before each throw.",
        seed="18", prefix=ROLL,
    ),
    lesson(
        "Two Skulls: beware the Curse",
        "Two Skulls are locked. A third brings the Royal Curse: every other die is void and you forfeit 2 coins. "
        "Stop now and keep your Coins and your Crest.",
        ("stop",),
        "Not quite: with two Skulls locked, one more throw may bring the Royal Curse. Stop now.",
        "Safe! Three or more Skulls void the turn, so know when to stop.",
        seed="14", prefix=ROLL,
    ),
    lesson(
        "A Crest makes a Doubloon",
        "Your Crest can pair with a Coin: that Coin takes a Royal Doubloon, worth 5 points, instead of a coin "
        "worth 1. (Or the Crest becomes a Shield against Cannons.) Convert it.",
        ("crest convert",),
        "Not quite: a Shield is good, but a Crest paired with a Coin takes a Doubloon worth 5. Convert it.",
        "A Royal Doubloon for your chest: 5 points, and no Cannon can steal it.",
        seed="14", prefix=(*ROLL, (0, "stop")),
    ),
    lesson(
        "Cannons steal",
        "Each Cannon steals a coin from an opponent with coins in the chest. Your rival has some: stop, take "
        "your Coins' gold, and your two Cannons fire.",
        ("stop",),
        "Not quite: these dice already pay well, and two Cannons with a target are worth keeping. Stop now.",
        "Two coins plundered! A Shield would have blocked them.",
        seed="56", prefix=((0, "roll"), (0, "stop"), (1, "roll"), (1, "stop"), (0, "roll")),
    ),
    lesson(
        "A heist: the King's Ransom",
        "Five of a kind is a heist. Four Coins show: hold them and throw die 1 again for the fifth. Five Coins "
        "are the King's Ransom.",
        ("reroll 1",),
        "Not quite: five Coins are the King's Ransom, so hold the four and throw only die 1, the Cannon.",
        "The King's Ransom! The whole Royal Treasury is yours, and the largest heist makes you Master Pirate.",
        seed="93", prefix=ROLL,
    ),
    lesson(
        "Your first voyage",
        "Now a real match against the computer (Easy), and your first turn has already filled your chest with "
        "three coins. The Treasury is full: sail on, and the highest score wins when it runs dry.",
        (),
        "Any legal choice is yours now.",
        "",
        seed="26", prefix=((0, "roll"), (0, "stop")),
    ),
)
