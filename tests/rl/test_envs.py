"""The PettingZoo and Gymnasium environments: the libraries' own checks, on the toys and every landed game."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from regalia.core import IllegalAction, Rng
from regalia.games import load_game
from regalia.rl import aec_env, gym_env
from regalia.rl.codec import Codec, rewards
from tests.research.landed import landed_games
from tests.toys.encoded import EncodedHighCard, EncodedPig

# The checkers' advice that does not apply: a Dict observation with "action_mask" is PettingZoo's own
# pattern for masked games, and encode_view promises no bounds (each game chooses its scales).
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:.*A Box observation space (minimum|maximum) value is"),
]

TOYS = {"pig": EncodedPig, "high-card": EncodedHighCard}
GAMES = [*TOYS, *landed_games()]


def build(game_id, **options):
    return TOYS[game_id](**options) if game_id in TOYS else load_game(game_id, **options)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test_passes(game_id):
    api_test(aec_env(build(game_id)), num_cycles=300)


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_check_env_passes(game_id):
    check_env(gym_env(build(game_id), opponents="random"), skip_render_check=True)


def test_aec_reset_seed_is_the_match_seed():
    game = EncodedPig()
    env = aec_env(game)
    env.reset(seed=7)
    assert env.match.to_json() == game.new_match(seed=7).to_json()


def test_aec_observation_is_the_seat_view_only():
    game = EncodedHighCard()
    env = aec_env(game)
    env.reset(seed=3)
    seat = env.match.to_move
    agent = f"seat_{seat}"
    obs = env.observe(agent)
    np.testing.assert_array_equal(obs["observation"], game.encode_view(env.match.view(seat)))
    assert env.infos[agent]["view"] == env.match.view(seat)
    other = env.observe(f"seat_{1 - seat}")
    assert not other["action_mask"].any(), "a seat not to move has no legal action"
    # everything hidden from the seat drawn anew: its observation does not change
    for k in range(5):
        env.match.state = game.resample_hidden(env.match.state, seat, Rng(k))
        np.testing.assert_array_equal(env.observe(agent)["observation"], obs["observation"])


def test_aec_illegal_index_raises_naming_the_rule_and_changes_nothing():
    env = aec_env(EncodedPig())
    env.reset(seed=1)
    before = env.match.to_json()
    with pytest.raises(IllegalAction, match="not an action index"):
        env.step(5)
    with pytest.raises(IllegalAction, match="not an action index"):
        env.step("roll")
    assert env.match.to_json() == before


def test_aec_full_match_rewards_are_zero_sum_and_agents_leave():
    env = aec_env(EncodedPig(players=3))
    env.reset(seed=2)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for step, agent in enumerate(env.agent_iter(max_iter=10_000)):
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        legal = np.flatnonzero(obs["action_mask"])
        env.step(None if terminated or truncated else int(legal[step % len(legal)]))
    assert env.agents == []
    assert sum(total.values()) == pytest.approx(0.0)
    assert max(total.values()) == pytest.approx(1.0)


def test_codec_maps_legal_actions_to_the_mask():
    game = EncodedPig()
    codec = Codec(game)
    match = game.new_match(seed=0)
    assert codec.actions == ["roll", "stop"]
    assert codec.mask(match, match.to_move).tolist() == [1, 1]
    assert rewards(game, match) == [0.0, 0.0]


def test_gym_opponents_move_until_the_learner_is_to_move():
    env = gym_env(EncodedPig(players=3), opponents=["random", "random"], seat=2)
    obs, info = env.reset(seed=4)
    assert env.match.to_move == 2
    assert info["view"]["seat"] == 2 and info["action_mask"].tolist() == [1, 1]
    _, reward, terminated, _, _ = env.step(1)
    assert terminated or env.match.to_move == 2


def test_gym_illegal_index_loses_or_raises_and_changes_nothing():
    env = gym_env(EncodedPig())
    env.reset(seed=5)
    before = env.match.to_json()
    _, reward, terminated, _, info = env.step(9)
    assert (reward, terminated) == (-1.0, True) and "not an action index" in info["illegal"]
    assert env.match.to_json() == before
    strict = gym_env(EncodedPig(), illegal="raise")
    strict.reset(seed=5)
    with pytest.raises(IllegalAction, match="not an action index"):
        strict.step(-1)


def test_gym_rejects_unknown_levels_and_seats():
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        gym_env(EncodedPig(), opponents="grandmaster")
    with pytest.raises(ValueError, match="no seat 4"):
        gym_env(EncodedPig(), seat=4)


def test_contract_examples_build_and_play():
    """CONTRACT.md's research API, verbatim."""
    env = aec_env("gold-battle", players=2)
    env.reset(seed=1)
    obs, _, _, _, info = env.last()
    assert obs["action_mask"].any() and "view" in info
    single = gym_env("kings-gold", opponents="medium")
    check_env(single, skip_render_check=True)
    obs, info = single.reset(seed=2)
    assert single.match.to_move == 0 and info["action_mask"].any()


@pytest.mark.parametrize("game_id", [g for g in GAMES if build(g).hidden_information])
def test_observations_do_not_change_when_the_hidden_parts_are_drawn_anew(game_id):
    """Hidden information never leaks into an observation: it is the seat's view, encoded."""
    env = aec_env(build(game_id))
    env.reset(seed=8)
    rng = Rng("leak")
    for step, _agent in enumerate(env.agent_iter(max_iter=60)):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        real = env.match.state
        for seat, name in enumerate(env.possible_agents):
            seen = env.observe(name)["observation"]
            env.match.state = env.game.resample_hidden(real, seat, rng)
            np.testing.assert_array_equal(env.observe(name)["observation"], seen)
            env.match.state = real
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[step % len(legal)]))


def test_unseeded_runs_are_reproducible_too():
    """PettingZoo's and Gymnasium's checkers reset without a seed and sample the action spaces."""
    def aec_run():
        env = aec_env(EncodedPig())
        env.reset()
        for agent in env.agent_iter(max_iter=200):
            obs, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"]))
        return env.match.to_json()

    def gym_run():
        env = gym_env(EncodedPig())
        _, info = env.reset()
        done = False
        while not done:
            _, _, done, _, info = env.step(env.action_space.sample(info["action_mask"]))
        return env.match.to_json()

    assert aec_run() == aec_run()
    assert gym_run() == gym_run()
