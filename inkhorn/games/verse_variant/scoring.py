"""Pure scoring: Majority Scoring (4.7) and Final Scoring (7.1-7.3)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from inkhorn.games.verse_variant.content import TOOL_BY_CODE

LADDER = (0, 1, 2, 4, 7, 12, 18, 25, 33, 42, 52, 66)
SET_VALUE = {5: 22, 4: 16, 3: 10}
SPOT_AWARDS: tuple[int, ...] = (7, 4, 1)
LEAD_AWARDS: tuple[int, ...] = (5, 3)
OTHER_AWARDS: tuple[int, ...] = (2,)
T14D = TOOL_BY_CODE["T-14d"]


def ladder(count: int) -> int:
    """7.1: copies held of one Feature; beyond 11 copies the ladder stays at its top (R20)."""
    return LADDER[min(count, 11)]


@lru_cache(maxsize=65536)
def _sets(counts: tuple[int, ...]) -> int:
    smallest = [0] * (5 - len(counts)) + sorted(counts)
    return set_points(smallest[0], smallest[1], smallest[2], smallest[3], smallest[4])


def set_points(c1: int, c2: int, c3: int, c4: int, c5: int) -> int:
    """7.2 for five Feature counts, smallest first: the most the sets of 5, 4 and 3 different
    Features can score. ``a`` sets of 5, ``b`` of 4 and ``c`` of 3 can be made exactly when,
    for each ``f``, the Feature copies they need from any ``f`` Features (a set of size ``k``
    takes at least ``k - 5 + f`` of them) fit in the ``f`` smallest counts (a max-flow cut
    condition). Every (a, b) is tried with the most sets of 3 that then fit: a few hundred
    sums, where searching the groupings themselves took milliseconds for large holdings."""
    s2, s3 = c1 + c2, c1 + c2 + c3
    s4, s5 = s3 + c4, s3 + c4 + c5
    v5, v4, v3 = SET_VALUE[5], SET_VALUE[4], SET_VALUE[3]
    best = 0
    for a in range(c1 + 1):
        for b in range(s2 - 2 * a + 1):
            c = min(s3 - 3 * a - 2 * b, (s4 - 4 * a - 3 * b) // 2, (s5 - 5 * a - 4 * b) // 3)
            if c >= 0 and a * v5 + b * v4 + c * v3 > best:
                best = a * v5 + b * v4 + c * v3
    return best


def critical_sets(counts: list[int]) -> int:
    """7.2: best grouping of Features into sets of 5, 4 or 3 different ones."""
    return _sets(tuple(sorted(counts[:5], reverse=True)))


def place_awards(counts: list[int], awards: tuple[int, ...], mode: str) -> list[int]:
    """Award places by count (zero never places). ``full``: tied scholars each take the
    award of their place; ``split``: tied scholars share the awards of the places they fill."""
    ranked = sorted(counts, reverse=True)
    out = []
    for count in counts:
        place = ranked.index(count)  # the scholars with more
        if count <= 0 or place >= len(awards):
            out.append(0)
        elif mode == "full":
            out.append(awards[place])
        else:
            tied = ranked.count(count)
            out.append(sum(awards[place : place + tied]) // tied)
    return out


def majority_lead(s) -> int:
    if s.options.majority_lead == "most_led":
        top = max(s.lead_counts)
        if top and s.lead_counts.count(top) == 1:
            return s.lead_counts.index(top)
        return -1
    return s.last_lead


def majority_table(s, held: list[list[int]] | None = None) -> list[list[int]]:
    """Prestige each seat earns per colour at this Majority Scoring (``held``: every seat's
    holdings, where the caller has them)."""
    n = s.num_players
    spot = s.spotlight()
    lead = majority_lead(s)
    if held is None:
        held = [s.holdings(x) for x in range(n)]
    # the holdings as counted (a Tool's modifiers added), colour by colour
    if any(s.maj_mod):
        mod = s.maj_mod
        counts = tuple(tuple(k + mod[x * 5 + c] for x, k in enumerate(column))
                       for c, column in zip(range(5), zip(*held)))
    else:
        counts = tuple(zip(*held))[:5]
    out = [list(row) for row in _majority_rows(counts, spot, lead, s.maj_stat, s.options.majority_ties)]
    if any(T14D in t for t in s.tableau):
        demands = [s.demand(c) for c in range(5)]
        top = max(demands)
        if spot >= 0 and demands[spot] == top and demands.count(top) == 1:
            for x in range(n):
                out[x][spot] += held[x][spot]
    return out


@lru_cache(maxsize=8192)  # about 1 kB an entry; a search's own holdings recur within it
def _majority_rows(counts: tuple[tuple[int, ...], ...], spot: int, lead: int, stat: tuple[int, ...],
                   mode: str) -> tuple[tuple[int, ...], ...]:
    """Per seat, per colour: the awards of the places its counts (per colour) take (a search
    meets the same holdings again and again)."""
    columns = []
    for c, column in enumerate(counts):
        if c == spot:
            awards = SPOT_AWARDS
        elif c == lead:
            awards = LEAD_AWARDS
        else:
            awards = OTHER_AWARDS
        if c in stat:
            awards = (awards[0], 6, 3)
        columns.append(place_awards(list(column), awards, mode))
    return tuple(zip(*columns))


def majority_scoring(s) -> None:
    for x, row in enumerate(majority_table(s)):
        s.prestige[x] += sum(row)


def final_holdings(s, seat: int, held: list[int] | None = None) -> list[int]:
    """What Final Scoring counts: the holdings (``held``, where the caller has them), with each
    of the seat's Footnote Feints (T-5c, ruling R13) as the Feature that scores its owner the
    most."""
    h = s.holdings(seat) if held is None else held
    feints = s.feints.count(seat) if s.feints else 0
    if not feints:
        return h
    h = h[:]

    def worth(extra: tuple[int, ...]) -> int:  # ladders and sets, remembered per counts
        counts = h[:5]
        for c in extra:
            counts[c] += 1
        return sum(_features_worth(tuple(counts)))

    for c in max(combinations_with_replacement(range(5), feints), key=worth):
        h[c] += 1
    return h


FINAL_PARTS = ("ladders", "sets", "grants", "laureate", "slots", "eureka", "cubes")


def slot_stars(s) -> list[int]:
    """Each seat's stars of the Institution slots it holds, where they score at the end."""
    out = [0] * s.num_players
    if s.options.slot_stars == "final":
        stars = s.content.slot_stars
        for i, x in enumerate(s.slots):
            if x >= 0 and not s.nostar[i]:
                out[x] += stars[i]
    return out


