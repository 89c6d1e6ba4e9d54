"""bench/rl.py's yardstick in the vector form: PettingZoo's tic-tac-toe, one seat learning."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]


def _bench_rl():
    sys.path.insert(0, str(ROOT / "bench"))  # rl.py imports side_by_side beside it
    try:
        spec = importlib.util.spec_from_file_location("bench_rl", ROOT / "bench" / "rl.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return module


def test_the_yardstick_seat_is_a_gymnasium_env_that_plays_whole_games_of_tic_tac_toe():
    """Gymnasium's checker passes it; each step places one mark of the learner and one of
    the random seat, the mask shows the empty squares, and a game ends with the learner's
    win (1), loss (-1) or a draw (0) within five of its moves."""
    from gymnasium.utils.env_checker import check_env

    make = _bench_rl().tic_tac_toe_seat
    check_env(make(), skip_render_check=True)
    env = make()
    rng = np.random.default_rng(3)
    endings = set()
    for game in range(40):
        seen, info = env.reset(seed=game)
        for move in range(5):
            board, mask = seen["observation"], seen["action_mask"]
            assert board.shape == (18,) and board.dtype == np.float32 and mask.dtype == np.int8 and info == {}
            empty = board.reshape(3, 3, 2).sum(axis=2).ravel() == 0
            assert np.array_equal(mask, empty)
            assert board.sum() == 2 * move  # one mark each per step
            seen, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            assert not truncated
            if done:
                endings.add(reward)
                break
            assert reward == 0.0
        else:
            pytest.fail("a game of tic-tac-toe outlasted five moves of one seat")
    assert endings == {-1.0, 0.0, 1.0}
