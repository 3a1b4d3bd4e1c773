"""Treachery among the barons: GC-20 … GC-23."""

import json
import re

from regalia.games.gold_crown.mat import CHAMBERS
from regalia.games.gold_crown.state import DOWN, KING, OPEN

from .position import GAME, at, legal, marching
from .test_kings_men import NO_NEAR_TOWERS, owned

CODES = r"\b(GC|GB|KG|CQ)-\d+|§"

S_TAKEN = [g for g in NO_NEAR_TOWERS if g != "k9"]
"""Every guard but the South chamber's: the South chamber has fallen to a baron."""


def test_gc_20_no_treachery_before_a_chamber_falls():
    state = marching({0: ["m7"], 1: ["n7"]}, points=3)
    assert "move m7-n7" not in legal(state) and "The Treachery rule" in GAME.why_illegal(state, "move m7-n7")
    later = owned(state, NW=1)
    after = GAME.apply(later, "move m7-n7")
    assert at(after, "n7") == 0 and after.count(1) == later.count(1) - 1


def test_gc_21_each_knight_attacks_once_a_turn():
    state = owned(marching({0: ["m7"], 1: ["n7", "o7"]}, points=3), NW=1)
    state = GAME.apply(state, "move m7-n7")
    assert "move n7-o7" not in legal(state) and "The Treachery rule" in GAME.why_illegal(state, "move n7-o7")


def silver_south(knights, points=6):
    """Gold marching with Silver holding the south chamber (its guard gone)."""
    return owned(marching(knights, points=points, guards=S_TAKEN), S=1)


S = CHAMBERS.index("S")


def test_gc_22_a_lone_knight_with_a_friend_outside_is_refused_and_the_rule_named():
    state = silver_south({0: ["j7", "k7"], 1: ["j8"]})
    struck = GAME.apply(state, "move j7-j8")  # a step onto the defender: the assault may go on this turn
    assert at(struck, "j8") == 0 and struck.chambers[S] == 1
    assert "The Treachery rule" in GAME.view(struck, 0)["unfinished"]
    after = GAME.apply(struck, "end")  # ...but it ends with one knight in: undone, the rule named
    assert at(after, "j8") == 1 and at(after, "j7") == 0 and at(after, "k7") == 0
    assert after.chambers[S] == 1 and after.count(1) == state.count(1) and after.seat == 1
    lines = GAME.describe(struck, "end", after)
    assert any(line.startswith("The Treachery rule: to take Silver's south chamber") for line in lines)
    assert not any(re.search(CODES, line) for line in lines)


def test_gc_22_two_knights_take_a_chamber_from_one_defender():
    state = silver_south({0: ["j7", "k7"], 1: ["j8"]})
    state = GAME.apply(GAME.apply(state, "move j7-j8"), "move k7-k8")
    assert GAME.view(state, 0)["unfinished"] is None
    after = GAME.apply(state, "end")
    assert after.chambers[S] == 0 and at(after, "j8") == 0 and at(after, "k8") == 0 and after.count(1) == state.count(1)
    assert "Gold captures the south chamber from Silver." in GAME.describe(state, "end", after)


def test_gc_22_three_knights_take_a_chamber_from_two_defenders_one_entering_and_leaving():
    base = silver_south({0: ["j7", "k7", "l7"], 1: ["j8", "l8"]})
    state = base
    for step in ("move j7-j8", "move l7-l8", "move k7-k8", "move k8-k7"):
        state = GAME.apply(state, step)
    after = GAME.apply(state, "end")
    assert after.chambers[S] == 0 and after.count(1) == base.count(1) - 2
    assert (at(after, "j8"), at(after, "l8"), at(after, "k7")) == (0, 0, 0)
    first = base  # the third man may pass through first, the two then strike
    for step in ("move k7-k8", "move k8-k7", "move j7-j8", "move l7-l8"):
        first = GAME.apply(first, step)
    assert GAME.apply(first, "end").chambers[S] == 0


