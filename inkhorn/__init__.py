"""inkhorn: rules engines, bots and a playtesting lab for five manuscript-themed games."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# first, as the modules below may be compiled: in a checkout, an edited one runs from source
from inkhorn import compiled  # noqa: F401
from inkhorn.core import GameState
from inkhorn.games import all_games, game_ids, get_game

__version__ = "0.1.0"


def new_game(
    game_id: str, players: int | None = None, seed: int = 0, options: Mapping[str, Any] | None = None
) -> GameState:
    """``new_game("scriptoria", 3, seed=7)``: a new game ready for its first decision."""
    return get_game(game_id).new_game(players, seed, options)


__all__ = ["GameState", "all_games", "game_ids", "get_game", "new_game"]
