"""Counting the wealth (§2.7, KG-16/17/18/24): scores, the winners with their tie-breaks, the badges."""

from __future__ import annotations

from .rules import Config
from .state import KGState

BRONZE, SILVER, GOLD = "Bronze Anchor", "Silver Cutlass", "Gold Pirate King"


def score(cfg: Config, state: KGState, seat: int) -> int:
    """coins + 5 x doubloons + 2 x unused Shields + the Master Pirate bonus (KG-17, valuations KG-24).

    Mid-match this is the score the captain would have if the match ended now: the bonus goes to the
    current holder of the largest heist (KG-16; none while the record is 0).
    """
    points = (state.coins[seat] * cfg.coin + state.doubloons[seat] * cfg.doubloon
              + state.shields[seat] * cfg.shield)
    if state.record > 0 and state.record_holder == seat:
        points += cfg.bonus
    return points


def breakdown(cfg: Config, state: KGState, seat: int) -> dict[str, int]:
    """The parts of ``score``, in points: coins, doubloons, unused Shields and the Master Pirate bonus (held
    now, for now until the end: KG-16). The Ledger shows the bonus apart so a heist does not read as more."""
    return {"coins": state.coins[seat] * cfg.coin, "doubloons": state.doubloons[seat] * cfg.doubloon,
            "shields": state.shields[seat] * cfg.shield,
            "master_pirate": cfg.bonus if state.record > 0 and state.record_holder == seat else 0}


def scores(cfg: Config, state: KGState) -> list[int]:
    """Every captain's score (see ``score``)."""
    return [score(cfg, state, s) for s in range(len(state.coins))]


def standing_key(cfg: Config, state: KGState, seat: int) -> tuple[int, int, int]:
    """KG-17: higher score, then fewer Skull penalties, then more doubloons."""
    return (score(cfg, state, seat), -state.penalties[seat], state.doubloons[seat])


def winners(cfg: Config, state: KGState) -> list[int]:
    """The captains afloat with the best standing (several: a shared victory, KG-17; KG-21 survivor)."""
    afloat = [s for s in range(len(state.coins)) if not state.eliminated[s]]
    best = max(standing_key(cfg, state, s) for s in afloat)
    return [s for s in afloat if standing_key(cfg, state, s) == best]


def badge(cfg: Config, state: KGState, seat: int, won: bool) -> str | None:
    """KG-18: the highest badge earned (cosmetic): Gold > Silver > Bronze, or None."""
    points = score(cfg, state, seat)
    if won and points > 75 and state.penalties[seat] == 0:
        return GOLD
    if won and points > 50:
        return SILVER
    if points >= 20:
        return BRONZE
    return None
