"""The decisions of a Manuscript game and the flow of rounds.

A turn is one action, asked as a short chain of small steps:

``Turn``            buy:<text> | borrow:<text> | copy | follow:<exemplar> | scrape | pass
``BorrowPayment``   pay:2 | give
``Acquire``         active | pool                (where a newly gained text goes)
``Activate``        activate:<text>              (Copy with an empty Active Text Area)
``ChoosePage``      page:1 | page:2              (open: also place:p<P>:r<R>:c<C>:<single|double>:w<W>)
``ChooseWidth``     width:<W>                    (prose only: the line length)
``ChooseSpacing``   single | double
``ChooseAnchor``    at:r<R>:c<C>                 (the square where the title line starts)
``CopyCubes``       cubes:<N>
``PlaceDecoration`` deco:p<P>:r<R>:c<C>
``Scrape``          row:p<P>:r<R> | done
``Retain``          keep:<text> | done           (round end)

Pages, rows and columns in ids count from 1, as drawn in the view (left page 1, right page 2).
Every candidate list is de-duplicated (each id is a different outcome) and complete: the
only placements not listed are the illegal ones, and the open page step accepts any of them
spelled out in full.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from inkhorn.core.errors import IllegalAction, clip
from inkhorn.core.step import Step
from inkhorn.games.manuscript.grid import COPY_TABLE, MAX_COPY_CUBES, cubes_for, prose_lines
from inkhorn.games.manuscript.state import (
    CUBES,
    DECO,
    MAX_PAID_KEEP,
    MAX_SCRAPE,
    OVER,
    PLAY,
    RETAIN,
    SHOP_ROW,
)

if TYPE_CHECKING:
    from inkhorn.games.manuscript.state import ManuscriptState as S


# ---- small helpers ------------------------------------------------------------------------
def tid(state: S, card: int) -> str:
    return state.content.texts[card].id


def card_of(state: S, slug: str) -> int:
    return state.content.text_index.get(slug, -1)


def spend(state: S, seat: int, n: int) -> None:
    """Spend ``n`` cubes; received cubes go first (they cannot be kept past the round anyway)."""
    foreign = state.hand[seat] - state.own[seat]
    use_own = n - min(foreign, n)
    state.hand[seat] -= n
    state.own[seat] -= use_own
    state.own_spent[seat] += use_own


def text_shapes(state: S, card: int, width: int | None = None) -> list[tuple[int, ...]]:
    """Line-length tuples a text may take (one for verse, one per width for prose)."""
    content = state.content
    if not content.prose[card] or width is not None:
        return [content.lines(card, width or 0)]
    total = content.squares[card]
    return [prose_lines(total, w) for w in range(1, min(state.geo.cols, total) + 1)]


def free_squares(state: S, forbidden: int) -> int:
    return state.geo.page_cells - forbidden.bit_count()


def fits_on_page(state: S, seat: int, card: int, page: int) -> bool:
    return fits_beside(state, card, state.text_forbidden(seat, page))


def fits_beside(state: S, card: int, forb: int) -> bool:
    """The text fits on a page whose squares ``forb`` it may not use."""
    if free_squares(state, forb) < state.content.squares[card]:
        return False
    geo = state.geo
    # single spacing fits wherever double spacing does, so it alone decides
    return any(geo.fits(lens, False, forb) for lens in text_shapes(state, card))


def text_fits(state: S, seat: int, card: int) -> bool:
    return fits_on_page(state, seat, card, 0) or fits_on_page(state, seat, card, 1)


def already_copied(state: S, seat: int, card: int) -> bool:
    return any(rec[0] == card for rec in state.records[seat])


def can_copy(state: S, seat: int) -> bool:
    if state.hand[seat] < 1:
        return False
    a = state.active[seat]
    if a >= 0:
        return bool(state.plan[seat]) or text_fits(state, seat, a)
    return any(not already_copied(state, seat, c) and text_fits(state, seat, c) for c in state.pool[seat])


def can_follow(state: S, seat: int, slot: int, done: tuple[int, ...] | None = None) -> bool:
    """``done``: the scribe's finished texts, when the caller asks of every exemplar."""
    if seat in state.followers[slot]:
        return False
    if state.own[seat] < 1 and not (state.hand[seat] >= 1 and state.own_spent[seat] >= 1):
        return False
    ex = state.exemplars[slot]
    need = state.content.exemplars[ex].partial_needs
    if done is None:
        done = state.done_cards(seat)
    if len(done) < need:
        return False
    components = state.content.components[ex]
    return sum(1 for c in done if c in components) >= need


