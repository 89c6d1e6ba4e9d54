"""Manuscript as numbers for a learner (``inkhorn.core.features``).

What ``observation(seat)`` shows, laid out by place: the round's clock (phase, the decision's
kind and public detail, who plays first and who acts, who triggered the end), the Shop slot
by slot, the draw pile's size and the discards, the exemplars in play with their followers
and decorations, the scores, and for every scribe (in turn order from the viewer's) its two
pages square by square (shaded by a text, or a decoration), its cubes, the texts in its
pool, kept, active (with the squares planned and shaded), begun, finished (with their
points) and voided. Only the draw pile's order is hidden, from every seat alike.

Between two calls for a seat only the parts that changed are rewritten; single numbers are
stored every time (in the compiled build a C store, cheaper than comparing them first).
"""

from __future__ import annotations

from typing import Any

from inkhorn.core.features import (
    Layout,
    Numbers,
    SeatFeatures,
    clear,
    mark_changed,
    number,
    ones,
    put,
    remark,
    zeros,
)
from inkhorn.games.manuscript import rules, scoring
from inkhorn.games.manuscript.content import Content
from inkhorn.games.manuscript.state import DECO, OVER, PLAY, RETAIN, ManuscriptState

PHASES = (PLAY, RETAIN, OVER)
CUBE_COUNTS = ("cubes", "own_cubes", "own_spent", "on_exemplars", "reserved", "progress")


class ManuscriptFeatures(SeatFeatures[ManuscriptState]):
    alike = True  # only the draw pile's order is hidden, from every seat

    def __init__(self, players: int, content: Content, squares: int, shop: int):
        n = self.players = players
        self.content = content
        self.squares = squares
        texts = [t.id for t in content.texts]
        self.texts = len(texts)
        lay = Layout()
        block = lay.block
        rel = [f"seat+{r}" for r in range(n)]
        per_seat = [f"{r}.{t}" for r in rel for t in texts]
        self.steps = {step: i for i, step in enumerate(rules.STEPS)}
        self.phase = block("phase", PHASES)
        self.decision = block("decision", [step.__name__ for step in rules.STEPS])
        self.first = block("first", rel)
        self.to_act = block("to_act", rel)
        self.trigger = block("end_trigger", rel)
        self.detail = block("detail", ["page", "width", "double"])
        self.detail_deco = block("detail.decoration", [d.id for d in content.decorations])
        self.decoration_at = {d.id: i for i, d in enumerate(content.decorations)}
        self.header = (self.phase, len(lay.names))
        self.numbers = block("number", ["round", "draw_pile"])
        self.shop_slots = shop
        self.shop = block("shop", [f"{k}.{t}" for k in range(shop) for t in texts])
        self.discard = block("discard", texts)
        ex_ids = [e.id for e in content.exemplars]
        self.exemplar_count = len(ex_ids)
        self.exemplars = block("exemplar", ex_ids)
        self.followers = block("followers", [f"{e}.{r}" for e in ex_ids for r in rel])
        self.decorated = block("decoration", [f"{e}.{who}" for e in ex_ids for who in ("unused", *rel)])
        self.scores = block("score", rel)
        # a page square is a category, not a quantity: shaded by a text, or a decoration
        self.shaded = block("shaded", [f"{r}.{k}" for r in rel for k in range(squares)])
        self.decorated_square = block("decorated_square", [f"{r}.{k}" for r in rel for k in range(squares)])
        self.plan = block("plan", [f"{r}.{k}" for r in rel for k in range(squares)])
        self.counts = block("count", [f"{r}.{what}" for r in rel for what in CUBE_COUNTS])
        self.piles = {part: block(part, per_seat) for part in ("pool", "kept", "active", "begun", "double", "finished",
                                                                "voided")}
        super().__init__(lay)

    def write(self, state: ManuscriptState, seat: int, out: Numbers) -> None:
        write_seat(self, state, seat, out, self.memory(seat, out))

    # ---- the parts --------------------------------------------------------------------------
    def _header(self, state: ManuscriptState, seat: int, detail: dict | None, out: Numbers) -> None:
        start, end = self.header
        clear(out, start, end)
        n = self.players
        flags = [self.phase + PHASES.index(state.phase), self.first + (state.first - seat) % n]
        if state.end_trigger >= 0:
            flags.append(self.trigger + (state.end_trigger - seat) % n)
        if state.stack:
            top = state.stack[-1]
            flags.append(self.decision + self.steps[type(top)])
            flags.append(self.to_act + (top.seat - seat) % n)
            if detail is not None:
                if "decoration" in detail:
                    flags.append(self.detail_deco + self.decoration_at[detail["decoration"]])
                else:
                    put(out, self.detail, (detail["page"], detail["width"], float(detail["double"])))
        ones(out, 0, flags)

    def _shop(self, state: ManuscriptState, before: list[int], out: Numbers) -> list[int]:
        """The shop's flags (``before``: where they were); gives where they are now."""
        many = self.texts
        where = [self.shop + k * many + t for k, t in enumerate(state.shop) if t >= 0]
        remark(out, 0, before, where)
        return where

    def _exemplars(self, state: ManuscriptState, seat: int, out: Numbers) -> None:
        n = self.players
        count = self.exemplar_count
        clear(out, self.exemplars, self.exemplars + count)
        clear(out, self.followers, self.followers + count * n)
        clear(out, self.decorated, self.decorated + count * (n + 1))
        flags = []
        for j, e in enumerate(state.exemplars):
            flags.append(self.exemplars + e)
            for s in state.followers[j]:
                out[self.followers + e * n + (s - seat) % n] += 1.0
            holder = state.deco_owner[j]
            if holder == -2:
                flags.append(self.decorated + e * (n + 1))
            elif holder >= 0:
                flags.append(self.decorated + e * (n + 1) + 1 + (holder - seat) % n)
        ones(out, 0, flags)


