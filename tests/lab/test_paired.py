"""bench/paired.py, the game-by-game comparison of two ladder runs, on a kept ladder."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from inkhorn.lab.query import connect

ROOT = Path(__file__).resolve().parents[2]
KEPT = ROOT / "bench" / "results" / "verse_variant-300"  # 4 seats, 3 agents: some games hold two pairs


def _paired_module():
    spec = importlib.util.spec_from_file_location("paired", ROOT / "bench" / "paired.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not KEPT.exists(), reason="the kept ladder is not in this checkout")
def test_a_games_share_counts_every_pair_of_the_two_agents_in_it():
    """A game with two pairs of the compared agents (two seats of one agent) is one share,
    the mean of both pairs, whatever their seat order; ``--by-seat`` splits it."""
    per_game = _paired_module().per_game
    whole = per_game(str(KEPT), "mcts", "greedy", by_seat=False)
    split = per_game(str(KEPT), "mcts", "greedy", by_seat=True)
    rows = connect(str(KEPT)).execute(
        "SELECT game_index, beats FROM pairs WHERE starts_with(first, 'mcts') AND starts_with(second, 'greedy')"
    ).fetchall()
    pairs: dict[int, list[float]] = {}
    for game, beats in rows:
        pairs.setdefault(int(game), []).append(float(beats))
    assert any(len(p) > 1 for p in pairs.values())  # the case that matters is in the data
    assert whole == {(game, True): pytest.approx(sum(p) / len(p)) for game, p in pairs.items()}
    assert {game for game, _ in split} == set(pairs) and len(split) > len(whole)
