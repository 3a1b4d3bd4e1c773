"""The Game protocol: conformance, notation, the log, views, the action space, agents from the view."""

import json

import pytest

from regalia.ai import load_agent
from regalia.core import IllegalAction, Rng
from regalia.core.conformance import check_game
from regalia.games import load_game
from regalia.games.gold_crown import GoldCrown
from regalia.games.gold_crown.mat import MAT
from regalia.games.gold_crown.notation import parse
from regalia.games.gold_crown.state import OPEN

from .position import GAME, legal, marching, position


def test_conformance_kit_two_to_four_barons():
    check_game(GoldCrown, seeds=range(1), options={"max_rounds": 25}, garbage_every=5, views_every=3)


def test_paragraph_contents_and_preparation_battle_lines():
    state = GAME.initial_state()
    assert state.count(0) == state.count(1) == 32 and state.board.count(9) == 16
    assert all(b.boulders == 5 and b.gates == "closed" and b.bridge == "up" and b.ram == "home"
               for b in state.barons)
    assert [b.face for b in state.barons] == [0, 2]
    assert [b.face for b in GoldCrown(players=4).initial_state().barons] == [0, 1, 2, 3]


def test_paragraph_battle_lines_knights_on_the_dashes_guards_on_the_triangles():
    state = GAME.initial_state()
    assert {b for b, p in enumerate(state.board) if p == 1} == {b for b in MAT.dash if MAT.face[b] == 0}
    guards = {b for b, p in enumerate(state.board) if p == 9}
    assert guards == {*MAT.throne_guards, *MAT.chamber_guards, *MAT.tower_guard}


def test_paragraph_object_and_maneuvering_the_match_opens_with_spins_for_the_order():
    match = GAME.new_match(seed=1)
    assert match.log[0].endswith("for the order of play.") and any(line.startswith("The order of play is") for line in match.log)
    assert match.legal_actions() == ["spin"]


def test_notation_reads_and_parses():
    assert parse("move e7-e6")[0] == "move" and parse("scale g5 j5")[0] == "scale"
    assert parse("fire k11")[0] == "fire" and parse("ram back") == ("ram back", ())
    for junk in ("", "move", "move z9-e6", None, 7, "fire", "x" * 100):
        assert parse(junk) is None


def test_log_reads_like_a_battle_report():
    match = GAME.new_match(seed=4)
    for _ in range(30):
        if match.is_over:
            break
        match.play(match.legal_actions()[0])
    text = "\n".join(match.log)
    assert "spins" in text and ("Gold (South)" in text or "Silver (North)" in text)


def test_why_illegal_names_the_rule_for_anything():
    state = marching({0: ["h3"]}, points=2)
    for junk in (None, 3, "", "move h3-h9", "storm", "spin", "fire k11", "scale h6", "ram", "lose h3"):
        assert GAME.why_illegal(state, junk)
    assert "The movement rule" in GAME.why_illegal(state, "move h3-h9")
    match = GAME.new_match(seed=0)
    with pytest.raises(IllegalAction):
        match.play("storm")


def test_view_is_the_whole_state_and_determinize_rebuilds_it_exactly():
    state = marching({0: ["k5", "m7"], 1: ["n7"]}, points=4, gates=OPEN, breaches=(MAT.stone[0][2][0],))
    view = json.loads(json.dumps(GAME.view(state, 0)))
    again = GAME.determinize(view, 0, Rng(1))
    assert again == state and GAME.view(again, 1) == GAME.view(state, 1)


def test_action_space_is_fixed_and_covers_every_legal_action():
    space = GAME.action_space()
    assert len(space) == len(set(space)) and space == GoldCrown(players=4).action_space()
    match = GAME.new_match(seed=9)
    rng = Rng(9)
    seen = set()
    while not match.is_over and len(match.actions) < 400:
        seen |= set(match.legal_actions())
        match.play(rng.choice(match.legal_actions()))
    assert seen <= set(space)


def test_encode_view_has_a_fixed_length():
    match = GAME.new_match(seed=2)
    a = GAME.encode_view(match.view(0))
    match.play("spin")
    b = GAME.encode_view(match.view(1))
    assert len(a) == len(b) == len(GoldCrown(players=4).encode_view(GoldCrown(players=4).new_match(0).view(3)))


def test_evaluate_is_in_unit_interval_and_rewards_the_crown():
    from .test_kings_men import storm_position

    values = GAME.evaluate(GAME.initial_state())
    assert all(0 <= v <= 1 for v in values)
    assert GAME.evaluate(GAME.apply(storm_position(), "storm")) == [1.0, 0.0]


def test_agent_levels_and_every_level_decides_from_the_view():
    assert set(GoldCrown.agent_levels()) == {"random", "easy", "medium", "hard"}
    match = load_game("gold-crown").new_match(seed=5)
    agents = {level: load_agent("gold-crown", level, seed=1) for level in GoldCrown.agent_levels()}
    for level, agent in agents.items():
        for _ in range(6):
            if match.is_over:
                break
            action = agent.choose(match)
            assert action in match.legal_actions(), level
            match.play(action)


def test_hard_takes_the_crown_when_it_can():
    from .test_kings_men import storm_position

    state = storm_position(points=8)
    assert GAME.policy("planner", state, 0, Rng(0)) == "storm"
    assert GAME.policy("greedy", state, 0, Rng(0)) == "storm"


def test_planner_fires_the_catapult_on_a_12():
    state = position({0: ["c2"]}, phase="choice", spin=12)
    assert GAME.policy("planner", state, 0, Rng(0)).startswith("fire")
    assert legal(state)[-1] == "march"
