"""The particle filter: worlds replayed from the seat's record keep the view, read nothing hidden, and know
the others' hands better than a uniform deal."""

from __future__ import annotations

from collections import Counter

import pytest

from regalia.ai import load_agent
from regalia.core import Rng
from regalia.games.crown_the_queen import belief, particles, view
from regalia.games.crown_the_queen.cards import DECK, wanted
from regalia.games.crown_the_queen.state import ACQUIRE, PASS

from .helpers import game
from .test_belief import hidden_total


def decisions(players: int, seed: int, limit: int = 300, field: str = "easy"):
    """Every decision point of a rubber between heuristic players (fixed seeds): the seat has a record."""
    g = game(players)
    match = g.new_match(seed=seed)
    agents = [load_agent("crown-the-queen", "medium" if s == 0 else field, seed=s) for s in range(players)]
    while not match.is_over and len(match.actions) < limit:
        if match.state.step in (ACQUIRE, PASS) and match.state.record:
            yield g, match
        match.play(agents[match.to_move].choose(match))


@pytest.mark.parametrize(("players", "seed"), [(3, 31), (4, 32), (2, 33)])
def test_particle_worlds_keep_the_view_and_the_card_count(players, seed):
    checked = 0
    for g, match in decisions(players, seed, limit=200):
        state, seat = match.state, match.to_move
        deal = particles.sampler(state, seat, Rng(checked))
        for i in range(3):
            world = deal(Rng(i))
            assert g.view(world, seat) == g.view(state, seat)
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            assert hidden_total(world, seat) == hidden_total(state, seat)
            seen = sum(map(len, state.processions)) + len(state.face_up) + len(state.hands[seat])
            assert sum(hidden_total(world, seat).values()) + seen + (state.passed is not None) == len(DECK)
            for s in range(players):
                if s != seat and belief.laid_out(state, s):
                    assert not set(world.hands[s]) & set(wanted(world.processions[s]))
        checked += 1
    assert checked > 20


def test_the_filter_explains_real_play():
    """Against the heuristics it models, some history explains the record at (nearly) every decision."""
    explained = total = 0
    for _g, match in decisions(3, 34, limit=400):
        total += 1
        explained += particles.worlds(match.state, match.to_move, Rng(total)) is not None
    assert total > 50
    assert explained >= 0.95 * total


def test_particle_worlds_depend_on_the_view_only():
    """Two states a seat cannot tell apart (hidden cards redrawn) give the very same worlds."""
    for g, match in decisions(3, 35, limit=150):
        seat = match.to_move
        twin = g.resample_hidden(match.state, seat, Rng(len(match.actions)))
        a = particles.sampler(match.state, seat, Rng(5))(Rng(6))
        b = particles.sampler(twin, seat, Rng(5))(Rng(6))
        assert (a.hands, a.pack, a.passed) == (b.hands, b.pack, b.passed)


def test_the_search_worlds_come_from_the_view():
    g = game(3)
    for _g, match in decisions(3, 36, limit=60):
        seat = match.to_move
        data = g.view(match.state, seat)
        a = g.world_sampler(data, seat, Rng(1), particles=16)(Rng(2))
        twin = g.resample_hidden(match.state, seat, Rng(3))
        b = g.world_sampler(g.view(twin, seat), seat, Rng(1), particles=16)(Rng(2))
        assert a.hands == b.hands
        assert g.view(a, seat) == data


def test_particles_get_more_of_the_others_cards_right_than_a_uniform_deal():
    right: Counter[str] = Counter()
    for _g, match in decisions(3, 37, limit=300):
        state, seat = match.state, match.to_move
        deal = particles.sampler(state, seat, Rng(len(match.actions)))
        for name, world in (("particles", deal(Rng(1))), ("uniform", view.resample_hidden(state, seat, Rng(1)))):
            right[name] += sum(sum((Counter(world.hands[s]) & Counter(state.hands[s])).values())
                               for s in range(3) if s != seat)
    assert right["particles"] > 1.3 * right["uniform"]


def test_hard_over_particle_worlds_decides_from_the_view_only():
    from .test_agents import _hidden_twin

    checked = 0
    for _g, match in decisions(3, 38, limit=80):
        seat = match.to_move
        twin = _hidden_twin(match, seat, seed=len(match.actions))
        hard = [load_agent("crown-the-queen", "hard", seed=4, iterations=20, seconds=None,
                           worlds={"particles": 16}) for _ in range(2)]
        assert hard[0].choose(match) == hard[1].choose(twin)
        checked += 1
        if checked == 4:
            break
    assert checked == 4
