"""The numbers a game's features write (``inkhorn.core.features``): set one by one, a slice
at a time, or by the helpers, compiled or not, and never outside the seat's numbers."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.core.features import Numbers, mark, mark_changed, number, put, remark


def test_numbers_are_set_one_by_one_and_a_slice_at_a_time():
    buffer = np.zeros(6, np.float32)
    out = Numbers(buffer)
    out[1] = 2
    out[2] += 1.5
    out[4:6] = np.array([3.0, 4.0], np.float32).data
    assert buffer.tolist() == [0.0, 2.0, 1.5, 0.0, 3.0, 4.0]
    assert len(out) == 6 and out[4] == 3.0



@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(-(2**40), 2**40), st.booleans(),
                          st.floats(-1e6, 1e6, allow_nan=False, width=32)), max_size=12))
def test_put_stores_whole_numbers_flags_and_floats_as_they_are(values):
    """``put`` (and ``number``, which reads a whole number as a C integer in the compiled
    build) stores each value as a float32 would hold it."""
    buffer = np.zeros(14, np.float32)
    put(Numbers(buffer), 1, values)
    assert buffer.tolist() == [0.0, *np.array([float(v) for v in values], np.float32).tolist(), *[0.0] * (13 - len(values))]
    assert [number(v) for v in values] == [float(v) for v in values]

def test_numbers_are_float32s_in_one_row_and_a_number_outside_them_is_an_error():
    with pytest.raises(TypeError, match="float32s in one row"):
        Numbers(np.zeros(3))
    with pytest.raises(TypeError, match="float32s in one row"):
        Numbers(np.zeros((2, 2), np.float32))
    out = Numbers(np.zeros(3, np.float32))
    with pytest.raises(IndexError):
        out[3] = 1.0


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 40), st.integers(0, 40), st.lists(st.integers(0, 39), max_size=8))
def test_mark_sets_exactly_the_flags_named_and_clears_the_rest_of_its_block(start, width, ones):
    """``mark`` writes its block and nothing outside it; a block that does not fit among the
    numbers is an error that writes nothing."""
    ones = [i for i in ones if i < width]
    buffer = np.full(40, 7.0, np.float32)
    out = Numbers(buffer)
    if start + width > 40:
        with pytest.raises(IndexError):
            mark(out, start, width, ones)
        assert (buffer == 7.0).all()
        return
    mark(out, start, width, ones)
    want = np.full(40, 7.0, np.float32)
    want[start : start + width] = 0.0
    want[[start + i for i in ones]] = 1.0
    assert np.array_equal(buffer, want)


def test_mark_changed_adds_only_the_flags_of_a_pile_added_to():
    buffer = np.zeros(10, np.float32)
    out = Numbers(buffer)
    seen: dict = {}
    mark_changed(seen, "pile", out, 2, 5, [0, 3])
    buffer[9] = 5.0  # outside the block: left as it is
    mark_changed(seen, "pile", out, 2, 5, [0, 3, 4])
    assert buffer.tolist() == [0, 0, 1, 0, 0, 1, 1, 0, 0, 5]
    mark_changed(seen, "pile", out, 2, 5, [1])
    assert buffer.tolist() == [0, 0, 0, 1, 0, 0, 0, 0, 0, 5]
    put(out, 7, (0.5, 2))
    assert buffer[7:9].tolist() == [0.5, 2.0]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 9), max_size=6), min_size=1, max_size=6))
def test_a_block_remarked_pile_after_pile_holds_the_last_piles_flags_alone(piles):
    """``remark`` writes only the flags of the old pile and the new, and leaves the block as
    ``mark`` would; so does ``mark_changed`` for a pile changed in any way."""
    remarked, changed = np.full(14, 7.0, np.float32), np.full(14, 7.0, np.float32)
    remarked[2:12] = changed[2:12] = 0.0
    seen: dict = {}
    before: list[int] = []
    for pile in piles:
        remark(Numbers(remarked), 2, before, pile)
        mark_changed(seen, "pile", Numbers(changed), 2, 10, pile)
        before = pile
        want = np.full(14, 7.0, np.float32)
        want[2:12] = 0.0
        want[[2 + i for i in pile]] = 1.0
        assert np.array_equal(remarked, want)
        assert np.array_equal(changed, want)
