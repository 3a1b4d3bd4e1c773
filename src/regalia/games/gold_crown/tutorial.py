"""Learn to play Gold Crown: a guided first siege, as data (moments of a real siege, words, the move each
step teaches).

The spinner and the boulders' drift are the game's own chance: each step is a match of two barons dealt
from the step's ``seed`` and led to its moment by its ``prefix`` of actions (a match is options + seed +
actions). Most moments come from one whole siege kept here (``SIEGE``: two computer barons, won by Gold's
storm of the throne room); the ram's and the open gates' from short openings of their own (``RAM``,
``GATES``). The learner is Gold (South, seat 0), the computer (Easy) Silver. The last step is a real siege
against Easy from a moment where Gold holds three chambers. tests/games/gold_crown/test_tutorial.py checks
every step against the rules.
"""

from __future__ import annotations

from regalia.core.tutorial import Step, lesson_maker

lesson = lesson_maker(options={"players": 2}, seed="1")  # two barons; the seed spins and drifts


def actions(text: str) -> tuple[tuple[int, str], ...]:
    """``"0:spin;1:move r20-q19;..."`` as (seat, action) pairs."""
    return tuple((int(seat), action) for seat, action in (part.split(":", 1) for part in text.split(";")))


SIEGE = (
    '0:spin;0:fire k11;1:spin;1:move r20-q19;1:move q19-p18;0:spin;0:move j1-k2;1:spin;1:move p18-o17;1:move '
    'q20-q19;1:move q19-p18;1:move p20-q19;0:spin;0:fire k11;1:spin;1:move o20-p19;1:move p19-o18;1:move '
    'n20-o19;1:move o19-n18;1:move m20-n19;1:move n19-m18;1:move m18-l17;1:move l20-m19;1:move '
    'm19-m18;0:spin;0:move d2-e3;0:move e3-f4;0:move f4-g5;0:move e2-e3;0:move e3-f4;0:move h2-i3;0:move '
    'i3-j4;0:move i2-i3;1:spin;0:spin;1:spin;1:lose p18;1:lose o18;1:lose n18;0:spin;1:spin;0:spin;0:move '
    'i3-j4;0:move g2-h2;0:move h1-i2;0:move h2-i3;0:move i2-j3;0:move k2-l3;0:move l3-l4;0:move l2-l3;0:move '
    'm2-m3;1:spin;1:ram;1:move m18-l18;1:move q19-p18;1:move o21-n20;1:move n21-m20;1:move n20-m19;1:move '
    'j20-k19;1:move k19-j18;1:move m20-l19;0:spin;0:move c2-d2;0:move d1-e2;0:move f1-g2;0:move g2-h2;0:move '
    'i1-i2;0:move l1-k2;0:move m1-l2;0:move n1-m2;0:end;1:spin;0:spin;0:end;1:spin;1:move m19-l18;1:move '
    'm21-n20;1:move l21-m20;1:move j21-k20;1:move n20-m19;1:move k20-k19;1:move k19-j18;1:move i20-j19;1:move'
    ' h20-i19;0:spin;0:move j4-j5;0:move i3-j4;0:move h2-i3;0:move l4-l5;0:move l3-l4;0:move k2-l3;0:move '
    'g1-h2;0:move i3-h4;0:move h4-h5;0:move h5-h6;1:spin;0:spin;1:spin;0:spin;1:spin;1:move '
    'g20-h20;0:spin;0:move h2-i3;0:move i3-h4;0:move h4-h5;0:move h5-h6;0:end;1:spin;1:move f20-g20;1:move '
    'p21-o20;1:move o20-n20;1:move i21-j20;1:move h21-i20;1:move n20-m19;1:move m20-l19;1:move j20-k19;1:move'
    ' i20-j19;1:move h20-i19;0:spin;1:spin;1:move g21-h20;1:move g20-h19;1:move h19-i18;1:move i18-j17;1:move'
    ' s20-r20;1:move r21-q20;1:move q21-p20;1:move p20-o20;1:move o20-n20;1:move f21-g20;0:spin;0:move '
    'j5-i6;0:move j4-j5;0:move j3-j4;0:move l5-m6;0:move l4-l5;0:move l3-l4;0:end;1:spin;0:spin;0:scale '
    'h6;1:spin;1:move e21-f20;1:move l18-l17;1:move m19-l18;1:move n20-m19;1:move j18-j17;1:move '
    'k19-j18;1:move f20-g21;1:end;0:spin;1:spin;0:spin;1:spin;1:fire k11;0:spin;0:scale '
    'i6;1:spin;0:spin;1:spin;1:move l18-k17;1:move k17-k16;1:move j17-j16;1:move l17-k17;1:move '
    'j18-j17;1:move m19-l18;1:move j19-j18;1:move j16-i15;1:move j17-j16;1:move '
    'i15-h15;0:spin;1:spin;0:spin;0:fire k11;1:spin;1:move h15-g15;1:move g15-f16;1:move j18-j17;1:move '
    'j17-j16;1:move i19-j18;1:move j16-i15;1:move i15-h15;1:move h15-g16;1:move g16-f17;1:move f16-e17;1:move'
    ' j18-j17;0:spin;1:spin;1:move j17-j16;0:spin;0:move j5-j6;0:move i7-h7;0:move h7-g7;0:move g7-f6;0:move '
    'j6-i7;0:move i7-h7;0:move h7-g6;0:move g6-f5;1:spin;1:fire k11;0:spin;1:spin;0:spin;1:spin;0:spin;0:fire'
    ' k11;1:spin;1:move l18-k17;1:move l19-l18;0:spin;1:spin;0:spin;1:spin;1:move e20-f20;1:move '
    'j16-k15;1:move k15-l15;1:move l15-m15;1:move m15-n15;1:move n15-o15;1:move o15-p16;1:move r20-q19;1:move'
    ' q19-p18;1:move p18-o17;1:move h20-i19;0:spin;1:spin;1:fire k11;0:spin;0:move l5-k5;0:move k5-k6;0:move '
    'f2-g2;1:spin;0:spin;1:spin;1:move l18-k17;1:move i19-j18;1:move j18-j17;1:move j17-j16;1:move '
    'g21-h20;1:move q20-q19;1:move q19-p18;1:move p18-o17;1:move h20-i19;1:move i19-j18;0:spin;0:fire '
    'k11;1:spin;0:spin;1:spin;0:spin;0:scale g5;1:spin;1:move j18-k17;1:move s21-r20;1:move d21-e20;1:move '
    'e20-f21;1:move j16-k15;1:move k15-l15;1:move l15-m15;1:move m15-n15;1:move n15-o15;0:spin;0:move '
    'g6-f6;1:spin;0:spin;1:spin;0:spin;0:move e2-f2;0:move o2-n1;1:spin;0:spin;1:spin;1:move '
    'o15-p16;1:end;0:spin;0:move f2-g3;0:move g3-h4;0:move h4-i5;1:spin;0:spin;0:move i5-j5;0:move '
    'j5-j6;0:move j6-i7;0:move i7-h7;0:move h7-g7;0:move g7-f6;0:move g2-h3;0:move h3-i4;0:move i4-j5;0:move '
    'j5-j6;0:move j6-i7;1:spin;1:end;0:spin;0:move i7-h7;0:move h7-g6;1:spin;0:spin;0:move g6-f5;0:move '
    'f6-e5;1:spin;1:end;0:spin;0:move e5-f6;0:move f6-g7;0:move '
    'g7-h7;1:spin;1:end;0:spin;1:spin;0:spin;0:move e1-f2;0:move f2-g2;0:move d2-e3;0:move '
    'e3-f4;1:spin;1:end;0:spin;0:move f4-g5;0:move g2-h3;0:move h3-i4;0:move i4-j5;0:move j5-j6;0:move '
    'i2-h3;0:move h3-i4;0:move i4-j5;0:move j2-i3;0:move i3-i4;0:move m2-l3;0:move '
    'n2-m2;1:spin;0:spin;1:spin;1:fire k11;0:spin;1:spin;1:move r20-q20;1:move q20-p20;1:move '
    'p20-o20;1:end;0:spin;1:spin;1:fire k11;0:spin;0:move i4-j5;0:move o1-n2;0:move m2-l3;0:move n2-m2;0:move'
    ' p2-o3;0:move o3-n4;0:move n4-o5;0:move q2-p3;0:move p3-o4;0:move j6-k7;1:spin;1:move k16-l15;1:move '
    'l15-m15;1:move m15-n15;1:move n15-o16;1:move o16-p17;1:move p17-q17;1:move p16-o15;1:move o15-n14;1:move'
    ' n14-n13;1:move n13-m12;0:spin;0:move j5-j6;1:spin;1:move q17-p16;1:move p16-o15;1:move o15-n14;1:move '
    'm12-m13;1:move m13-m12;1:move n14-m13;1:move m13-n12;1:move n12-m11;0:spin;0:move k7-l7;0:move '
    'l7-m7;0:move m7-n7;0:move n7-o7;0:move o7-p6;0:move j6-k7;0:move k7-l7;0:move l7-m7;0:move m7-n7;0:move '
    'n7-o6;1:spin;1:move m12-l13;1:end;0:spin;0:move o6-p5;0:move p5-q5;0:move p6-o7;0:move o7-n8;0:move '
    'q5-p6;0:move p6-o7;0:move c1-d2;0:move p1-o2;0:move o2-n2;0:move n2-m3;1:spin;0:spin;1:spin;1:move '
    'm11-m10;1:move m10-n9;1:move n9-n8;1:move n8-m8;1:move m8-l9;1:move o20-n19;1:move n19-m18;1:move '
    'm18-l17;1:move l17-l16;1:move l16-m15;1:move m15-l14;0:spin;0:move o7-n8;0:move o4-o5;0:move '
    'm3-l4;0:move d2-e3;0:move e3-f4;0:move f4-g5;0:move l4-l5;0:move q1-p2;0:move n8-n9;0:move n9-m10;0:move'
    ' r1-q2;1:spin;1:move l14-k13;1:end;0:spin;0:move m10-l9;0:move g5-h5;0:move h5-i5;0:move i5-j5;0:move '
    'j5-j6;0:move j6-i7;0:move i7-i8;0:move i8-j9;0:move l9-k9;0:move j9-i10;0:move k9-j9;0:move '
    'j9-i8;1:spin;0:spin;0:move i10-i9;0:move i8-j9;0:move i9-i10;0:move k6-j7;0:move j7-i8;0:move '
    'i8-i9;0:end;1:spin;0:spin;0:scale l5 o5;1:spin;1:move l13-m12;1:move g20-h19;0:spin;0:move i9-h10;0:move'
    ' h10-i11;1:spin;0:spin;0:move l6-l7;0:move l7-m8;1:spin;0:spin;1:spin;1:move f20-g20;1:move '
    'g20-h19;1:move h19-i18;0:spin;0:move m8-l9;1:spin;1:move i18-j17;0:spin;0:move o6-n7;0:move n7-m8;0:move'
    ' l9-m9;1:spin;1:move j17-j16;1:move j16-j15;1:move j15-i14;1:move i14-j13;0:spin;1:spin;1:move '
    'f21-g20;1:move g20-h19;0:spin;0:move m8-l9;0:move l9-m10;0:move m10-m11;0:move m11-n12;0:move '
    'n12-m13;0:move m2-l3;0:move n1-m2;0:move p2-o3;0:move o3-n4;0:move n4-o5;0:move '
    'i11-i12;1:spin;0:spin;0:move l3-l4;0:move l4-k5;0:move k5-j5;0:move j5-j6;0:move i12-i11;0:move '
    'j6-i7;0:move i7-h8;0:move h8-i9;0:end;1:spin;1:move j13-i14;1:move h19-i18;0:spin;1:spin;1:move '
    'i18-j17;0:spin;1:spin;0:spin;1:spin;1:move j17-j16;1:move m12-m11;1:move j16-k15;1:move k15-j14;1:move '
    'j14-i13;1:move i14-j13;1:move d20-e19;1:move e19-f18;1:move f18-g17;1:move c20-d20;1:move '
    'd20-e19;1:end;0:spin;1:spin;0:spin;1:spin;1:move g17-h16;1:move h16-i16;1:move i16-j17;1:move '
    'j17-j16;1:move j16-k15;1:move k15-l14;1:move l14-l13;1:move l13-m12;1:move e19-f18;0:spin;0:storm'
)
"""A whole siege of two barons (medium against medium, seed \"1\"), won by Gold's storm: the lessons are moments of it."""

