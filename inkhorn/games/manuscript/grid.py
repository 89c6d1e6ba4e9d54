"""The manuscript grid: two pages of squares, as bitmasks.

A page is ``rows`` x 12 squares; square (r, c) is bit ``r * 12 + c`` of the page's mask and
cell ``page * rows * 12 + r * 12 + c`` of the scribe's grid. Each page has two text columns
(the left and right halves) and four quadrants cut by its mid-lines.

A text's *layout* is fixed when its copying starts: page, anchor (top-left square of the
title line), line width and spacing. Its lines run down from the anchor; a text lying wholly
in the left column that reaches the foot of the page carries on at the top of the right
column, at the same offset within the column, never touching its own first lines (R4). The
shapes of every in-bounds anchor are computed once per (page height, line lengths, spacing)
and cached: testing an anchor is then a single AND with the page's forbidden mask.
"""

from __future__ import annotations

from functools import cache

COLS = 12
HALF = COLS // 2

# Squares copied for the cubes spent in one Copy action (index = cubes).
COPY_TABLE = (0, 1, 4, 8, 12, 18, 28)
MAX_COPY_CUBES = len(COPY_TABLE) - 1
FITS_CACHE = 1 << 16


def cubes_for(squares: int) -> int:
    """The fewest cubes that copy ``squares`` in one action (the most a scribe may spend)."""
    for k in range(1, MAX_COPY_CUBES + 1):
        if COPY_TABLE[k] >= squares:
            return k
    return MAX_COPY_CUBES


def prose_lines(total: int, width: int) -> tuple[int, ...]:
    """Line lengths of a prose text of ``total`` squares in lines of ``width`` (last may be short)."""
    full, rest = divmod(total, width)
    return (width,) * full + ((rest,) if rest else ())


