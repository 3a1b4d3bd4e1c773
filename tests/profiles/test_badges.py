"""King's Gold badges (DECISIONS.md KG-18) kept on a profile, and the dice skins they unlock."""

import pytest

from regalia.profiles.badges import (
    Badge,
    DiceSkin,
    badges_from_result,
    choose_skin,
    highest,
    unlocked_skins,
)
from regalia.profiles.errors import SkinLocked


def test_kg_18_badge_names_and_order():
    assert [b.value for b in Badge] == ["Bronze Anchor", "Silver Cutlass", "Gold Pirate King"]
    assert Badge.BRONZE_ANCHOR.rank < Badge.SILVER_CUTLASS.rank < Badge.GOLD_PIRATE_KING.rank
    assert Badge.GOLD_PIRATE_KING.slug == "gold-pirate-king"


def test_kg_18_show_the_highest_earned():
    assert highest([Badge.BRONZE_ANCHOR, Badge.GOLD_PIRATE_KING, Badge.SILVER_CUTLASS]) is Badge.GOLD_PIRATE_KING
    assert highest([]) is None


def test_kg_18_badges_read_from_a_kings_gold_result():
    # the shape regalia.games.kings_gold gives: one entry per seat, the highest badge or None
    result = {"winners": [1], "scores": [22, 80, 5], "badges": ["Bronze Anchor", "Gold Pirate King", None]}
    assert badges_from_result(result, 3) == {0: Badge.BRONZE_ANCHOR, 1: Badge.GOLD_PIRATE_KING}
    assert badges_from_result({"badges": {"2": "silver-cutlass"}}, 3) == {2: Badge.SILVER_CUTLASS}
    assert badges_from_result({"badges": [["bronze", "silver"], []]}, 2) == {0: Badge.SILVER_CUTLASS}
    assert badges_from_result({"winners": [0]}, 2) == {}


def test_kg_18_malformed_badges_are_refused():
    with pytest.raises(ValueError, match="one entry per seat"):
        badges_from_result({"badges": ["Bronze Anchor"]}, 2)
    with pytest.raises(ValueError, match="not a King's Gold badge"):
        badges_from_result({"badges": ["Platinum Parrot", None]}, 2)
    with pytest.raises(ValueError, match="seat"):
        badges_from_result({"badges": {"5": "bronze"}}, 2)


def test_kg_18_each_badge_unlocks_its_skin_and_those_below():
    assert unlocked_skins([]) == [DiceSkin.CLASSIC]
    assert unlocked_skins([Badge.BRONZE_ANCHOR]) == [DiceSkin.CLASSIC, DiceSkin.BONE]
    assert unlocked_skins([Badge.SILVER_CUTLASS]) == [DiceSkin.CLASSIC, DiceSkin.BONE, DiceSkin.EBONY]
    assert unlocked_skins([Badge.GOLD_PIRATE_KING]) == list(DiceSkin)


def test_kg_18_a_locked_skin_cannot_be_chosen():
    assert choose_skin("classic", []) is DiceSkin.CLASSIC
    assert choose_skin("ebony", [Badge.SILVER_CUTLASS]) is DiceSkin.EBONY
    with pytest.raises(SkinLocked, match="gold dice are unlocked by the Gold Pirate King badge"):
        choose_skin("gold", [Badge.SILVER_CUTLASS])
    with pytest.raises(ValueError, match="not a dice skin"):
        choose_skin("marble", [Badge.GOLD_PIRATE_KING])
