"""Reinforcement-learning environments for every inkhorn game (``pip install inkhorn[rl]``).

``inkhorn.rl.env("ancients", players=3)`` is a PettingZoo AEC environment;
``inkhorn.rl.SingleSeatEnv("ancients", players=3, opponents="greedy")`` is a Gymnasium
environment with one learning seat. Action slots, the observation layout, rewards and
seeding are documented in :mod:`inkhorn.rl.aec` and :mod:`inkhorn.rl.encoding`.
"""

from inkhorn.rl.aec import ACTION_SLOTS, InkhornAEC, env
from inkhorn.rl.single import SingleSeatEnv

raw_env = InkhornAEC

__all__ = ["ACTION_SLOTS", "InkhornAEC", "SingleSeatEnv", "env", "raw_env"]
