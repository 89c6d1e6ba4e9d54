"""The lab's statistics, from libraries made for them (``scipy.stats``, ``statsmodels``), and
right for the small pilots a designer runs first as well as for long runs.

* a share (a seat's or a component's takers' win share) gets an exact Clopper–Pearson 95 %
  interval and an exact binomial test against the share expected if nothing mattered;
* a paired difference (a variant against the baseline on the same seeds) gets a Student-t
  95 % interval and a one-sample t-test of "no difference";
* many comparisons at once (every seat, every component, every measure of a variant) are
  judged on Holm-adjusted p-values, so a long table does not flag things by chance alone.

Every interval lies within what the measure can take (a share within [0, 1]) and holds its
estimate. Shared wins count by their share; the exact test rounds a seat's wins to whole
games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

ALPHA = 0.05


def share_interval(successes: float, trials: float) -> tuple[float, float]:
    """Exact (Clopper–Pearson) 95 % interval of a share, within [0, 1] and holding it."""
    if trials <= 0:
        return (0.0, 1.0)
    successes = min(max(successes, 0.0), trials)
    low, high = proportion_confint(successes, trials, alpha=ALPHA, method="beta")
    share = successes / trials
    low = 0.0 if successes == 0 or math.isnan(low) else min(max(float(low), 0.0), share)
    high = 1.0 if successes == trials or math.isnan(high) else max(min(float(high), 1.0), share)
    return (low, high)


def share_p_value(successes: float, trials: float, expected: float) -> float:
    """Two-sided exact binomial test of a share against ``expected``."""
    n = int(round(trials))
    if n <= 0 or not 0 < expected < 1:
        return 1.0
    k = min(max(int(round(successes)), 0), n)
    return float(stats.binomtest(k, n, expected).pvalue)


@dataclass(frozen=True)
class Estimate:
    """A mean difference with its 95 % interval and the p-value of "no difference"."""

    mean: float
    low: float
    high: float
    n: int
    p_value: float = 1.0

    def excludes(self, value: float = 0.0) -> bool:
        return self.n > 1 and (self.low > value or self.high < value)


def paired(differences: Sequence[float]) -> Estimate:
    """Student-t interval and one-sample t-test of paired differences (variant minus
    baseline on the same seed)."""
    values = np.asarray(differences, dtype=float)
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = float(values.mean())
    if n == 1:
        return Estimate(mean, -math.inf, math.inf, 1)
    sem = float(stats.sem(values))
    if sem == 0.0:  # every pair differs by the same amount: no spread to test against
        return Estimate(mean, mean, mean, n, 0.0 if mean != 0 else 1.0)
    low, high = stats.t.interval(1 - ALPHA, n - 1, loc=mean, scale=sem)
    p = float(stats.ttest_1samp(values, 0.0).pvalue)
    return Estimate(mean, float(low), float(high), n, p)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values of comparisons made together."""
    if not p_values:
        return []
    return [float(p) for p in multipletests(list(p_values), alpha=ALPHA, method="holm")[1]]
