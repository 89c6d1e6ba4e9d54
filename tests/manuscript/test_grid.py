"""The grid: its size, quadrants, separation, page edges, column flow, spacing and prose."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.core.errors import IllegalAction
from inkhorn.games.manuscript.grid import COLS, geometry, prose_lines
from tests.manuscript.helpers import copy_text, give_active, new, text_cells, turn_of


@pytest.mark.rule("Copying.Arrangement")
def test_default_page_is_twelve_wide_and_eighteen_tall_with_four_quadrants():
    state = new()
    geo = state.geo
    assert (geo.cols, geo.rows) == (12, 18)
    assert sum(q.bit_count() for q in geo.quadrants) == 12 * 18
    assert all(q.bit_count() == 6 * 9 for q in geo.quadrants)


@pytest.mark.rule("Copying.Prose")
def test_prose_lines_last_may_be_shorter():
    assert prose_lines(56, 12) == (12, 12, 12, 12, 8)
    assert prose_lines(24, 5) == (5, 5, 5, 5, 4)
    assert prose_lines(24, 6) == (6, 6, 6, 6)


@pytest.mark.rule("Copying.Arrangement")
def test_page_edges_limit_anchors():
    geo = geometry(18)
    anchors = geo.anchors((5,) * 5, False, 0)
    assert max(c for _, c in anchors) == COLS - 5
    # a text too wide for a column cannot flow, so it must fit above the foot of the page
    assert max(r for r, c in anchors if c + 5 > 6) == 18 - 5


@pytest.mark.rule("Copying.Arrangement")
def test_column_flow_continues_at_top_of_next_column_same_page():
    state = new()
    copy_text(state, 0, "king-horn", ["page:1", "double", "at:r12:c2"], [6])  # 8 lines of 3
    cells = text_cells(state, 0, "king-horn")
    assert {(r, c) for _, r, c in cells if c < 7} == {(r, c) for r in (12, 14, 16, 18) for c in (2, 3, 4)}
    assert {(r, c) for _, r, c in cells if c >= 7} == {(r, c) for r in (2, 4, 6, 8) for c in (8, 9, 10)}
    assert {p for p, _, _ in cells} == {1}


@pytest.mark.rule("Copying.Arrangement", "R4")
def test_a_flowing_text_never_touches_its_own_first_lines():
    """Courtier's Trifles (56 squares) in lines of 6, double-spaced from the top-left square:
    its last line would flow to the top of the right column, beside its own title line, and
    the two would read as one line of 8. Not a layout (R4); flowing clear of its first lines is.

        row 1   T T T T T T|t t . . . .      T: title line   t: the flowed last line
        row 2   . . . . . .|. . . . . .
        row 3   x x x x x x|. . . . . .      x: the second line, and so on
    """
    state = new()
    give_active(state, 0, "courtiers-trifles")
    turn_of(state, 0)
    state.apply("copy")
    with pytest.raises(IllegalAction, match="own first lines"):
        state.check("place:p1:r1:c1:double:w6")
    for a in ("page:1", "width:6"):
        state.apply(a)
    assert state.legal_actions() == ["single"]  # double-spaced, every start would touch itself
    geo = state.geo
    lens = (6,) * 9 + (2,)
    assert geo.layout(lens, True, 0, 0) is None
    drawn = geo.layout(lens, True, 0, 0, apart=False)  # the shape itself: row 1 holds 8 squares
    assert drawn is not None and sorted(x for x in drawn if x < 12) == list(range(8))
    # single-spaced from row 13, the last four lines flow to rows 1-4, clear of rows 13-18
    state.apply("single")
    assert "at:r13:c1" in state.legal_actions()
    state.apply("at:r13:c1")
    planned = [(x // 12 + 1, x % 12 + 1) for x in state.plan[0]]
    assert {r for r, c in planned if c > 6} == {1, 2, 3, 4}
    assert {r for r, c in planned if c <= 6} == set(range(13, 19))


@pytest.mark.rule("Copying.Arrangement")
def test_no_flow_from_the_right_column_nor_onto_the_other_page():
    geo = geometry(18)
    assert geo.layout((3,) * 8, False, 15, 7) is None  # right column: nowhere to continue
    assert geo.layout((3,) * 8, False, 15, 2) is not None


@pytest.mark.rule("Copying.Spacing")
def test_double_spacing_leaves_a_line_of_its_length_between_lines():
    geo = geometry(18)
    cells = geo.layout((4, 4, 4), True, 0, 0)
    assert [x // 12 for x in cells[::4]] == [0, 2, 4]


@pytest.mark.rule("Copying.Spacing")
def test_one_line_text_cannot_be_double_spaced(tmp_path):
    from tests.manuscript.test_content import edited

    def short(d):
        for t in d["texts.json"]["texts"]:
            if t["id"] == "st-christopher":
                t["squares"] = 10
    state = new(content=edited(tmp_path, short))
    give_active(state, 0, "st-christopher")
    turn_of(state, 0)
    for a in ("copy", "page:1"):
        state.apply(a)
    assert state.legal_actions() == [f"width:{w}" for w in range(1, 11)]  # never wider than the text
    state.apply("width:10")
    assert state.legal_actions() == ["single"]
    turn_of(state, 0)
    state.apply("copy")
    state.apply("page:1")
    state.apply("width:9")
    assert state.legal_actions() == ["single", "double"]


@pytest.mark.rule("Copying.Basics")
def test_texts_cannot_run_over_decorations():
    state = new()
    state.dmask[0] = 1 << (2 * 12 + 2)  # a tile square at row 3, column 3
    give_active(state, 0, "lanval")
    turn_of(state, 0)
    for a in ("copy", "page:1", "single"):
        state.apply(a)
    legal = state.legal_actions()
    assert "at:r1:c1" not in legal and "at:r3:c4" in legal  # beside a tile no gap is needed


def chain_placements(state):
    """Every placement reachable through the page / width / spacing / anchor steps."""
    out = set()
    card = state.active[0]
    for page in state.legal_actions():
        s1 = state.clone()
        s1.apply(page)
        widths = s1.legal_actions() if state.content.prose[card] else [None]
        for w in widths:
            s2 = s1.clone()
            if w is not None:
                s2.apply(w)
            width = int(w[6:]) if w else state.content.line_length[card]
            for spacing in s2.legal_actions():
                s3 = s2.clone()
                s3.apply(spacing)
                for at in s3.legal_actions():
                    _, r, c = at.split(":")
                    out.add(f"place:p{page[5:]}:{r}:{c}:{spacing}:w{width}")
    return out


def brute_placements(state):
    out = set()
    for p in (1, 2):
        for r in range(0, 20):
            for c in range(0, 14):
                for spacing in ("single", "double"):
                    for w in range(1, 13):
                        action = f"place:p{p}:r{r}:c{c}:{spacing}:w{w}"
                        try:
                            state.check(action)
                        except Exception:
                            continue
                        out.add(action)
    return out


@pytest.mark.rule("Copying.Basics")
def test_step_candidates_equal_every_legal_typed_placement():
    """Bots lose no placement a person could type, and every typed legal one is listed."""
    state = new()
    copy_text(state, 0, "sir-orfeo", ["page:1", "single", "at:r3:c2"], [6])
    copy_text(state, 0, "pearl", ["page:2", "single", "at:r12:c4"], [6, 3])
    assert state.active[0] == -1
    for slug in ("king-horn", "saturn-solomon"):
        give_active(state, 0, slug)
        state.hand[0] = state.own[0] = 8
        turn_of(state, 0)
        state.apply("copy")
        chain = chain_placements(state)
        assert chain and chain == brute_placements(state)
        state.discard.append(state.active[0])
        state.active[0] = -1


@given(marks=st.lists(st.integers(0, 18 * 12 - 1), max_size=40), width=st.integers(1, 6), height=st.integers(1, 6))
@settings(max_examples=60)
def test_open_room_counts_the_squares_of_free_blocks(marks, width, height):
    """The bots' measure of usable room: every free square inside some wholly free block of
    ``width`` x ``height``, against a count block by block."""
    geo = geometry(18)
    forbidden = sum(1 << x for x in set(marks))
    inside = set()
    for r in range(geo.rows - height + 1):
        for c in range(geo.cols - width + 1):
            block = [(r + j) * geo.cols + c + i for j in range(height) for i in range(width)]
            if not any(forbidden >> x & 1 for x in block):
                inside.update(block)
    assert geo.open_room(forbidden, width, height) == len(inside)
