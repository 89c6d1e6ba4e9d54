import os

import pytest
from hypothesis import HealthCheck, settings

from inkhorn import games
from tests.core import sealed_bids

# CI runs the same examples every time; locally hypothesis explores new ones.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "rule(*clauses): the rulebook clauses (section, card or ruling ids such as '§4.6', 'T-5a', "
        "'R12') a test checks; tests/test_traceability.py builds each game's clause table from them",
    )
    config.addinivalue_line("markers", "slow: a slow end-to-end test (CI runs it; skip with -m 'not slow')")


@pytest.fixture
def sealed(monkeypatch):
    """The sealed-bids fixture game, registered for the length of one test."""
    real_ids, real_get = games.game_ids, games.get_game
    monkeypatch.setattr(games, "game_ids", lambda: tuple(sorted((*real_ids(), "sealed_bids"))))
    monkeypatch.setattr(
        games, "get_game", lambda gid: sealed_bids.GAME if gid == "sealed_bids" else real_get(gid)
    )
    return sealed_bids.GAME
