"""§2.2 setup (KG-14), §2.7 scoring (KG-16, KG-17, KG-18, KG-24), §2.8 end (KG-8, KG-19, KG-21), KG-20."""

import pytest

from regalia import load_game
from regalia.core import CHANCE
from regalia.games.kings_gold import blitz
from regalia.games.kings_gold.scoring import BRONZE, GOLD, SILVER
from regalia.games.kings_gold.state import OVER, READY, ROLLOFF

from .helpers import KingsGold, play, played, position


def test_2_2_setup_treasury_of_60_coins_and_20_doubloons_and_empty_chests():
    game = KingsGold(players=4)
    state = game.initial_state()
    assert (state.treasury_coins, state.treasury_doubloons, state.reserve) == (60, 20, 0)
    assert state.coins == state.doubloons == state.shields == (0, 0, 0, 0)
    assert state.phase == ROLLOFF and game.to_move(state) == CHANCE


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_2_2_two_to_six_captains(players):
    assert KingsGold(players=players).players == players
    with pytest.raises(ValueError, match="players"):
        KingsGold(players=7)
    with pytest.raises(ValueError, match="players"):
        KingsGold(players=1)


def test_kg_14_rolloff_highest_symbol_begins_crest_over_coin_over_cannon_over_skull():
    game = KingsGold(players=4)
    state, log = played(game, game.initial_state(), "Cannon Coin Skull Crest")
    assert state.phase == READY and state.seat == 3 and state.start == 3 and state.round == 1
    assert log == ["Roll-off: Anne Cannon, Ben Coin, Calico Skull, Mary Crest. Mary takes the five Pirate Dice and begins"]
    state = play(game, game.initial_state(), "Cannon Coin Skull Skull")
    assert state.seat == 1


def test_kg_14_rolloff_ties_reroll_among_the_tied_only():
    game = KingsGold(players=4)
    state, log = played(game, game.initial_state(), "Coin Crest Skull Crest")
    assert state.phase == ROLLOFF and state.contenders == (1, 3)
    assert game.chance_outcomes(state)[0][0].count(" ") == 1  # two dice: one per contender
    assert "Ben and Mary tie and roll again" in log[0]
    state = play(game, state, "Skull Cannon")
    assert state.seat == 3 and state.start == 3


def test_kg_14_the_rolloff_is_logged_by_the_match():
    match = KingsGold(players=3).new_match(seed=12)
    assert match.log[0].startswith("Roll-off: ") and match.chance
    assert match.to_move == match.state.start


def test_2_8_treasury_exhausted_the_round_is_completed_before_scoring():
    game = KingsGold(players=3)
    # Ben (seat 1) empties the Treasury; Calico (seat 2) still plays, then the round is complete.
    state = position(3, seat=1, dice="Coin Coin Coin Coin Coin", treasury=(3, 1))
    state = play(game, state, "stop")
    assert state.end_triggered and state.phase == READY and state.seat == 2
    state = play(game, state, "roll", "Skull Skull Skull Coin Coin")
    assert state.phase == OVER and game.to_move(state) is None
    assert game.winners(state) == [1]


def test_kg_8_doubloons_count_the_end_needs_no_coins_and_no_doubloons():
    game = KingsGold(players=2)
    state = play(game, position(2, dice="Coin Coin Skull Skull Cannon", treasury=(2, 4)), "stop")
    assert state.treasury_coins == 0 and not state.end_triggered
    variant = KingsGold(players=2, end_on_coins=True)
    state = play(variant, position(2, dice="Coin Coin Skull Skull Cannon", treasury=(2, 4)), "stop")
    assert state.end_triggered


def test_kg_19_navy_arrives_after_r_rounds():
    game = KingsGold(players=2, navy_rounds=3)
    state = position(2, seat=1, dice="Skull Skull Skull Coin Coin", round=3)
    state, log = played(game, state, "stop")
    assert state.phase == OVER and "navy arrives after round 3" in log[-1]
    state = play(KingsGold(players=2), position(2, seat=1, dice="Skull Skull Skull Coin Coin", round=3), "stop")
    assert state.phase == READY and state.round == 4  # off by default: the Chronometer just counts


def test_kg_19_rounds_count_from_the_start_player():
    game = KingsGold(players=3)
    state = play(game, position(3, seat=1, start=2, dice="Skull Skull Skull Coin Coin", round=1), "stop")
    assert state.seat == 2 and state.round == 2


def test_kg_21_total_mutiny_eliminates_and_the_last_captain_wins_at_once():
    game = KingsGold(players=3, total_mutiny=True)
    state = position(3, seat=0, dice="Skull Skull Skull Skull Skull", coins=(4, 0, 1),
                     eliminated=(False, True, False))
    state, log = played(game, state, "stop")
    assert state.phase == OVER and game.winners(state) == [2]
    assert "Total Mutiny" in " ".join(log)
    state = play(game, position(3, seat=0, dice="Skull Skull Skull Skull Skull", coins=(9, 0, 0)), "stop")
    assert state.eliminated == (True, False, False) and state.seat == 1
    state = play(game, state._replace(phase=READY, seat=2), "roll", "Skull Skull Skull Coin Coin")
    assert state.seat == 1  # the eliminated captain is skipped


def test_kg_21_off_by_default_a_mutiny_does_not_eliminate():
    state = play(KingsGold(players=3), position(3, dice="Skull Skull Skull Skull Skull"), "stop")
    assert state.eliminated == (False, False, False)


