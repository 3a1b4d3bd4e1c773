"""Tower guards, chambers and the throne room: GC-14 … GC-19."""

from regalia.games.gold_crown.mat import CHAMBERS
from regalia.games.gold_crown.state import KING, OVER

from .position import GAME, at, legal, marching

THRONE_GUARDS = ["j10", "l10", "j12", "l12"]
CHAMBER_GUARDS = ["k9", "m9", "m11", "m13", "k13", "i13", "i11", "i9"]
FAR_TOWERS = ["e17", "q17"]
NO_NEAR_TOWERS = THRONE_GUARDS + CHAMBER_GUARDS + FAR_TOWERS


def owned(state, **chambers):
    table = [KING] * 8
    for name, seat in chambers.items():
        table[CHAMBERS.index(name)] = seat
    return state.with_(chambers=tuple(table))


def test_gc_14_tower_guard_needs_a_second_knight_on_a_curved_box():
    alone = marching({0: ["q6"]}, points=3)
    assert "move q6-q5" not in legal(alone) and "The tower rule" in GAME.why_illegal(alone, "move q6-q5")
    pair = marching({0: ["q6", "p6"]}, points=3)
    after = GAME.apply(pair, "move q6-q5")
    assert at(after, "q5") == 0 and after.board.count(9) == 15


def test_gc_15_no_chamber_until_both_tower_guards_of_your_wall_are_gone():
    state = marching({0: ["k7"]}, points=3)
    assert "move k7-k8" not in legal(state) and "The chamber rule" in GAME.why_illegal(state, "move k7-k8")
    one_left = marching({0: ["k7"]}, points=3, guards=NO_NEAR_TOWERS + ["e5"])
    assert "move k7-k8" not in legal(one_left)
    cleared = marching({0: ["k7"]}, points=3, guards=NO_NEAR_TOWERS)
    assert "move k7-k8" in legal(cleared)


def test_gc_16_chamber_guard_falls_to_a_knight_while_another_is_inside():
    alone = marching({0: ["l8"]}, points=3, guards=NO_NEAR_TOWERS)
    assert "move l8-k9" not in legal(alone) and "The chamber rule" in GAME.why_illegal(alone, "move l8-k9")
    pair = marching({0: ["l8", "j8"]}, points=3, guards=NO_NEAR_TOWERS)
    after = GAME.apply(pair, "move l8-k9")
    assert at(after, "k9") == 0 and after.chambers[CHAMBERS.index("S")] == 0
    assert any("captures the south chamber" in line for line in GAME.describe(pair, "move l8-k9", after))


def test_gc_17_never_more_than_two_knights_at_rest_in_a_chamber():
    state = marching({0: ["j8", "l8", "k7"]}, points=3, guards=NO_NEAR_TOWERS)
    assert "move k7-k8" in legal(state)  # he may pass through...
    after = GAME.apply(GAME.apply(state, "move k7-k8"), "end")  # ...not rest there
    assert at(after, "k7") == 0 and at(after, "k8") == -1
    through = marching({0: ["k7"]}, points=3, guards=NO_NEAR_TOWERS)
    walked = GAME.apply(GAME.apply(through, "move k7-k8"), "move k8-l8")
    assert at(walked, "l8") == 0


def test_gc_18_ownership_stays_while_the_chamber_is_empty():
    state = owned(marching({0: ["k8"]}, points=3, guards=NO_NEAR_TOWERS), S=0)
    after = GAME.apply(state, "move k8-k7")
    assert after.chambers[CHAMBERS.index("S")] == 0


def storm_position(points=6, chambers=("S", "E", "N"), extra=()):
    knights = ["j9", "l9", "m10", "m12", "j13", "l13", *extra]
    state = marching({0: knights}, points=points, guards=THRONE_GUARDS + ["m9", "m13", "i13", "i11", "i9"])
    return owned(state, **{c: 0 for c in chambers})


def test_gc_19_throne_storm_with_six_men_in_one_turn_wins():
    state = storm_position()
    assert "storm" in legal(state)
    after = GAME.apply(state, "storm")
    assert after.phase == OVER and GAME.winners(after) == [0] and after.board.count(9) == 0
    assert sum(1 for b in after.board[:] if b == 1) == state.count(0)
    assert GAME.scores(after) == [1.0, 0.0]


def test_gc_19_throne_needs_three_chambers_six_points_and_no_step_enters_it():
    assert "storm" not in legal(storm_position(chambers=("S", "E")))
    assert "The throne room rule" in GAME.why_illegal(storm_position(chambers=("S", "E")), "storm")
    assert "storm" not in legal(storm_position(points=5))
    assert "move j9-j10" not in legal(storm_position()) and "The throne room rule" in GAME.why_illegal(storm_position(),
                                                                                          "move j9-k10")


def test_paragraph_barons_victory_remove_the_guards_and_crown_the_baron():
    after = GAME.apply(storm_position(), "storm")
    assert GAME.result(after)["ending"] == "crown"
    assert "takes the Gold Crown" in GAME.describe(storm_position(), "storm", after)[-1]


def test_paragraph_attacking_the_kings_men_three_chambers_to_reach_the_throne():
    state = marching({0: ["j8", "l8"]}, points=3, guards=NO_NEAR_TOWERS)
    state = GAME.apply(state, "move l8-k9")
    assert sum(1 for c in state.chambers if c == 0) == 1
