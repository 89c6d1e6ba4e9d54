"""Manuscript as numbers for a learner (``inkhorn.core.features``).

What ``observation(seat)`` shows, laid out by place: the round's clock (phase, the decision's
kind and public detail, who plays first and who acts, who triggered the end), the Shop slot
by slot, the draw pile's size and the discards, the exemplars in play with their followers
and decorations, the scores, and for every scribe (in turn order from the viewer's) its two
pages square by square (shaded by a text, or a decoration), its cubes, the texts in its
pool, kept, active (with the squares planned and shaded), begun, finished (with their
points) and voided. Only the draw pile's order is hidden, from every seat alike.

Between two calls for a seat only the parts that changed are rewritten.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from inkhorn.core.features import Layout, Numbers, SeatFeatures, remark, zeros
from inkhorn.games.manuscript import rules
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
        seen = self.memory(seat, out)
        get = seen.get
        top = state.stack[-1] if state.stack else None
        public = getattr(top, "public", None)
        detail = public(state) if public is not None else None
        clock = (state.phase, state.first, state.end_trigger, type(top), top.seat if top is not None else -1, detail)
        if get("clock") != clock:  # the header, unchanged through most of a turn
            self._header(state, seat, detail, out)
            seen["clock"] = clock
        numbers = [state.round, len(state.deck)]
        if get("numbers") != numbers:
            self.put(out, self.numbers, numbers)
            seen["numbers"] = numbers
        if get("shop") != state.shop:
            seen["shop_at"] = self._shop(state, get("shop_at", ()), out)
            seen["shop"] = state.shop[:]
        self.mark_changed(seen, "discard", out, self.discard, self.texts, state.discard)
        scored = False  # whether anything the scores count changed
        table = (state.exemplars, state.followers, state.deco_owner)
        if get("table") != table:
            self._exemplars(state, seat, out)
            seen["table"] = (state.exemplars, state.followers[:], state.deco_owner[:])
            scored = True
        kept = get("scribes")
        if kept is None:  # per scribe: pages, cubes, plan, pool, kept, voided, active, texts begun, finished,
            # and the texts begun and doubled as written
            kept = seen["scribes"] = [[None, None, (), (), (), (), (), None, (), (), ()] for _ in range(self.players)]
        for r in range(self.players):
            scored |= self._scribe(state, (seat + r) % self.players, r, kept[r], out)
        if scored:
            n = self.players
            scores = state.scores()
            self.put(out, self.scores, [scores[(seat + r) % n] for r in range(n)])

    # ---- the parts --------------------------------------------------------------------------
    def _header(self, state: ManuscriptState, seat: int, detail: dict | None, out: Numbers) -> None:
        start, end = self.header
        self.clear(out, start, end)
        n = self.players
        ones = [self.phase + PHASES.index(state.phase), self.first + (state.first - seat) % n]
        if state.end_trigger >= 0:
            ones.append(self.trigger + (state.end_trigger - seat) % n)
        if state.stack:
            top = state.stack[-1]
            ones.append(self.decision + self.steps[type(top)])
            ones.append(self.to_act + (top.seat - seat) % n)
            if detail is not None:
                if "decoration" in detail:
                    ones.append(self.detail_deco + self.decoration_at[detail["decoration"]])
                else:
                    self.put(out, self.detail, (detail["page"], detail["width"], float(detail["double"])))
        self.ones(out, ones)

    def _shop(self, state: ManuscriptState, before: list[int], out: Numbers) -> list[int]:
        """The shop's flags (``before``: where they were); gives where they are now."""
        many = self.texts
        where = [self.shop + k * many + t for k, t in enumerate(state.shop) if t >= 0]
        remark(out, 0, before, where)
        return where

    def _exemplars(self, state: ManuscriptState, seat: int, out: Numbers) -> None:
        n = self.players
        count = self.exemplar_count
        self.clear(out, self.exemplars, self.exemplars + count)
        self.clear(out, self.followers, self.followers + count * n)
        self.clear(out, self.decorated, self.decorated + count * (n + 1))
        ones = []
        for j, e in enumerate(state.exemplars):
            ones.append(self.exemplars + e)
            for s in state.followers[j]:
                out[self.followers + e * n + (s - seat) % n] += 1.0
            holder = state.deco_owner[j]
            if holder == -2:
                ones.append(self.decorated + e * (n + 1))
            elif holder >= 0:
                ones.append(self.decorated + e * (n + 1) + 1 + (holder - seat) % n)
        self.ones(out, ones)

    def _scribe(self, state: ManuscriptState, s: int, r: int, mine: list[Any], out: Numbers) -> bool:
        """Rewrite what changed of scribe ``s`` (``r`` places after the viewer); ``mine``
        holds its parts as last written (tuples by identity: a new one is a change). True
        when a part the scores count changed (the pages, the finished texts)."""
        squares = self.squares
        scored = False
        grid = state.grid[s]
        if mine[0] is not grid:
            cells = np.frombuffer(bytes(grid), dtype=np.uint8)  # one byte a square (state.py)
            shaded = ((cells > 0) & (cells < DECO)).astype(np.float32)  # whole pages at once
            out[self.shaded + r * squares : self.shaded + (r + 1) * squares] = shaded.data
            decorated = (cells >= DECO).astype(np.float32)
            out[self.decorated_square + r * squares : self.decorated_square + (r + 1) * squares] = decorated.data
            mine[0] = grid
            scored = True
        counts = (state.hand[s], state.own[s], state.own_spent[s], state.locked[s], state.reserved[s],
                  state.progress[s])
        if mine[1] != counts:
            width = len(CUBE_COUNTS)
            self.put(out, self.counts + r * width, counts)
            mine[1] = counts
        plan = state.plan[s]
        if mine[2] is not plan:
            remark(out, self.plan + r * squares, mine[2], plan)
            mine[2] = plan
        base = r * self.texts
        piles = self.piles
        for k, part, cards in ((3, "pool", state.pool[s]), (4, "kept", state.kept[s]), (5, "voided", state.voided[s])):
            if mine[k] is not cards:
                remark(out, piles[part] + base, mine[k], cards)
                mine[k] = cards
        active = (state.active[s],) if state.active[s] >= 0 else ()
        if mine[6] != active:
            remark(out, piles["active"] + base, mine[6], active)
            mine[6] = active
        records = state.records[s]
        if mine[7] is not records:
            begun = [record[0] for record in records]
            double = [record[0] for record in records if record[5]]
            remark(out, piles["begun"] + base, mine[9], begun)
            remark(out, piles["double"] + base, mine[10], double)
            mine[7], mine[9], mine[10] = records, begun, double
        finished = state.finished[s]
        if mine[8] is not finished:
            start = piles["finished"] + base
            zeros(out, start, [card for card, _ in mine[8]])
            for card, points in finished:
                out[start + card] = points
            mine[8] = finished
            scored = True
        return scored