# The parts read at every step, as module functions: ``features.pxd`` gives them C types in
# the compiled build.
def write_seat(f: ManuscriptFeatures, state: ManuscriptState, seat: int, out: Numbers, seen: dict[str, Any]) -> None:
    """:meth:`ManuscriptFeatures.write`: the numbers are stored every time (a C store each in
    the compiled build, as cheap as comparing them); the rest only when changed."""
    n = f.players
    stack = state.stack
    top = stack[-1] if stack else None
    public = getattr(top, "public", None)
    detail = public(state) if public is not None else None
    clock = (state.phase, state.first, state.end_trigger, type(top), top.seat if top is not None else -1, detail)
    if seen.get("clock") != clock:  # the header, unchanged through most of a turn
        f._header(state, seat, detail, out)
        seen["clock"] = clock
    floats = out.floats
    at = f.numbers
    floats[at] = number(state.round)
    floats[at + 1] = len(state.deck)
    shop = state.shop
    if seen.get("shop") != shop:
        seen["shop_at"] = f._shop(state, seen.get("shop_at", ()), out)
        seen["shop"] = shop[:]
    mark_changed(seen, "discard", out, f.discard, f.texts, state.discard)
    table = (state.exemplars, state.followers, state.deco_owner)
    everyone = False  # whether a part every scribe's score counts changed
    if seen.get("table") != table:
        f._exemplars(state, seat, out)
        seen["table"] = (state.exemplars, state.followers[:], state.deco_owner[:])
        everyone = True
    kept = seen.get("scribes")
    if kept is None:  # per scribe: pages, active text, plan, pool, kept, voided, records, finished, and
        # the texts begun and doubled and the pages' squares as written
        kept = seen["scribes"] = [[None, None, (), (), (), (), None, (), (), (), b""] for _ in range(n)]
    at = f.scores
    for r in range(n):
        s = (seat + r) % n
        # a scribe's score counts the exemplars and its own pages and texts: it is worked out
        # again only when one of those changed (a score costs about 5 µs)
        if _scribe(f, state, s, r, kept[r], out) or everyone:
            floats[at + r] = scoring.total(state, s)


def _scribe(f: ManuscriptFeatures, state: ManuscriptState, s: int, r: int, mine: list[Any], out: Numbers) -> bool:
    """Rewrite what changed of scribe ``s`` (``r`` places after the viewer); ``mine`` holds
    its parts as last written (tuples by identity: a new one is a change). True when a part
    the scores count changed (the pages, the finished texts)."""
    squares = f.squares
    texts = f.texts
    floats = out.floats
    scored = False
    grid = state.grid[s]
    if mine[0] is not grid:  # the squares that changed since (mine[10]: the grid as written)
        cells = bytes(grid)  # one byte a square (state.py)
        before, deco = mine[10], DECO
        shaded, decorated = f.shaded + r * squares, f.decorated_square + r * squares
        for k in range(squares):
            cell = cells[k]
            if k < len(before) and before[k] == cell:
                continue
            floats[shaded + k] = 1.0 if 0 < cell < deco else 0.0  # shaded by a text
            floats[decorated + k] = 1.0 if cell >= deco else 0.0
        mine[0], mine[10] = grid, cells
        scored = True
    at = f.counts + r * len(CUBE_COUNTS)
    floats[at] = number(state.hand[s])
    floats[at + 1] = number(state.own[s])
    floats[at + 2] = number(state.own_spent[s])
    floats[at + 3] = number(state.locked[s])
    floats[at + 4] = number(state.reserved[s])
    floats[at + 5] = number(state.progress[s])
    plan = state.plan[s]
    if mine[2] is not plan:
        remark(out, f.plan + r * squares, mine[2], plan)
        mine[2] = plan
    base = r * texts
    piles = f.piles
    for k, part, cards in ((3, "pool", state.pool[s]), (4, "kept", state.kept[s]), (5, "voided", state.voided[s])):
        if mine[k] is not cards:
            remark(out, piles[part] + base, mine[k], cards)
            mine[k] = cards
    active = state.active[s]
    if mine[1] != active:
        remark(out, piles["active"] + base, (mine[1],) if mine[1] is not None and mine[1] >= 0 else (),
               (active,) if active >= 0 else ())
        mine[1] = active
    records = state.records[s]
    if mine[6] is not records:
        begun = [record[0] for record in records]
        double = [record[0] for record in records if record[5]]
        remark(out, piles["begun"] + base, mine[8], begun)
        remark(out, piles["double"] + base, mine[9], double)
        mine[6], mine[8], mine[9] = records, begun, double
    finished = state.finished[s]
    if mine[7] is not finished:
        at = piles["finished"] + base
        zeros(out, at, [text for text, _ in mine[7]])
        for card, points in finished:
            floats[at + card] = points
        mine[7] = finished
        scored = True
    return scored
