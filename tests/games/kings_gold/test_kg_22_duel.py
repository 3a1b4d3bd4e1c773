"""Captain's Duel (§2.6.3, KG-22): the ability cards, the reactions, the counter-cannon and the bluff."""

import json

import pytest

from regalia.core.conformance import check_game
from regalia.core.errors import IllegalAction
from regalia.core.rng import Rng
from regalia.games.kings_gold.cards import CARD_NAMES
from regalia.games.kings_gold.state import COUNTER, KEEP, REACT, READY

from .helpers import KingsGold, play, played, position

DUEL = KingsGold(mode="duel")


def duel(dice, cards, **kw):
    """A Duel position: Anne (seat 0) at the helm, ``cards`` the kept card of each captain."""
    return position(2, dice=dice, cards=cards, **kw)


def test_kg_22_duel_is_for_two_captains():
    with pytest.raises(ValueError, match="'mode'"):
        KingsGold(mode="duel", players=3)


def test_kg_22_two_cards_dealt_to_each_captain_who_keeps_one_secretly():
    match = DUEL.new_match(seed=4)
    state = match.state
    assert state.phase == KEEP and match.to_move == 0 and match.legal_actions() == ["keep 1", "keep 2"]
    assert [len(h) for h in state.hands] == [2, 2] and len(set(state.hands[0] + state.hands[1])) == 4
    match.play("keep 2")
    assert match.to_move == 1 and match.state.kept[0] == state.hands[0][1]
    match.play("keep 1")
    assert match.state.phase == READY and match.state.kept[1] == state.hands[1][0]
    dealt = {CARD_NAMES[c] for hand in state.hands for c in hand}
    assert not any(name in line for line in match.log for name in dealt)  # the log names no card
    assert "keeps one card and discards the other, face down" in match.log[2]


def test_kg_22_navigator_a_fourth_throw():
    state = duel("Coin Coin Coin Cannon Crest", ("Navigator", "Smuggler"), rolls=3)
    assert DUEL.legal_actions(state) == ["stop", "play Navigator"]  # the last word: the card, or stop
    state, log = played(DUEL, state, "play Navigator", "reroll 4", "Coin")
    assert "reveals and plays Navigator" in log[0] and "fourth throw" in log[-1]
    state = play(DUEL, state, "crest convert")
    assert (state.coins[0], state.doubloons[0]) == (3, 1) and state.played == (True, False)


def test_kg_22_without_a_card_the_third_throw_is_final():
    state = duel("Coin Coin Coin Cannon Skull", ("Navigator", "Smuggler"), rolls=2, played=(True, False))
    state = play(DUEL, state, "reroll 4", "Coin")
    assert state.seat == 1 and state.coins[0] == 4  # resolved at once: no card left to play


def test_kg_22_quartermaster_each_plain_coin_takes_two():
    state = duel("Coin Coin Cannon Skull Crest", ("Quartermaster", "Smuggler"))
    state = play(DUEL, state, "play Quartermaster", "stop", "crest shield")
    assert state.coins[0] == 4 and state.shields[0] == 1 and state.treasury_coins == 56


def test_kg_22_quartermaster_with_a_short_treasury_pays_until_empty():
    state = duel("Coin Coin Cannon Skull Skull", ("Quartermaster", "Smuggler"), treasury=(3, 20))
    state = play(DUEL, state, "play Quartermaster", "stop")
    assert state.coins[0] == 3 and state.treasury_coins == 0


def test_kg_22_letter_of_marque_each_cannon_steals_two():
    state = duel("Cannon Cannon Coin Skull Skull", ("Letter of Marque", "Navigator"), coins=(0, 5))
    state = play(DUEL, state, "play Letter of Marque", "stop")
    assert state.phase == REACT and DUEL.to_move(state) == 1 and DUEL.legal_actions(state) == ["pass"]
    state = play(DUEL, state, "pass", "Coin", "pass", "Skull")  # both counter-cannon dice: hit
    assert state.coins == (5, 1) and state.seat == 1


def test_kg_22_powder_monkey_rethrows_one_locked_skull_once():
    state = duel("Skull Skull Skull Coin Coin", ("Powder Monkey", "Smuggler"))
    assert DUEL.legal_actions(state) == ["stop", "play Powder Monkey 1", "play Powder Monkey 2",
                                         "play Powder Monkey 3"]
    state, log = played(DUEL, state, "play Powder Monkey 2", "Coin")
    assert state.dice[1] != 0 and state.rolls == 1  # not one of the three throws
    assert "reroll 2" in DUEL.legal_actions(state) and not any("Powder" in a for a in DUEL.legal_actions(state))
    assert "the Skull of die 2 is thrown again" in log[0]


