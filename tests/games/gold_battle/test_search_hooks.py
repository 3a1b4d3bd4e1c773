"""The hooks the generic search uses: noisy actions (for quiescence) name exactly the moves that gain now."""

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
