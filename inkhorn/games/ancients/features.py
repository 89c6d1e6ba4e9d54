"""Ancients as numbers for a learner (``inkhorn.core.features``).

What ``observation(seat)`` shows, laid out by place: the round's clock and who acts, the
kind of decision pending, the sizes of what is hidden (hands, set-up discards, the deck, the
technology decks), the seat's own hand and set-up discards, the card being placed, the
discard pile, the tiles and the technologies discarded, and for every builder (in turn
order from the viewer's) the cards in each column of its Timeline and the Knowledge on them,
its Past (and which of it is turned), its Artifacts and Technologies, what it lost and
banked. Other builders' hands and discards, the deck and the technology decks are counted,
never named.

Between two calls for a seat only the parts that changed are rewritten.
"""

from __future__ import annotations

from typing import Any

from inkhorn.core.features import Layout, Numbers, SeatFeatures, remark
from inkhorn.games.ancients.content import Content
from inkhorn.games.ancients.effects import EFFECT_STEPS
from inkhorn.games.ancients.rules import RULE_STEPS, ChooseLevel, PayCards
from inkhorn.games.ancients.state import COLUMNS, EMPTY, AncientsState

PHASES = ("setup", "setup_done", "action", "timeline", "decline", "after", "next", "over")
POSITIONS = 12  # a Timeline's six columns, two places each
# numbers come scaled to about 0-1, as a network learns best: the round, actions left, end
# triggered, deck, reserve, technology decks; counts of cards and Knowledge by ten
NUMBER_SCALES = (0.1, 0.5, 1.0, 0.01, 0.01, 0.05, 0.05)
COUNT_SCALE = 0.1


