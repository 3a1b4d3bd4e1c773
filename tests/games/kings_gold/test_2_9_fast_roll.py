"""Fast roll (§2.9, KG-24): a setting; lone forced choices other than `stop` and `pass` play themselves."""

from regalia.core.rng import Rng
from regalia.games.kings_gold.state import CHOOSE, REACT, READY, THROW

from .helpers import KingsGold, play, played, position

FAST = KingsGold(players=3, fast_roll=True)


def test_2_9_fast_roll_throws_the_first_roll_by_itself():
    match = FAST.new_match(seed=3)
    assert match.state.phase == CHOOSE and match.state.rolls == 1  # after the roll-off, already thrown
    assert "roll" not in match.actions and any(" rolls " in line for line in match.log)
    while not match.is_over:
        assert match.state.phase != READY  # no captain is ever asked to `roll`
        match.play(match.legal_actions()[0])


def test_kg_24_fast_roll_passes_the_dice_and_throws_for_the_next_captain():
    state, log = played(FAST, position(3, dice="Coin Coin Skull Skull Crest"), "stop", "crest shield")
    assert state.seat == 1 and state.phase == THROW and len(state.throwing) == 5
    assert "Anne takes 2 coins from the Royal Treasury" in log and "roll" not in log[-1]


def test_kg_24_fast_roll_still_asks_real_choices():
    state = play(FAST, position(3, dice="Coin Crest Cannon Skull Skull", coins=(0, 2, 2)), "stop")
    assert FAST.legal_actions(state) == ["crest convert", "crest shield"]  # a choice: asked
    state = play(FAST, state, "crest convert")
    assert FAST.legal_actions(state) == ["fire 1", "fire 2"]  # two targets: asked


def test_kg_24_fast_roll_never_skips_a_lone_stop_or_pass_in_the_duel():
    game = KingsGold(mode="duel", fast_roll=True)
    pause = position(2, dice="Coin Coin Coin Cannon Crest", rolls=3, cards=("Iron Hull", "Smuggler"))
    assert game.legal_actions(pause) == ["stop"]  # the last word is asked: skipping it would tell the card
    react = play(game, position(2, dice="Cannon Coin Coin Skull Skull", coins=(0, 3),
                                cards=("Quartermaster", "Navigator")), "stop")
    assert react.phase == REACT and game.legal_actions(react) == ["pass"]


def test_kg_24_fast_roll_is_off_by_default_and_changes_no_outcome():
    assert KingsGold().options["fast_roll"] is False
    slow, fast = KingsGold(players=2), KingsGold(players=2, fast_roll=True)
    a, b = slow.new_match(seed=9), fast.new_match(seed=9)
    rng_a, rng_b = Rng(1), Rng(1)
    while not a.is_over:
        if a.legal_actions() == ["roll"]:
            a.play("roll")
            continue
        a.play(rng_a.choice(a.legal_actions()))
        b.play(rng_b.choice(b.legal_actions()))
    assert b.is_over and a.scores == b.scores and a.chance == b.chance