def scrape_rows(state: S, seat: int, first: bool = False) -> list[tuple[int, int]]:
    """Rows holding text that may be scraped: any row without a shaded square of the text in
    progress (``first``: the first such row alone, to ask whether there is one)."""
    rows = []
    geo = state.geo
    for page in (0, 1):
        m = state.tmask[2 * seat + page]
        if not m:
            continue
        busy = state.shaded_active_mask(seat, page) if state.plan[seat] else 0
        for r, rm in enumerate(geo.row_masks):
            if m & rm and not busy & rm:
                rows.append((page, r))
                if first:
                    return rows
    return rows


def can_scrape_a_row(state: S, seat: int) -> bool:
    return bool(scrape_rows(state, seat, True))


def tile_anchors(state: S, seat: int, slot: int) -> list[tuple[int, int, int]]:
    geo = state.geo
    cells = state.content.deco_cells[state.content.deco_of[state.exemplars[slot]]]
    out: list[tuple[int, int, int]] = []
    for page in (0, 1):
        k = 2 * seat + page
        blocked = state.tmask[k] | state.dmask[k] | state.reserved_mask(seat, page)
        out.extend((page, r, c) for r, c, m in geo.tile_placements(cells) if not m & blocked)
    return out


def acquire(state: S, seat: int, card: int) -> None:
    """A scribe gains a text: ask where it goes when the Active Text Area may take it."""
    if not already_copied(state, seat, card) and (state.active[seat] < 0 or not state.plan[seat]):
        state.push(Acquire(seat, card))
    else:
        state.pool[seat] = state.pool[seat] + (card,)


def draw(state: S) -> int:
    if not state.deck and state.discard:
        reshuffle(state)
    if not state.deck:
        return -1
    card = state.deck.pop()
    if not state.deck and state.discard:
        reshuffle(state)
    return card


def reshuffle(state: S) -> None:
    deck = state.discard
    state.discard = []
    state.rng.shuffle(deck)
    state.deck = deck


def refill_row(state: S, row: int) -> None:
    """Slide the row's cards toward the discard pile, then fill from the draw pile end."""
    base = row * SHOP_ROW
    cards = [c for c in state.shop[base : base + SHOP_ROW] if c >= 0]
    while len(cards) < SHOP_ROW:
        card = draw(state)
        if card < 0:
            break
        cards.append(card)
    cards += [-1] * (SHOP_ROW - len(cards))
    state.shop[base : base + SHOP_ROW] = cards


def start_text(state: S, seat: int, page: int, r: int, c: int, width: int, double: bool) -> None:
    card = state.active[seat]
    lens = text_shapes(state, card, width)[0]
    cells = state.geo.layout(lens, double, r, c)
    assert cells is not None
    off = page * state.geo.page_cells
    state.plan[seat] = tuple(off + x for x in cells)
    state.progress[seat] = 0
    state.records[seat] = state.records[seat] + ((card, page, r, c, lens[0], double),)


