"""Uniformly random legal play: the floor every other bot is measured against."""

from __future__ import annotations

from inkhorn.agents.base import Agent
from inkhorn.core.state import GameState


class RandomAgent(Agent):
    name = "random"

    def choose(self, state: GameState, seat: int) -> str:
        return self.rng.choice(state.legal_actions())

    def choose_among(self, state: GameState, seat: int, legal: list[str]) -> str:
        return self.rng.choice(legal)
