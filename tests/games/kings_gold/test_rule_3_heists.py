"""Rule 3, the Grand Heists: King's Ransom (KG-10), Broadside (KG-11), Amnesty (KG-12), Mutiny (KG-13)."""

from .helpers import KingsGold, play, played, position

GAME = KingsGold(players=3)


def five(face: str) -> str:
    return " ".join([face] * 5)


def test_rule_3_kings_ransom_takes_all_remaining_gold():
    state = position(3, dice=five("Coin"), treasury=(41, 13))
    state = play(GAME, state, "stop")
    assert state.coins[0] == 41 and state.doubloons[0] == 13
    assert (state.treasury_coins, state.treasury_doubloons) == (0, 0)


def test_kg_10_ransom_triggers_the_end():
    state, log = played(GAME, position(3, dice=five("Coin"), treasury=(5, 2)), "stop")
    assert state.end_triggered and any("Treasury is exhausted" in line for line in log)


def test_kg_25_variant_ransom_takes_standard_coins_only():
    game = KingsGold(players=3, ransom_coins_only=True)
    state = play(game, position(3, dice=five("Coin"), treasury=(41, 13)), "stop")
    assert state.coins[0] == 41 and state.doubloons[0] == 0 and state.treasury_doubloons == 13
    assert not state.end_triggered


def test_rule_3_broadside_barrage_takes_two_from_every_opponent():
    state = position(3, dice=five("Cannon"), coins=(0, 5, 1))
    state, log = played(GAME, state, "stop")
    assert state.coins == (3, 3, 0)
    assert log[1] == "Broadside Barrage! Anne fires on every ship"


def test_kg_11_a_shield_blocks_the_broadside_for_its_holder():
    state = play(GAME, position(3, dice=five("Cannon"), coins=(0, 5, 5), shields=(0, 2, 0)), "stop")
    assert state.coins == (2, 5, 3) and state.shields == (0, 1, 0)


def test_rule_3_royal_amnesty_claims_the_reserve_and_a_shield():
    state = play(GAME, position(3, dice=five("Crest"), reserve=7), "stop")
    assert state.coins[0] == 7 and state.reserve == 0 and state.shields[0] == 1


def test_kg_12_amnesty_has_no_other_crest_effect_and_respects_the_shield_cap():
    state = play(GAME, position(3, dice=five("Crest"), reserve=0, shields=(3, 0, 0)), "stop")
    assert state.shields[0] == 3 and state.doubloons[0] == 0 and state.treasury_doubloons == 20


def test_rule_3_mutiny_transfers_the_whole_chest_to_the_treasury():
    state = position(3, dice="Skull Skull Skull Skull Coin", coins=(6, 0, 0), doubloons=(2, 0, 0),
                     treasury=(10, 3))
    state, log = played(GAME, state, "reroll 5", "Skull")
    assert state.coins[0] == 0 and state.doubloons[0] == 0
    assert (state.treasury_coins, state.treasury_doubloons) == (16, 5)
    assert "Mutiny! Anne's whole chest (6 coins and 2 doubloons) sinks into the Royal Treasury" in log


def test_kg_13_mutiny_keeps_shields_counts_as_a_penalty_and_is_not_a_curse():
    state = position(3, dice=five("Skull"), coins=(6, 0, 0), shields=(2, 0, 0))
    state = play(GAME, state, "stop")
    assert state.shields[0] == 2 and state.penalties[0] == 1 and state.reserve == 0


def test_kg_13_a_mutiny_refilling_the_treasury_does_not_cancel_the_end():
    state = position(3, dice=five("Skull"), coins=(6, 0, 0), treasury=(0, 0), end_triggered=True)
    state = play(GAME, state, "stop")
    assert state.treasury_coins == 6 and state.end_triggered
