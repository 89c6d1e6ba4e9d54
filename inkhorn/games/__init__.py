"""The registry of games: every subpackage here is a game, its folder name the game id.

A game package exposes ``GAME``, its :class:`~inkhorn.core.game.Game`. Packages are imported
on first use, so listing games stays fast.
"""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module

from inkhorn.core.errors import UnknownGame
from inkhorn.core.game import Game


@cache
def game_ids() -> tuple[str, ...]:
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg))


def get_game(game_id: str) -> Game:
    if game_id not in game_ids():
        raise UnknownGame(game_id, game_ids())
    return import_module(f"{__name__}.{game_id}").GAME


def all_games() -> list[Game]:
    return [get_game(game_id) for game_id in game_ids()]
