"""Rule 2 (Coins, Crests, Cannons, the Royal Curse) with KG-1..KG-7, KG-9, KG-23."""

from regalia.games.kings_gold.state import AIM, ASSIGN, READY

from .helpers import KingsGold, play, played, position

GAME = KingsGold(players=2)
GAME3 = KingsGold(players=3)


def test_rule_2_each_coin_takes_one_gold_coin_from_the_treasury():
    state = play(GAME, position(2, dice="Coin Coin Coin Skull Skull"), "stop")
    assert state.coins == (3, 0) and state.treasury_coins == 57


def test_kg_1_one_crest_upgrades_one_coin_to_a_doubloon():
    state = position(2, dice="Coin Coin Crest Skull Skull")
    state, log = played(GAME, state, "stop", "crest convert")
    assert state.coins == (1, 0) and state.doubloons == (1, 0)
    assert (state.treasury_coins, state.treasury_doubloons) == (59, 19)
    assert "Anne takes 1 coin and 1 doubloon from the Royal Treasury" in log


def test_kg_2_a_crest_may_be_taken_as_a_shield_instead():
    state = play(GAME, position(2, dice="Coin Coin Crest Skull Skull"), "stop", "crest shield")
    assert state.coins == (2, 0) and state.doubloons == (0, 0) and state.shields == (1, 0)


def test_kg_2_unpairable_crests_become_shields_by_themselves():
    state = play(GAME, position(2, dice="Crest Crest Cannon Skull Skull"), "stop")
    assert state.phase == READY and state.shields == (2, 0)
    # No doubloon left in the Treasury: the Crest cannot convert (KG-9), no question is asked.
    state = play(GAME, position(2, dice="Crest Coin Coin Skull Skull", treasury=(10, 0)), "stop")
    assert state.shields == (1, 0) and state.coins == (2, 0)


def test_kg_2_at_most_three_shields_are_held():
    state = play(GAME, position(2, dice="Crest Crest Cannon Skull Skull", shields=(2, 0)), "stop")
    assert state.shields == (3, 0)


def test_kg_2_the_question_is_asked_per_crest_while_a_coin_can_pair():
    state = play(GAME, position(2, dice="Crest Crest Coin Skull Skull"), "stop")
    assert state.phase == ASSIGN and GAME.legal_actions(state) == ["crest convert", "crest shield"]
    state = play(GAME, state, "crest convert")  # the second Crest has no Coin left: a Shield
    assert state.doubloons == (1, 0) and state.shields == (1, 0) and state.coins == (0, 0)


def test_kg_3_a_shield_absorbs_a_cannon_and_protects_for_the_rest_of_the_turn():
    state = position(3, dice="Cannon Cannon Cannon Skull Skull", coins=(0, 4, 4), shields=(0, 1, 0))
    state = play(GAME3, state, "stop")
    assert state.phase == AIM
    state, log = played(GAME3, state, "fire 1")
    assert "Ben's Shield takes the shot" in log[0]
    # Ben is immune now: only seat 2 is left as a target, and the other Cannons fire at him by themselves.
    assert state.phase == READY and state.coins == (2, 4, 2) and state.shields == (0, 0, 0)
    alone = position(3, dice="Cannon Cannon Cannon Skull Skull", coins=(0, 4, 0), shields=(0, 1, 0))
    state, log = played(GAME3, alone, "stop")
    assert state.coins == (0, 4, 0) and state.shields == (0, 0, 0)
    assert "2 Cannons find no target" in log[-1] or "2 Cannons find no target" in " ".join(log)


def test_kg_3_shields_do_not_stop_the_curse():
    state = play(GAME, position(2, dice="Skull Skull Skull Coin Coin", coins=(5, 0), shields=(2, 0)), "stop")
    assert state.coins == (3, 0) and state.shields == (2, 0)


