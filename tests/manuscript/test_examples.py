"""The five worked examples of the rulebook's Copying Texts section, square by square."""

from __future__ import annotations

import pytest

from inkhorn.core.checks import snapshot
from inkhorn.core.errors import IllegalAction
from tests.manuscript.helpers import card, copy_text, give_active, new, text_cells, turn_of


@pytest.mark.rule("Copying.Arrangement", "Scoring.1")
def test_example_1_lanval_three_lines_of_four_scores_two():
    state = new()
    t = state.content.texts[card(state, "lanval")]
    assert (t.line_length, t.lines, t.points_single) == (4, 3, 2)
    give_active(state, 0, "lanval")
    turn_of(state, 0)
    state.apply("copy")
    state.apply("page:1")
    assert state.legal_actions() == ["single", "double"]
    state.apply("single")
    state.apply("at:r1:c1")
    # 12 squares: four cubes copy them in one action, and more may not be spent
    assert state.legal_actions() == ["cubes:1", "cubes:2", "cubes:3", "cubes:4"]
    state.apply("cubes:4")
    assert sorted(text_cells(state, 0, "lanval")) == [(1, r, c) for r in (1, 2, 3) for c in (1, 2, 3, 4)]
    assert state.finished[0] == ((card(state, "lanval"), 2),)
    # the title sits in the first line: the plan shaded row 1 first
    assert state.records[0][0][1:5] == (0, 0, 0, 4)
    # a finished text returns to the pool; the Active Text Area is empty again
    assert state.active[0] == -1 and card(state, "lanval") in state.pool[0]


def example_2_state():
    state = new()
    copy_text(state, 0, "sir-orfeo", ["page:1", "single", "at:r1:c1"], [6])  # 6 lines of 4
    assert len(text_cells(state, 0, "sir-orfeo")) == 24
    give_active(state, 0, "king-of-tars")
    turn_of(state, 0)
    state.apply("copy")
    state.apply("page:1")
    state.apply("single")
    return state


@pytest.mark.rule("Copying.Arrangement", "Scoring.1")
def test_example_2_king_of_tars_below_or_beside_with_a_blank_square_between():
    state = example_2_state()
    legal = state.legal_actions()
    assert "at:r8:c1" in legal  # below, one blank row between
    assert "at:r1:c6" in legal  # beside, one blank column between
    assert "at:r7:c1" not in legal  # touching from below
    assert "at:r1:c5" not in legal  # touching from the side
    assert "at:r7:c5" not in legal  # touching at a corner


@pytest.mark.rule("Copying.Arrangement", "Scoring.1")
def test_example_2_corner_contact_allowed_when_only_sides_count():
    state = new(diagonal_gap=False)
    copy_text(state, 0, "sir-orfeo", ["page:1", "single", "at:r1:c1"], [6])
    give_active(state, 0, "king-of-tars")
    turn_of(state, 0)
    for a in ("copy", "page:1", "single"):
        state.apply(a)
    assert "at:r7:c5" in state.legal_actions()
    assert "at:r7:c4" not in state.legal_actions()


@pytest.mark.rule("Copying.Arrangement", "Scoring.1", "Copying.Spacing")
def test_example_3_perceval_double_spaced_rounds_out_the_page_for_fourteen():
    state = new()
    copy_text(state, 0, "sir-orfeo", ["page:1", "single", "at:r1:c1"], [6])
    copy_text(state, 0, "perceval", ["page:1", "double", "at:r1:c7"], [6, 2])
    cells = text_cells(state, 0, "perceval")
    assert sorted({r for _, r, _ in cells}) == [1, 3, 5, 7, 9, 11, 13, 15]
    assert {c for _, _, c in cells} == {7, 8, 9, 10}
    assert dict(state.finished[0])[card(state, "perceval")] == 14


@pytest.mark.rule("Copying.Arrangement", "Scoring.1")
def test_example_3_single_spaced_perceval_scores_eight():
    state = new()
    copy_text(state, 0, "perceval", ["page:2", "single", "at:r1:c1"], [6, 2])
    assert sorted({r for _, r, _ in text_cells(state, 0, "perceval")}) == list(range(1, 9))
    assert dict(state.finished[0])[card(state, "perceval")] == 8