def test_kg_22_smuggler_ignores_the_curse_forfeit():
    state = duel("Skull Skull Skull Coin Coin", ("Smuggler", "Navigator"), coins=(5, 0))
    state = play(DUEL, state, "stop")
    assert state.phase == REACT and DUEL.to_move(state) == 0
    assert DUEL.legal_actions(state) == ["pass", "play Smuggler"]
    kept = play(DUEL, state, "play Smuggler")
    assert kept.coins[0] == 5 and kept.reserve == 0 and kept.penalties[0] == 1 and kept.seat == 1
    paid = play(DUEL, state, "pass")
    assert paid.coins[0] == 3 and paid.reserve == 2


def test_kg_22_iron_hull_cancels_one_theft():
    state = duel("Cannon Cannon Coin Skull Skull", ("Navigator", "Iron Hull"), coins=(0, 3))
    state = play(DUEL, state, "stop")
    assert DUEL.legal_actions(state) == ["pass", "play Iron Hull"]
    state, log = played(DUEL, state, "play Iron Hull")
    assert state.phase == COUNTER and state.coins[1] == 3  # the first theft cancelled; the second is rolled
    assert "Iron Hull: the theft is cancelled" in log[0]
    state = play(DUEL, state, "Coin")
    assert state.coins == (2, 2)


@pytest.mark.parametrize("face, coins, words", [
    ("Cannon", (1, 4), "returns fire"), ("Crest", (2, 3), "evades"),
    ("Coin", (3, 2), "hits"), ("Skull", (3, 2), "hits"),
])
def test_kg_22_counter_cannon(face, coins, words):
    state = duel("Cannon Coin Coin Skull Skull", ("Navigator", "Iron Hull"), coins=(0, 3), played=(False, True))
    state = play(DUEL, state, "stop")
    assert state.phase == COUNTER and DUEL.to_move(state) == -1
    assert dict(DUEL.chance_outcomes(state)) == pytest.approx(
        {"Coin": 2 / 6, "Cannon": 1 / 6, "Crest": 1 / 6, "Skull": 2 / 6})
    state, log = played(DUEL, state, face)
    assert state.coins == coins and words in log[0]


def test_kg_22_a_shield_blocks_before_any_counter_cannon():
    state = duel("Cannon Cannon Coin Skull Skull", ("Navigator", "Iron Hull"), coins=(0, 3), shields=(0, 1))
    state = play(DUEL, state, "stop")
    assert state.seat == 1 and state.coins == (1, 3) and state.shields == (0, 0)


def test_kg_22_broadside_is_one_theft_answered_once():
    state = duel(" ".join(["Cannon"] * 5), ("Navigator", "Iron Hull"), coins=(0, 3), played=(False, True))
    state = play(DUEL, state, "stop", "Skull")
    assert state.coins == (2, 1) and state.seat == 1


def test_kg_22_cards_are_single_use_and_revealed_when_used():
    state = duel("Coin Coin Cannon Skull Crest", ("Quartermaster", "Smuggler"))
    after = play(DUEL, state, "play Quartermaster")
    assert "play Quartermaster" not in DUEL.legal_actions(after)
    assert "used once" in DUEL.why_illegal(after, "play Quartermaster")
    assert DUEL.view(after, 1)["duel"]["captains"][0]["played"] == "Quartermaster"
    assert DUEL.view(state, 1)["duel"]["captains"][0]["played"] is None


def test_kg_22_illegal_card_plays_name_the_rule_and_change_nothing():
    match = DUEL.new_match(seed=2)
    match.play("keep 1")
    match.play("keep 1")
    match.play("roll")
    before = match.to_json()
    for bad in ("play Iron Hull", "play Smuggler", "play Kraken", "pass", "keep 2", "timeout"):
        if bad in match.legal_actions():
            continue
        with pytest.raises(IllegalAction, match="Captain's Duel|Blackbeard's Blitz"):
            match.play(bad)
    assert match.to_json() == before