def fill(state: S, seat: int, squares: int) -> None:
    """Shade the next squares of the active text; on completion write its points and pool it."""
    plan = state.plan[seat]
    start = state.progress[seat]
    end = min(len(plan), start + squares)
    card = state.active[seat]
    grid = list(state.grid[seat])
    pc = state.geo.page_cells
    masks = [state.tmask[2 * seat], state.tmask[2 * seat + 1]]
    mark = card + 1
    for cell in plan[start:end]:
        grid[cell] = mark
        page = cell // pc
        masks[page] |= 1 << (cell - page * pc)
    state.grid[seat] = tuple(grid)
    state.tmask[2 * seat], state.tmask[2 * seat + 1] = masks
    state.progress[seat] = end
    if end == len(plan):
        double = state.records[seat][-1][5]
        points = state.content.points[card][1 if double else 0]
        state.finished[seat] = state.finished[seat] + ((card, points),)
        state.pool[seat] = state.pool[seat] + (card,)
        state.active[seat] = -1
        state.plan[seat] = ()
        state.progress[seat] = 0


def legal_layout(state: S, seat: int, page: int, r: int, c: int, width: int, double: bool) -> str | None:
    """Why this placement of the active text is illegal, or None when it is legal."""
    card = state.active[seat]
    content = state.content
    if card < 0:
        return "no text in the Active Text Area"
    if state.plan[seat]:
        return "the active text is already placed"
    if content.prose[card]:
        if not 1 <= width <= min(state.geo.cols, content.squares[card]):
            return f"a prose line holds 1 to {min(state.geo.cols, content.squares[card])} squares"
    elif width != content.line_length[card]:
        return f"this verse text has lines of {content.line_length[card]}"
    lens = text_shapes(state, card, width)[0]
    if double and len(lens) < 2:
        return "a text of one line cannot be double-spaced"
    cells = state.geo.layout(lens, double, r, c)
    if cells is None or r >= state.geo.rows:
        if r < state.geo.rows and state.geo.layout(lens, double, r, c, apart=False) is not None:
            return "the lines flowing into the right column would touch the text's own first lines (R4)"
        return "the text does not fit on the page from there"
    m = 0
    for x in cells:
        m |= 1 << x
    if m & state.text_forbidden(seat, page):
        return "the text would touch another text or cover a decoration"
    return None


