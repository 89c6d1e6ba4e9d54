"""Scriptoria as numbers for a learner (``inkhorn.core.features``).

Everything on a Scriptoria table is face up but the order of the two bags, so the numbers
are what ``observation(seat)`` shows, laid out by place: the Day's clock and who holds which
role, the pending decision and what it is about, the Cup and the bags' sizes, the lecterns
and their holders, where every sketch lies (Scriptorium, discards, a lectern, a stock, a
scroll), which scroll slots are filled, and each copyist's inks, points, achievements and
Help. Seats come in turn order from the viewer's.

Between two calls for a seat only the parts that changed are rewritten: a move of the First
Hour touches the Cup and one row of inks, not the 2,000 numbers of where the sketches lie.
"""

from __future__ import annotations

from inkhorn.core.features import Layout, Numbers, SeatFeatures, clear, mark_changed, ones, put, remark
from inkhorn.games.scriptoria import rules
from inkhorn.games.scriptoria.content import COLOURS, KINDS, Content
from inkhorn.games.scriptoria.scoring import HELL_DOOR, score
from inkhorn.games.scriptoria.state import PHASE_NAMES, ScriptoriaState

DETAILED = (rules.ChooseReceiver, rules.ChooseSide, rules.PayOrFree, rules.PayGold, rules.HelpTake)


class ScriptoriaFeatures(SeatFeatures[ScriptoriaState]):
    alike = True  # all on the table is face up; only the bags' order is hidden, from every seat

    def __init__(self, players: int, content: Content):
        n = self.players = players
        c = self.content = content
        sketch_ids = [s.id for s in c.sketches]
        lay = Layout()
        rel = [f"seat+{r}" for r in range(n)]
        self.day = lay.block("day", ["number"])
        self.phase = lay.block("phase", PHASE_NAMES)
        self.archivist = lay.block("archivist", rel)
        self.next_archivist = lay.block("next_archivist", rel)
        self.grimoire = lay.block("grimoire", rel)
        self.to_act = lay.block("to_act", rel)
        self.steps = {step: i for i, step in enumerate(rules.STEP_TYPES)}
        self.decision = lay.block("decision", [step.__name__ for step in rules.STEP_TYPES])
        self.detail_lectern = lay.block("detail.lectern", c.lectern_ids)
        self.detail_sketch = lay.block("detail.sketch", sketch_ids)
        self.detail_slot = lay.block("detail.slot", c.slot_ids)
        self.detail_colour = lay.block("detail.colour", COLOURS)
        self.detail_source = lay.block("detail.source", ["scriptorium", *rel])
        self.header = (self.day, len(lay.names))
        self.cup = lay.block("cup", COLOURS)
        self.bags = lay.block("bag", ["inks", "sketches", *KINDS])
        self.piles = lay.block("pile_taken", c.part_ids)
        self.on_table = lay.block("lectern.on_table", c.lectern_ids)
        self.owner = lay.block("lectern.owner", [f"{lec}.{r}" for lec in c.lectern_ids for r in rel])
        self.lectern_part = (self.on_table, len(lay.names))
        self.scriptorium = lay.block("sketch.scriptorium", sketch_ids)
        self.discards = lay.block("sketch.discards", sketch_ids)
        self.on_lectern = lay.block("sketch.lectern", [f"{lec}.{s}" for lec in c.lectern_ids for s in sketch_ids])
        self.stock = lay.block("sketch.stock", [f"{r}.{s}" for r in rel for s in sketch_ids])
        self.scroll = lay.block("sketch.scroll", [f"{r}.{s}" for r in rel for s in sketch_ids])
        self.filled = lay.block("slot.filled", [f"{r}.{slot}" for r in rel for slot in c.slot_ids])
        self.inks = lay.block("inks", [f"{r}.{col}" for r in rel for col in COLOURS])
        tiles = [f"{part}.{k}" for part, pile in zip(c.part_ids, c.achievements) for k in range(len(pile))]
        self.copyist = lay.block(
            "copyist", [f"{r}.{what}" for r in rel for what in ("points", "score", "hell_door", "help_left",
                                                                "help_received", *tiles)]
        )
        self.copyist_width = 5 + len(tiles)
        self.tile_of = {part * 16 + k: i for i, (part, k) in enumerate(
            (part, k) for part, pile in enumerate(c.achievements) for k in range(len(pile)))}
        self.copyists = (self.copyist, len(lay.names))
        self.kind_of = [s.kind for s in c.sketches]
        self.lectern_at = {lec: k for k, lec in enumerate(c.lectern_ids)}
        # the decisions whose public detail says more than their kind (the others' is empty)
        self.detailed = frozenset(DETAILED)
        super().__init__(lay)

    def write(self, state: ScriptoriaState, seat: int, out: Numbers) -> None:
        write_seat(self, state, seat, out, self.memory(seat, out))

    # ---- the parts --------------------------------------------------------------------------
    def _rel(self, seat: int, who: int) -> int:
        return (who - seat) % self.players

    def _header(self, state: ScriptoriaState, seat: int, detail: dict | None, out: Numbers) -> None:
        start, end = self.header
        clear(out, start, end)
        out[self.day] = state.day
        flags = [self.phase + state.phase]
        n = self.players
        if state.archivist >= 0:
            flags.append(self.archivist + (state.archivist - seat) % n)
        if state.next_archivist >= 0:
            flags.append(self.next_archivist + (state.next_archivist - seat) % n)
        if state.grimoire >= 0:
            flags.append(self.grimoire + (state.grimoire - seat) % n)
        if state.stack:
            top = state.stack[-1]
            flags.append(self.to_act + (top.seat - seat) % n)
            flags.append(self.decision + self.steps[type(top)])
            if detail is not None:
                self._detail(detail, seat, flags)
        ones(out, 0, flags)

    def _detail(self, detail: dict, seat: int, flags: list[int]) -> None:
        c = self.content
        for key, value in detail.items():
            if key == "lectern":
                flags.append(self.detail_lectern + self.lectern_at[value])
            elif key == "sketch":
                flags.append(self.detail_sketch + c.sketch_index[value])
            elif key == "slot":
                flags.append(self.detail_slot + c.slot_ids.index(value))
            elif key == "colour":
                flags.append(self.detail_colour + COLOURS.index(value))
            elif key == "source":
                flags.append(self.detail_source + (0 if value == "scriptorium" else 1 + self._rel(seat, value)))

    def _sketch_bag(self, bag: list[int], out: Numbers) -> None:
        kinds = [0] * len(KINDS)
        kind_of = self.kind_of
        for i in bag:
            kinds[kind_of[i]] += 1
        put(out, self.bags + 1, [len(bag), *kinds])

    def _lecterns(self, state: ScriptoriaState, seat: int, out: Numbers) -> None:
        start, end = self.lectern_part
        clear(out, start, end)
        n = self.players
        flags = []
        for k, lec in enumerate(state.lecterns):
            flags.append(self.on_table + lec)
            owner = state.lectern_owner[k]
            if owner >= 0:
                flags.append(self.owner + lec * n + (owner - seat) % n)
        ones(out, 0, flags)

    def _lectern_sketches(self, state: ScriptoriaState, out: Numbers) -> None:
        many = len(self.content.sketches)
        clear(out, self.on_lectern, self.on_lectern + len(self.content.lectern_ids) * many)
        flags = []
        for k, lec in enumerate(state.lecterns):
            base = self.on_lectern + lec * many
            flags += [base + i for i in state.lectern_sketches[k]]
        ones(out, 0, flags)

    def _copyists(self, state: ScriptoriaState, seat: int, out: Numbers) -> None:
        n = self.players
        width = self.copyist_width
        row = [0.0] * (n * width)
        tile_of = self.tile_of
        for r in range(n):
            s = (seat + r) % n
            base = r * width
            points = score(state, s)
            row[base : base + 5] = [state.points[s], points, float(points >= HELL_DOOR), state.help_left[s],
                                    state.help_received[s]]
            for code in state.achievements[s]:
                row[base + 5 + tile_of[code]] = 1.0
        put(out, self.copyist, row)


