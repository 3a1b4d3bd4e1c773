"""Expectimax (max-n at decisions, the expectation at chance) on toys with answers known by hand."""

import pytest

from regalia.ai import ALGORITHMS, algorithm, load_agent
from regalia.ai.agent import Agent
from regalia.ai.expectimax import ExpectimaxAgent
from regalia.core import Game
from regalia.games import load_game
from tests.toys.nim import Nim
from tests.toys.pig import HighCard, Pig, PigState

from .test_search import decide, nim_winning_moves


class ScoredPig(Pig):
    """Pig whose horizon is worth each seat's banked points, plus the turn's for the seat rolling, out of 100."""

    def evaluate(self, state: PigState) -> list[float]:
        return [(t + (state.turn if s == state.seat else 0)) / 100 for s, t in enumerate(state.totals)]


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_every_algorithm_a_level_may_name_loads(name):
    assert issubclass(algorithm(name), Agent)


@pytest.mark.parametrize("heaps", [(1, 2), (3, 4, 5), (1, 1, 3)])
def test_expectimax_finds_the_known_winning_move_in_nim(heaps):
    game = Nim(heaps=heaps)
    agent = ExpectimaxAgent(seed=1, nodes=500_000, max_depth=20)
    assert decide(agent, game, game.initial_state()) in nim_winning_moves(heaps)


def test_a_chance_node_is_the_probability_weighted_average_of_its_outcomes():
    game = ScoredPig(target=50)
    state = PigState((10, 30), turn=12, seat=0, rolling=False)
    agent = ExpectimaxAgent(seed=1, nodes=10_000, max_depth=1)
    decide(agent, game, state)
    # roll: a 1 loses the turn's 12 (10/100 left for seat 0); 2..6 add to the turn; one decision deep.
    roll = (10 / 100 + sum((10 + 12 + face) / 100 for face in range(2, 7))) / 6
    stop = (10 + 12) / 100  # banked; seat 1 to move, at the horizon
    assert agent.last["depth"] == 1
    assert agent.last["values"]["roll"] == pytest.approx(roll)
    assert agent.last["values"]["stop"] == pytest.approx(stop)


def test_banking_a_sure_win_beats_rolling_for_more():
    game = Pig(target=20)
    state = PigState((15, 0), turn=6, seat=0, rolling=False)
    agent = ExpectimaxAgent(seed=1, nodes=50_000, max_depth=4)
    assert decide(agent, game, state) == "stop"
    assert agent.last["values"]["stop"] > 0.99


def test_pushing_your_luck_when_stopping_hands_the_rival_the_game():
    # The rival needs 1 point: he wins on any roll but a 1. Banking 4 almost surely loses; rolling on is better.
    game = Pig(target=20)
    state = PigState((0, 19), turn=4, seat=0, rolling=False)
    agent = ExpectimaxAgent(seed=1, nodes=200_000, max_depth=4)
    assert decide(agent, game, state) == "roll"
    assert agent.last["values"]["roll"] > agent.last["values"]["stop"] + 0.1


def test_each_seat_plays_for_itself_with_three_seats():
    # Max-n: every seat's own entry of the value vector. In three-seat Nim (1, 1, 1) the third seat takes the
    # last object whatever happens, so seat 0's every move is worth nothing to it (and everything to seat 2).
    game = Nim(heaps=(1, 1, 1), players=3)
    agent = ExpectimaxAgent(seed=1, nodes=10_000, max_depth=10)
    action = decide(agent, game, game.initial_state())
    assert action in game.legal_actions(game.initial_state())
    assert max(agent.last["values"].values()) == pytest.approx(0.0, abs=0.01)


def test_a_wide_chance_node_is_sampled_within_the_budget():
    game = Pig(target=20)
    state = PigState((5, 5), turn=3, seat=0, rolling=False)
    agent = ExpectimaxAgent(seed=4, nodes=20_000, max_depth=3, chance_samples=3)
    assert decide(agent, game, state) in ("roll", "stop")


def test_the_same_seed_and_node_budget_give_the_same_choice_and_values():
    game = ScoredPig(target=30)
    state = PigState((3, 12), turn=7, seat=0, rolling=False)
    runs = []
    for _ in range(2):
        agent = ExpectimaxAgent(seed=9, nodes=3_000, max_depth=12, chance_samples=4)
        runs.append((decide(agent, game, state), agent.last["values"], agent.last["depth"]))
    assert runs[0] == runs[1]


def test_it_decides_from_the_view_alone():
    # Two deals that seat 0 cannot tell apart (its own card is the same) give the same search and choice.
    game = HighCard(players=3)
    one = game.apply(game.apply(game.apply(game.initial_state(), "5"), "9"), "2")
    other = game.apply(game.apply(game.apply(game.initial_state(), "5"), "1"), "7")
    assert game.view(one, 0) == game.view(other, 0)
    choices = []
    for state in (one, other):
        agent = ExpectimaxAgent(seed=2, nodes=5_000, worlds=4)
        choices.append((decide(agent, game, state), agent.last["values"]))
    assert choices[0] == choices[1]


@pytest.mark.parametrize("bad", [{"worlds": 0}, {"chance_samples": 0}, {"max_depth": 0}])
def test_nonsense_budgets_are_refused(bad):
    with pytest.raises(ValueError, match="at least 1"):
        ExpectimaxAgent(**bad)


@pytest.mark.parametrize("game_id", ["kings-gold", "gold-crown", "gold-battle", "crown-the-queen"])
def test_expectimax_plays_a_legal_move_in_every_game(game_id):
    game: Game = load_game(game_id)
    match = game.new_match(seed=5)
    agent = load_agent(game_id, "random", seed=1, algorithm="expectimax", nodes=400, max_depth=2, worlds=2)
    played = 0
    while not match.is_over and played < 6:
        if match.to_move is None:
            break
        action = agent.choose(match)  # Agent.choose raises if the action is not legal
        match.play(action)
        played += 1
    assert played > 0
