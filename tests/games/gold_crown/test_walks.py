"""The planner's walks (``planner.walks``): each knight's own walk through the turn joins the beam, so a plan
whose first steps cost a little before its last ones gain much is found.

The position is strength match 151 of medium vs easy (capped at a33318c) seen from South: one man alone on a
tower's curved box, a comrade on the gate five steps from the tower's other curved box, gates destroyed and
the bridge down, eight move points. Off the gate onto the deck the comrade loses the gate's half point and
takes the deck's exposure, and the gentle inside slope gains less than that for several steps: every beam
kept the reserve's steps on the battlefield instead, and the man on the tower waited there for forty rounds.
"""

from regalia.core.rng import Rng
from regalia.games.gold_crown import GoldCrown, planner
from regalia.games.gold_crown.mat import BOX
from regalia.games.gold_crown.state import DESTROYED, DOWN, MARCH, UP

from .position import GAME, at, marching, position

MEN = ["f6", "k6", "k5", "j5", "j4", "i3", "h2", "g2", "m2", "n2", "o2", "e2", "d2", "q2", "r2", "c1", "d1",
       "e1", "f1"]


def tower_wait():
    return marching({0: MEN, 1: ["k17", "j17"]}, points=8, gates=DESTROYED, bridge=DOWN)


def test_without_walks_no_beam_brings_the_comrade_to_the_tower():
    state = tower_wait()
    for beam in (1, 2, 5):
        plan = planner.plan_turn(GAME, state, 0, beam)[0]
        assert not any(step.startswith("move k6-") for step in plan)


def test_a_walk_brings_the_comrade_and_the_tower_guard_falls():
    state = tower_wait()
    for beam, walk in ((1, 1), (2, 1), (5, 5)):
        plan = planner.plan_turn(GAME, state, 0, beam, 0, walk)[0]
        assert plan[0] == "move k6-j7"
        after = state
        for step in plan:
            after = GAME.apply(after, step)
        assert at(after, "e5") == 0, plan  # the guard is slain and South's knight stands on his triangle


def test_walks_are_one_knight_each_and_never_step_back():
    state = tower_wait()
    value_of = planner.TurnLead(state, 0)
    found = planner.walks(GAME, state, 0, value_of, 3)
    assert set(found) <= set(range(1, 9)) and len(found[1]) == 3
    for items in found.values():
        for _, _, line in items:
            boxes = [line[0].split()[1].split("-")[0]] + [step.split("-")[1] for step in line]
            assert len(set(boxes)) == len(boxes)  # one knight, never back onto a box he left
            assert all(step.split()[1].split("-")[0] == prev for step, prev in zip(line, boxes, strict=False))


def test_the_levels_that_walk():
    levels = GoldCrown.agent_levels()
    assert levels["hard"]["walk"] >= 1 and not levels["hard"].get("stuck")
    assert levels["medium"]["stuck"] == 1 and not levels["medium"].get("walk")
    assert levels["easy"]["stuck"] == 1 and not levels["easy"].get("walk")


def stuck_at_the_tower():
    """Strength match 151 of medium vs easy at a33318c, round 39: North (medium) spun 8 and ended his turn
    with his eight points (as for forty rounds): his man on p16 alone on the NE tower, a comrade on the gate
    k16 five steps round the deck from q16 and p17."""
    south = ["e6", "k6", "l6", "p6", "e5", "r3", "d2", "i2", "j2", "l2", "o2", "p2", "q2", "r2", "s2", "d1", "n1",
             "o1", "p1", "r1"]
    north = ["c21", "s21", "d20", "e20", "g20", "h20", "q20", "r20", "i19", "j18", "g17", "j17", "k17", "f16", "k16",
             "p16"]
    guards = ["e17", "q17", "i13", "k13", "m13", "j12", "l12", "i11", "m11", "j10", "l10", "i9", "k9", "m9", "q5"]
    return position({0: south, 1: north}, seat=1, phase=MARCH, points=8, spin=8, guards=guards, reserves=False,
                    gates=DESTROYED, bridge=DOWN, boulders=4)


def test_a_stuck_baron_tries_the_walks():
    """``stuck``: where the beam's best plan gains nothing (medium's beam of 2 ends the turn here), the search
    is made again with the walks, and the man on the gate walks to the tower: its guard falls."""
    state = stuck_at_the_tower()
    assert planner.plan_turn(GAME, state, 1, 2)[0] == ["end"]
    plan = planner.plan_turn(GAME, state, 1, 2, stuck=1)[0]
    assert plan[:6] == ["move k16-l15", "move l15-m15", "move m15-n15", "move n15-o16", "move o16-p17",
                        "move p16-q17"]
    assert planner.plan_turn(GAME, state, 1, 2, walk=1)[0] == plan
    planner._PLANS.clear()
    level = GoldCrown.agent_levels()["medium"]
    assert planner.planner(GAME, state, 1, Rng("stuck"), beam=level["beam"], expect=level["expect"],
                           stuck=level["stuck"]) == "move k16-l15"


def test_a_baron_who_gains_something_is_not_stuck():
    """Where the beam finds a gain, ``stuck`` changes nothing (the walks would: medium stays medium)."""
    state = tower_wait()
    assert planner.plan_turn(GAME, state, 0, 2, stuck=1) == planner.plan_turn(GAME, state, 0, 2)


def last_man_out():
    """Strength match 207 of medium vs easy (with medium ``stuck`` alone), round 97: South (easy) holds E, SE and S
    with six men, five at the throne room's door and the sixth on g5; his gates are destroyed behind a raised
    bridge, his breaches at l6 and m7; he spun 9. The NE chamber beside him is North's and empty."""
    state = position({0: ["m11", "m10", "j9", "k9", "m9", "g5"], 1: ["k13", "l13", "i11"]}, seat=0, phase=MARCH,
                     points=9, spin=9, guards=["j12", "l12", "j10", "l10", "i9"], reserves=False, gates=DESTROYED,
                     bridge=UP, boulders=0, breaches=(BOX["m7"], BOX["l6"]))
    return state.with_(chambers=(1, 1, 0, 0, 0, -1, 1, 1))


def test_three_chambers_held_the_last_man_crosses_box_2_to_the_breach():
    """Once three chambers are held a stuck-aware baron always tries the walks, they look a step ahead (box 2,
    worth nothing behind the raised bridge, lies between the sixth man and the breach at l6), and the points
    left after the best plan (two steps take the empty NE chamber) go to the best walk (``finish``)."""
    state = last_man_out()
    assert planner.plan_turn(GAME, state, 0, 1)[0] == ["end"]
    plan = planner.plan_turn(GAME, state, 0, 1, stuck=1)[0]
    assert plan[:2] == ["move m11-m12", "move m12-m13"]
    assert "move j5-k5" in plan and "move k5-l5" in plan and plan[-1] == "move l5-l6"
    after = state
    for step in plan:
        after = GAME.apply(after, step)
    assert at(after, "l6") == 0 and at(after, "g5") == -1
