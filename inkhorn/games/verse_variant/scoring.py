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
    nonzero = tuple(sorted((c for c in counts if c), reverse=True))
    if len(nonzero) < 3:
        return 0
    best = 0
    # take a set of k different Features from the k largest piles (always optimal to use largest)
    for k in (5, 4, 3):
        if len(nonzero) >= k:
            rest = list(nonzero)
            for i in range(k):
                rest[i] -= 1
            best = max(best, SET_VALUE[k] + _sets(tuple(rest)))
    return best


def critical_sets(counts: list[int]) -> int:
    """7.2: best grouping of Features into sets of 5, 4 or 3 different ones."""
    return _sets(tuple(sorted(counts[:5], reverse=True)))


def place_awards(counts: list[int], awards: tuple[int, ...], mode: str) -> list[int]:
    """Award places by count (zero never places). ``full``: tied scholars each take the
    award of their place; ``split``: tied scholars share the awards of the places they fill."""
    n = len(counts)
    out = [0] * n
    for seat in range(n):
        if counts[seat] <= 0:
            continue
        place = sum(1 for c in counts if c > counts[seat])
        if mode == "full":
            if place < len(awards):
                out[seat] = awards[place]
        else:
            tied = sum(1 for c in counts if c == counts[seat])
            out[seat] = sum(awards[place : place + tied]) // tied
    return out


def majority_lead(s) -> int:
    if s.options.majority_lead == "most_led":
        top = max(s.lead_counts)
        if top and s.lead_counts.count(top) == 1:
            return s.lead_counts.index(top)
        return -1
    return s.last_lead


def majority_table(s) -> list[list[int]]:
    """Prestige each seat earns per colour at this Majority Scoring."""
    n = s.num_players
    spot = s.spotlight()
    lead = majority_lead(s)
    held = [s.holdings(x) for x in range(n)]
    out = [[0] * 5 for _ in range(n)]
    for c in range(5):
        if c == spot:
            awards = SPOT_AWARDS
        elif c == lead:
            awards = LEAD_AWARDS
        else:
            awards = OTHER_AWARDS
        if c in s.maj_stat:
            awards = (awards[0], 6, 3)
        counts = [held[x][c] + s.maj_mod[x * 5 + c] for x in range(n)]
        for x, v in enumerate(place_awards(counts, awards, s.options.majority_ties)):
            out[x][c] += v
    if any(T14D in t for t in s.tableau):
        demands = [s.demand(c) for c in range(5)]
        top = max(demands)
        if spot >= 0 and demands[spot] == top and demands.count(top) == 1:
            for x in range(n):
                out[x][spot] += held[x][spot]
    return out


def majority_scoring(s) -> None:
    for x, row in enumerate(majority_table(s)):
        s.prestige[x] += sum(row)


def final_holdings(s, seat: int) -> list[int]:
    """What Final Scoring counts: the holdings, with each of the seat's Footnote Feints (T-5c,
    ruling R13) as the Feature that scores its owner the most."""
    h = s.holdings(seat)
    feints = s.feints.count(seat)
    if not feints:
        return h

    def worth(extra: tuple[int, ...]) -> int:
        counts = h[:5]
        for c in extra:
            counts[c] += 1
        return sum(ladder(x) for x in counts) + critical_sets(counts)

    for c in max(combinations_with_replacement(range(5), feints), key=worth):
        h[c] += 1
    return h


def final_breakdown(s, seat: int) -> dict[str, int]:
    h = final_holdings(s, seat)
    ladders = sum(ladder(h[c]) for c in range(5))
    sets = critical_sets(h)
    grants = 2 * s.grants[seat]
    laureate = 4 if s.laureate == seat else 0
    slots = 0
    if s.options.slot_stars == "final":
        stars = s.content.slot_stars
        slots = sum(stars[i] for i, x in enumerate(s.slots) if x == seat and not s.nostar[i])
    eureka = s.eureka[seat]
    cubes = -2 * s.cubes[seat]
    total = ladders + sets + grants + laureate + slots + eureka + cubes
    return {
        "ladders": ladders, "sets": sets, "grants": grants, "laureate": laureate,
        "slots": slots, "eureka": eureka, "cubes": cubes, "total": total,
    }