RAM = (
    '0:spin;1:spin;1:end;0:spin;0:end;1:spin;1:march;1:end;0:spin;1:spin;1:end;0:spin;0:end;1:spin;1:end;0:sp'
    'in;0:end;1:spin;1:march;1:end;0:spin;1:spin;1:end;0:spin;0:end;1:spin;1:end;0:spin;0:end;1:spin;1:march;'
    '1:end;0:spin;1:spin;1:end;0:spin;0:end;1:spin;1:march;1:end;0:spin;0:end;1:spin;0:spin;0:march;0:end;1:s'
    'pin;1:end;0:spin;1:spin;1:end;0:spin'
)

GATES = (
    "0:spin;1:spin;1:march;1:end;0:spin;0:ram;0:end;1:spin;1:end;0:spin;1:spin;1:end;0:spin;0:move j2-j3;"
    "0:move j3-j4;0:move j4-k5"
)
"""A short opening of its own (seed \"gates123\"): Gold spins 5 (the drawbridge comes down), 10 (the ram rolls
onto it), 6 (the gates crash open, the ram rolls back to 3-4), then 10 and walks a knight onto the drawbridge."""


def siege(moment: int) -> tuple[tuple[int, str], ...]:
    """The first ``moment`` actions of ``SIEGE``."""
    return actions(SIEGE)[:moment]


