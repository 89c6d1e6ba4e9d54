"""Final scoring: texts, decorations, exemplars and luxury (pure functions of the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from inkhorn.games.manuscript.state import ManuscriptState

# Luxury points by the number of blank column pairs over both pages (index = pairs).
LUXURY_TABLE = (0, 2, 5, 12, 20)
MAX_PAIRS_PER_PAGE = 2


def text_points(state: ManuscriptState, seat: int) -> int:
    """Points written in the last square of every complete, unscraped text."""
    return sum(p for _, p in state.finished[seat])


def decoration_points(state: ManuscriptState, seat: int) -> int:
    content = state.content
    return sum(
        content.decorations[content.deco_of[e]].points
        for j, e in enumerate(state.exemplars)
        if state.deco_owner[j] == seat
    )


def exemplar_bonus(state: ManuscriptState, seat: int, slot: int) -> int:
    """What one followed exemplar pays now: total, partial, or nothing if below the threshold."""
    ex_index = state.exemplars[slot]
    ex = state.content.exemplars[ex_index]
    done = set(state.done_cards(seat))
    have = sum(1 for c in state.content.components[ex_index] if c in done)
    if have == len(ex.texts):
        return ex.total_bonus
    if have >= ex.partial_needs:
        return ex.partial_bonus
    return 0


def exemplar_points(state: ManuscriptState, seat: int) -> int:
    return sum(exemplar_bonus(state, seat, j) for j in range(len(state.exemplars)) if seat in state.followers[j])


def page_pairs(state: ManuscriptState, seat: int, page: int) -> int:
    """Blank column pairs enclosing every mark on a page (a blank page encloses nothing)."""
    k = 2 * seat + page
    used = state.geo.columns_used(state.tmask[k] | state.dmask[k])
    if used is None:
        return 0
    lo, hi = used
    return min(lo, state.geo.cols - 1 - hi, MAX_PAIRS_PER_PAGE)


def luxury_pairs(state: ManuscriptState, seat: int) -> int:
    return page_pairs(state, seat, 0) + page_pairs(state, seat, 1)


def luxury_points(state: ManuscriptState, seat: int) -> int:
    return LUXURY_TABLE[min(luxury_pairs(state, seat), len(LUXURY_TABLE) - 1)]


def blank_columns(state: ManuscriptState, seat: int) -> int:
    """Wholly blank grid columns on both pages (the third tie-breaker)."""
    n = 0
    for page in (0, 1):
        k = 2 * seat + page
        m = state.tmask[k] | state.dmask[k]
        n += sum(1 for cm in state.geo.col_masks if not m & cm)
    return n


def breakdown(state: ManuscriptState, seat: int) -> dict[str, int]:
    parts = {
        "texts": text_points(state, seat),
        "decorations": decoration_points(state, seat),
        "exemplars": exemplar_points(state, seat),
        "luxury": luxury_points(state, seat),
    }
    parts["total"] = sum(parts.values())
    return parts


def points_but_luxury(state: ManuscriptState, seat: int) -> int:
    """Texts, decorations and exemplars: what the margins a page keeps do not change."""
    return text_points(state, seat) + decoration_points(state, seat) + exemplar_points(state, seat)


def total(state: ManuscriptState, seat: int) -> int:
    return points_but_luxury(state, seat) + luxury_points(state, seat)