class AncientsFeatures(SeatFeatures[AncientsState]):
    def __init__(self, players: int, content: Content):
        n = self.players = players
        self.content = content
        ids = [card.id for card in content.all]
        self.cards = len(ids)
        lay = Layout()
        block = lay.block
        rel = [f"seat+{r}" for r in range(n)]
        steps = sorted({*RULE_STEPS, *EFFECT_STEPS}, key=lambda step: step.__name__)
        self.steps = {step: i for i, step in enumerate(steps)}
        self.phase = block("phase", PHASES)
        self.decision = block("decision", [step.__name__ for step in steps])
        self.turn = block("turn", rel)
        self.first = block("first", rel)
        self.to_act = block("to_act", rel)
        self.detail = block("detail", ["column", "to_pay"])
        self.header = (self.phase, len(lay.names))
        self.numbers = block("number", ["round", "actions_left", "end_triggered", "deck", "reserve",
                                        "tech_deck_1", "tech_deck_2"])
        self.counts = block("count", [f"{r}.{what}" for r in rel
                                      for what in ("hand", "set_aside", "lost", "banked")])
        self.hand = block("hand", ids)
        self.set_aside = block("set_aside", ids)
        self.placing = block("placing", ids)
        self.discard = block("discard", ids)
        self.tiles = block("tile", [f"{k}.{card}" for k in range(3) for card in ids])
        self.tile_level = block("tile_level", [str(k) for k in range(3)])
        self.tech_discard = block("tech_discard", [f"{level}.{card}" for level in (1, 2) for card in ids])
        # per builder: each card's Timeline place (1-12; 0: not there), Knowledge per place,
        # Past, turned, Artifacts, Technologies
        self.place = block("timeline", [f"{r}.{col}.{card}" for r in rel for col in COLUMNS for card in ids])
        self.knowledge = block("knowledge", [f"{r}.{p}" for r in rel for p in range(POSITIONS)])
        self.past = block("past", [f"{r}.{card}" for r in rel for card in ids])
        self.turned = block("turned", [f"{r}.{card}" for r in rel for card in ids])
        self.artifacts = block("artifacts", [f"{r}.{card}" for r in rel for card in ids])
        self.techs = block("techs", [f"{r}.{card}" for r in rel for card in ids])
        super().__init__(lay)

    def write(self, state: AncientsState, seat: int, out: Numbers) -> None:
        seen = self.memory(seat, out)
        n = self.players
        get = seen.get
        clock = (state.phase, state.turn, state.first, state.stack[-1] if state.stack else None)
        if get("clock") != clock:  # the header (a step is frozen: equal steps show the same)
            self._header(state, seat, out)
            seen["clock"] = clock
        numbers = [state.round, state.actions_left, float(state.end_triggered), len(state.deck), state.reserve,
                   *(len(deck) for deck in state.tech_deck)]
        if get("numbers") != numbers:
            self.put(out, self.numbers, [x * k for x, k in zip(numbers, NUMBER_SCALES)])
            seen["numbers"] = numbers
        counts = []
        for r in range(n):
            s = (seat + r) % n
            counts += [len(state.hands[s]), len(state.kept_aside[s]), state.lost[s], state.banked[s]]
        if get("counts") != counts:
            self.put(out, self.counts, [x * COUNT_SCALE for x in counts])
            seen["counts"] = counts
        for key, start, cards in (("hand", self.hand, state.hands[seat]), ("set_aside", self.set_aside,
                                  state.kept_aside[seat]),
                                  ("placing", self.placing, (state.placing,) if state.placing != EMPTY else ())):
            self.mark_changed(seen, key, out, start, self.cards, cards)
        self.mark_changed(seen, "discard", out, self.discard, self.cards, state.discard)
        old_tiles, tiles = get("tiles"), state.tiles
        if old_tiles is not tiles or get("tile_level") is not state.tile_level:
            for k in range(3):
                self._cards(self.tiles + k * self.cards, _part(old_tiles, k), _part(tiles, k), out)
            levels = list(state.tile_level) + [0] * (3 - len(state.tile_level))
            self.put(out, self.tile_level, levels[:3])
            seen["tiles"], seen["tile_level"] = tiles, state.tile_level
        old_discard = get("tech_discard")
        if old_discard is not state.tech_discard:
            for level in range(2):
                self._cards(self.tech_discard + level * self.cards, _part(old_discard, level),
                            state.tech_discard[level], out)
            seen["tech_discard"] = state.tech_discard
        if get("timeline") != state.timeline or get("tokens") != state.tokens:
            self._timelines(state, seat, out, seen)
            seen["timeline"], seen["tokens"] = state.timeline[:], state.tokens[:]
        if get("rotated") is not state.rotated:
            seen["rotated"] = state.rotated
            seen["past"] = None  # the turned cards are written with the Past
        kept = get("boards")
        if kept is None:  # per builder: its Past, Artifacts, Technologies and turned cards as written
            kept = seen["boards"] = [[(), (), (), ()] for _ in range(n)]
        for r in range(n):
            s = (seat + r) % n
            mine = kept[r]
            past = state.past[s]
            if mine[0] is not past or seen["past"] is None:
                self._cards(self.past + r * self.cards, mine[0], past, out)
                turned = [x for x in past if state.rotated[x]]
                self._cards(self.turned + r * self.cards, mine[3], turned, out)
                mine[0], mine[3] = past, turned
            if mine[1] is not state.artifacts[s]:
                self._cards(self.artifacts + r * self.cards, mine[1], state.artifacts[s], out)
                mine[1] = state.artifacts[s]
            if mine[2] is not state.techs[s]:
                self._cards(self.techs + r * self.cards, mine[2], state.techs[s], out)
                mine[2] = state.techs[s]
        seen["past"] = True

    # ---- the parts --------------------------------------------------------------------------
    def _header(self, state: AncientsState, seat: int, out: Numbers) -> None:
        start, end = self.header
        self.clear(out, start, end)
        n = self.players
        ones = [self.phase + PHASES.index(state.phase), self.turn + (state.turn - seat) % n,
                self.first + (state.first - seat) % n]
        if state.stack:
            top = state.stack[-1]
            ones.append(self.decision + self.steps[type(top)])
            ones.append(self.to_act + (top.seat - seat) % n)
            if isinstance(top, ChooseLevel):
                out[self.detail] = top.col / len(COLUMNS)
            elif isinstance(top, PayCards):
                out[self.detail + 1] = top.n * COUNT_SCALE
        self.ones(out, ones)

    @staticmethod
    def _cards(start: int, old: Any, cards: Any, out: Numbers) -> None:
        """A block of card flags that held ``old`` (the pile as last written) now ``cards``."""
        remark(out, start, old, cards)

    def _timelines(self, state: AncientsState, seat: int, out: Numbers, seen: dict[str, Any]) -> None:
        n = self.players
        many = self.cards
        columns = len(COLUMNS)
        knowledge = [0.0] * (n * POSITIONS)
        where: list[int] = []
        for r in range(n):
            base = ((seat + r) % n) * POSITIONS
            for p in range(POSITIONS):
                x = state.timeline[base + p]
                if x != EMPTY:
                    where.append(self.place + (r * columns + p // 2) * many + x)  # two places a column
                    knowledge[r * POSITIONS + p] = state.tokens[x] * COUNT_SCALE
        remark(out, 0, seen.get("where", ()), where)  # the cards' places as last written, and now
        seen["where"] = where
        self.put(out, self.knowledge, knowledge)


def _part(parts: Any, k: int) -> Any:
    """``parts[k]``, or none when there are not so many (or no ``parts``)."""
    return parts[k] if parts is not None and k < len(parts) else ()
