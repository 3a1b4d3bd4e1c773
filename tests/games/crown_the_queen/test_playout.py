"""Search's fused play-out (playout.py) against the generic rollout loop of ``regalia.ai.ismcts``: the same
values and the same draws from the random stream, on every kind of position, or hard is another player."""

from __future__ import annotations

import pytest

from regalia.ai.ismcts import ISMCTSAgent
from regalia.core.game import CHANCE
from regalia.core.rng import Rng
from regalia.games import load_game
from regalia.games.crown_the_queen import playout
from regalia.games.crown_the_queen.state import ACQUIRE, DRAW, OVER, PASS

from .helpers import position


class Generic(ISMCTSAgent):
    """Hard's search with the core protocol's rollout loop only (the game's play-out never asked)."""

    def _rollout(self, game, state, rng, start, cut):
        self._play_out = None
        return super()._rollout(game, state, rng, start, cut)


def generic(game, start, state, rng):
    agent = Generic(seed=0, samples=1, paired=True, flat=True, horizon=True, rollout_policy="race")
    return agent._rollout(game, state, rng, start, game.rollout_cut)


def positions(players: int, games: int, seed: str, every: int = 3):
    """States of a match between random and race choices, at the steps search plays out from."""
    game = load_game("crown-the-queen", players=players, rubber=games == 3)
    match = game.new_match(seed=seed)
    rng = Rng(seed)
    plies = 0
    while not match.is_over:
        state = match.state
        if state.step in (DRAW, ACQUIRE, PASS) and plies % every == 0:
            yield game, state
        plies += 1
        if game.to_move(state) == CHANCE:
            match.play(game.sample_chance(state, rng))
        elif rng.randbelow(3):
            match.play(game.policy("race", state, state.turn, rng))
        else:
            match.play(rng.choice(match.legal_actions()))


def choices(players: int, name: str):
    """Every legal action at the seats' choices of three rubbers (``positions``), each with a stream of its
    own for the rollout: (game, state, action, stream)."""
    compared = 0
    for match_seed in range(3):
        seed = f"{name}:{players}:{match_seed}"
        for game, state in positions(players, 3, seed):
            if state.step == DRAW:
                continue
            for action in game.legal_actions(state):
                yield game, state, action, Rng(f"{seed}:{compared}").next64()
                compared += 1


@pytest.mark.parametrize(("players", "games"), [(2, 3), (3, 3), (3, 1), (4, 3), (5, 1), (6, 3)])
def test_the_play_out_gives_the_generic_loop_s_values_and_draws(players, games):
    compared = 0
    for match_seed in range(4):
        seed = f"playout:{players}:{games}:{match_seed}"
        for game, state in positions(players, games, seed):
            start = state
            for action in game.legal_actions(state) or [None]:  # a root action first, as flat search does
                after = state if action is None else game.apply(state, action)
                stream = Rng(f"{seed}:{compared}")
                expected_rng, fused_rng = stream.copy(), stream.copy()
                expected = generic(game, start, after, expected_rng)
                assert playout.play_out("race", start, after, fused_rng) == expected
                assert fused_rng.state == expected_rng.state
                compared += 1
    assert compared > 150


def test_a_deadlock_a_last_card_and_a_crowned_queen_end_the_play_out_as_the_rules_do():
    game = load_game("crown-the-queen", players=3)
    stuck = position([["Trumpeter", "Big Ben", "India"], ["Ceylon", "Canada", "Union Jack"],
                      ["Marble Arch", "Hyde Park", "Royal Arms"]], pack=["Page"], idle=4, results=((0, 0, 0),),
                     games=3)  # CQ-5: two idle passes left before the round ends the game
    last = position([["Policeman", "India", "Ceylon"], ["Canada", "Union Jack", "Big Ben"],
                     ["Marble Arch", "Hyde Park", "Royal Arms"]], step=DRAW, pack=["Soldier"], games=1)
    queen = position([["Queen", "India", "Ceylon"], ["Canada", "Union Jack", "Big Ben"], ["Marble Arch", "Hyde Park",
                      "Royal Arms"]], processions=[["Policeman", "Soldier", "Sailor", "Airman", "Royal Coach",
                                                    "Page", "Archbishop"], [], []], step=DRAW, games=1)
    for state in (stuck, last, queen):
        expected_rng, fused_rng = Rng("end"), Rng("end")
        assert playout.play_out("race", state, state, fused_rng) == generic(game, state, state, expected_rng)
        assert fused_rng.state == expected_rng.state
    assert playout.play_out("race", queen, queen, Rng("q")) == [1.0, 0.0, 0.0]


def test_the_play_out_leaves_other_policies_and_finished_deals_to_the_generic_loop():
    game = load_game("crown-the-queen", players=3)
    state = next(s for _, s in positions(3, 3, "other"))
    assert playout.play_out("easy", state, state, Rng(1)) is None
    over = state._replace(step=OVER, results=((100, 0, 0), (0, 0, 0), (0, 0, 0)))
    assert playout.play_out("race", state, over, Rng(1)) == game.rollout_cut(state, over)


def test_hard_s_search_is_the_same_search_with_the_play_out():
    game = load_game("crown-the-queen", players=3)
    params = dict(game.agent_levels()["hard"])
    params.pop("algorithm")
    params["seconds"] = None
    for _, state in list(positions(3, 3, "search", every=40))[:6]:
        view, seat = game.view(state, state.turn), state.turn
        legal = game.legal_actions(state)
        if len(legal) < 2:
            continue
        fused, plain = ISMCTSAgent(seed="s", **params), Generic(seed="s", **params)
        plain.rng = fused.rng.copy()  # an agent's stream is derived from its class's name
        assert fused.decide(game, view, seat, legal) == plain.decide(game, view, seat, legal)
        assert fused.last_iterations == plain.last_iterations
        assert fused.rng.state == plain.rng.state


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_ceiling_s_fused_values_are_its_step_by_step_values(players):
    from benchmarks.crown_the_queen.ceiling import Oracle

    oracle = Oracle(seed=0, samples=4, margin=1.0)
    compared = 0
    for game, state, action, stream in choices(players, "ceiling"):
        fused = oracle._value(game, state, action, stream, state.turn, 1)
        assert fused == oracle._played_value(game, state, action, stream, state.turn, 1)
        compared += 1
    assert compared > 150


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_named_easy_keep_and_swap_as_the_easy_heuristic_in_the_play_out(players):
    """The rollouts that value medium's choices against easies (benchmarks/crown_the_queen/train_medium.py): the
    fused loop with ``easy`` seats gives what the core protocol gives with those seats playing ``easy``."""
    from benchmarks.crown_the_queen.ceiling import Oracle

    judge = Oracle(seed=0, model="easy", base="race")  # the others by easy, the mover by the race
    compared = 0
    for game, state, action, stream in choices(players, "easy"):
        seat = state.turn
        easy = frozenset(s for s in range(players) if s != seat)
        fused = playout.play_out("race", state, game.apply(state, action), Rng(state=stream), easy=easy)
        assert fused is not None
        assert fused[seat] == judge._played_value(game, state, action, stream, seat, 1)
        compared += 1
    assert compared > 100
