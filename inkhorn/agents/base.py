"""The agent contract and the ``name:key=value,...`` specs used on the command line."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from inkhorn.core.options import GameOptions, parse_options
from inkhorn.core.state import GameState


class AgentParams(GameOptions):
    """Parameters of an agent; none by default."""


class Agent(ABC):
    """Chooses actions for one seat.

    An agent is handed the true state but may use only what its seat may know: its
    ``observation``, the ``legal_actions`` of its own decision, and worlds from
    ``determinize(seat, ...)``. Its randomness comes from its own seeded ``rng``.
    """

    name: ClassVar[str]
    Params: ClassVar[type[AgentParams]] = AgentParams

    def __init__(self, seed: int = 0, params: dict[str, Any] | AgentParams | None = None):
        self.seed = seed
        self.rng = random.Random(seed)
        self.params = parse_options(self.Params, params, owner=f"the {self.name} agent")

    @abstractmethod
    def choose(self, state: GameState, seat: int) -> str:
        """An action id from ``state.legal_actions()`` (or a valid open action)."""

    def choose_among(self, state: GameState, seat: int, legal: list[str]) -> str:
        """As :meth:`choose`, given ``state.legal_actions()`` made already (an environment
        makes it for its mask): an agent that only picks among them does not list them
        again. ``legal`` is read, never changed; the choice is the one ``choose`` makes."""
        return self.choose(state, seat)

    def spec(self) -> str:
        changed = {
            k: v for k, v in self.params.model_dump().items() if v != type(self.params).model_fields[k].default
        }
        if not changed:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in changed.items())
