"""The hooks the generic search uses: noisy actions (for quiescence) name exactly the moves that gain now."""

from regalia.core.rng import Rng
from regalia.games.gold_battle import GoldBattle
from regalia.games.gold_battle.evaluation import evaluate, reference_evaluate

from .helpers import battle

TWO_ON_ONE = """
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . S . . . .
. . . . s . . . . . .
. . . S . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
"""


def test_noisy_actions_are_the_moves_that_capture():
    match = battle(TWO_ON_ONE)
    game, state = match.game, match.state
    noisy = game.noisy_actions(state)
    assert sorted(noisy) == ["g7-f6", "g7-f7"]  # a second Red soldier beside e6 (rule 5)
    for action in game.legal_actions(state):
        captured = game.apply(state, action).captured[1] > state.captured[1]
        assert captured == (action in noisy), action


def test_a_winning_move_is_the_noisiest():
    match = battle("""
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . C . . . . . .
. . . . . c . . . . .
. . . s . . . S . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
""")
    noisy = match.game.noisy_actions(match.state)
    assert noisy[0] == "h5-g5"  # the Red commander and a soldier beside the Blue commander (rule 6)
    assert match.game.noisy_actions(match.game.apply(match.state, "h5-g5")) == []  # the battle is over


def test_the_fast_evaluation_is_the_term_by_term_one_exactly():
    game, rng, checked = GoldBattle(), Rng("evaluation"), 0
    for seed in range(12):
        match = game.new_match(seed=seed)
        while not match.is_over:
            state = match.state
            for action in match.legal_actions():  # every child: the search's leaves
                child = game.apply(state, action)
                assert evaluate(child) == reference_evaluate(child), (seed, match.actions, action)
                checked += 1
            match.play(rng.choice(match.legal_actions()))
    assert checked > 10_000
