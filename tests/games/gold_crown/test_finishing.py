"""Every level brings a match to its end: strength-benchmark matches of medium against easy that used to hit
the 100-round cap (the King's victory through passivity) now end before it.

The matches are the benchmark's own (``regalia.bench.gold_crown.duel``: seeds ``strength:{index}``, the
hero South in even matches). At the levels of a128d23 these ran out the cap (400 matches, REGALIA_AI_CLOCK=cpu):
a baron who held three chambers kept most of his men on the far corners of the back rows, where no way in
pulled them, and lost them one by one to the archers before six reached the throne room's door; the easy
baron's random steps walked his last men back and forth (see ``evaluation.FAINT_UNTIL``, ``DOOR_PULL`` and
the easy baron's noise, now among near-equal steps and never once three chambers are held, in
``planner.planner``). Over 400 at 697e012 (REGALIA_AI_CLOCK=cpu) medium beat easy 74.25% and 4 matches
still ran out the cap (19, 23, 303, 333: long sieges in which both armies were worn down to a handful);
hard beat medium 60.0% with none capped. Those four end before the cap since the evaluation no longer counts
destroyed gates behind a raised drawbridge as a way in (``evaluation.gate_way``: men waited on box 2 for the
5 that crushes them). With the men beside a tower pulled onto it (``objectives``, ``LAST_STEPS``: match 19
capped again without it) all four end with the Crown before round 80. Over 400 at a33318c
(REGALIA_AI_CLOCK=cpu, 2 workers): medium beat easy 71.25% (66.6-75.5%) and one match still ran out the cap
(151); hard beat medium 59.25% (54.4-64.0%) with none capped (goal 65%: not met).

Since then the barons walk (``planner.walks``: each knight's own walk through the turn joins the beam; hard
always, medium and easy when stuck or once three chambers are held, ``planner.finish``). 151 ended (medium's
man on the gate now walks round the deck to his comrade alone on a tower); at f0b7ba6 (medium stuck-aware
only) 113 ran out the cap instead (the sixth man never crossed the drawbridge's box 2 to the breach: walks
now look a step ahead once three chambers are held) and, with easy stuck-aware too, 207. Over 400 at 98d3aeb
(REGALIA_AI_CLOCK=cpu, 2 workers): medium beat easy 72.75% (291 of 400, 95% Wilson 68.2-76.9%) with one
match capped (317: a long treachery war, the easy baron one storm from the Crown at round 100; at round 88
his noise picked ``end`` with 12 points unspent); hard beat medium 74.5% (298 of 400, 70.0-78.5%) with none
capped (goal 65%: met; the same 400 matches at a33318c: 237, paired 80 won only now, 19 only then).
Since the easy baron's noise never picks ``end`` while a step is left (``planner.noisy_step``; only the easy
level has noise, so hard vs medium is unchanged), over 400 (REGALIA_AI_CLOCK=cpu, 2 workers): medium beat easy
72.25% (289 of 400, 95% Wilson 67.7-76.4%) with none capped (317 ends: easy takes the Crown at round 46).
Both at 39127c6 (with the rules' GC-9/GC-10 gate fix of 2fb186d): hard vs medium again 74.5% (298 of 400,
70.0-78.5%), none capped, every match the same winner, ending and length as at 98d3aeb.
On 400 new matches (400-799) medium beat that easy only 66.75%; with the easy baron's noise at 0.35 medium
beat easy 76.5% of 0-399 and 71.5% of 400-799, none capped (at 0.4, match 110 ran out the cap: a slow siege).
"""

import pytest

from regalia.bench.gold_crown import duel
from regalia.core.rng import Rng
from regalia.games.gold_crown import evaluation, planner
from regalia.games.gold_crown.mat import BOX, MAT

from .position import GAME, marching
from .test_kings_men import NO_NEAR_TOWERS, owned

FORMERLY_CAPPED = [44, 141, 207, 19, 23, 303, 333, 151, 113, 317]


@pytest.mark.parametrize("index", FORMERLY_CAPPED)
def test_a_formerly_capped_medium_easy_match_ends_before_the_cap(index):
    planner._PLANS.clear()
    _, winner, _, ending, rounds = duel(("medium", "easy", index, 100))
    assert ending != "siege", f"strength match {index}: capped after {rounds} rounds"
    assert ending in ("crown", "king")


def test_a_far_knight_still_feels_the_way_in():
    """The battlefield worth falls with every step from a way in up to ``FAINT_UNTIL`` steps (it stopped
    at eight: the back rows' far corners were all worth nothing, and their men never moved)."""
    worth_at = evaluation._WORTH_AT
    assert all(a > b for a, b in zip(worth_at, worth_at[1:], strict=False))
    assert worth_at[7] == 0.5 and worth_at[-1] == 0.0
    face, breaches, gate, triangles = 0, (), False, ()
    table = evaluation.approach(face, breaches, gate, triangles)
    back_row = [b for b in MAT.dash if MAT.face[b] == face and MAT.row[b] == 6]
    assert all(table[b] > 0 for b in back_row)


def calm_siege():
    """South holds W, SW and S with five men at the throne room's door and two more on the way."""
    guards = [g for g in NO_NEAR_TOWERS if g not in ("k9", "i9", "i11")]
    state = marching({0: ["i10", "i11", "i9", "j9", "k9", "i7", "g6", "j6"], 1: ["k17", "j17"]}, points=6,
                     guards=guards)
    return owned(state, W=0, SW=0, S=0)


def test_the_easy_baron_keeps_calm_once_three_chambers_are_held():
    """Three chambers held, every step of the easy baron is his plan's (no random step walks his last men
    away from the door)."""
    state = calm_siege()
    planner._PLANS.clear()
    calm = planner.planner(GAME, state, 0, Rng("calm"), beam=1, expect=False)
    for i in range(20):
        planner._PLANS.clear()
        assert planner.planner(GAME, state, 0, Rng(f"noisy:{i}"), beam=1, expect=False, noise=1.0) == calm
    before = owned(state, W=0, SW=0)
    picks = set()
    for i in range(20):
        planner._PLANS.clear()
        picks.add(planner.planner(GAME, before, 0, Rng(f"noisy:{i}"), beam=1, expect=False, noise=1.0))
    assert len(picks) > 1  # with two chambers the noise is still there


def test_a_man_two_steps_from_a_tower_joins_his_comrade_there():
    """GC-14: two men on a tower's curved boxes and the guard falls to one step. One of South's men stands on
    f6; another, on the deck at g7, is two steps (by the wall at f7) from the free curved box e6. Every level's
    planner spends its two points on that walk, not on the reserve's steps towards the breaches (before, the
    occupied f6 counted as the man's objective one step away, the step to f7 gained nothing and the beam
    dropped it: in strength match 19 the man on the tower waited thirty rounds and the siege hit the cap)."""
    from regalia.games.gold_crown.state import DESTROYED

    state = marching({0: ["f6", "g7", "h7", "k6", "j6", "l6"], 1: ["k17"]}, points=2, gates=DESTROYED,
                     breaches=(MAT.stone[0][-1][0], MAT.stone[0][1][0]))
    assert sorted(state.barons[0].breaches) == [BOX["j6"], BOX["l6"]]
    for beam in (1, 2, 5):
        assert planner.plan_turn(GAME, state, 0, beam)[0] == ["move g7-f7", "move f7-e6"]
