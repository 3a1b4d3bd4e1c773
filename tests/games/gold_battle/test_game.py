"""The game behind the protocol: positions, notation, chronicle, view, encodings, options, conformance."""

import json

import pytest

from regalia.ai import load_agent
from regalia.core import IllegalAction, Rng
from regalia.core.conformance import check_game
from regalia.games import load_game
from regalia.games.gold_battle import START, GoldBattle, format_position, parse_position

from .helpers import battle
from .test_rules import MINE, SOLDIER_CAPTURE


def random_states(seeds=range(3)):
    game = GoldBattle()
    for seed in seeds:
        rng, state = Rng(seed), game.initial_state()
        while game.to_move(state) is not None:
            yield state
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        yield state


def test_conformance_with_every_rule_variant():
    check_game(GoldBattle, seeds=range(3), options={"capture": "simultaneous", "mine_contest": "score",
                                                     "adjudicate": True})


def test_position_text_round_trips_every_state_of_random_play():
    for state in random_states():
        assert format_position(parse_position(format_position(state))) == format_position(state)


@pytest.mark.parametrize(("text", "why"), [
    ("nonsense", "11 ranks"),
    (START.replace("2t2c2t2", "2t2c2t3"), "exactly 11 squares"),
    (START.replace("2t2c2t2", "2t2x2t2"), "unknown piece 'x'"),
    (START.replace("2t2c2t2", "2t5t2"), "exactly one commander"),
    (START.replace(" r ", " x "), "'r' or 'b'"),
    (START.replace("0-0", "zero"), "captives"),
    (START.replace("5F5", "5M5"), "rank 6"),
    (START.replace(" r ", " r+1 "), "cannot free more"),
])
def test_new_match_from_a_position_validates_it_clearly(text, why):
    with pytest.raises(ValueError, match=f"option 'position': .*{why}"):
        load_game("gold-battle", position=text)


def test_new_match_starts_from_a_given_position():
    text = "10c/11/11/11/11/5S5/11/11/11/11/C10 b 1-2 7 40"
    match = load_game("gold-battle", position=text).new_match(seed=3)
    assert match.to_move == 1 and match.view(0)["position"] == text


def test_apply_never_mutates_its_input():
    game = GoldBattle()
    for state in random_states(range(2)):
        if game.to_move(state) is None:
            continue
        before = format_position(state), state.seen, state.outcome
        for action in game.legal_actions(state):
            game.apply(state, action)
        assert (format_position(state), state.seen, state.outcome) == before


def test_illegal_garbage_names_the_notation():
    match = GoldBattle().new_match()
    for junk in ("", "e4", "e4-e4-e5", "z9-z10", "free", "free z1", "x" * 500):
        with pytest.raises(IllegalAction) as error:
            match.play(junk)
        assert str(error.value)
    with pytest.raises(IllegalAction, match="Rule 9: a soldier is freed only when your move destroys"):
        match.play("free d3")
    with pytest.raises(IllegalAction, match="moves are written like e4-e5"):
        match.play("e4 to e5")


def test_chronicle_reads_like_the_battle_chronicle():
    match = battle(SOLDIER_CAPTURE)
    match.play("h5-g5")
    match.play("k11-k10")
    assert match.log == ["Crimson soldier h5-g5 captures Azure soldier f6", "Azure commander k11-k10"]
    match = battle(MINE)
    match.play("h7-g8")
    assert match.log == ["Crimson soldier h7-g8", "Crimson takes the gold mine at f9",
                         "Crimson holds all the enemy gold mines and wins the battle"]


def test_view_is_the_whole_state_and_determinize_rebuilds_it_exactly():
    game = GoldBattle()
    for state in random_states(range(2)):
        view = json.loads(json.dumps(game.view(state, 0)))
        rebuilt = game.determinize(view, 0, Rng(0))
        assert rebuilt == state
        assert game.view(state, 1) == game.view(state, None) == game.view(state, 0)


def test_action_space_is_fixed_and_covers_every_legal_action():
    game = GoldBattle()
    space = game.action_space()
    assert len(space) == len(set(space)) and space == GoldBattle().action_space()
    index = set(space)
    for state in random_states(range(2)):
        assert set(game.legal_actions(state)) <= index
    assert "pass" in index and "free d3" in index and "f1-f3" in index


def test_encode_view_is_a_fixed_length_vector_of_planes():
    game = GoldBattle()
    match = game.new_match()
    vector = game.encode_view(match.view(0))
    assert len(vector) == 11 * 121 + 6 and all(isinstance(x, float) for x in vector)
    assert sum(vector[:121]) == 8  # Red soldiers
    match.play("e4-e5")
    assert game.encode_view(match.view(1)) != vector


def test_evaluate_is_a_chance_per_seat_and_favours_material():
    game = GoldBattle()
    start = game.evaluate(game.initial_state())
    assert start[0] == pytest.approx(0.5) and sum(start) == pytest.approx(1.0)
    up = parse_position(START.replace("1sss1m1sss1", "1ss2m1sss1"))
    assert game.evaluate(up)[0] > 0.55


def test_agent_levels_are_the_pages_difficulty_selector():
    levels = GoldBattle.agent_levels()
    assert list(levels) == ["random", "easy", "medium", "hard"]
    assert levels["hard"]["seconds"] == 1.0 and levels["medium"]["seconds"] == 0.2  # the time caps
    assert levels["easy"]["seconds"] == 0.02
    assert levels["easy"]["max_depth"] < levels["medium"]["max_depth"] < levels["hard"]["max_depth"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "uct"])
def test_every_level_takes_a_one_move_mine_victory(level):
    match = battle(MINE)
    overrides = {"iterations": 400} if level == "uct" else {"nodes": 3000}
    agent = load_agent("gold-battle", level, seed=1, **overrides)
    match.play(agent.choose(match))
    assert match.winners == [0]


def test_hard_takes_the_enemy_commander_when_it_can():
    match = battle("""
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . C . . . . . .
. . . . . c . . . . .
. . . . . . . S . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
""")
    match.play(load_agent("gold-battle", "hard", seed=2, nodes=5000).choose(match))
    assert match.winners == [0]  # h5-g5 joins the commander e7 at f6


def test_agents_with_node_limits_are_deterministic():
    match = GoldBattle().new_match()
    a = load_agent("gold-battle", "hard", seed=5, nodes=2000).choose(match)
    b = load_agent("gold-battle", "hard", seed=5, nodes=2000).choose(match)
    assert a == b


def test_rule_10_a_final_view_without_a_commander_reads_back():
    """Seeds 9 and 26 end with a commander captured: the final views still determinize and encode."""
    game = GoldBattle()
    for seed in (9, 26):
        match = game.new_match(seed=seed)
        rng = Rng(seed)
        while not match.is_over:
            match.play(rng.choice(match.legal_actions()))
        for seat in (0, 1):
            view = match.view(seat)
            assert game.view(game.determinize(view, seat, rng), seat) == game.view(match.state, seat)
            assert len(game.encode_view(view)) == len(game.encode_view(game.new_match().view(0)))
