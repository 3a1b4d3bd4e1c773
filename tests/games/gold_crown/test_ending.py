"""Retreat, passing and the ends of a siege: GC-24, GC-25, the round cap; the directions' last paragraphs."""

from regalia.games.gold_crown import GoldCrown
from regalia.games.gold_crown.state import OVER, START

from .position import GAME, at, legal, position, reserve, spun


def test_gc_24_retreat_with_fewer_than_9_men_to_the_last_row_near_the_baron():
    state = position({0: ["h6", "m7", "c2"], 1: reserve(1)}, reserves=False, guards=[])
    assert "retreat" in legal(state)
    after = GAME.apply(state, "retreat")
    assert after.barons[0].retreated and after.seat == 1
    # three men take the three last-row boxes nearest the Baron's shield (k1): j1 and l1 beside it, then i1
    assert sorted(b for b in ("g1", "h1", "i1", "j1", "l1", "m1", "n1", "o1") if at(after, b) == 0) == ["i1", "j1", "l1"]
    assert "retreat" not in legal(position({0: [f"{c}2" for c in "cdefghij"] + ["l2"]}, reserves=False))
    north = GAME.apply(position({0: reserve(0), 1: ["h16", "m15", "c20"]}, reserves=False, guards=[], seat=1), "retreat")
    assert sorted(b for b in ("g21", "h21", "i21", "j21", "l21", "m21", "n21", "o21") if at(north, b) == 1) == [
        "j21", "l21", "m21"]  # the same, seen from North: his left (east) first
    assert "The retreat rule" in GAME.why_illegal(position({0: ["c2"]}), "pass")


def test_gc_24_retreated_barons_pass_or_resume_and_a_third_pass_gives_the_king_the_battle():
    state = position({0: ["g1", "h1", "i1", "j1", "l1", "m1"], 1: ["g21", "h21", "i21", "j21", "l21", "m21"]},
                     reserves=False)
    state = state.with_(barons=tuple(b.__class__(face=b.face, retreated=True) for b in state.barons))
    assert legal(state) == ["spin", "pass"]
    for _ in range(2):
        state = GAME.apply(GAME.apply(state, "pass"), "pass")
    assert state.phase == START and [b.passes for b in state.barons] == [2, 2]
    final = GAME.apply(state, "pass")
    assert final.phase == OVER and GAME.winners(final) == [] and final.ending == "passes"
    resumed = GAME.apply(state, "spin")
    assert not resumed.barons[0].retreated and [b.passes for b in resumed.barons] == [0, 0]


def test_gc_25_kings_victory_when_every_baron_has_fewer_than_6():
    state = position({0: ["c2", "d2", "e2", "f2", "g2"], 1: ["d19", "e18", "f18", "g18", "h18", "i18", "c20"]},
                     reserves=False)
    state = state.with_(turn=1)
    after = spun(state, 3)  # North's row 3 (y = 7) holds 5 knights: 3 of them fall ... the owner picks
    while after.phase != START and after.phase != OVER:
        after = GAME.apply(after, legal(after)[0])
    assert after.phase == OVER and after.ending == "king" and GAME.winners(after) == []
    assert GAME.returns(after) == [0.0, 0.0]


def test_gc_25_a_baron_with_no_knight_is_skipped():
    three = GoldCrown(players=3)
    state = position({0: ["c2"], 1: [], 2: ["c20"]}, players=3)
    state = state.with_(board=tuple(0 if p == 2 else p for p in state.board))  # seat 1 has none
    assert state.count(1) == 0
    after = three.apply(three.apply(state, "spin"), "spin 5")
    assert after.seat == 2


def test_round_cap_ends_a_deadlocked_siege_for_the_king():
    game = GoldCrown(max_rounds=10)
    match = game.new_match(seed=2)
    while not match.is_over:
        match.play("end" if "end" in match.legal_actions() else match.legal_actions()[-1])
    assert match.state.ending in ("siege", "passes", "king") and match.state.round <= 10
    assert match.winners == []


def test_a_siege_lifted_by_the_round_cap_lasted_exactly_the_cap():
    game = GoldCrown(max_rounds=10)
    match = game.new_match(seed=3)
    while not match.is_over:  # every baron ends his turn at once: nobody ever breaches, the cap ends it
        legal = match.legal_actions()
        match.play("end" if "end" in legal else legal[0])
    assert match.state.ending == "siege"
    assert match.result()["rounds"] == 10 and match.view(None)["round"] == 10  # it read 11 of 10


def test_paragraph_kings_victory_and_battle_tactics_fewer_than_6_cannot_take_the_crown():
    from .test_kings_men import storm_position

    weak = storm_position()
    board = list(weak.board)
    for name in ("c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"):
        from regalia.games.gold_crown.mat import BOX

        board[BOX[name]] = 0
    weak = weak.with_(board=tuple(board))
    assert weak.count(0) == 6 and "storm" in legal(weak)
    board[BOX["j9"]] = 0
    weaker = weak.with_(board=tuple(board))
    assert "storm" not in legal(weaker) and "fewer than 6" in GAME.why_illegal(weaker, "storm")