def test_2_7_final_score_formula_coins_doubloons_shields_and_master_bonus():
    game = KingsGold(players=2)
    state = position(2, coins=(7, 3), doubloons=(2, 4), shields=(1, 0), record=(12, 0))
    assert game.scores(state) == [7 + 10 + 2 + 10, 3 + 20]


def test_kg_16_the_largest_heist_is_one_turns_gain_and_ties_go_to_the_earlier():
    game = KingsGold(players=2)
    state = play(game, position(2, dice="Coin Coin Coin Skull Skull"), "stop")
    assert (state.record, state.record_holder) == (3, 0)
    tie = play(game, state._replace(phase=3, dice=(2, 2, 2, 0, 0), rolls=1), "stop")
    assert (tie.record, tie.record_holder) == (3, 0)
    steal = position(2, seat=1, dice="Cannon Cannon Coin Coin Skull", coins=(5, 0), record=(3, 0))
    state = play(game, steal, "stop")
    assert (state.record, state.record_holder) == (4, 1)  # 2 from the Treasury + 2 stolen
    assert game.scores(play(game, position(2, dice="Skull Skull Skull Coin Coin"), "stop")) == [0, 0]


def test_kg_17_ties_fewer_penalties_then_more_doubloons_then_shared():
    game = KingsGold(players=3)
    over = position(3, coins=(10, 5, 10), doubloons=(0, 1, 0), penalties=(2, 1, 1))._replace(phase=OVER)
    assert game.winners(over) == [1]
    over = over._replace(penalties=(1, 1, 1))
    assert game.winners(over) == [1]  # more doubloons
    over = over._replace(coins=(10, 10, 10), doubloons=(0, 0, 0))
    assert game.winners(over) == [0, 1, 2]


def test_kg_18_badges_bronze_silver_gold_in_the_result():
    game = KingsGold(players=3)
    over = position(3, coins=(80, 51, 20), penalties=(0, 1, 3))._replace(phase=OVER)
    assert game.result(over)["badges"] == [GOLD, BRONZE, BRONZE]
    over = over._replace(penalties=(1, 1, 3))
    assert game.result(over)["badges"][0] == SILVER
    over = position(3, coins=(19, 3, 0))._replace(phase=OVER)
    assert game.result(over)["badges"] == [None, None, None]


def test_kg_24_custom_coin_valuations():
    game = load_game("kings-gold", coin_value=2, doubloon_value=7, shield_value=0, master_bonus=3)
    state = position(2, coins=(1, 0), doubloons=(1, 1), shields=(2, 0), record=(4, 1))
    assert game.scores(state) == [2 + 7, 7 + 3]
    state = play(game, position(2, dice="Coin Coin Crest Skull Skull"), "stop", "crest convert")
    assert state.record == 2 + 7


@pytest.mark.parametrize("bad", [{"coin_value": -1}, {"master_bonus": "10"}, {"navy_rounds": 0},
                                 {"total_mutiny": 1}, {"mode": "regatta"}, {"colour": "red"},
                                     {"mode": "duel", "players": 3}, {"turn_seconds": 0}, {"fast_roll": "yes"},
                                 {"coin_value": 0, "doubloon_value": 0}])
def test_kg_24_options_are_validated_with_the_option_named(bad):
    with pytest.raises(ValueError, match=list(bad)[0]):
        KingsGold(**bad)


def test_kg_20_blitz_timeout_defaults_are_ready_for_the_later_mode():
    cfg = KingsGold(players=3).cfg
    choose = position(3, dice="Coin Coin Cannon Crest Skull")
    assert blitz.timeout_action(choose) == "stop"
    assign = play(KingsGold(players=3), choose, "stop")
    assert blitz.timeout_action(assign) == "crest convert"
    aim = position(3, dice="Cannon Cannon Skull Skull Coin", coins=(0, 4, 4), shields=(0, 0, 1))
    aim = play(KingsGold(players=3), aim, "stop")
    assert blitz.timeout_action(aim) == "fire 1"  # most coins and no Shield; tie -> next in turn order
    assert cfg.players == 3


@pytest.mark.parametrize(("dice", "coins", "doubloons", "reserve"), [
    ("Coin Coin Coin Skull Skull", (3, 5), (0, 0), 0),             # Coins only: 1 coin each
    ("Coin Coin Crest Skull Skull", (1, 5), (1, 0), 0),            # Coins + Crests: a doubloon
    ("Cannon Cannon Skull Skull Crest", (2, 3), (0, 0), 0),        # Cannons only: steal 1 each
    ("Skull Skull Skull Coin Coin", (0, 5), (0, 0), 0),            # 3 Skulls: forfeit 2 (had 0)
])
def test_2_5_quick_reference_table(dice, coins, doubloons, reserve):
    game = KingsGold(players=2)
    state = play(game, position(2, dice=dice, coins=(0, 5)), "stop")
    if state.phase == 4:  # a Crest with a Coin to pair: convert, as the table's row reads
        state = play(game, state, "crest convert")
    assert (state.coins, state.doubloons, state.reserve) == (coins, doubloons, reserve)


def test_2_6_1_standard_mode_is_the_default_and_the_three_modes_exist():
    assert KingsGold().options["mode"] == "standard"
    assert {KingsGold(mode=m).cfg.mode for m in ("standard", "blitz", "duel")} == {"standard", "blitz", "duel"}
    with pytest.raises(ValueError, match="'mode'"):
        KingsGold(mode="duel", players=4)  # the Captain's Duel is for two (§2.6.3)


def test_2_9_custom_coin_valuations_are_options():
    names = {spec.name for spec in KingsGold.all_option_specs()}
    assert {"coin_value", "doubloon_value", "shield_value", "master_bonus"} <= names
