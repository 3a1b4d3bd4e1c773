"""A small learning agent, end to end: REINFORCE with a linear softmax policy, in numpy only.

    python -m regalia.rl.train_example kings-gold --episodes 3000

The agent plays seat 0 of ``gym_env(game, opponents="random")``. Its policy is a linear softmax over the
legal actions (``info["action_mask"]``) of the encoded view::

    logits = W @ [observation, 1]        (one row per action of game.action_space())
    pi(a)  = softmax(logits over the legal actions)

and it learns by the policy gradient (REINFORCE, Williams 1992): after each batch of episodes every
decision's log-probability is pushed up by the episode's reward minus a running baseline (the mean
reward so far), which lowers the variance without biasing the gradient. The reward is the environment's
(+1 win, -1 loss, 0 draw in a two-seat game), given at the end.

The untrained policy is uniform over the legal actions, i.e. exactly the ``random`` level, so the
starting win rate is the random-vs-random one; ``train`` reports the win rate on fixed evaluation seeds
before and after each stage. It is an example of the environments in use, not a strong player.

Measured on 2026-11-29 (``--episodes 1000 --learning-rate 0.1``, 200 evaluation matches): King's Gold
against ``random`` went 51.0% -> 84.5% (260 episodes) -> 88.5% (1000 episodes); the tests' Pig run
(300 episodes, seed 1) goes from 51% to 84% in about two seconds.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from regalia.core.game import Game
from regalia.games import load_game

from .gym import RegaliaGymEnv, gym_env


class LinearPolicy:
    """A softmax over the legal actions of linear scores of the observation (plus a bias)."""

    def __init__(self, features: int, actions: int) -> None:
        self.weights = np.zeros((actions, features + 1))

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.weights @ np.append(observation, 1.0)
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
        return int(rng.choice(len(mask), p=self.probabilities(observation, mask)))

    def score(self, observation: np.ndarray, mask: np.ndarray, action: int) -> np.ndarray:
        """The gradient of log pi(action) with respect to the weights."""
        grad_logits = -self.probabilities(observation, mask)
        grad_logits[action] += 1.0
        return np.outer(grad_logits, np.append(observation, 1.0))


@dataclass
class Stage:
    episodes: int
    """Training episodes played so far."""
    win_rate: float
    """Share of the evaluation matches won (shared wins count 1/k)."""


@dataclass
class TrainingRun:
    game: str
    stages: list[Stage] = field(default_factory=list)

    @property
    def improvement(self) -> float:
        return self.stages[-1].win_rate - self.stages[0].win_rate


def play_episode(env: RegaliaGymEnv, policy: LinearPolicy, seed: int, rng: np.random.Generator,
                 ) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One match for the learner: its final reward and every (observation, mask, action) it took."""
    observation, info = env.reset(seed=seed)
    steps = []
    reward, done = 0.0, env.match.is_over
    while not done:
        mask = info["action_mask"]
        action = policy.act(observation, mask, rng)
        steps.append((observation, mask, action))
        observation, reward, done, _, info = env.step(action)
    return reward, steps


def win_rate(env: RegaliaGymEnv, policy: LinearPolicy, seeds: range) -> float:
    """The learner's share of wins over fixed match seeds (its own sampling seeded per match too)."""
    won = 0.0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        play_episode(env, policy, seed, rng)
        winners = env.match.winners
        won += 1 / len(winners) if env.seat in winners else 0.0
    return won / len(seeds)


def train(game: str | Game, episodes: int = 2000, *, batch: int = 20, learning_rate: float = 0.05,
          stages: int = 4, evaluation: int = 200, opponents: str = "random", seed: int = 0,
          report: Callable[[Stage], None] | None = None) -> TrainingRun:
    """Train against ``opponents``; the win rate is measured before training and after each stage."""
    if isinstance(game, str):
        game = load_game(game)
    env = gym_env(game, opponents=opponents)
    policy = LinearPolicy(env.codec.size, env.codec.num_actions)
    rng = np.random.default_rng(seed)
    evaluation_seeds = range(10**9, 10**9 + evaluation)  # never used for training
    run = TrainingRun(game.id, [Stage(0, win_rate(env, policy, evaluation_seeds))])
    if report:
        report(run.stages[-1])
    baseline, played = 0.0, 0
    per_stage = max(batch, episodes // stages)
    next_stage = per_stage
    while played < episodes:
        gradient = np.zeros_like(policy.weights)
        for _ in range(batch):
            reward, steps = play_episode(env, policy, seed + played, rng)
            played += 1
            baseline += (reward - baseline) / played
            for observation, mask, action in steps:
                gradient += (reward - baseline) * policy.score(observation, mask, action)
        policy.weights += learning_rate * gradient / batch
        if played >= next_stage or played >= episodes:
            next_stage += per_stage
            run.stages.append(Stage(played, win_rate(env, policy, evaluation_seeds)))
            if report:
                report(run.stages[-1])
    return run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="kings-gold")
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--evaluation", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"{args.game}: REINFORCE, linear softmax policy, against random (win rate on "
          f"{args.evaluation} fixed evaluation matches)")
    train(args.game, args.episodes, batch=args.batch, learning_rate=args.learning_rate,
          evaluation=args.evaluation, seed=args.seed,
          report=lambda stage: print(f"  after {stage.episodes:6d} episodes: win rate {stage.win_rate:.1%}"))


if __name__ == "__main__":
    main()
