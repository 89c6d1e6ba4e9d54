import pytest

from inkhorn import games
from tests.core import sealed_bids


@pytest.fixture
def sealed(monkeypatch):
    """The sealed-bids fixture game, registered for the length of one test."""
    real_ids, real_get = games.game_ids, games.get_game
    monkeypatch.setattr(games, "game_ids", lambda: tuple(sorted((*real_ids(), "sealed_bids"))))
    monkeypatch.setattr(
        games, "get_game", lambda gid: sealed_bids.GAME if gid == "sealed_bids" else real_get(gid)
    )
    return sealed_bids.GAME
