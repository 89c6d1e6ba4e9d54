"""The table of a Manuscript game: the Shop, the exemplars and every scribe's two pages.

Everything is public except the order of the draw pile. Per-scribe parts are flat lists
indexed by seat (page masks: index ``2 * seat + page``) holding ints and tuples,
so a clone is a handful of list slices and the big grids (tuples) are shared until written.

Grid cells (``grid[seat]``, one byte per square, page 0 then page 1, row by row):
0 blank, ``1 + card`` a shaded square of that text, ``DECO + tile`` a decoration square.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from inkhorn.core.codec import transient_field
from inkhorn.core.rng import permute
from inkhorn.core.state import GameState
from inkhorn.games.manuscript.content import Content, load_content
from inkhorn.games.manuscript.grid import Geometry, geometry

if TYPE_CHECKING:
    from inkhorn.games.manuscript.game import ManuscriptOptions

DECO = 128
CUBES = 8
SHOP_ROW = 5
TEXTS_TO_END = 8  # finished texts (with text in every quadrant) that trigger the end
MAX_SCRAPE = 5
MAX_PAID_KEEP = 3

PLAY, RETAIN, OVER = "play", "retain", "over"


@dataclass(kw_only=True, eq=False)
class ManuscriptState(GameState):
    if TYPE_CHECKING:  # the base holds any game's options; this state holds its own game's
        options: ManuscriptOptions
    # content and derived constants (not saved; restored from the options)
    content: Content = transient_field(default=None)
    geo: Geometry = transient_field(default=None)
    costs: tuple[int, ...] = transient_field(default=())

    # the Shop: two rows of five, position 0 of a row lies next to the discard pile
    shop: list[int]
    deck: list[int]
    discard: list[int]

    # exemplars in play (content indices), who follows each, who holds its decoration
    exemplars: tuple[int, ...]
    followers: list[tuple[int, ...]]
    deco_owner: list[int]  # -1 still beside the Shop, -2 gone unused, else the seat
    deco_place: list[tuple[int, ...]]  # (seat, page, row, col) once placed

    # scribes
    grid: list[tuple[int, ...]]
    tmask: list[int]  # text squares per page (index 2*seat+page)
    dmask: list[int]  # decoration squares per page
    hand: list[int]  # cubes held now (own and received)
    own: list[int]  # of which of the scribe's own colour
    own_spent: list[int]  # own cubes already spent this round
    locked: list[int]  # own cubes resting on exemplars
    reserved: list[int]  # cubes promised to next round for retained texts
    pool: list[tuple[int, ...]]
    kept: list[tuple[int, ...]]  # texts kept during the round end
    active: list[int]  # card in the Active Text Area, -1 none
    plan: list[tuple[int, ...]]  # grid cells of the active text in fill order, () until begun
    progress: list[int]  # squares of the plan already shaded
    records: list[tuple[tuple[int, int, int, int, int, bool], ...]]  # (card, page, row, col, width, double) per text begun
    finished: list[tuple[tuple[int, int], ...]]  # (card, points) of complete, unscraped texts
    voided: list[tuple[int, ...]]  # complete texts later damaged by scraping

    round: int
    first: int
    actor: int
    phase: str
    end_trigger: int  # seat whose manuscript triggered the end, -1 not yet

    # ---- flow ---------------------------------------------------------------------------
    # ---- derived ------------------------------------------------------------------------
    def restore_transient(self) -> None:
        self.content = load_content(self.options.content)
        self.geo = geometry(self.options.page_rows)
        self.costs = self.options.costs()

    def text_forbidden(self, seat: int, page: int) -> int:
        """Squares a new text may not use on that page (other texts and their margin, tiles)."""
        k = 2 * seat + page
        return self.geo.dilate(self.tmask[k], self.options.diagonal_gap) | self.dmask[k]

    def page_of(self, cell: int) -> int:
        return cell // self.geo.page_cells

    def shaded_active_mask(self, seat: int, page: int) -> int:
        """Squares of the unfinished active text already shaded on that page."""
        return self._plan_masks(seat)[self.progress[seat]][page]

    def reserved_mask(self, seat: int, page: int) -> int:
        """Every square the begun active text will use on that page."""
        return self._plan_masks(seat)[-1][page]

    def _plan_masks(self, seat: int) -> tuple[tuple[int, int], ...]:
        """The squares of the active text's plan on each page once its first k squares are
        shaded, for k = 0 .. all. Every turn asks which rows may be scraped while a text is
        copied, and bots ask of the same plan at every leaf: kept per plan on the geometry."""
        plan = self.plan[seat]
        masks = self.geo.plan_masks.get(plan)
        if masks is None:
            pc = self.geo.page_cells
            both = [0, 0]
            prefix = [(0, 0)]
            for cell in plan:
                both[cell // pc] |= 1 << (cell % pc)
                prefix.append((both[0], both[1]))
            masks = tuple(prefix)
            if len(self.geo.plan_masks) >= 4096:
                self.geo.plan_masks.clear()
            self.geo.plan_masks[plan] = masks
        return masks

    def done_cards(self, seat: int) -> tuple[int, ...]:
        return tuple(card for card, _ in self.finished[seat])

    def quadrants_with_text(self, seat: int) -> int:
        quads = self.geo.quadrants
        n = 0
        for page in (0, 1):
            m = self.tmask[2 * seat + page]
            n += sum(1 for q in quads if m & q)
        return n

    def triggers_end(self, seat: int) -> bool:
        return len(self.finished[seat]) >= TEXTS_TO_END and self.quadrants_with_text(seat) == 8

    # ---- information --------------------------------------------------------------------
    def observe(self, seat: int | None) -> dict[str, Any]:
        ids = [t.id for t in self.content.texts]
        ex_ids = [e.id for e in self.content.exemplars]

        def name(card: int) -> str | None:
            return ids[card] if card >= 0 else None

        top = self.stack[-1] if self.stack else None
        scribes = []
        for s in range(self.num_players):
            scribes.append({
                "grid": list(self.grid[s]),
                "cubes": self.hand[s],
                "own_cubes": self.own[s],
                "own_spent": self.own_spent[s],
                "on_exemplars": self.locked[s],
                "reserved": self.reserved[s],
                "pool": [ids[c] for c in self.pool[s]],
                "kept": [ids[c] for c in self.kept[s]],
                "active": name(self.active[s]),
                "plan": list(self.plan[s]),
                "progress": self.progress[s],
                "texts": [[ids[r[0]], *r[1:5], bool(r[5])] for r in self.records[s]],
                "finished": [[ids[c], p] for c, p in self.finished[s]],
                "voided": [ids[c] for c in self.voided[s]],
            })
        return {
            "seat": seat,
            "round": self.round,
            "phase": self.phase,
            "first_player": self.first,
            "to_act": self.current_seat(),
            "end_triggered_by": self.end_trigger,
            "shop": [name(c) for c in self.shop],
            "draw_pile": len(self.deck),
            "discard": [ids[c] for c in self.discard],
            "exemplars": [
                {"id": ex_ids[e], "followers": list(self.followers[j]), "decoration_holder": self.deco_owner[j]}
                for j, e in enumerate(self.exemplars)
            ],
            "scribes": scribes,
            "scores": self.scores(),
            # the public details of the decision now (where a text or a decoration goes)
            "decision": type(top).__name__ if top is not None else None,
            "decision_detail": top.public(self) if top is not None and hasattr(top, "public") else None,
        }

    def resample_hidden(self, seat: int | None) -> None:
        # only the order of the draw pile is unknown, to every seat alike
        deck = sorted(self.deck)
        permute(deck, self.rng.dealer())
        self.deck = deck

    def check_integrity(self, acquiring: list[int]) -> None:
        """Every text card in exactly one place (``acquiring``: cards held by pending
        Acquire decisions), per-scribe parts for every scribe, seats and counts in range."""
        n = self.num_players
        texts = len(self.content.texts)
        self.require_per_seat(
            "grid", "hand", "own", "own_spent", "locked", "reserved", "pool", "kept", "active", "plan",
            "progress", "records", "finished", "voided",
        )
        self.require_per_seat("tmask", "dmask", width=2)
        self.require(self.phase in (PLAY, RETAIN, OVER), "phase", f"{self.phase!r} is no phase")
        for name in ("first", "actor"):
            self.require_seat(name, getattr(self, name))
        self.require_seat("end_trigger", self.end_trigger, none=-1)
        self.require(self.round >= 0, "round", "negative")
        self.require(len(self.shop) == 2 * SHOP_ROW, "shop", f"{2 * SHOP_ROW} spaces")
        k = len(self.exemplars)
        self.require(
            len(self.followers) == len(self.deco_owner) == len(self.deco_place) == k, "exemplars",
            "followers and decorations for each exemplar",
        )
        self.require(all(0 <= e < len(self.content.exemplars) for e in self.exemplars), "exemplars", "unknown exemplar")
        for owner in self.deco_owner:
            self.require(-2 <= owner < n, "deco_owner", f"{owner} is no seat")
        for f in self.followers:
            for s in f:
                self.require_seat("followers", s)
        cells = 2 * self.geo.page_cells
        for s in range(n):
            self.require(len(self.grid[s]) == cells, "grid", f"a scribe's pages have {cells} squares")
            self.require(all(0 <= v < 256 for v in self.grid[s]), "grid", "a square out of range")
            self.require(0 <= self.own[s] <= self.hand[s], "own", "own cubes out of range")
            self.require(self.locked[s] >= 0 and self.reserved[s] >= 0 and self.locked[s] + self.reserved[s] <= CUBES,
                         "locked", "cubes out of range")
            self.require(0 <= self.progress[s] <= len(self.plan[s]), "progress", "beyond the plan")
            self.require(all(0 <= x < cells for x in self.plan[s]), "plan", "a square off the pages")
            self.require(all(0 <= r[0] < texts for r in self.records[s]), "records", "unknown text")
            self.require(all(0 <= c < texts for c, _ in self.finished[s]), "finished", "unknown text")
            self.require(all(0 <= c < texts for c in self.voided[s]), "voided", "unknown text")
        places = [c for c in self.shop if c >= 0] + self.deck + self.discard + acquiring
        for s in range(n):
            places += [*self.pool[s], *self.kept[s], *([self.active[s]] if self.active[s] >= 0 else [])]
        self.require_each_once("texts", places, texts)

    def hidden_names(self, seat: int | None) -> set[str]:
        """Texts in the draw pile (face down, the same for every seat), bar those written on
        a page: a text scraped off and shuffled back stays named where it was written. A
        title printed on an exemplar in play is read by everyone (the exemplar lists its
        texts), so it names no secret; the text's id still does."""
        texts = self.content.texts
        in_deck = set(self.deck)
        written = {r[0] for rows in self.records for r in rows}
        hidden = {n for i in in_deck - written for n in (texts[i].id, texts[i].title)}
        seen = {n for i, t in enumerate(texts) if i not in in_deck or i in written for n in (t.id, t.title)}
        printed = {texts[c].title for e in self.exemplars for c in self.content.components[e]}
        return hidden - seen - printed

    def clone(self) -> ManuscriptState:
        new = self._clone_base()  # shares every field; the lists changed in place are copied
        new.shop = self.shop[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.followers = self.followers[:]
        new.deco_owner = self.deco_owner[:]
        new.deco_place = self.deco_place[:]
        new.grid = self.grid[:]
        new.tmask = self.tmask[:]
        new.dmask = self.dmask[:]
        new.hand = self.hand[:]
        new.own = self.own[:]
        new.own_spent = self.own_spent[:]
        new.locked = self.locked[:]
        new.reserved = self.reserved[:]
        new.pool = self.pool[:]
        new.kept = self.kept[:]
        new.active = self.active[:]
        new.plan = self.plan[:]
        new.progress = self.progress[:]
        new.records = self.records[:]
        new.finished = self.finished[:]
        new.voided = self.voided[:]
        return new