class Geometry:
    """Masks and shapes for one page height (pages are always 12 wide)."""

    def __init__(self, rows: int):
        self.rows = rows
        self.cols = COLS
        self.page_cells = rows * COLS
        self.full = (1 << self.page_cells) - 1
        col0 = sum(1 << (r * COLS) for r in range(rows))
        self.col_masks = tuple(col0 << c for c in range(COLS))
        # per width, the squares of the columns where a block that wide can start
        self.starts_of_width = tuple(sum(self.col_masks[: COLS - w + 1]) for w in range(COLS + 1))
        # the columns that must stay blank for a page to keep k luxury pairs (k = 0, 1, 2)
        self.margin_masks = tuple(sum(self.col_masks[:k]) + sum(self.col_masks[COLS - k:]) for k in range(3))
        self.not_col0 = self.full ^ self.col_masks[0]
        self.not_last = self.full ^ self.col_masks[COLS - 1]
        self.row_masks = tuple(((1 << COLS) - 1) << (r * COLS) for r in range(rows))
        mid = rows // 2
        left = sum(self.col_masks[:HALF])
        right = sum(self.col_masks[HALF:])
        top = sum(self.row_masks[:mid])
        bottom = sum(self.row_masks[mid:])
        # quadrants: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right
        self.quadrants = (top & left, top & right, bottom & left, bottom & right)
        self._shapes: dict[tuple[tuple[int, ...], bool], tuple[tuple[int, int, int], ...]] = {}
        self._tiles: dict[tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]] = {}
        # whether a shape fits beside forbidden squares: bots ask the same of many worlds
        self._fits: dict[tuple[tuple[int, ...], bool, int], bool] = {}
        # the best placement of a text on a scribe's pages, per text and pages (bots' heuristic)
        self.placements: dict[tuple, float | None] = {}
        # a page's layout terms, per text and decoration masks (bots' heuristic)
        self.page_terms: dict[tuple[int, int], tuple[int, int, int, int, int]] = {}
        # the squares of a begun text on each page after each of its squares, by its plan
        self.plan_masks: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}

    # ---- masks ----------------------------------------------------------------------------
    def dilate(self, m: int, diagonal: bool = True) -> int:
        """``m`` plus every square touching it (sides, and corners when ``diagonal``)."""
        if not m:
            return 0
        h = m | ((m << 1) & self.not_col0) | ((m >> 1) & self.not_last)
        if diagonal:
            return (h | (h << COLS) | (h >> COLS)) & self.full
        return (h | (m << COLS) | (m >> COLS)) & self.full

    def open_room(self, forbidden: int, width: int = 3, height: int = 3) -> int:
        """Free squares that lie in some wholly free block of ``width`` x ``height``: the room
        a later text can use (slivers beside texts and margins too narrow to hold one are
        left out)."""
        free = self.full & ~forbidden
        runs = free & self.starts_of_width[width]  # the first squares of free runs ``width`` long
        for i in range(1, width):
            runs &= free >> i
        starts = runs  # the top-left squares of free blocks
        for j in range(1, height):
            starts &= runs >> (j * COLS)
        room = starts
        for i in range(1, width):
            room |= starts << i
        block = room
        for j in range(1, height):
            room |= block << (j * COLS)
        return room.bit_count()

    def columns_used(self, m: int) -> tuple[int, int] | None:
        """(leftmost, rightmost) column holding a mark, or None for a blank page."""
        if not m:
            return None
        cm = self.col_masks
        lo = next(c for c in range(COLS) if m & cm[c])
        hi = next(c for c in range(COLS - 1, -1, -1) if m & cm[c])
        return lo, hi

    # ---- text layouts -------------------------------------------------------------------
    def layout(
        self, lens: tuple[int, ...], double: bool, r: int, c: int, apart: bool = True
    ) -> tuple[int, ...] | None:
        """Page squares of a text in fill order (title line first), or None off the page or,
        with ``apart``, when its flowed lines would touch its own first lines (R4). Drawing
        a text already placed passes ``apart=False``: the page shows what was copied."""
        width = lens[0]
        if r < 0 or c < 0 or c + width > COLS:
            return None
        rows = self.rows
        step = 2 if double else 1
        slots = (len(lens) - 1) * step + 1
        flows = r + slots > rows
        if flows and (c + width > HALF or slots - (rows - r) > rows):
            return None
        out: list[int] = []
        for i, n in enumerate(lens):
            row = r + i * step
            col = c
            if row >= rows:
                row -= rows
                col += HALF
            base = row * COLS + col
            out.extend(range(base, base + n))
        if flows and apart:  # the left column's lines and those flowed to the right stay apart
            first = flowed = 0
            for x in out:
                if x % COLS < HALF:
                    first |= 1 << x
                else:
                    flowed |= 1 << x
            if self.dilate(flowed) & first:
                return None
        return tuple(out)

    def shapes(self, lens: tuple[int, ...], double: bool) -> tuple[tuple[int, int, int], ...]:
        """Every in-bounds anchor of a text shape: (row, col, page mask), cached."""
        key = (lens, double)
        found = self._shapes.get(key)
        if found is None:
            items = []
            for r in range(self.rows):
                for c in range(COLS - lens[0] + 1):
                    cells = self.layout(lens, double, r, c)
                    if cells is not None:
                        m = 0
                        for x in cells:
                            m |= 1 << x
                        items.append((r, c, m))
            found = tuple(items)
            self._shapes[key] = found
        return found

    def anchors(self, lens: tuple[int, ...], double: bool, forbidden: int) -> list[tuple[int, int]]:
        return [(r, c) for r, c, m in self.shapes(lens, double) if not m & forbidden]

    def fits(self, lens: tuple[int, ...], double: bool, forbidden: int) -> bool:
        key = (lens, double, forbidden)
        found = self._fits.get(key)
        if found is None:
            found = any(not m & forbidden for _r, _c, m in self.shapes(lens, double))
            if len(self._fits) >= FITS_CACHE:
                self._fits.clear()
            self._fits[key] = found
        return found

    # ---- decorations --------------------------------------------------------------------
    def tile_placements(self, cells: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, int], ...]:
        found = self._tiles.get(cells)
        if found is None:
            h = max(r for r, _ in cells) + 1
            w = max(c for _, c in cells) + 1
            items = []
            for r in range(self.rows - h + 1):
                for c in range(COLS - w + 1):
                    m = 0
                    for dr, dc in cells:
                        m |= 1 << ((r + dr) * COLS + c + dc)
                    items.append((r, c, m))
            found = tuple(items)
            self._tiles[cells] = found
        return found


@cache
def geometry(rows: int) -> Geometry:
    return Geometry(rows)
