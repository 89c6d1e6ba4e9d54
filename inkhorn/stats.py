"""The statistics shared by ``inkhorn arena`` and the lab: intervals, paired differences,
who beats whom, and OpenSkill ratings.

Plain Python (no numpy), so the arena needs nothing beyond the core dependencies. Every
interval is a 95 % one; "significant" means the interval leaves out the value of no effect.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
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
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95 % interval (normal approximation), over ``n`` values."""

    mean: float
    low: float
    high: float
    n: int

    def excludes(self, value: float = 0.0) -> bool:
        return self.n > 1 and (self.low > value or self.high < value)


def mean_ci(values: Sequence[float], z: float = Z95) -> Estimate:
    """Mean and 95 % interval; for paired designs pass the per-pair differences."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf, 1)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def proportion_p_value(successes: float, trials: float, expected: float) -> float:
    """Two-sided p-value of a share against the share expected if nothing mattered (normal
    approximation, fine for the hundreds of games an experiment plays)."""
    if trials <= 0 or not 0 < expected < 1:
        return 1.0
    z = (successes / trials - expected) / math.sqrt(expected * (1 - expected) / trials)
    return math.erfc(abs(z) / math.sqrt(2))


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
