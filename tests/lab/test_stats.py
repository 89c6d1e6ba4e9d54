"""The lab's statistics against known values (exact binomial, Student t, Holm), and the
edges a small pilot meets: no wins, all wins, one pair, no spread."""

from __future__ import annotations

import math

import pytest

from inkhorn.lab.stats import holm, paired, share_interval, share_p_value
from inkhorn.stats import wilson


def test_exact_interval_of_a_share():
    # Clopper-Pearson: 0 of 10 -> upper 1 - 0.025 ** (1/10); 5 of 10 -> (0.1871, 0.8129)
    assert share_interval(0, 10) == (0.0, pytest.approx(1 - 0.025 ** 0.1))
    low, high = share_interval(5, 10)
    assert low == pytest.approx(0.187086, abs=1e-6) and high == pytest.approx(0.812914, abs=1e-6)
    assert share_interval(10, 10) == (pytest.approx(0.025 ** 0.1), 1.0)


@pytest.mark.parametrize("wins, games", [(0, 1), (1, 1), (0, 3), (3, 3), (0.5, 3), (2.5, 3), (0, 40), (1e-12, 7)])
def test_an_interval_holds_its_share_and_stays_within_0_and_1(wins, games):
    for low, high in (share_interval(wins, games), wilson(wins, games)):
        assert 0.0 <= low <= wins / games <= high <= 1.0


def test_exact_binomial_test():
    # 9 heads of 10 against a fair coin: 2 * 11/1024
    assert share_p_value(9, 10, 0.5) == pytest.approx(22 / 1024)
    assert share_p_value(5, 10, 0.5) == pytest.approx(1.0)
    assert share_p_value(0, 0, 0.5) == 1.0


def test_paired_differences_get_a_t_interval_and_a_t_test():
    e = paired([1, 2, 3, 4, 5])  # mean 3, sem sqrt(0.5), t(0.975, 4) = 2.776445
    assert e.mean == 3 and e.n == 5
    assert e.low == pytest.approx(3 - 2.776445 * math.sqrt(0.5), abs=1e-5)
    assert e.high == pytest.approx(3 + 2.776445 * math.sqrt(0.5), abs=1e-5)
    assert e.p_value == pytest.approx(0.013236, abs=1e-5)
    assert e.excludes(0)


def test_paired_edges():
    assert paired([]).n == 0
    one = paired([2.0])
    assert one.n == 1 and not one.excludes(0)
    same = paired([1.0, 1.0, 1.0])
    assert (same.low, same.high) == (1.0, 1.0) and same.excludes(0)
    none = paired([0.0, 0.0])
    assert not none.excludes(0) and none.p_value == 1.0


def test_holm_adjusts_comparisons_made_together():
    assert holm([0.01, 0.02, 0.03]) == pytest.approx([0.03, 0.04, 0.04])
    assert holm([0.04, 0.5]) == pytest.approx([0.08, 0.5])
    assert holm([]) == []


def test_ladder_ratings_do_not_follow_the_order_of_the_games():
    """OpenSkill rates one game at a time. Fed in index order, 110 wins then 50 losses put the
    better agent (A) far below the one that won only the last 50 games (B); the lab's ladder
    rates shuffled orders instead, so A comes first, and the order given does not matter."""
    from inkhorn.lab.analysis import _ratings

    played = []
    for g in range(160):
        seating = [(g + k) % 3 for k in range(3)]  # agents 0 (A), 1 (B) and 2, seats rotated
        winner = 0 if g < 110 else 1
        scores = [10.0 if a == winner else 5.0 if a == 2 else 0.0 for a in seating]
        played.append((seating, scores, [seating.index(winner)]))
    mus, sigmas, _ = zip(*_ratings(3, played))
    assert mus[0] > mus[2] > mus[1]
    assert all(0 < s < 8.34 for s in sigmas)  # narrower than a new rating's
    again = [mu for mu, _, _ in _ratings(3, list(reversed(played)))]
    assert again == pytest.approx(mus, abs=1.5)
