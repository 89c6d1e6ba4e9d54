"""Ancients as numbers for a learner (``inkhorn.core.features``).

What ``observation(seat)`` shows, laid out by place: the round's clock and who acts, the
kind of decision pending, the sizes of what is hidden (hands, set-up discards, the deck, the
technology decks), the seat's own hand and set-up discards, the card being placed, the
discard pile, the tiles and the technologies discarded, and for every builder (in turn
order from the viewer's) the cards in each column of its Timeline and the Knowledge on them,
its Past (and which of it is turned), its Artifacts and Technologies, what it lost and
banked. Other builders' hands and discards, the deck and the technology decks are counted,
never named.

Between two calls for a seat only the parts that changed are rewritten; single numbers are
stored every time (in the compiled build a C store, cheaper than comparing them first).
"""

from __future__ import annotations

from typing import Any

from inkhorn.core.features import Layout, Numbers, SeatFeatures, clear, mark_changed, remark
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
COLUMN_COUNT = len(COLUMNS)


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
        write_seat(self, state, seat, out, self.memory(seat, out))


# The parts, as module functions: ``features.pxd`` gives them C types in the compiled build.
def write_seat(f: AncientsFeatures, state: AncientsState, seat: int, out: Numbers, seen: dict[str, Any]) -> None:
    """:meth:`AncientsFeatures.write`: the numbers are written every time (a C store each in
    the compiled build, as cheap as comparing them); piles and the header only when changed."""
    n = f.players
    many = f.cards
    floats = out.floats
    stack = state.stack
    clock = (state.phase, state.turn, state.first, stack[-1] if stack else None)
    if seen.get("clock") != clock:  # the header (a step is frozen: equal steps show the same)
        _header(f, state, seat, out)
        seen["clock"] = clock
    at = f.numbers
    tech_deck = state.tech_deck
    numbers = (state.round, state.actions_left, float(state.end_triggered), len(state.deck), state.reserve,
               len(tech_deck[0]), len(tech_deck[1]))
    for k in range(7):
        floats[at + k] = numbers[k] * NUMBER_SCALES[k]
    at = f.counts
    count_scale = COUNT_SCALE
    hands, kept_aside, lost, banked = state.hands, state.kept_aside, state.lost, state.banked
    for r in range(n):
        s = (seat + r) % n
        floats[at] = len(hands[s]) * count_scale
        floats[at + 1] = len(kept_aside[s]) * count_scale
        floats[at + 2] = lost[s] * count_scale
        floats[at + 3] = banked[s] * count_scale
        at += 4
    placing, empty = state.placing, EMPTY
    mark_changed(seen, "hand", out, f.hand, many, hands[seat])
    mark_changed(seen, "set_aside", out, f.set_aside, many, kept_aside[seat])
    mark_changed(seen, "placing", out, f.placing, many, (placing,) if placing != empty else ())
    mark_changed(seen, "discard", out, f.discard, many, state.discard)
    old_tiles, tiles, levels = seen.get("tiles"), state.tiles, state.tile_level
    if old_tiles is not tiles or seen.get("tile_level") is not levels:
        for k in range(3):
            remark(out, f.tiles + k * many, _part(old_tiles, k), _part(tiles, k))
            floats[f.tile_level + k] = levels[k] if k < len(levels) else 0
        seen["tiles"], seen["tile_level"] = tiles, levels
    old_discard, discard = seen.get("tech_discard"), state.tech_discard
    if old_discard is not discard:
        for k in range(2):
            remark(out, f.tech_discard + k * many, _part(old_discard, k), discard[k])
        seen["tech_discard"] = discard
    timeline, tokens = state.timeline, state.tokens
    if seen.get("timeline") != timeline or seen.get("tokens") != tokens:
        _timelines(f, timeline, tokens, seat, out, seen)
        seen["timeline"], seen["tokens"] = timeline[:], tokens[:]
    rotated = state.rotated
    turned_again = seen.get("rotated") is not rotated  # the turned cards are written with the Past
    seen["rotated"] = rotated
    kept = seen.get("boards")
    if kept is None:  # per builder: its Past, Artifacts, Technologies and turned cards as written
        kept = seen["boards"] = [[(), (), (), ()] for _ in range(n)]
    pasts, artifacts, techs = state.past, state.artifacts, state.techs
    for r in range(n):
        s = (seat + r) % n
        mine = kept[r]
        past = pasts[s]
        if mine[0] is not past or turned_again:
            remark(out, f.past + r * many, mine[0], past)
            turned = [x for x in past if rotated[x]]
            remark(out, f.turned + r * many, mine[3], turned)
            mine[0], mine[3] = past, turned
        if mine[1] is not artifacts[s]:
            remark(out, f.artifacts + r * many, mine[1], artifacts[s])
            mine[1] = artifacts[s]
        if mine[2] is not techs[s]:
            remark(out, f.techs + r * many, mine[2], techs[s])
            mine[2] = techs[s]


def _header(f: AncientsFeatures, state: AncientsState, seat: int, out: Numbers) -> None:
    start, end = f.header
    clear(out, start, end)
    n = f.players
    floats = out.floats
    floats[f.phase + PHASES.index(state.phase)] = 1.0
    floats[f.turn + (state.turn - seat) % n] = 1.0
    floats[f.first + (state.first - seat) % n] = 1.0
    if state.stack:
        top = state.stack[-1]
        floats[f.decision + f.steps[type(top)]] = 1.0
        floats[f.to_act + (top.seat - seat) % n] = 1.0
        if type(top) is ChooseLevel:  # isinstance on a Step, an ABC, is a Python call; neither has subclasses
            floats[f.detail] = top.col / len(COLUMNS)
        elif type(top) is PayCards:
            floats[f.detail + 1] = top.n * COUNT_SCALE


def _timelines(f: AncientsFeatures, timeline: list[int], tokens: list[int], seat: int, out: Numbers,
               seen: dict[str, Any]) -> None:
    """Each builder's cards by column (two places a column) and the Knowledge on each place."""
    n = f.players
    many = f.cards
    floats = out.floats
    place, knowledge = f.place, f.knowledge
    count_scale, positions, columns, empty = COUNT_SCALE, POSITIONS, COLUMN_COUNT, EMPTY
    where: list[int] = []
    for r in range(n):
        base = ((seat + r) % n) * positions
        for p in range(positions):
            x = timeline[base + p]
            if x != empty:
                where.append(place + (r * columns + p // 2) * many + x)
                floats[knowledge + r * positions + p] = tokens[x] * count_scale
            else:
                floats[knowledge + r * positions + p] = 0.0
    remark(out, 0, seen.get("where", ()), where)  # the cards' places as last written, and now
    seen["where"] = where


def _part(parts: Any, k: int) -> Any:
    """``parts[k]``, or none when there are not so many (or no ``parts``)."""
    return parts[k] if parts is not None and k < len(parts) else ()