def test_gc_22_two_knights_against_two_defenders_or_three_left_inside_are_undone():
    two = silver_south({0: ["j7", "l7"], 1: ["j8", "l8"]})
    two = GAME.apply(GAME.apply(two, "move j7-j8"), "move l7-l8")
    undone = GAME.apply(two, "end")
    assert undone.chambers[S] == 1 and at(undone, "j8") == 1 and at(undone, "l8") == 1
    assert any("three of your knights must enter" in line for line in GAME.describe(two, "end", undone))
    three = silver_south({0: ["j7", "k7", "l7"], 1: ["j8", "l8"]})
    for step in ("move j7-j8", "move l7-l8", "move k7-k8"):
        three = GAME.apply(three, step)
    undone = GAME.apply(three, "end")
    assert undone.chambers[S] == 1 and at(undone, "k7") == 0
    assert any(line.startswith("The chamber rule: no more than two knights may rest in the south chamber")
               for line in GAME.describe(three, "end", undone))


def test_gc_22_the_last_point_spent_on_an_unfinished_assault_ends_the_turn_undone():
    state = silver_south({0: ["j7", "k7"], 1: ["j8"]}, points=1)
    after = GAME.apply(state, "move j7-j8")
    assert after.seat == 1 and at(after, "j8") == 1 and at(after, "j7") == 0
    assert any("The Treachery rule" in line for line in GAME.describe(state, "move j7-j8", after))


def test_gc_22_an_empty_rival_chamber_falls_to_one_knight():
    state = owned(marching({0: ["k7"]}, points=3, guards=S_TAKEN), S=1)
    after = GAME.apply(GAME.apply(state, "move k7-k8"), "end")
    assert after.chambers[S] == 0


def test_gc_17_a_knight_passes_through_a_full_chamber_along_empty_boxes_but_may_not_end_there():
    full = marching({0: ["j9", "l9", "j7"]}, points=3, guards=NO_NEAR_TOWERS)  # the King's, two of Gold's in it
    inside = GAME.apply(full, "move j7-k8")
    passed = GAME.apply(GAME.apply(inside, "move k8-l7"), "end")
    assert at(passed, "l7") == 0 and at(passed, "k8") == -1 and passed.seat == 1
    assert "The chamber rule" in GAME.view(inside, 0)["unfinished"]
    stayed = GAME.apply(inside, "end")
    assert at(stayed, "j7") == 0 and at(stayed, "k8") == -1
    assert any(line.startswith("The chamber rule: no more than two knights may rest in the south chamber")
               for line in GAME.describe(inside, "end", stayed))


def test_gc_17_a_knight_passes_through_a_rival_chamber_but_may_not_end_his_move_there():
    state = silver_south({0: ["k7"], 1: ["j8"]})
    passed = GAME.apply(GAME.apply(GAME.apply(state, "move k7-k8"), "move k8-l7"), "end")
    assert at(passed, "l7") == 0 and passed.chambers[S] == 1 and at(passed, "j8") == 1
    rested = GAME.apply(GAME.apply(state, "move k7-k8"), "end")
    assert at(rested, "k7") == 0 and at(rested, "k8") == -1 and rested.chambers[S] == 1


def test_gc_23_no_attack_on_the_battlefield_or_the_gate():
    state = owned(marching({0: ["k7"], 1: ["k6"]}, points=3, bridge=DOWN, gates=OPEN), NW=1)
    assert "move k7-k6" not in legal(state) and "The Treachery rule" in GAME.why_illegal(state, "move k7-k6")


def test_paragraph_treachery_masonry_attack_one_for_one():
    state = owned(marching({0: ["m7", "o7"], 1: ["n7", "n6"]}, points=3), NW=1)
    state = GAME.apply(state, "move m7-n7")
    assert at(state, "n7") == 0
    assert KING == -1


def test_gc_22_a_turn_in_the_middle_of_an_assault_travels_whole_in_its_view():
    state = silver_south({0: ["j7", "k7", "l7"], 1: ["j8", "l8"]})
    for step in ("move j7-j8", "move k7-k8"):
        state = GAME.apply(state, step)
        view = json.loads(json.dumps(GAME.view(state, 1)))
        again = GAME.determinize(view, 1, None)
        assert again == state and again.before == state.before and again.entered == state.entered
        assert GAME.apply(again, "end") == GAME.apply(state, "end")
