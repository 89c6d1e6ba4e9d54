import pytest

from inkhorn import games
from tests.agents import toy_games


@pytest.fixture
def toys(monkeypatch):
    """The toy games Nim and Pick, registered for the length of one test."""
    extra = {"nim": toy_games.NIM, "pick": toy_games.PICK}
    real_ids, real_get = games.game_ids, games.get_game
    monkeypatch.setattr(games, "game_ids", lambda: tuple(sorted((*real_ids(), *extra))))
    monkeypatch.setattr(games, "get_game", lambda gid: extra[gid] if gid in extra else real_get(gid))
