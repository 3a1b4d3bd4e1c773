"""The hard baron's outlook (``planner.outlook``): his best plans ranked by the expected lead after his own
next spin. A storming baron counts the spins that let him storm the throne room as the Crown (GC-19), so he
keeps his men where the next spin gives the points to storm rather than kills."""

import pytest

from regalia.games.gold_crown import planner

from .position import GAME, marching
from .test_kings_men import NO_NEAR_TOWERS, owned

DOOR = ["i10", "i11", "i9", "j9", "k9", "l9"]
"""Six of South's men at the throne room's door (W, SW and S held)."""


def storm_ready(*others: str, points: int = 2):
    guards = [g for g in NO_NEAR_TOWERS if g not in ("k9", "i9", "i11")]
    state = marching({0: [*DOOR, *others], 1: ["k17", "j17"]}, points=points, guards=guards)
    return owned(state, W=0, SW=0, S=0)


def ended(state):
    return GAME.apply(state, "end")


@pytest.mark.parametrize(("others", "storms"), [((), 5), (("l6",), 4), (("l6", "h7"), 3)])
def test_the_outlook_counts_the_spins_that_storm(others, storms):
    """Six at the door: every spin that gives six points or more storms — 8 and 9 only while no man of his stands
    on the wall (l6) or the siege deck (h7), whom they kill instead; 10, 11 and 12 always (he marches)."""
    value = planner.outlook(GAME, ended(storm_ready(*others)), 0)
    assert storms / 12 * 1e6 - 1e3 < value < storms / 12 * 1e6 + 1e3


def test_the_outlook_of_a_finished_match_is_its_result():
    state = storm_ready(points=6)
    won = GAME.apply(state, "storm")
    assert won.winner == 0
    assert planner.outlook(GAME, won, 0) == planner.lead(won, 0) == 1e6


def test_the_plan_with_the_outlook_is_one_of_the_plans_and_keeps_its_value():
    """``plan_turn`` with ``look`` returns a legal line to the end of the turn and the outlook of where it ends."""
    state = storm_ready("l6", "h7", points=3)
    plan, value = planner.plan_turn(GAME, state, 0, 5, look=8)
    end = state
    for action in plan:
        assert action in GAME.legal_actions(end)
        end = GAME.apply(end, action)
    assert end.seat != 0
    assert value == planner.outlook(GAME, end, 0)


@pytest.mark.parametrize("spin", [10, 11, 12])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_marches_to_storm_when_the_spin_lets_him(level, spin):
    """Six at the door and a choice of 10, 11 or 12 (a man in rows 1 and 2 could scale; boulders in hand):
    every level takes the points and storms (the easy and medium barons used to fire or scale)."""
    from regalia.core.rng import Rng
    from regalia.games.gold_crown import GoldCrown
    from regalia.games.gold_crown.state import CHOICE

    state = storm_ready("h6", "j5", "l5").with_(phase=CHOICE, spin=spin, points=0)
    assert len(GAME.legal_actions(state)) > 1
    params = {k: v for k, v in GoldCrown.agent_levels()[level].items() if k not in ("algorithm", "policy")}
    planner._PLANS.clear()
    assert planner.planner(GAME, state, 0, Rng("storm"), **params) == "march"
    marching = GAME.apply(state, "march")
    planner._PLANS.clear()
    assert planner.planner(GAME, marching, 0, Rng("storm"), **{**params, "noise": 0.0}) == "storm"
