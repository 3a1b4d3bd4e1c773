"""King's Gold badges kept on a profile, and the dice skins they unlock.

The badges are decided by the game (DECISIONS.md KG-18, ``regalia.games.kings_gold.scoring.badge``):

    Bronze Anchor      any captain ending with >= 20 points
    Silver Cutlass     the winner, with > 50
    Gold Pirate King   the winner, with > 75 and no Skull penalty all match

A match awards each captain at most its highest badge; they are cosmetic. This module only *keeps* them
(a count per badge, the first time earned) and turns them into dice skins:

    skin     unlocked by              why
    Classic  (always)                 the ivory dice every table starts with
    Bone     Bronze Anchor or better  a sailor's first carved dice
    Ebony    Silver Cutlass or better the dark wood of a captain's cabin
    Gold     Gold Pirate King         the king's own

A higher badge unlocks the lower badges' skins too, because its conditions include theirs (a Gold
Pirate King ended with > 75 >= 20 points and won with > 50). The skin is chosen in a table's settings
and follows the profile to every device (the manual's "cloud sync", KG-24).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import SkinLocked

BADGE_GAME = "kings-gold"
"""The game whose results carry badges."""


class Badge(enum.Enum):
    """A King's Gold badge, in rising order of rank."""

    BRONZE_ANCHOR = "Bronze Anchor"
    SILVER_CUTLASS = "Silver Cutlass"
    GOLD_PIRATE_KING = "Gold Pirate King"

    @property
    def rank(self) -> int:
        return list(Badge).index(self)

    @property
    def slug(self) -> str:
        """The id used in URLs, JSON and the store (``bronze-anchor``)."""
        return self.value.lower().replace(" ", "-")

    @classmethod
    def parse(cls, text: object) -> Badge:
        """A badge from its name, slug or metal ("Bronze Anchor", "bronze-anchor", "bronze"); ValueError else."""
        if isinstance(text, Badge):
            return text
        if isinstance(text, str):
            key = text.strip().lower().replace("_", " ").replace("-", " ")
            for badge in cls:
                if key in (badge.value.lower(), badge.value.split()[0].lower()):
                    return badge
        raise ValueError(f"{text!r} is not a King's Gold badge; badges: {', '.join(b.value for b in cls)}")


class DiceSkin(enum.Enum):
    CLASSIC = "classic"
    BONE = "bone"
    EBONY = "ebony"
    GOLD = "gold"


DEFAULT_SKIN = DiceSkin.CLASSIC
UNLOCKED_BY: dict[DiceSkin, Badge | None] = {
    DiceSkin.CLASSIC: None,
    DiceSkin.BONE: Badge.BRONZE_ANCHOR,
    DiceSkin.EBONY: Badge.SILVER_CUTLASS,
    DiceSkin.GOLD: Badge.GOLD_PIRATE_KING,
}


def highest(badges: Iterable[Badge]) -> Badge | None:
    """The badge to show for a collection: the highest earned (KG-18)."""
    return max(badges, key=lambda b: b.rank, default=None)


def unlocked_skins(badges: Iterable[Badge]) -> list[DiceSkin]:
    """Every skin the badges unlock, Classic first."""
    best = highest(badges)
    return [skin for skin, need in UNLOCKED_BY.items()
            if need is None or (best is not None and best.rank >= need.rank)]


def choose_skin(wanted: object, badges: Iterable[Badge]) -> DiceSkin:
    """The skin to use at the table; SkinLocked says which badge it needs, ValueError an unknown name."""
    try:
        skin = DiceSkin(wanted) if not isinstance(wanted, DiceSkin) else wanted
    except ValueError:
        names = ", ".join(s.value for s in DiceSkin)
        raise ValueError(f"{wanted!r} is not a dice skin; skins: {names}") from None
    if skin not in unlocked_skins(badges):
        need = UNLOCKED_BY[skin]
        assert need is not None
        raise SkinLocked(f"the {skin.value} dice are unlocked by the {need.value} badge (King's Gold)")
    return skin


def badges_from_result(result: Mapping[str, Any], players: int) -> dict[int, Badge]:
    """The badge each seat earned in a finished match, read from ``Match.result()``'s ``badges``.

    Accepted shapes: a list with one entry per seat (a name, or None), or a mapping seat -> name; an entry
    that is a list keeps its highest badge. Seats without a badge are absent from the answer.
    """
    raw = result.get("badges")
    if raw is None:
        return {}
    items: Iterable[tuple[Any, Any]]
    if isinstance(raw, Mapping):
        items = raw.items()
    elif isinstance(raw, list | tuple):
        if len(raw) != players:
            raise ValueError(f"badges {raw!r} do not give one entry per seat of {players}")
        items = enumerate(raw)
    else:
        raise ValueError(f"badges {raw!r} are neither a list per seat nor a mapping seat -> badge")
    earned: dict[int, Badge] = {}
    for seat, entry in items:
        seat_no = int(seat)
        if not 0 <= seat_no < players:
            raise ValueError(f"badge for seat {seat!r} of a {players}-seat match")
        names = entry if isinstance(entry, list | tuple) else [entry]
        best = highest(Badge.parse(n) for n in names if n)
        if best is not None:
            earned[seat_no] = best
    return earned
