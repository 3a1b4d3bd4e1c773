"""Reinforcement-learning environments over every Regalia game (needs the ``rl`` extra).

    >>> from regalia.rl import aec_env, gym_env
    >>> env = aec_env("gold-battle", players=2)             # PettingZoo AEC; action_mask in each observation
    >>> single = gym_env("kings-gold", opponents="medium")  # Gymnasium; the other seats are computer players

Both are built from the core hooks alone: ``action_space()`` is the index space, ``encode_view(view)``
the observation, ``view(state, seat)`` all a seat may know (see ``codec``). A small trainer that learns
against ``random`` is in ``regalia.rl.train_example``.
"""

from .aec import RegaliaAECEnv, aec_env
from .codec import Codec
from .gym import RegaliaGymEnv, gym_env

__all__ = ["Codec", "RegaliaAECEnv", "RegaliaGymEnv", "aec_env", "gym_env"]