def write_seat(f: ScriptoriaFeatures, state: ScriptoriaState, seat: int, out: Numbers, seen: dict) -> None:
    """:meth:`ScriptoriaFeatures.write`, a module function that ``features.pxd`` gives C types
    in the compiled build."""
    floats = out.floats
    top = state.stack[-1] if state.stack else None
    detail = top.public(state) if type(top) in f.detailed else None  # type: ignore[union-attr]
    clock = (state.day, state.phase, state.archivist, state.next_archivist, state.grimoire, type(top),
             top.seat if top is not None else -1, detail)
    if seen.get("clock") != clock:  # the header, unchanged through most of a turn
        f._header(state, seat, detail, out)
        seen["clock"] = clock
    cup = state.cup
    if seen.get("cup") != cup:
        put(out, f.cup, cup)
        seen["cup"] = cup[:]
    inks_left = sum(state.ink_bag)
    if seen.get("ink_bag") != inks_left:
        floats[f.bags] = inks_left
        seen["ink_bag"] = inks_left
    bag = state.sketch_bag
    if seen.get("bag") != bag:
        f._sketch_bag(bag, out)
        seen["bag"] = bag[:]
    if seen.get("piles") != state.pile_taken:
        put(out, f.piles, state.pile_taken)
        seen["piles"] = state.pile_taken[:]
    many = len(f.content.sketches)
    for name, start, held in (("scriptorium", f.scriptorium, state.scriptorium),
                              ("discards", f.discards, state.discards)):
        mark_changed(seen, name, out, start, many, held)
    lecterns = (state.lecterns, state.lectern_owner)
    if seen.get("lecterns") != lecterns:
        f._lecterns(state, seat, out)
        seen["lecterns"] = tuple([part[:] for part in lecterns])
        seen["lectern_sketches"] = None
    if seen.get("lectern_sketches") != state.lectern_sketches:
        f._lectern_sketches(state, out)
        seen["lectern_sketches"] = state.lectern_sketches[:]
    n = f.players
    stocks, scrolls = state.stocks, state.scrolls
    kept = seen.get("copyists")
    if kept is None:
        kept = seen["copyists"] = [[(), None, ()] for _ in range(n)]  # stock, scroll, its sketches
    for r in range(n):
        s = (seat + r) % n
        mine = kept[r]
        if mine[0] is not stocks[s]:
            remark(out, f.stock + r * many, mine[0], stocks[s])
            mine[0] = stocks[s]
        if mine[1] is not scrolls[s]:  # the sketches on the scroll, and which slots are filled
            scroll = scrolls[s]
            sketches = [i for i in scroll if i >= 0]
            remark(out, f.scroll + r * many, mine[2], sketches)
            mine[2] = sketches
            at = f.filled + r * len(scroll)
            for k in range(len(scroll)):
                floats[at + k] = 1.0 if scroll[k] >= 0 else 0.0
            mine[1] = scroll
    inks = state.inks
    if seen.get("inks") != inks:
        put(out, f.inks, inks[5 * seat :] + inks[: 5 * seat])
        seen["inks"] = inks[:]
    marks = (state.points, state.achievements, state.help_left, state.help_received)
    if seen.get("marks") != marks:
        f._copyists(state, seat, out)
        seen["marks"] = tuple([m[:] for m in marks])