TUTORIAL: tuple[Step, ...] = (
    lesson(
        "Spin the arrow",
        "You are Gold, the baron of the South, besieging the King's castle. Each turn begins with the spinner: "
        "press Spin, and the number it stops on says what happens.",
        ("spin",),
        "Not quite: every turn begins with a spin of the arrow. Press Spin.",
        "A 12! 1 to 4 are the archers, 5 to 7 the drawbridge and the ram, 8 and 9 the walls and decks, 10 and "
        "11 scaling, 12 the catapult.",
    ),
    lesson(
        "The catapult",
        "A 12 lets you fire the catapult at any castle box. A hit on a tower box slays whoever stands there and "
        "breaches your stone line: aim at the tower guard on e5.",
        ("fire e5", "fire q5"),
        "Not quite: the catapult can slay a tower guard. Fire at e5 (or q5), a tower box beside your battlefield.",
        "A hit! The tower guard is slain and your stone line is breached there.",
        prefix=siege(1),
    ),
    lesson(
        "Move your knights",
        "A 1 sends the archers against your row 1, but no knight stands there, so you get 1 move point. Step "
        "the knight on e2 to e3, toward the castle.",
        ("move e2-e3",),
        "Not quite: any knight may step to a free neighbouring box, but this lesson wants the knight on e2 on e3.",
        "One box, one move point. Knights never stack, and never cross the stone line but by the ways it allows.",
        prefix=siege(6),
    ),
    lesson(
        "The drawbridge and the ram",
        "The spy has dropped your drawbridge and you have move points: roll the ram onto the drawbridge "
        "(1 point). A 6 then crashes the gates open; a 7 pushes the ram off and raises the bridge.",
        ("ram",),
        "Not quite: the ram opens the gates only from the drawbridge. Roll it onto the drawbridge.",
        "The ram stands on the drawbridge. Spin a 6 and the gates fly open; knights then cross through box 1.",
        seed="ram0", prefix=actions(RAM),
    ),
    lesson(
        "The gates crash open",
        "Your ram stood on the drawbridge when you spun a 6: it crashed your gates open and rolled back to boxes 3 "
        "and 4. With the bridge lowered and the gates open, knights cross: step the knight on k5 through the gates "
        "onto k6.",
        ("move k5-k6",),
        "Not quite: your gates stand open, so the knight on the drawbridge at k5 can go through them. Step him onto "
        "k6.",
        "Through the gates! Move in as many knights as you can before a 7 closes the gates and raises the bridge: "
        "a knight standing in the gates then is killed.",
        seed="gates123", prefix=actions(GATES),
    ),
    lesson(
        "Scaling the stone line",
        "A 10 lets one knight in row 1 climb onto the empty siege deck box in front of him. Send the knight on "
        "h6 up the stone line.",
        ("scale h6",),
        "Not quite: a 10 is a scaling spin. Send the knight on h6 up onto the siege deck.",
        "Over the stone line! A 9 kills every knight on a siege deck or tower box, so move on quickly.",
        prefix=siege(140),
    ),
    lesson(
        "A tower guard",
        "A tower guard falls to a knight stepping onto him while another of your knights stands on a curved box "
        "of that tower. Step the knight on f6 onto the guard at e5.",
        ("move f6-e5",),
        "Not quite: with your knight on the tower's curved box, the knight on f6 can slay the guard at e5.",
        "The guard is slain! With both tower guards of your wall gone, your knights may enter the chambers.",
        prefix=siege(299),
    ),
    lesson(
        "Take a chamber",
        "A chamber guard falls to a knight stepping onto him while another of your knights is in his chamber. "
        "Step the knight on l9 onto the guard at k9 and the south chamber is yours.",
        ("move l9-k9",),
        "Not quite: with your knight in the south chamber, the knight on l9 can slay the guard at k9.",
        "The south chamber is yours! Three chambers open the way to the throne.",
        prefix=siege(439),
    ),
    lesson(
        "Storm the throne room",
        "You hold at least three chambers, and six knights stand beside the throne room with six move points: storm it. "
        "Six knights enter at once, every King's guard falls, and you take the Gold Crown.",
        ("storm",),
        "Not quite: with three chambers or more, six knights beside the throne room and six points, storm it.",
        "Long live the new King! Storming the throne room wins the siege.",
        prefix=siege(547),
    ),
    lesson(
        "Your first siege",
        "Now a real siege against the computer (Easy), from a moment when you hold three chambers and your rival "
        "is down to eight knights. Spin, and take the throne room before his knights take yours.",
        (),
        "Any legal move is yours now.",
        "",
        prefix=siege(453),
    ),
)
