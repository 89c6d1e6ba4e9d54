"""The contract all five games implement: states, decisions, options, JSON, replays."""

from inkhorn.core.errors import (
    AgentError,
    ContentError,
    IllegalAction,
    InkhornError,
    OptionError,
    ReplayError,
    UnknownGame,
)
from inkhorn.core.game import Game
from inkhorn.core.options import GameOptions
from inkhorn.core.replay import ReplayLog
from inkhorn.core.rng import StateRng
from inkhorn.core.state import GameState
from inkhorn.core.step import Step

__all__ = [
    "AgentError",
    "ContentError",
    "Game",
    "GameOptions",
    "GameState",
    "IllegalAction",
    "InkhornError",
    "OptionError",
    "ReplayError",
    "ReplayLog",
    "StateRng",
    "Step",
    "UnknownGame",
]
