"""Notation, the Captain's Ledger view, determinize, action_space, encode_view, the log and errors."""

import json

import pytest

from regalia import IllegalAction, load_game
from regalia.core.rng import Rng
from regalia.games.kings_gold.notation import ACTION_SPACE
from regalia.games.kings_gold.view import ENCODING_LENGTH

from .helpers import KingsGold, play, played, position

GAME = KingsGold(players=3)


def test_action_space_is_fixed_and_covers_every_legal_action():
    space = GAME.action_space()
    assert len(space) == len(set(space)) == 54 and space[:2] == ["roll", "stop"]
    assert space[:41] == list(space[:41]) and space[40] == "fire 5"  # the standard indices are unchanged
    match = KingsGold(players=6).new_match(seed=4)
    rng = Rng(1)
    while not match.is_over:
        legal = match.legal_actions()
        assert set(legal) <= set(ACTION_SPACE)
        match.play(rng.choice(legal))


def test_encode_view_is_fixed_length_for_every_player_count():
    for players in range(2, 7):
        match = KingsGold(players=players).new_match(seed=players)
        for _ in range(12):
            if match.is_over:
                break
            vector = match.game.encode_view(match.view(match.to_move))
            assert len(vector) == ENCODING_LENGTH and all(isinstance(x, float) for x in vector)
            match.play(match.legal_actions()[0])


def test_the_ledger_s_threat_says_what_a_rival_could_take_next_turn():
    # It read "medium" for a captain with 0 gold: now it says what a rival's next turn could take, in words.
    state = position(4, coins=(0, 3, 9, 5), doubloons=(2, 0, 0, 0), shields=(0, 0, 0, 1))
    view = GAME.view(state, None)
    threat = [(c["threat"], c["at_risk"]) for c in view["captains"]]
    assert threat == [("nothing: doubloons are safe", 0),
                      ("up to 3 coins", 3),
                      ("up to 4 coins", 4),  # four Cannons at one ship; five are a Broadside
                      ("nothing: a Shield stands", 0)]
    assert view["captains"][1]["threat"] != "medium"


def test_the_duel_s_threat_counts_a_letter_of_marque_the_rival_may_still_hold_from_public_facts_only():
    duel = KingsGold(mode="duel")
    state = position(2, coins=(9, 9), cards=("Quartermaster", "Iron Hull"))
    views = [duel.view(state, s) for s in (None, 0, 1)]
    assert all(v["captains"][0]["at_risk"] == 8 and v["captains"][1]["at_risk"] == 8 for v in views)
    spent = state._replace(played=(True, True))
    assert duel.view(spent, None)["captains"][0]["at_risk"] == 4


def test_the_ledger_s_score_holds_the_master_pirate_bonus_apart():
    state = position(2, coins=(5, 2))._replace(record=5, record_holder=0)
    first, second = GAME.view(state, None)["captains"]
    assert first["score"] == 15 and first["points"] == {"coins": 5, "doubloons": 0, "shields": 0, "master_pirate": 10}
    assert second["points"]["master_pirate"] == 0 and second["score"] == 2


def test_view_shows_the_ledger_treasury_reserve_dice_and_pending_decision():
    state = position(3, dice="Cannon Cannon Skull Skull Coin", coins=(0, 3, 9), shields=(0, 1, 0), reserve=4)
    state = play(GAME, state, "stop")
    view = GAME.view(state, 1)
    assert view["treasury"] == {"coins": 59, "doubloons": 20} and view["reserve"] == 4
    assert view["captains"][2]["coins"] == 9 and view["captains"][2]["at_risk"] == 4
    assert view["captains"][1]["shields"] == 1 and {"penalties", "score"} <= set(view["captains"][0])
    assert view["dice"] == ["Cannon", "Cannon", "Skull", "Skull", "Coin"] and view["locked"] == [3, 4]
    assert view["pending"] == {"decision": "fire", "cannons_left": 2, "targets": [1, 2]}
    assert view["round"] == 1 and view["rolls_used"] == 1
    assert view == GAME.view(state, None) == GAME.view(state, 0)  # nothing is hidden
    json.dumps(view)


def test_view_has_no_generator_or_future_dice():
    match = GAME.new_match(seed=9)
    text = json.dumps(match.view(0))
    assert "rng" not in text and "seed" not in text and "chance" not in text


