"""The arena's statistics, shared with the lab: who beats whom, OpenSkill ratings, and the
Wilson interval of a share (plain Python, so ``inkhorn arena`` needs nothing beyond the core
dependencies; the lab's tests and intervals are ``inkhorn.lab.stats``, on scipy and
statsmodels)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (fractional successes allowed)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / trials + z * z / (4 * trials * trials))) / denom
    # within [0, 1] and holding the share itself (rounding leaves 5.6e-17 above a share of 0)
    low = 0.0 if successes <= 0 else min(max(0.0, centre - half), p)
    high = 1.0 if successes >= trials else max(min(1.0, centre + half), p)
    return (low, high)


def beats(a: int, b: int, scores: Sequence[float], winners: Sequence[int]) -> float:
    """Seat ``a`` against seat ``b`` in one game: a winner beats a non-winner, else the higher
    score; equal counts half."""
    aw, bw = a in winners, b in winners
    if aw != bw:
        return 1.0 if aw else 0.0
    if aw or scores[a] == scores[b]:
        return 0.5
    return 1.0 if scores[a] > scores[b] else 0.0


def rate_game(model: Any, ratings: list[Any], seating: Sequence[int], scores: Sequence[float],
              winners: Sequence[int]) -> None:
    """One game's OpenSkill update: one team per agent present (``seating[seat]`` is an agent
    index into ``ratings``), ranked by winning then score, an agent with several seats
    ranked by its best one. ``ratings`` is updated in place."""
    best: dict[int, tuple[int, float]] = {}
    for s, a in enumerate(seating):
        key = (1 if s in winners else 0, scores[s])
        if a not in best or key > best[a]:
            best[a] = key
    present = sorted(best)
    if len(present) < 2:
        return
    order = sorted(best.values(), reverse=True)
    ranks = [order.index(best[a]) + 1 for a in present]
    rated = model.rate([[ratings[a]] for a in present], ranks=ranks)
    for a, team in zip(present, rated):
        ratings[a] = team[0]