def test_kg_4_each_cannon_steals_one_standard_coin_from_a_chosen_opponent():
    state = position(3, dice="Cannon Cannon Skull Skull Coin", coins=(0, 5, 5), doubloons=(0, 2, 2))
    state = play(GAME3, state, "stop", "fire 2", "fire 1")
    assert state.coins == (3, 4, 4) and state.doubloons == (0, 2, 2)


def test_kg_4_an_opponent_without_standard_coins_is_no_target_and_cannons_can_be_wasted():
    state = position(3, dice="Cannon Cannon Skull Skull Cannon", coins=(0, 0, 1), doubloons=(0, 3, 3))
    state, log = played(GAME3, state, "stop")
    assert state.coins == (1, 0, 0) and state.doubloons == (0, 3, 3)
    assert any("Cannons find no target" in line for line in log)
    aim = position(3, dice="Cannon Cannon Skull Skull Coin", coins=(0, 0, 5), shields=(0, 0, 0))
    assert play(GAME3, aim, "stop").coins == (3, 0, 3)  # one possible target: fired at by itself


def test_kg_4_why_illegal_names_the_target_rule():
    state = play(GAME3, position(3, dice="Cannon Cannon Skull Skull Coin", coins=(0, 3, 3)), "stop")
    assert GAME3.why_illegal(state, "fire 0") == "Cannons: a captain fires only at opponents"
    assert GAME3.why_illegal(state, "fire 9").startswith("Cannons: fire at a captain by number: fire 1 for Ben")


def test_kg_5_all_symbols_resolve_together_crests_then_treasury_then_cannons():
    state = position(2, dice="Coin Crest Cannon Skull Skull", coins=(0, 2))
    state, log = played(GAME, state, "stop", "crest convert")
    assert state.doubloons == (1, 0) and state.coins == (1, 1)
    order = [line.split(":")[0] for line in log[1:]]
    assert "doubloon" in log[2] and "fires at Ben" in log[3], order


def test_rule_2_royal_curse_three_or_four_skulls_forfeit_two_coins_to_skull_island():
    for dice in ("Skull Skull Skull Coin Coin", "Skull Skull Skull Skull Coin"):
        state, log = played(GAME, position(2, dice=dice, coins=(5, 0)), "stop")
        assert state.coins == (3, 0) and state.reserve == 2 and state.penalties == (1, 0)
        assert "Royal Curse! Anne forfeits 2 coins to Skull Island" in log


def test_kg_6_a_curse_voids_every_other_symbol():
    state = play(GAME, position(2, dice="Skull Skull Skull Coin Crest", coins=(2, 3)), "stop")
    assert state.coins == (0, 3) and state.doubloons == (0, 0) and state.shields == (0, 0)
    assert state.treasury_coins == 60


def test_kg_7_fewer_than_two_coins_forfeit_what_there_is_and_never_doubloons():
    state = play(GAME, position(2, dice="Skull Skull Skull Coin Coin", coins=(1, 0), doubloons=(2, 0)), "stop")
    assert state.coins == (0, 0) and state.doubloons == (2, 0) and state.reserve == 1
    state = play(GAME, position(2, dice="Skull Skull Skull Coin Coin"), "stop")
    assert state.penalties == (1, 0) and state.reserve == 0  # still a Skull penalty


def test_kg_9_short_treasury_pays_in_order_until_empty():
    state = position(2, dice="Coin Coin Coin Crest Skull", treasury=(1, 1))
    state = play(GAME, state, "stop", "crest convert")
    assert state.doubloons == (1, 0) and state.coins == (1, 0)
    assert (state.treasury_coins, state.treasury_doubloons) == (0, 0)
    # No standard coins left: plain Coins take nothing, converted Coins still take doubloons.
    state = play(GAME, position(2, dice="Coin Coin Crest Skull Skull", treasury=(0, 5)), "stop", "crest convert")
    assert state.coins == (0, 0) and state.doubloons == (1, 0)


def test_kg_23_doubloons_cannot_be_stolen():
    state = play(GAME, position(2, dice="Cannon Cannon Skull Skull Coin", doubloons=(0, 9)), "stop")
    assert state.doubloons == (0, 9) and state.coins == (1, 0)
