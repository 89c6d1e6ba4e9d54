"""The coin experiment shared by the lab's tests: a game of known odds, two agents."""

from __future__ import annotations

import pytest

from tests.lab.helpers import COIN, lab


@pytest.fixture(scope="session")
def coin(tmp_path_factory):
    folder = tmp_path_factory.mktemp("coin")
    (folder / "coin.toml").write_text(COIN)
    done = lab("run", str(folder / "coin.toml"), "--out", str(folder / "results"), "--workers", "2")
    assert done.returncode == 0, done.stderr
    return folder / "results"