def test_kg_22_the_bluff_a_captain_with_an_unused_card_is_always_asked():
    # Ben holds a Navigator, useless against a theft: he is asked all the same (only `pass` is legal),
    # so being asked tells Anne nothing. Once his card is used he is no longer asked.
    asked = play(DUEL, duel("Cannon Coin Coin Skull Skull", ("Quartermaster", "Navigator"), coins=(0, 3)), "stop")
    assert asked.phase == REACT and DUEL.legal_actions(asked) == ["pass"]
    hull = play(DUEL, duel("Cannon Coin Coin Skull Skull", ("Quartermaster", "Iron Hull"), coins=(0, 3)), "stop")
    for key in ("phase", "pending", "captains"):
        assert DUEL.view(asked, 0)[key] == DUEL.view(hull, 0)[key]
    assert DUEL.to_move(asked) == DUEL.to_move(hull) == 1
    used = duel("Cannon Coin Coin Skull Skull", ("Quartermaster", "Navigator"), coins=(0, 3), played=(False, True))
    assert play(DUEL, used, "stop").phase == COUNTER


def hidden_names(state, seat):
    """The names of the cards of the other captain(s) that ``seat`` may not know now."""
    names = set()
    for s, hand in enumerate(state.hands):
        if s == seat:
            continue
        for card in hand:
            if not (state.played[s] and state.kept[s] == card):
                names.add(CARD_NAMES[card])
    return names


@pytest.mark.parametrize("seed", range(6))
def test_kg_22_property_no_view_or_log_line_holds_a_hidden_card(seed):
    match, rng = DUEL.new_match(seed=seed), Rng(seed)
    while True:
        for seat in (None, 0, 1):
            view = match.view(seat)
            view["duel"]["cards"] = []  # the public list of the six cards
            text = json.dumps(view)
            assert not any(name in text for name in hidden_names(match.state, seat)), (seat, text)
        secret = hidden_names(match.state, None)
        assert not any(name in line for line in match.log for name in secret)
        if match.is_over:
            break
        match.play(rng.choice(match.legal_actions()))


def test_kg_22_conformance_kit_over_the_duel():
    report = check_game(KingsGold, seeds=range(8), players=[2], options={"mode": "duel"}, garbage_every=5)
    assert report.matches == 8


def test_kg_22_conformance_kit_over_the_duel_with_fast_roll():
    report = check_game(KingsGold, seeds=range(3), players=[2], options={"mode": "duel", "fast_roll": True})
    assert report.matches == 3


def test_kg_22_determinize_keeps_your_own_cards_and_draws_the_others():
    state = duel("Coin Coin Cannon Skull Crest", ("Quartermaster", "Iron Hull"))
    seen = set()
    for k in range(30):
        guess = DUEL.determinize(json.loads(json.dumps(DUEL.view(state, 0))), 0, Rng(k))
        assert guess.kept[0] == state.kept[0] and guess.hands[0] == state.hands[0]
        assert not set(guess.hands[1]) & set(guess.hands[0]) and guess.kept[1] in guess.hands[1]
        seen.add(guess.kept[1])
    assert len(seen) >= 3  # the opponent's card is a guess, not a peek


def test_kg_22_computer_captains_decide_without_the_opponents_hidden_card():
    from regalia.ai import load_agent

    for level in ("easy", "medium", "hard"):
        for hidden in ("Iron Hull", "Smuggler", "Navigator"):
            state = duel("Coin Coin Cannon Skull Crest", ("Quartermaster", hidden), coins=(2, 4))
            agent = load_agent("kings-gold", level, seed=1)
            view = DUEL.view(state, 0)
            choice = agent.decide(DUEL, view, 0, DUEL.legal_actions(state))
            assert choice in DUEL.legal_actions(state)
            if hidden == "Iron Hull":
                first = choice
            assert choice == first  # the same view, the same decision


def test_kg_22_every_level_plays_a_whole_duel():
    from regalia.ai import load_agent
    from regalia.ai.arena import play_match

    for levels in (("hard", "medium"), ("easy", "random")):
        agents = [load_agent("kings-gold", level, seed=s) for s, level in enumerate(levels)]
        match = play_match(DUEL, agents, seed=11)
        assert match.is_over and DUEL.match_from_json(match.to_json()).log == match.log


