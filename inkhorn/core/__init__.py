"""The contract all five games implement: states, decisions, options, JSON, replays."""

from inkhorn.core.errors import (
    AgentError,
    ContentError,
    IllegalAction,
    InkhornError,
    OptionError,
    ReplayError,
    SeatError,
    StateError,
    UnknownGame,
)
from inkhorn.core.game import Game
from inkhorn.core.history import ActionLog, ActionRecord
from inkhorn.core.options import GameOptions
from inkhorn.core.replay import ReplayLog
from inkhorn.core.rng import StateRng
from inkhorn.core.state import GameState
from inkhorn.core.step import Step

__all__ = [
    "ActionLog",
    "ActionRecord",
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
    "SeatError",
    "StateError",
    "StateRng",
    "Step",
    "UnknownGame",
]