# ---- steps ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Turn(Step):
    """A scribe holding cubes must take one action."""

    def legal_actions(self, state: S) -> list[str]:
        s = self.seat
        h = state.hand[s]
        texts = state.content.texts
        acts = []
        costs = state.costs
        for i, card in enumerate(state.shop):
            if card >= 0 and costs[i % SHOP_ROW] <= h:
                acts.append("buy:" + texts[card].id)
        if h >= 2 or state.own[s] >= 1:
            for o in range(state.num_players):
                if o != s:
                    acts.extend(["borrow:" + texts[c].id for c in state.pool[o]])
        if can_copy(state, s):
            acts.append("copy")
        ex = state.content.exemplars
        done = state.done_cards(s)
        for j, e in enumerate(state.exemplars):
            if can_follow(state, s, j, done):
                acts.append("follow:" + ex[e].id)
        if h >= 1 and can_scrape_a_row(state, s):
            acts.append("scrape")
        if not acts:
            acts.append("pass")
        return acts

    def resolve(self, state: S, action: str) -> None:
        s = self.seat
        kind, _, arg = action.partition(":")
        if kind == "buy":
            card = card_of(state, arg)
            i = state.shop.index(card)
            spend(state, s, state.costs[i % SHOP_ROW])
            state.shop[i] = -1
            refill_row(state, i // SHOP_ROW)
            acquire(state, s, card)
        elif kind == "borrow":
            state.push(BorrowPayment(s, card_of(state, arg)))
        elif kind == "copy":
            if state.active[s] < 0:
                state.push(Activate(s))
            elif not state.plan[s]:
                state.push(ChoosePage(s))
            else:
                state.push(CopyCubes(s))
        elif kind == "follow":
            follow(state, s, state.exemplars.index(state.content.exemplar_index[arg]))
        elif kind == "scrape":
            state.push(Scrape(s, 0))
        else:  # pass: nothing can be done, the remaining cubes are set aside
            spend(state, s, state.hand[s])

    def prompt(self, state: S) -> str:
        return f"Scribe {self.seat}: choose an action ({state.hand[self.seat]} cubes)"

    def label(self, state: S, action: str) -> str:
        kind, _, arg = action.partition(":")
        if kind == "buy":
            card = card_of(state, arg)
            i = state.shop.index(card)
            return f"Purchase {state.content.texts[card].title} ({state.costs[i % SHOP_ROW]} cubes)"
        if kind == "borrow":
            card = card_of(state, arg)
            owner = next(o for o in range(state.num_players) if card in state.pool[o])
            return f"Borrow {state.content.texts[card].title} from scribe {owner}"
        if kind == "copy":
            a = state.active[self.seat]
            return "Copy " + (state.content.texts[a].title if a >= 0 else "(choose a text from your pool)")
        if kind == "follow":
            return f"Follow the exemplar {state.content.exemplars[state.content.exemplar_index[arg]].title}"
        if kind == "scrape":
            return "Scrape away lines (1 cube each, up to 5)"
        return "Pass (no action is possible; set the remaining cubes aside)"


def follow(state: S, s: int, slot: int) -> None:
    if state.own[s] >= 1:
        state.own[s] -= 1
        state.hand[s] -= 1
    else:  # hand over a received cube and lift one of your own already spent
        state.hand[s] -= 1
        state.own_spent[s] -= 1
    state.locked[s] += 1
    state.followers[slot] = state.followers[slot] + (s,)
    if state.deco_owner[slot] != -1:  # placed by an earlier follower, or gone back to the box
        return
    if tile_anchors(state, s, slot):
        state.deco_owner[slot] = s
        state.push(PlaceDecoration(s, slot))
    elif not state.options.decoration_passes_on:
        state.deco_owner[slot] = -2


@dataclass(frozen=True)
class BorrowPayment(Step):
    detail = True

    card: int

    def legal_actions(self, state: S) -> list[str]:
        acts = []
        if state.hand[self.seat] >= 2:
            acts.append("pay:2")
        if state.own[self.seat] >= 1:
            acts.append("give")
        return acts

    def resolve(self, state: S, action: str) -> None:
        s, card = self.seat, self.card
        owner = next(o for o in range(state.num_players) if card in state.pool[o])
        if action == "pay:2":
            spend(state, s, 2)
        else:
            state.hand[s] -= 1
            state.own[s] -= 1
            state.hand[owner] += 1
        pool = list(state.pool[owner])
        pool.remove(card)
        state.pool[owner] = tuple(pool)
        acquire(state, s, card)

    def check_loaded(self, state: S) -> None:
        owned = any(self.card in state.pool[o] for o in range(state.num_players) if o != self.seat)
        state.require(owned, "card", f"{clip(self.card)} is in no other scribe's pool")

    def prompt(self, state: S) -> str:
        return f"Borrow {state.content.texts[self.card].title}: pay two cubes or give one to its owner"

    def label(self, state: S, action: str) -> str:
        return "Spend two cubes" if action == "pay:2" else "Give one of your cubes to the owner"


@dataclass(frozen=True)
class Acquire(Step):
    detail = True

    card: int

    def legal_actions(self, state: S) -> list[str]:
        return ["active", "pool"]

    def resolve(self, state: S, action: str) -> None:
        s = self.seat
        if action == "active":
            old = state.active[s]
            if old >= 0:
                state.pool[s] = state.pool[s] + (old,)
            state.active[s] = self.card
        else:
            state.pool[s] = state.pool[s] + (self.card,)

    def prompt(self, state: S) -> str:
        return f"Where does {state.content.texts[self.card].title} go?"

    def label(self, state: S, action: str) -> str:
        if action == "active":
            old = state.active[self.seat]
            extra = f" ({state.content.texts[old].title} returns to your pool)" if old >= 0 else ""
            return "Into the Active Text Area" + extra
        return "Into your pool"


@dataclass(frozen=True)
class Activate(Step):
    detail = True

    def legal_actions(self, state: S) -> list[str]:
        s = self.seat
        return [
            "activate:" + tid(state, c)
            for c in state.pool[s]
            if not already_copied(state, s, c) and text_fits(state, s, c)
        ]

    def resolve(self, state: S, action: str) -> None:
        s = self.seat
        card = card_of(state, action.partition(":")[2])
        pool = list(state.pool[s])
        pool.remove(card)
        state.pool[s] = tuple(pool)
        state.active[s] = card
        state.push(ChoosePage(s))

    def prompt(self, state: S) -> str:
        return "Choose a text from your pool for the Active Text Area"

    def label(self, state: S, action: str) -> str:
        t = state.content.texts[card_of(state, action.partition(":")[2])]
        return f"{t.title} ({describe_card(t)})"


# One placement, one id: ASCII digits without leading zeros, matched whole (no trailing newline).
PLACE_RE = re.compile(r"place:p([12]):r([1-9][0-9]?):c([1-9][0-9]?):(single|double):w([1-9][0-9]?)", re.ASCII)


@dataclass(frozen=True)
class ChoosePage(Step):
    """Where the active text starts: a page first (or the whole placement at once)."""
    detail = True
    open = True

    def legal_actions(self, state: S) -> list[str]:
        s = self.seat
        return [f"page:{p + 1}" for p in (0, 1) if fits_on_page(state, s, state.active[s], p)]

    def check(self, state: S, action: str) -> None:
        if isinstance(action, str) and action.startswith("place:"):
            m = PLACE_RE.fullmatch(action)
            if not m:
                raise IllegalAction(action, "a placement reads place:p<1|2>:r<row>:c<column>:<single|double>:w<width>",
                                    self.legal_actions(state), self.seat)
            p, r, c, spacing, w = int(m[1]) - 1, int(m[2]) - 1, int(m[3]) - 1, m[4], int(m[5])
            why = legal_layout(state, self.seat, p, r, c, w, spacing == "double")
            if why:
                raise IllegalAction(action, why, self.legal_actions(state), self.seat)
            return
        super().check(state, action)

    def resolve(self, state: S, action: str) -> None:
        s = self.seat
        if action.startswith("place:"):
            m = PLACE_RE.fullmatch(action)
            assert m is not None
            start_text(state, s, int(m[1]) - 1, int(m[2]) - 1, int(m[3]) - 1, int(m[5]), m[4] == "double")
            state.push(CopyCubes(s))
            return
        page = int(action[5:]) - 1
        card = state.active[s]
        if state.content.prose[card]:
            state.push(ChooseWidth(s, page))
        else:
            state.push(ChooseSpacing(s, page, state.content.line_length[card]))

    def prompt(self, state: S) -> str:
        t = state.content.texts[state.active[self.seat]]
        return f"Begin copying {t.title} ({describe_card(t)}): choose a page"

    def label(self, state: S, action: str) -> str:
        if action.startswith("place:"):
            return "Place the text as written: " + action
        return "Left page" if action == "page:1" else "Right page"


def check_laying(state: S, seat: int, page: int, width: int | None = None) -> None:
    """A loaded layout in progress: a page of the scribe's and a line length of the active text."""
    state.require(state.active[seat] >= 0, "active", "no text to lay out")
    state.require(page in (0, 1), "page", f"{clip(page)} is neither page")
    if width is not None:
        card, content = state.active[seat], state.content
        if content.prose[card]:
            ok = 1 <= width <= min(state.geo.cols, content.squares[card])
        else:
            ok = width == content.line_length[card]
        state.require(ok, "width", f"{clip(width)} is no line length of the text")


@dataclass(frozen=True)
class ChooseWidth(Step):
    detail = True

    page: int

    def legal_actions(self, state: S) -> list[str]:
        s = self.seat
        card = state.active[s]
        forb = state.text_forbidden(s, self.page)
        geo = state.geo
        return [
            f"width:{lens[0]}" for lens in text_shapes(state, card) if geo.fits(lens, False, forb)
        ]

    def resolve(self, state: S, action: str) -> None:
        state.push(ChooseSpacing(self.seat, self.page, int(action[6:])))

    def check_loaded(self, state: S) -> None:
        check_laying(state, self.seat, self.page)

    def prompt(self, state: S) -> str:
        return "Choose the line length of this prose text"

    def label(self, state: S, action: str) -> str:
        w = int(action[6:])
        lens = prose_lines(state.content.squares[state.active[self.seat]], w)
        return f"Lines of {w} ({len(lens)} lines)"


@dataclass(frozen=True)
class ChooseSpacing(Step):
    detail = True

    page: int
    width: int

    def legal_actions(self, state: S) -> list[str]:
        s = self.seat
        lens = text_shapes(state, state.active[s], self.width)[0]
        forb = state.text_forbidden(s, self.page)
        geo = state.geo
        acts = []
        if geo.fits(lens, False, forb):
            acts.append("single")
        if len(lens) > 1 and geo.fits(lens, True, forb):
            acts.append("double")
        return acts

    def resolve(self, state: S, action: str) -> None:
        state.push(ChooseAnchor(self.seat, self.page, self.width, action == "double"))

    def check_loaded(self, state: S) -> None:
        check_laying(state, self.seat, self.page, self.width)

    def prompt(self, state: S) -> str:
        return "Single or double spacing?"

    def label(self, state: S, action: str) -> str:
        p = state.content.points[state.active[self.seat]]
        return f"Single-spaced ({p[0]} points)" if action == "single" else f"Double-spaced ({p[1]} points)"


@dataclass(frozen=True)
class ChooseAnchor(Step):
    detail = True

    page: int
    width: int
    double: bool

    def legal_actions(self, state: S) -> list[str]:
        s = self.seat
        lens = text_shapes(state, state.active[s], self.width)[0]
        forb = state.text_forbidden(s, self.page)
        return [f"at:r{r + 1}:c{c + 1}" for r, c in state.geo.anchors(lens, self.double, forb)]

    def resolve(self, state: S, action: str) -> None:
        _, r, c = action.split(":")
        start_text(state, self.seat, self.page, int(r[1:]) - 1, int(c[1:]) - 1, self.width, self.double)
        state.push(CopyCubes(self.seat))

    def check_loaded(self, state: S) -> None:
        check_laying(state, self.seat, self.page, self.width)

    def prompt(self, state: S) -> str:
        side = "left" if self.page == 0 else "right"
        return f"Choose the square where the title line starts on the {side} page (row, column)"

    def label(self, state: S, action: str) -> str:
        _, r, c = action.split(":")
        return f"Row {r[1:]}, column {c[1:]}"

    def public(self, state: S) -> dict[str, Any]:
        """The layout being placed (announced choices): the page draws where it would go."""
        return {"page": self.page, "width": self.width, "double": self.double}


@dataclass(frozen=True)
class CopyCubes(Step):
    detail = True

    def legal_actions(self, state: S) -> list[str]:
        s = self.seat
        remaining = len(state.plan[s]) - state.progress[s]
        top = min(MAX_COPY_CUBES, state.hand[s], cubes_for(remaining))
        return [f"cubes:{k}" for k in range(1, top + 1)]

    def resolve(self, state: S, action: str) -> None:
        k = int(action[6:])
        spend(state, self.seat, k)
        fill(state, self.seat, COPY_TABLE[k])

    def prompt(self, state: S) -> str:
        s = self.seat
        remaining = len(state.plan[s]) - state.progress[s]
        return f"How many cubes to spend copying? ({remaining} squares left)"

    def label(self, state: S, action: str) -> str:
        k = int(action[6:])
        return f"{k} cube{'s' if k > 1 else ''}: {COPY_TABLE[k]} square{'s' if COPY_TABLE[k] > 1 else ''}"


@dataclass(frozen=True)
class PlaceDecoration(Step):
    detail = True

    slot: int

    def legal_actions(self, state: S) -> list[str]:
        return [f"deco:p{p + 1}:r{r + 1}:c{c + 1}" for p, r, c in tile_anchors(state, self.seat, self.slot)]

    def resolve(self, state: S, action: str) -> None:
        s = self.seat
        _, p, r, c = action.split(":")
        page, row, col = int(p[1:]) - 1, int(r[1:]) - 1, int(c[1:]) - 1
        content = state.content
        tile = content.deco_of[state.exemplars[self.slot]]
        geo = state.geo
        grid = list(state.grid[s])
        m = state.dmask[2 * s + page]
        for dr, dc in content.deco_cells[tile]:
            x = (row + dr) * geo.cols + col + dc
            grid[page * geo.page_cells + x] = DECO + tile
            m |= 1 << x
        state.grid[s] = tuple(grid)
        state.dmask[2 * s + page] = m
        state.deco_place[self.slot] = (s, page, row, col)

    def check_loaded(self, state: S) -> None:
        ok = 0 <= self.slot < len(state.exemplars) and state.deco_owner[self.slot] == self.seat
        state.require(ok, "slot", f"{clip(self.slot)} is no exemplar whose decoration this scribe places")

    def prompt(self, state: S) -> str:
        tile = state.content.decorations[state.content.deco_of[state.exemplars[self.slot]]]
        return f"Place the decoration {tile.name} ({tile.points} points) on your grid"

    def public(self, state: S) -> dict[str, Any]:
        return {"decoration": state.content.decorations[state.content.deco_of[state.exemplars[self.slot]]].id}

    def label(self, state: S, action: str) -> str:
        _, p, r, c = action.split(":")
        side = "left" if p == "p1" else "right"
        return f"{side} page, row {r[1:]}, column {c[1:]}"


@dataclass(frozen=True)
class Scrape(Step):
    detail = True

    done: int

    def legal_actions(self, state: S) -> list[str]:
        acts = [f"row:p{p + 1}:r{r + 1}" for p, r in scrape_rows(state, self.seat)]
        if self.done:
            acts.append("done")
        return acts

    def resolve(self, state: S, action: str) -> None:
        if action == "done":
            return
        s = self.seat
        _, p, r = action.split(":")
        page, row = int(p[1:]) - 1, int(r[1:]) - 1
        spend(state, s, 1)
        geo = state.geo
        grid = list(state.grid[s])
        base = page * geo.page_cells + row * geo.cols
        hit = set()
        for x in range(base, base + geo.cols):
            v = grid[x]
            if 0 < v < DECO:
                hit.add(v - 1)
                grid[x] = 0
        state.grid[s] = tuple(grid)
        state.tmask[2 * s + page] &= ~geo.row_masks[row]
        if any(c in hit for c, _ in state.finished[s]):
            state.voided[s] = state.voided[s] + tuple(c for c, _ in state.finished[s] if c in hit)
            state.finished[s] = tuple(f for f in state.finished[s] if f[0] not in hit)
        if self.done + 1 < MAX_SCRAPE and state.hand[s] >= 1 and can_scrape_a_row(state, s):
            state.push(Scrape(s, self.done + 1))

    def prompt(self, state: S) -> str:
        return f"Scrape a line away (1 cube; {self.done} scraped, at most {MAX_SCRAPE})"

    def check_loaded(self, state: S) -> None:
        state.require(0 <= self.done < MAX_SCRAPE, "done", f"{clip(self.done)} lines scraped (at most {MAX_SCRAPE})")

    def label(self, state: S, action: str) -> str:
        if action == "done":
            return "Stop scraping"
        _, p, r = action.split(":")
        side = "left" if p == "p1" else "right"
        return f"Erase row {r[1:]} of the {side} page"


@dataclass(frozen=True)
class Retain(Step):
    """Round end: keep one pool text free, then up to three more for a cube of next round each."""

    paid: int
    free_used: bool

    def can_keep(self, state: S) -> bool:
        if not self.free_used:
            return True
        s = self.seat
        return self.paid < MAX_PAID_KEEP and state.reserved[s] + 1 <= CUBES - state.locked[s]

    def check_loaded(self, state: S) -> None:
        ok = 0 <= self.paid <= MAX_PAID_KEEP and (self.free_used or self.paid == 0)
        state.require(ok, "paid", f"{clip(self.paid)} texts kept for a cube (at most {MAX_PAID_KEEP})")

    def legal_actions(self, state: S) -> list[str]:
        acts = ["keep:" + tid(state, c) for c in state.pool[self.seat]] if self.can_keep(state) else []
        acts.append("done")
        return acts

    def resolve(self, state: S, action: str) -> None:
        s = self.seat
        if action == "done":
            finish_retention(state, s)
            return
        card = card_of(state, action[5:])
        pool = list(state.pool[s])
        pool.remove(card)
        state.pool[s] = tuple(pool)
        state.kept[s] = state.kept[s] + (card,)
        paid = self.paid
        if self.free_used:
            state.reserved[s] += 1
            paid += 1
        nxt = Retain(s, paid, True)
        if state.pool[s] and nxt.can_keep(state):
            state.push(nxt)
        else:
            finish_retention(state, s)

    def prompt(self, state: S) -> str:
        if not self.free_used:
            return "Round end: keep one text from your pool for free (the rest are discarded)"
        return f"Round end: keep another text for one cube of next round ({self.paid} of {MAX_PAID_KEEP} kept so far)"

    def label(self, state: S, action: str) -> str:
        if action == "done":
            return "Discard the rest"
        title = state.content.texts[card_of(state, action[5:])].title
        return f"Keep {title}" + (" (1 cube next round)" if self.free_used else " (free)")


def finish_retention(state: S, s: int) -> None:
    state.discard.extend(state.pool[s])
    state.pool[s] = state.kept[s]
    state.kept[s] = ()


def describe_card(t) -> str:  # noqa: ANN001
    if t.form == "prose":
        return f"prose, {t.squares} squares, {t.points_single}/{t.points_double} points"
    return f"{t.lines} lines of {t.line_length}, {t.points_single}/{t.points_double} points"


STEPS = (Turn, BorrowPayment, Acquire, Activate, ChoosePage, ChooseWidth, ChooseSpacing, ChooseAnchor, CopyCubes,
         PlaceDecoration, Scrape, Retain)


# ---- the flow of rounds ----------------------------------------------------------------------
def advance(state: S) -> None:
    """Next scribe with cubes (clockwise); when none is left, the round ends or the game does."""
    n = state.num_players
    while True:
        if state.phase == PLAY:
            a = state.actor
            if state.end_trigger < 0 and 0 <= a < n and state.triggers_end(a):
                state.end_trigger = a
            for i in range(1, n + 1):
                o = (a + i) % n
                if state.hand[o] > 0:
                    state.actor = o
                    state.push(Turn(o))
                    return
            if state.end_trigger >= 0 or state.round >= state.options.round_limit:
                state.phase = OVER
                return
            state.phase = RETAIN
            steps = [Retain((state.first + i) % n, 0, False) for i in range(n) if state.pool[(state.first + i) % n]]
            if steps:
                state.push(*steps)
                return
        elif state.phase == RETAIN:
            end_round(state)
        else:
            return


def end_round(state: S) -> None:
    """Discard the four one-cube shop cards, refill, pass the quill, hand back the cubes."""
    n = state.num_players
    for row in (0, 1):
        base = row * SHOP_ROW
        for i in (base, base + 1):  # the two spaces nearest the discard pile
            if state.shop[i] >= 0:
                state.discard.append(state.shop[i])
                state.shop[i] = -1
        refill_row(state, row)
    state.first = (state.first - 1) % n
    state.round += 1
    for s in range(n):
        state.hand[s] = CUBES - state.locked[s] - state.reserved[s]
        state.own[s] = state.hand[s]
        state.own_spent[s] = 0
        state.reserved[s] = 0
    state.phase = PLAY
    state.actor = (state.first - 1) % n