def test_kg_22_powder_monkey_throw_is_logged_as_a_throw_again():
    state = duel("Skull Skull Skull Coin Coin", ("Powder Monkey", "Smuggler"))
    _, log = played(DUEL, state, "play Powder Monkey 1", "Crest")
    assert log[-1] == "Anne now shows Crest Skull Skull Coin Coin"


def hard(state):
    return DUEL.policy("exact", state, DUEL.to_move(state), Rng(0))


def test_kg_22_hard_keeps_by_the_documented_ranking():
    state = DUEL.initial_state()
    state = DUEL.apply(state, "Navigator + Smuggler")
    state = DUEL.apply(state, "Quartermaster + Iron Hull")
    assert hard(state) == "keep 1"  # Navigator over Smuggler
    state = DUEL.apply(state, "keep 1")
    assert hard(state) == "keep 1"  # Quartermaster over Iron Hull


def test_kg_22_hard_plays_its_card_when_it_pays():
    assert hard(duel("Skull Skull Skull Coin Coin", ("Powder Monkey", "Smuggler"), coins=(4, 0))) \
        == "play Powder Monkey 1"  # against the Curse
    assert hard(duel("Coin Coin Coin Coin Skull", ("Quartermaster", "Smuggler"), rolls=3)) == "play Quartermaster"
    assert hard(duel("Cannon Cannon Cannon Coin Skull", ("Letter of Marque", "Smuggler"), rolls=3,
                     coins=(0, 9))) == "play Letter of Marque"
    navigator = duel("Coin Coin Coin Coin Cannon", ("Navigator", "Smuggler"), rolls=3)
    assert hard(navigator) == "play Navigator"  # a 4th throw at the King's Ransom
    assert hard(play(DUEL, navigator, "play Navigator")) == "reroll 5"
    react = play(DUEL, duel("Cannon Coin Coin Skull Skull", ("Letter of Marque", "Iron Hull"), coins=(0, 5)),
                 "play Letter of Marque", "stop")
    assert hard(react) == "play Iron Hull"  # a theft of 2
    curse = play(DUEL, duel("Skull Skull Skull Coin Coin", ("Smuggler", "Navigator"), coins=(5, 0)), "stop")
    assert hard(curse) == "play Smuggler"


@pytest.mark.parametrize("seed", range(5))
def test_kg_22_gold_is_conserved_through_cards_and_counter_cannons(seed):
    from .helpers import total_gold

    game, rng = KingsGold(mode="duel"), Rng(seed)
    state = game.initial_state()
    while game.to_move(state) is not None:
        if game.to_move(state) == -1:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        assert total_gold(state) == (60, 20) and min(state.coins) >= 0


def test_kg_22_the_view_counts_the_navigators_fourth_throw():
    state = play(DUEL, duel("Coin Coin Coin Cannon Crest", ("Navigator", "Smuggler"), rolls=3), "play Navigator")
    view = DUEL.view(state, 1)
    assert view["rolls_left"] == 1 and view["duel"]["effects"] == ["Navigator"]


def test_kg_22_only_the_duel_hides_anything_and_keep_is_secret_to_the_server():
    from regalia.server.secrecy import hidden_from

    assert KingsGold.hidden_information and DUEL.hidden_information
    assert not KingsGold().hidden_information and not KingsGold(mode="blitz").hidden_information
    match = DUEL.new_match(seed=4)
    assert hidden_from(DUEL, match.state, 0, "keep 1") == {None, 1}  # the other seat never learns which
    state = duel("Coin Coin Cannon Skull Crest", ("Quartermaster", "Smuggler"))
    assert hidden_from(DUEL, state, 0, "play Quartermaster") == frozenset()  # a played card is revealed


def test_kg_22_encode_view_holds_your_card_and_never_the_rivals_hidden_one():
    from regalia.games.kings_gold.view import ENCODING_LENGTH

    a = duel("Coin Coin Cannon Skull Crest", ("Quartermaster", "Iron Hull"))
    b = duel("Coin Coin Cannon Skull Crest", ("Quartermaster", "Smuggler"))
    va, vb = (DUEL.encode_view(DUEL.view(s, 0)) for s in (a, b))
    assert len(va) == ENCODING_LENGTH and va == vb  # the rival's hidden card changes nothing
    assert DUEL.encode_view(DUEL.view(a, 1)) != DUEL.encode_view(DUEL.view(b, 1))  # his own card: seen
    assert len(KingsGold().encode_view(KingsGold().view(position(2), 0))) == ENCODING_LENGTH