def test_determinize_rebuilds_the_exact_state_from_the_view():
    match = KingsGold(players=4, total_mutiny=True).new_match(seed=3)
    rng = Rng(0)
    while not match.is_over:
        view = json.loads(json.dumps(match.view(match.to_move)))
        assert match.game.determinize(view, match.to_move, rng) == match.state
        match.play(rng.choice(match.legal_actions()))


def test_describe_reads_like_a_captains_log():
    state = position(2, seat=0, dice="Cannon Coin Coin Skull Crest", coins=(0, 4))
    _, log = played(KingsGold(players=2), state, "reroll 1", "Cannon", "stop", "crest shield")
    assert log == [
        "Anne re-rolls 1 and holds 2 3 5",
        "Anne now shows Cannon Coin Coin Skull Crest",
        "Anne stops with Cannon Coin Coin Skull Crest",
        "Anne takes a Shield from the Crests",
        "Anne takes 2 coins from the Royal Treasury",
        "Anne fires at Ben: 1 coin",
        "Anne loots the largest heist yet: 3 points (Master Pirate)",
    ]


def test_a_heist_of_one_point_is_logged_in_the_singular():
    state = position(2, seat=0, dice="Skull Cannon Coin Cannon Skull", coins=(0, 0))
    _, log = played(KingsGold(players=2), state, "stop")
    assert "Anne loots the largest heist yet: 1 point (Master Pirate)" in log, log


@pytest.mark.parametrize(("where", "action", "rule"), [
    ({}, "stop", "Rolling & Locking: throw the dice first"),
    ({"dice": "Coin Skull Coin Coin Coin"}, "reroll 2", "Rolling & Locking: a Skull is locked for the rest of the turn"),
    ({"dice": "Coin Skull Coin Coin Coin"}, "roll", "Rolling & Locking: only the first throw"),
    ({"dice": "Coin Skull Coin Coin Coin"}, "reroll", "Rolling & Locking: a re-roll throws at least one die"),
    ({"dice": "Coin Skull Coin Coin Coin"}, "crest convert", "Royal Crests"),
    ({"dice": "Coin Skull Coin Coin Coin"}, "fire 1", "Cannons"),
    ({"dice": "Coin Skull Coin Coin Coin"}, "hold 1 3", "Rolling & Locking: holds are implied"),
    ({}, None, "is not an action"),
    ({}, "x" * 500, "is not King's Gold notation"),
])
def test_illegal_actions_name_the_rule_and_change_nothing(where, action, rule):
    state = position(3, **where)
    assert rule in GAME.why_illegal(state, action)


def test_roll_while_resolving_names_kg_5():
    state = play(GAME, position(3, dice="Cannon Cannon Skull Skull Coin", coins=(0, 3, 3)), "stop")
    assert GAME.why_illegal(state, "roll") == "Resolving the dice: the dice are final; resolve them first"


def test_match_play_raises_illegal_action_with_the_rule():
    match = load_game("kings-gold", players=2).new_match(seed=1)
    before = match.to_json()
    with pytest.raises(IllegalAction, match="Rolling & Locking: throw the dice first"):
        match.play("stop")
    assert match.to_json() == before


def test_chance_outcomes_sum_to_one_and_sampling_stays_within_them():
    state = play(GAME, position(3, dice="Coin Coin Skull Cannon Crest"), "reroll 1 2 4")
    outcomes = dict(GAME.chance_outcomes(state))
    assert len(outcomes) == 4**3 and sum(outcomes.values()) == pytest.approx(1)
    assert outcomes["Coin Coin Coin"] == pytest.approx((2 / 6) ** 3)
    rng = Rng(5)
    assert all(GAME.sample_chance(state, rng) in outcomes for _ in range(50))


def test_agent_levels_and_evaluate():
    assert set(KingsGold.agent_levels()) == {"easy", "medium", "hard"}
    values = GAME.evaluate(position(3, coins=(20, 0, 0)))
    assert values[0] > 0.5 > values[1] and all(0 <= v <= 1 for v in values)


def test_describe_shortcut_gives_the_same_lines_as_replaying_the_rules():
    from regalia.games.kings_gold import rules

    game = KingsGold(players=3)
    rng = Rng(11)
    for _ in range(3):
        state = game.initial_state()
        while game.to_move(state) is not None:
            action = (game.sample_chance(state, rng) if game.to_move(state) == -1
                      else rng.choice(game.legal_actions(state)))
            after = game.apply(state, action)
            replayed: list[str] = []
            rules.apply(game.cfg, state, action, replayed)
            assert game.describe(state, action, after) == replayed
            state = after
