"""Treachery among the barons: GC-20 … GC-23."""

from regalia.games.gold_crown.mat import CHAMBERS
from regalia.games.gold_crown.state import DOWN, KING, OPEN

from .position import GAME, at, legal, marching
from .test_kings_men import NO_NEAR_TOWERS, owned

S_TAKEN = [g for g in NO_NEAR_TOWERS if g != "k9"]
"""Every guard but the South chamber's: the South chamber has fallen to a baron."""


def test_gc_20_no_treachery_before_a_chamber_falls():
    state = marching({0: ["m7"], 1: ["n7"]}, points=3)
    assert "move m7-n7" not in legal(state) and "GC-20" in GAME.why_illegal(state, "move m7-n7")
    later = owned(state, NW=1)
    after = GAME.apply(later, "move m7-n7")
    assert at(after, "n7") == 0 and after.count(1) == later.count(1) - 1


def test_gc_21_each_knight_attacks_once_a_turn():
    state = owned(marching({0: ["m7"], 1: ["n7", "o7"]}, points=3), NW=1)
    state = GAME.apply(state, "move m7-n7")
    assert "move n7-o7" not in legal(state) and "GC-21" in GAME.why_illegal(state, "move n7-o7")


def test_gc_22_chamber_assault_needs_a_stronger_force():
    base = {0: ["j7", "k7"], 1: ["j8", "l8"]}
    weak = owned(marching(base, points=5, guards=S_TAKEN), S=1)
    assert "move j7-j8" not in legal(weak) and "GC-22" in GAME.why_illegal(weak, "move j7-j8")
    strong = owned(marching({0: ["j7", "k7", "l7"], 1: ["j8", "l8"]}, points=5, guards=S_TAKEN), S=1)
    state = GAME.apply(strong, "move j7-j8")
    assert state.chambers[CHAMBERS.index("S")] == 1
    state = GAME.apply(state, "move l7-l8")
    assert state.chambers[CHAMBERS.index("S")] == 0 and state.count(1) == strong.count(1) - 2


def test_gc_22_an_empty_rival_chamber_falls_to_one_knight():
    state = owned(marching({0: ["k7"]}, points=3, guards=S_TAKEN), S=1)
    after = GAME.apply(state, "move k7-k8")
    assert after.chambers[CHAMBERS.index("S")] == 0


def test_gc_23_no_attack_on_the_battlefield_or_the_gate():
    state = owned(marching({0: ["k7"], 1: ["k6"]}, points=3, bridge=DOWN, gates=OPEN), NW=1)
    assert "move k7-k6" not in legal(state) and "GC-23" in GAME.why_illegal(state, "move k7-k6")


def test_paragraph_treachery_masonry_attack_one_for_one():
    state = owned(marching({0: ["m7", "o7"], 1: ["n7", "n6"]}, points=3), NW=1)
    state = GAME.apply(state, "move m7-n7")
    assert at(state, "n7") == 0
    assert KING == -1
