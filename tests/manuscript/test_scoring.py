"""Final scoring: texts, decorations, exemplars (partial or total, once), luxury, tie-breakers."""

from __future__ import annotations

import pytest

from inkhorn.games.manuscript import scoring
from tests.manuscript.helpers import card, copy_text, new
from tests.manuscript.test_rules import finish, run_out_round, with_exemplar


def column_mark(state, seat, page, col, row=0):
    state.tmask[2 * seat + page] |= 1 << (row * 12 + col)


@pytest.mark.rule("Scoring.1")
def test_texts_score_the_points_written_in_their_last_square():
    state = new()
    copy_text(state, 0, "lanval", ["page:1", "single", "at:r1:c3"], [4])
    copy_text(state, 0, "perceval", ["page:2", "double", "at:r1:c3"], [6, 2])
    assert scoring.text_points(state, 0) == 2 + 14


@pytest.mark.rule("Scoring.2")
def test_decorations_score_for_their_holder_only():
    state = new()
    slot = with_exemplar(state, "cotton-nero")
    state.deco_owner[slot] = 1
    assert scoring.decoration_points(state, 1) == 8 and scoring.decoration_points(state, 0) == 0


@pytest.mark.rule("Scoring.3", "Scoring.1", "Scoring.2", "Scoring.4")
def test_exemplar_partial_total_or_nothing_at_game_end():
    state = new()
    slot = with_exemplar(state, "cotton-nero")  # 4 texts, partial at 2: 6, total 15
    state.followers[slot] = (0, 1)
    finish(state, 0, ["pearl"])
    assert scoring.exemplar_points(state, 0) == 0  # fell below the threshold
    finish(state, 0, ["patience"])
    assert scoring.exemplar_points(state, 0) == 6
    finish(state, 0, ["cleanness"])
    assert scoring.exemplar_points(state, 0) == 6  # three of four: still the partial bonus
    finish(state, 0, ["gawain"])
    assert scoring.exemplar_points(state, 0) == 15  # total replaces partial, scored once
    finish(state, 1, ["pearl", "patience"])
    assert scoring.exemplar_points(state, 1) == 6  # any number of scribes may score it
    finish(state, 2 - 2, [])
    state.followers[slot] = (1,)
    assert scoring.exemplar_points(state, 0) == 0  # no cube, no bonus


@pytest.mark.parametrize(
    "left0, right0, left1, right1, pairs, points",
    [
        (0, 11, 0, 11, 0, 0),
        (1, 10, 0, 11, 1, 2),
        (1, 10, 1, 10, 2, 5),
        (2, 9, 1, 10, 3, 12),
        (2, 9, 2, 9, 4, 20),
        (5, 6, 4, 7, 4, 20),  # at most two pairs count on a page
        (3, 10, 2, 9, 3, 12),  # a pair needs blank columns on both sides
    ],
)
@pytest.mark.rule("Scoring.4")
def test_luxury_pairs_of_blank_columns_around_all_text(left0, right0, left1, right1, pairs, points):
    state = new()
    column_mark(state, 0, 0, left0)
    column_mark(state, 0, 0, right0, row=5)
    column_mark(state, 0, 1, left1)
    column_mark(state, 0, 1, right1, row=7)
    assert scoring.luxury_pairs(state, 0) == pairs
    assert scoring.luxury_points(state, 0) == points


@pytest.mark.rule("Scoring.4")
def test_luxury_ignores_gaps_between_texts_and_a_blank_page_scores_nothing():
    state = new()
    column_mark(state, 0, 0, 2)
    column_mark(state, 0, 0, 9)  # columns 4..8 blank between texts do not count
    assert scoring.page_pairs(state, 0, 0) == 2
    assert scoring.page_pairs(state, 0, 1) == 0
    state.dmask[0] = 1 << 0  # a decoration in column 1 is a mark too
    assert scoring.page_pairs(state, 0, 0) == 0


@pytest.mark.rule("Scoring.1", "Scoring.2", "Scoring.3", "Scoring.4")
def test_total_is_the_sum_of_the_categories():
    state = new()
    copy_text(state, 0, "lanval", ["page:1", "single", "at:r1:c3"], [4])
    parts = scoring.breakdown(state, 0)
    # columns 3-6 of the left page: two blank columns on each side, two pairs
    assert parts == {"texts": 2, "decorations": 0, "exemplars": 0, "luxury": 5, "total": 7}
    copy_text(state, 0, "deor", ["page:2", "single", "at:r1:c3"], [3, 1])
    assert scoring.luxury_pairs(state, 0) == 4
    assert state.scores()[0] == 2 + 1 + 20


@pytest.mark.rule("Scoring.1", "Scoring.2", "Scoring.3", "Scoring.4")
def test_tiebreakers_decorations_then_texts_then_blank_columns_then_shared():
    state = new()
    state.round = state.options.round_limit
    run_out_round(state)
    assert state.is_terminal()
    assert state.winners() == [0, 1]  # all equal: a shared win
    column_mark(state, 1, 0, 0)
    assert state.winners() == [0]  # more blank columns
    state.finished[1] = ((card(state, "deor"), 0),)
    assert state.winners() == [1]  # more texts beats blank columns
    slot = with_exemplar(state, "laud-108")  # its tile (a crowned initial) is worth 2
    state.deco_owner[slot] = 0
    state.finished[1] = ((card(state, "deor"), 2),)
    assert state.scores() == [2.0, 2.0]
    assert state.winners() == [0]  # more decorations beats more texts