def _final_parts(s, seat: int, stars: list[int], held: list[int] | None = None) -> tuple[int, ...]:
    """The parts of FINAL_PARTS, in order."""
    ladders, sets = _features_worth(tuple(final_holdings(s, seat, held)[:5]))
    return (
        ladders, sets, 2 * s.grants[seat],
        4 if s.laureate == seat else 0, stars[seat], s.eureka[seat], -2 * s.cubes[seat],
    )


@lru_cache(maxsize=8192)
def _features_worth(counts: tuple[int, ...]) -> tuple[int, int]:
    """The ladders and the Critical Sets of five Feature counts."""
    return sum(map(ladder, counts)), _sets(tuple(sorted(counts, reverse=True)))


def final_breakdown(s, seat: int) -> dict[str, int]:
    parts = dict(zip(FINAL_PARTS, _final_parts(s, seat, slot_stars(s))))
    parts["total"] = sum(parts.values())
    return parts


def final_totals(s, held: list[list[int]] | None = None) -> list[int]:
    """Every seat's Final Scoring total, in one pass (what the heuristic asks at each leaf)."""
    stars = slot_stars(s)
    if held is None:
        held = [s.holdings(x) for x in range(s.num_players)]
    return [sum(_final_parts(s, x, stars, h)) for x, h in enumerate(held)]
