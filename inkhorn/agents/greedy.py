"""One-step lookahead with the game's heuristic.

The lookahead runs in a determinized world, so the bot never sees a card its seat cannot
see, nor the next draw from a bag.
"""

from __future__ import annotations

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
        return self.choose_among(state, seat, state.legal_actions())

    def choose_among(self, state: GameState, seat: int, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        if len(legal) > self.params.max_candidates:
            legal = self.rng.sample(legal, self.params.max_candidates)
        world = state.determinize(seat, self.rng.randrange(1 << 62))
        return state.game.best_after(world, legal, seat, self.rng)
