"""One-step lookahead with the game's heuristic.

The lookahead runs in a determinized world, so the bot never sees a card its seat cannot
see, nor the next draw from a bag.
"""

from __future__ import annotations

import random

from pydantic import Field

from inkhorn.agents.base import Agent, AgentParams
from inkhorn.core.state import GameState


class GreedyParams(AgentParams):
    max_candidates: int = Field(200, ge=1, description="actions looked at per decision")


class GreedyAgent(Agent):
    name = "greedy"
    Params = GreedyParams
    params: GreedyParams

    def choose(self, state: GameState, seat: int) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if len(legal) > self.params.max_candidates:
            legal = self.rng.sample(legal, self.params.max_candidates)
        world = state.determinize(seat, self.rng.randrange(1 << 62))
        return heuristic_best(world, legal, seat, self.rng)


def heuristic_best(world: GameState, legal: list[str], seat: int, rng: random.Random) -> str:
    """The move ``seat``'s heuristic ranks best in ``world`` (a determinized one), a tie
    broken by ``rng``."""
    heuristic = world.game.heuristic
    best: list[str] = []
    best_value = float("-inf")
    for action in legal:
        after = world.clone()
        after.apply_trusted(action)
        value = heuristic(after, seat)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return rng.choice(best)
