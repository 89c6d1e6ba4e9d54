"""The Scriptoria table as flat lists, cheap to clone.

Components are indices into the shared :class:`~.content.Content`: sketches by sketch index,
lecterns by lectern index, inks as counts per colour (red, blue, green, black, gold). Per-seat
collections that change one item at a time are tuples replaced whole, so a clone copies only
the outer lists.

Nothing on the table is secret: stocks, lecterns, the Scriptorium and scrolls lie face up
(ruling R3). The two bags are unordered multisets kept in sorted order; every draw is made
from ``state.rng`` at the moment it happens, so no seat (and no determinized world) can know
the next draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from inkhorn.core.codec import transient_field
from inkhorn.core.state import GameState
from inkhorn.games.scriptoria.content import COLOURS, KINDS, SUPPLIES, Content, load_content
from inkhorn.games.scriptoria.scoring import HELL_DOOR, breakdown, score

if TYPE_CHECKING:
    from inkhorn.games.scriptoria.game import ScriptoriaOptions

# phases of a Day
INKS, LECTERNS, LAST, END_OF_DAY, OVER = range(5)
PHASE_NAMES = ("First Hour: inks", "Second Hour: lecterns", "Last Hour: illuminations", "end of the Day", "game over")
NO_SEAT = -1
EMPTY = -1
STOCK_LIMIT = 7
INK_LIMIT = 7
HELP_TOKENS = 3
QUILL_POINTS = 2


@dataclass(kw_only=True, eq=False)
class ScriptoriaState(GameState):
    if TYPE_CHECKING:  # the base holds any game's options; this state holds its own game's
        options: ScriptoriaOptions
    day: int
    phase: int
    archivist: int
    next_archivist: int  # set by the quill Supply, else -1
    turn: int  # whose turn it is in the First and Last Hours
    giver: int  # who gives the next lectern in the Second Hour
    grimoire: int  # seat that withdrew with the Grimoire today, else -1
    cup: list[int]  # inks per colour
    ink_bag: list[int]  # inks per colour
    inks: list[int]  # flat: seat * 5 + colour
    sketch_bag: list[int]  # sorted sketch indices
    scriptorium: list[int]  # sorted sketch indices, face up
    discards: list[int]  # sorted; only used when discards do not return to the Scriptorium
    lecterns: list[int]  # lectern indices on the table today (sorted)
    lectern_sketches: list[tuple[int, ...]]
    lectern_owner: list[int]
    prev_unused: tuple[int, ...]  # lecterns not drawn the previous Day (Master variant)
    stocks: list[tuple[int, ...]]  # sketches in each stock
    scrolls: list[tuple[int, ...]]  # per seat, per slot: sketch index or -1
    points: list[int]  # points scored so far (start, sketches, quill)
    achievements: list[tuple[int, ...]]  # per seat: codes part * 16 + position in pile
    pile_taken: list[int]  # per part: how many tiles taken from its pile
    help_left: list[int]
    help_received: list[int]
    content: Content = transient_field(default=None)

    # ---- flow ---------------------------------------------------------------------------
    def restore_transient(self) -> None:
        self.content = load_content(self.options.content)

    # ---- small queries ---------------------------------------------------------------------
    def ink_row(self, seat: int) -> list[int]:
        return self.inks[seat * 5 : seat * 5 + 5]

    def ink_total(self, seat: int) -> int:
        return sum(self.inks[seat * 5 : seat * 5 + 5])

    def lectern_of(self, seat: int) -> int:
        """Position (in ``lecterns``) of the lectern ``seat`` holds today, or -1."""
        try:
            return self.lectern_owner.index(seat)
        except ValueError:
            return -1

    def held(self, seat: int) -> tuple[int, ...]:
        """The sketches ``seat`` may place: its stock, then its lectern's."""
        pos = self.lectern_of(seat)
        return self.stocks[seat] + self.lectern_sketches[pos] if pos >= 0 else self.stocks[seat]

    def supply_of(self, seat: int) -> int:
        """Supply index (see SUPPLIES) of ``seat``'s lectern, or -1."""
        pos = self.lectern_of(seat)
        return -1 if pos < 0 else self.content.lectern_supply[self.lecterns[pos]]

    def stock_used(self, seat: int) -> int:
        """Stock spaces taken: sketches plus achievement tiles."""
        return len(self.stocks[seat]) + len(self.achievements[seat])

    def scroll_full(self, seat: int) -> bool:
        return EMPTY not in self.scrolls[seat]

    # ---- copies ---------------------------------------------------------------------------
    def clone(self) -> ScriptoriaState:
        new = self._clone_base()  # shares every field; the lists changed in place are copied
        new.cup = self.cup[:]
        new.ink_bag = self.ink_bag[:]
        new.inks = self.inks[:]
        new.sketch_bag = self.sketch_bag[:]
        new.scriptorium = self.scriptorium[:]
        new.discards = self.discards[:]
        new.lecterns = self.lecterns[:]
        new.lectern_sketches = self.lectern_sketches[:]
        new.lectern_owner = self.lectern_owner[:]
        new.stocks = self.stocks[:]
        new.scrolls = self.scrolls[:]
        new.points = self.points[:]
        new.achievements = self.achievements[:]
        new.pile_taken = self.pile_taken[:]
        new.help_left = self.help_left[:]
        new.help_received = self.help_received[:]
        return new

    # ---- integrity of a loaded state ----------------------------------------------------------
    def check_integrity(self) -> None:
        """Every ink and sketch somewhere exactly once, per-seat parts for every seat, seats
        and phases in range (a saved state is refused before any rule runs on it)."""
        c = self.content
        n = self.num_players
        self.require_per_seat("stocks", "scrolls", "points", "achievements", "help_left", "help_received")
        self.require_per_seat("inks", width=5)
        for name in ("cup", "ink_bag"):
            self.require(len(getattr(self, name)) == 5, name, "one count per ink colour (5)")
        self.require(0 <= self.phase <= OVER, "phase", f"{self.phase} is no phase")
        self.require(self.day >= 0, "day", "negative")
        for name in ("archivist", "turn", "giver"):
            self.require_seat(name, getattr(self, name))
        for name in ("next_archivist", "grimoire"):
            self.require_seat(name, getattr(self, name), none=NO_SEAT)
        for col in range(5):
            counts = [self.cup[col], self.ink_bag[col], *(self.inks[s * 5 + col] for s in range(n))]
            self.require(min(counts) >= 0, "inks", "a negative ink count")
            self.require(sum(counts) == c.ink_counts[col], "inks", f"{COLOURS[col]} inks are not conserved")
        k = len(self.lecterns)
        self.require(len(self.lectern_sketches) == k == len(self.lectern_owner), "lecterns", "parts of unequal length")
        self.require(all(0 <= x < len(c.lectern_ids) for x in (*self.lecterns, *self.prev_unused)), "lecterns", "an unknown lectern")
        for owner in self.lectern_owner:
            self.require_seat("lectern_owner", owner, none=NO_SEAT)
        slots = len(c.slot_ids)
        self.require(all(len(row) == slots for row in self.scrolls), "scrolls", f"a scroll has other than {slots} slots")
        places = [*self.sketch_bag, *self.scriptorium, *self.discards]
        places += [i for lec in self.lectern_sketches for i in lec]
        places += [i for stock in self.stocks for i in stock]
        places += [i for row in self.scrolls for i in row if i != EMPTY]
        self.require_each_once("sketches", places, len(c.sketches))
        self.require(self.sketch_bag == sorted(self.sketch_bag), "sketch_bag", "not in canonical (sorted) order")
        self.require(len(self.pile_taken) == c.num_parts, "pile_taken", f"one count per part ({c.num_parts})")
        for p, taken in enumerate(self.pile_taken):
            self.require(0 <= taken <= len(c.achievements[p]), "pile_taken", f"{taken} tiles taken from pile {p}")
        tiles = [a for achs in self.achievements for a in achs]
        self.require(len(tiles) == len(set(tiles)) == sum(self.pile_taken), "achievements", "tiles not conserved")
        for a in tiles:
            self.require(
                0 <= a >> 4 < c.num_parts and 0 <= a & 15 < self.pile_taken[a >> 4], "achievements", f"no tile {a}"
            )
        help_tokens = [*self.help_left, *self.help_received]
        self.require(min(help_tokens) >= 0 and sum(help_tokens) <= HELP_TOKENS * n, "help_left", "help tokens out of range")

    # ---- information ------------------------------------------------------------------------
    def resample_hidden(self, seat: int | None) -> None:
        """Nothing to re-deal: every component outside the bags is face up, and the bags are
        unordered (kept sorted); their future draws come from the re-seeded ``self.rng``."""

    def hidden_names(self, seat: int | None) -> set[str]:
        """Sketches still in the bag (face down, the same for every seat)."""
        sketches = self.content.sketches
        in_bag = set(self.sketch_bag)
        hidden = {n for i in in_bag for n in (sketches[i].id, sketches[i].name)}
        seen = {n for i, s in enumerate(sketches) if i not in in_bag for n in (s.id, s.name)}
        return hidden - seen

    def observe(self, seat: int | None) -> dict[str, Any]:
        c = self.content
        sid = [s.id for s in c.sketches]
        bag_kinds = [0] * len(KINDS)
        for i in self.sketch_bag:
            bag_kinds[c.sketches[i].kind] += 1
        top = self.stack[-1] if self.stack else None
        return {
            "you": seat,
            "day": self.day,
            "phase": PHASE_NAMES[self.phase],
            "archivist": self.archivist,
            "next_archivist": self.next_archivist,
            "grimoire": self.grimoire,
            "to_act": self.current_seat(),
            "decision": type(top).__name__ if top else None,
            "decision_detail": top.public(self) if top is not None and hasattr(top, "public") else None,
            "cup": dict(zip(COLOURS, self.cup)),
            # The bags' contents follow from everything else on the table; their order does not exist.
            "ink_bag_size": sum(self.ink_bag),
            "sketch_bag_size": len(self.sketch_bag),
            "sketch_bag_by_kind": dict(zip(KINDS, bag_kinds)),
            "scriptorium": [sid[i] for i in self.scriptorium],
            "discards": [sid[i] for i in self.discards],
            "lecterns": [
                {
                    "lectern": c.lectern_ids[lec],
                    "supply": SUPPLIES[c.lectern_supply[lec]],
                    "sketches": [sid[i] for i in self.lectern_sketches[k]],
                    "owner": self.lectern_owner[k],
                }
                for k, lec in enumerate(self.lecterns)
            ],
            "copyists": [
                {
                    "inks": dict(zip(COLOURS, self.ink_row(s))),
                    "stock": [sid[i] for i in self.stocks[s]],
                    "scroll": {c.slot_ids[k]: (sid[v] if v >= 0 else None) for k, v in enumerate(self.scrolls[s])},
                    "points": self.points[s],
                    "achievements": [c.achievements[a >> 4][a & 15][0] for a in self.achievements[s]],
                    "help_left": self.help_left[s],
                    "help_received": self.help_received[s],
                    "score": breakdown(self, s),
                }
                for s in range(self.num_players)
            ],
            # Hell of the Library: copyists whose score reached the black door (66)
            "hell_door": [s for s in range(self.num_players) if score(self, s) >= HELL_DOOR],
            "achievement_piles": {
                c.part_ids[p]: [a[0] for a in c.achievements[p][self.pile_taken[p] :]] for p in range(c.num_parts)
            },
        }
