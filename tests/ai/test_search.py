"""The generic search (alpha-beta, UCT) on toy games with known answers; budgets are node/iteration counts."""

import pytest

from regalia.ai.alphabeta import AlphaBetaAgent
from regalia.ai.mcts import MCTSAgent
from regalia.core import CHANCE, Game
from tests.toys.nim import Nim
from tests.toys.pig import Pig


def decide(agent, game: Game, state):
    seat = game.to_move(state)
    view = game.view(state, seat)
    return agent.decide(game, view, seat, game.legal_actions(state))


def nim_winning_moves(heaps):
    total = 0
    for h in heaps:
        total ^= h
    return {f"{i}:{h - (h ^ total)}" for i, h in enumerate(heaps) if (h ^ total) < h}


@pytest.mark.parametrize("heaps", [(1, 2), (3, 4, 5), (2, 5, 6), (1, 1, 3)])
def test_alphabeta_finds_the_known_winning_move_in_nim(heaps):
    game = Nim(heaps=heaps)
    agent = AlphaBetaAgent(seed=1, nodes=200_000, max_depth=20)
    assert decide(agent, game, game.initial_state()) in nim_winning_moves(heaps)
    assert agent.last["value"] > 0.9


@pytest.mark.parametrize("heaps", [(1, 2), (2, 3), (1, 2, 4)])
def test_uct_finds_the_known_winning_move_in_nim(heaps):
    game = Nim(heaps=heaps)
    agent = MCTSAgent(seed=1, iterations=3000)
    assert decide(agent, game, game.initial_state()) in nim_winning_moves(heaps)


def test_alphabeta_is_deterministic_under_a_node_limit():
    game = Nim(heaps=(3, 4, 5, 6))
    a = decide(AlphaBetaAgent(seed=3, nodes=500), game, game.initial_state())
    b = decide(AlphaBetaAgent(seed=3, nodes=500), game, game.initial_state())
    assert a == b


def test_alphabeta_uses_the_transposition_table_to_search_less():
    game = Nim(heaps=(2, 3, 4))
    agent = AlphaBetaAgent(seed=1, nodes=10**6, max_depth=9)
    decide(agent, game, game.initial_state())
    assert agent.last["depth"] == 9 and agent.last["nodes"] < 20_000


def test_uct_handles_chance_nodes_by_sampling_them():
    game = Pig(target=10)
    state = game.initial_state()
    agent = MCTSAgent(seed=2, iterations=300)
    assert decide(agent, game, state) in ("roll", "stop")
    # With 9 points banked this turn and 0 on the table, stopping wins at once.
    state = game.apply(game.apply(state, "roll"), "6")
    state = game.apply(game.apply(state, "roll"), "4")
    assert game.to_move(state) == 0 and state.turn == 10
    assert decide(MCTSAgent(seed=2, iterations=300), game, state) == "stop"


def test_alphabeta_averages_over_chance_nodes():
    game = Pig(target=10)
    state = game.apply(game.apply(game.initial_state(), "roll"), "6")
    state = game.apply(game.apply(state, "roll"), "4")
    assert game.to_move(state) != CHANCE
    assert decide(AlphaBetaAgent(seed=1, nodes=20_000, max_depth=4), game, state) == "stop"


@pytest.mark.parametrize("agent", [MCTSAgent(seed=4, iterations=2000), AlphaBetaAgent(seed=4, nodes=50_000)])
def test_search_handles_three_players(agent):
    game = Nim(heaps=(1, 1, 1), players=3)
    # Three single objects, three seats: seat 0 takes one, seat 1 one, seat 2 the last. Whatever seat 0
    # does it loses, yet it must still answer legally; with (1, 0, 0) left for seat 2 it takes and wins.
    assert decide(agent, game, game.initial_state()) in game.legal_actions(game.initial_state())
    from tests.toys.nim import NimState

    state = NimState((0, 0, 2), seat=2)
    assert decide(agent, game, state) == "2:2"


def test_uct_plays_pig_with_four_players_to_the_end():
    game = Pig(players=4, target=10)
    match = game.new_match(seed=7)
    agents = [MCTSAgent(seed=s, iterations=30) for s in range(4)]
    while not match.is_over:
        match.play(agents[match.to_move].choose(match))
    assert match.winners


def test_quiescence_sees_the_punishment_a_plain_horizon_misses():
    from tests.toys.grab import Grab

    game = Grab(plies=6)
    state = game.initial_state()
    plain = AlphaBetaAgent(seed=1, nodes=10_000, max_depth=1)
    assert decide(plain, game, state) == "grab"  # +3 at the horizon
    quiet = AlphaBetaAgent(seed=1, nodes=10_000, max_depth=1, quiescence=2)
    assert decide(quiet, game, state) == "safe"  # grab, punish: +3 - 5
    assert quiet.last["value"] > 0.5


def test_quiescence_changes_nothing_for_a_game_without_noisy_actions():
    from tests.toys.grab import Grab

    game = Grab(plies=6, noisy=False)
    for depth in (1, 2, 3):
        plain = AlphaBetaAgent(seed=4, nodes=50_000, max_depth=depth)
        quiet = AlphaBetaAgent(seed=4, nodes=50_000, max_depth=depth, quiescence=3)
        assert decide(plain, game, game.initial_state()) == decide(quiet, game, game.initial_state())
        assert plain.last["value"] == quiet.last["value"]
