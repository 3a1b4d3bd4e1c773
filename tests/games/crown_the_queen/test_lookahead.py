"""Sampled lookahead (the medium and hard levels): worlds drawn from the view, consistent with the rules."""

from __future__ import annotations

from regalia.core import Rng
from regalia.games.crown_the_queen.cards import POLICEMAN, SOLDIER, wanted
from regalia.games.crown_the_queen.lookahead import plausible_world, standing
from regalia.games.crown_the_queen.state import ACQUIRE, OVER

from .helpers import game, position


def _mid_game():
    return position([["Trumpeter", "Big Ben", "Canada"], ["Ceylon", "Hyde Park", "India"],
                     ["Union Jack", "Marble Arch", "Australia"]],
                    processions=[[POLICEMAN], [POLICEMAN, SOLDIER], []],
                    face_up=("Page", "Page", "Archbishop", "Queen"), step=ACQUIRE, passed="Royal Arms")


def test_plausible_worlds_keep_the_view_and_hold_no_card_a_procession_would_have_laid():
    g = game(3)
    state = _mid_game()
    for seed in range(40):
        world = plausible_world(state, 0, Rng(seed))
        assert g.view(world, 0) == g.view(state, 0)
        for seat in (1, 2):
            assert not set(world.hands[seat]) & set(wanted(world.processions[seat]))


def test_plausible_worlds_depend_on_the_view_only():
    state = _mid_game()
    twin = game(3).resample_hidden(state, 0, Rng(99))
    assert twin.hands[1:] != state.hands[1:]
    assert plausible_world(state, 0, Rng(3)) == plausible_world(twin, 0, Rng(3))


def test_standing_is_the_result_once_over_and_favours_the_leader_before():
    ahead = position([[], [], []], results=((100, 20, 30),), games=3)._replace(step=ACQUIRE)
    assert standing(ahead, 0) > 0.5 > standing(ahead, 1)
    over = ahead._replace(step=OVER, results=((100, 20, 30), (0, 0, 0), (0, 100, 0)))
    assert standing(over, 0) == 0.0 and standing(over, 1) == 1.0


def test_plausible_worlds_are_drawn_to_the_last_card_of_the_pack():
    g = game(3)
    match = g.new_match(seed=2)
    rng = Rng(0)
    while not match.is_over:
        seat = match.to_move
        world = plausible_world(match.state, seat, rng)
        assert g.view(world, seat) == g.view(match.state, seat)
        match.play(match.legal_actions()[0])


def test_the_sampled_policy_decides_from_the_view_only():
    g = game(3)
    match = g.new_match(seed=21)
    for _ in range(12):
        seat = match.to_move
        twin = g.resample_hidden(match.state, seat, Rng(len(match.actions)))
        assert g.view(twin, seat) == g.view(match.state, seat)
        choice = g.policy("sampled", match.state, seat, Rng(1), worlds=4)
        assert choice in match.legal_actions()
        assert choice == g.policy("sampled", twin, seat, Rng(1), worlds=4)
        believed = g.policy("sampled", match.state, seat, Rng(2), worlds=4, belief=True)
        assert believed == g.policy("sampled", twin, seat, Rng(2), worlds=4, belief=True)
        match.play(choice)