@pytest.mark.rule("Copying.Arrangement", "Scoring.1", "Copying.Prose")
def test_example_4_courtiers_trifles_fills_nearly_five_rows_margin_to_margin():
    state = new()
    t = state.content.texts[card(state, "courtiers-trifles")]
    assert (t.form, t.squares, t.points_single) == ("prose", 56, 15)
    copy_text(state, 0, "courtiers-trifles", ["page:1", "width:12", "single", "at:r1:c1"], [6, 6])
    cells = text_cells(state, 0, "courtiers-trifles")
    assert len(cells) == 56
    by_row = {r: sum(1 for _, rr, _ in cells if rr == r) for r in range(1, 6)}
    assert by_row == {1: 12, 2: 12, 3: 12, 4: 12, 5: 8}  # the page is 12 squares wide
    assert dict(state.finished[0])[card(state, "courtiers-trifles")] == 15


@pytest.mark.rule("Copying.Arrangement", "Scoring.1")
def test_example_4_a_line_of_twelve_starts_only_at_the_left_margin():
    state = new()
    give_active(state, 0, "courtiers-trifles")
    turn_of(state, 0)
    for a in ("copy", "page:1", "width:12", "single"):
        state.apply(a)
    assert {a.split(":")[2] for a in state.legal_actions()} == {"c1"}


@pytest.mark.rule("Copying.Arrangement", "Scoring.1")
def test_example_5_saturn_and_solomon_needs_a_blank_row_below_the_prior_text():
    state = new()
    copy_text(state, 0, "patience", ["page:1", "single", "at:r1:c1"], [6])  # 4 lines of 5
    give_active(state, 0, "saturn-solomon")
    turn_of(state, 0)
    for a in ("copy", "page:1", "width:5", "double"):
        state.apply(a)
    assert "at:r5:c1" not in state.legal_actions()  # no blank row left
    assert "at:r6:c1" in state.legal_actions()


@pytest.mark.rule("Copying.Arrangement", "Scoring.1", "Copying.Spacing")
def test_example_5_saturn_and_solomon_double_spaced_in_lines_of_five_scores_eleven():
    state = new()
    copy_text(state, 0, "patience", ["page:1", "single", "at:r1:c1"], [6])
    copy_text(state, 0, "saturn-solomon", ["place:p1:r6:c1:double:w5"], [6])
    cells = text_cells(state, 0, "saturn-solomon")
    rows = {r: sum(1 for _, rr, _ in cells if rr == r) for r in range(1, 17)}
    assert {r: n for r, n in rows.items() if n} == {6: 5, 8: 5, 10: 5, 12: 5, 14: 4}
    assert dict(state.finished[0])[card(state, "saturn-solomon")] == 11


@pytest.mark.rule("Copying.Arrangement", "Scoring.1", "Contents")
def test_example_2_king_of_tars_card_is_present():
    state = new()
    t = state.content.texts[card(state, "king-of-tars")]
    assert t.title == "The King of Tars" and t.form == "verse"


@pytest.mark.rule("Copying.Arrangement")
def test_placement_id_is_checked_before_anything_changes():
    state = new()
    give_active(state, 0, "lanval")
    turn_of(state, 0)
    state.apply("copy")
    with pytest.raises(IllegalAction, match="lines of 4"):
        state.apply("place:p1:r1:c1:single:w5")
    with pytest.raises(IllegalAction, match="does not fit"):
        state.apply("place:p1:r17:c5:single:w4")
    with pytest.raises(IllegalAction, match="place:p<1|2>"):
        state.apply("place:p3:r1:c1:single:w4")
    assert state.plan[0] == ()


@pytest.mark.parametrize("spelling", [
    "place:p1:r01:c1:single:w4",   # a leading zero
    "place:p1:r1:c01:single:w4",
    "place:p1:r1:c1:single:w04",
    "place:p1:r1:c1:single:w4\n",  # a trailing newline
    "place:p1:r\u0661:c1:single:w4",  # an Arabic-Indic digit one
    "place:p1:r1:c1:single:w\uff14",  # a full-width four
    " place:p1:r1:c1:single:w4",
])
@pytest.mark.rule("Copying.Arrangement")
def test_one_placement_has_one_id(spelling):
    """Other spellings of a legal placement are refused and leave nothing changed, so the
    history never holds two ids for one action."""
    state = new()
    give_active(state, 0, "lanval")
    turn_of(state, 0)
    state.apply("copy")
    probe = state.clone()
    probe.apply("place:p1:r1:c1:single:w4")  # the one id of that placement
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(spelling)
    assert snapshot(state) == before
