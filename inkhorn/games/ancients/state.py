"""The state of a game of Ancients, kept flat for fast cloning.

Cards are dense integers (see ``Content``): builder cards (monuments, then artifacts) first,
then technologies. A builder's Timeline is 12 slots in the shared ``timeline`` list:
``seat * 12 + (column - 1) * 2 + row`` with row 0 the lower space (it fills first) and -1
for an empty space. Knowledge tokens on a card live in ``tokens[card]``; a rotated Past card
has ``rotated[card] == 1``. Tokens are counted by value (1s and 5s are interchangeable), so
``reserve + tokens on cards + lost knowledge`` is constant.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from inkhorn.core.codec import transient_field
from inkhorn.core.rng import permute
from inkhorn.core.state import GameState
from inkhorn.games.ancients.content import Content, cached_content

if TYPE_CHECKING:
    from inkhorn.games.ancients.game import AncientsOptions

TOKEN_VALUE = 40 * 1 + 10 * 5  # 40 grey ones and 10 gold fives
EMPTY = -1
COLUMNS = range(1, 7)  # a Timeline's six columns, numbered from the left as the board does


@dataclass(kw_only=True, eq=False)
class AncientsState(GameState):
    if TYPE_CHECKING:  # the base holds any game's options; this state holds Ancients'
        options: AncientsOptions
    phase: str
    turn: int
    first: int
    actions_left: int
    round: int
    end_triggered: bool
    flipped: bool
    declining: bool
    placing: int
    hands: list[list[int]]
    kept_aside: tuple[tuple[int, ...], ...]  # set-up discards, hidden until every builder has chosen
    deck: list[int]
    discard: list[int]
    timeline: list[int]
    tokens: list[int]
    rotated: tuple[int, ...]
    past: tuple[tuple[int, ...], ...]
    artifacts: tuple[tuple[int, ...], ...]
    techs: tuple[tuple[int, ...], ...]
    lost: list[int]
    banked: list[int]
    reserve: int
    tiles: tuple[tuple[int, ...], ...]
    tile_level: tuple[int, ...]  # 1 or 2; 0 = tile removed
    tech_deck: tuple[tuple[int, ...], ...]  # (level I, level II), top = last
    tech_discard: tuple[tuple[int, ...], ...]
    work: list[tuple]  # pending automatic work (effects, phase chores), last = next
    content: Content = transient_field(default=None)

    # ---- flow ----------------------------------------------------------------------------
    def restore_transient(self) -> None:
        self.content = cached_content(self.options.content)

    # ---- copies ----------------------------------------------------------------------------
    def clone(self) -> AncientsState:
        """Parts that change rarely (Past, artifacts, technologies, tiles, rotations) are
        tuples replaced on change, so a clone shares them; the rest is copied."""
        new = self._clone_base()
        new.hands = [*map(list.copy, self.hands)]
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.timeline = self.timeline.copy()
        new.tokens = self.tokens.copy()
        new.lost = self.lost.copy()
        new.banked = self.banked.copy()
        new.work = self.work.copy()
        return new

    # ---- integrity of a loaded state ----------------------------------------------------------
    PHASES = ("setup", "setup_done", "action", "timeline", "decline", "after", "next", "over")

    def check_integrity(self) -> None:
        """Every builder card, technology and knowledge token in exactly one place; per-seat
        parts for every seat; seats, phase and tiles in range."""
        c = self.content
        n = self.num_players
        n_all = len(c.all)
        self.require_per_seat("hands", "kept_aside", "past", "artifacts", "techs", "lost", "banked")
        self.require_per_seat("timeline", width=12)
        self.require(self.phase in self.PHASES, "phase", f"{self.phase!r} is no phase")
        self.require_seat("turn", self.turn)
        self.require_seat("first", self.first)
        self.require(self.actions_left >= 0 and self.round >= 0, "actions_left", "negative")
        self.require(len(self.tokens) == n_all == len(self.rotated), "tokens", f"one entry per card ({n_all})")
        self.require(len(self.tiles) == len(self.tile_level), "tiles", "a level per tile")
        self.require(all(lvl in (0, 1, 2) for lvl in self.tile_level), "tile_level", "levels are 0, 1 or 2")
        self.require(len(self.tech_deck) == 2 == len(self.tech_discard), "tech_deck", "one pile per level")
        places = [*self.deck, *self.discard]
        for s in range(n):
            places += [*self.hands[s], *self.kept_aside[s], *self.past[s], *self.artifacts[s]]
            places += [x for x in self.timeline[s * 12 : s * 12 + 12] if x != EMPTY]
        if self.placing != EMPTY:
            places.append(self.placing)
        self.require_each_once("builder cards", places, c.n_builders)
        techs = [t for tile in self.tiles for t in tile]
        techs += [t for pile in (*self.tech_deck, *self.tech_discard, *self.techs) for t in pile]
        self.require_each_once("technologies", [t - c.n_builders for t in techs], len(c.tech_ids))
        self.require(
            min(self.tokens) >= 0 and self.reserve >= 0 and min(self.lost) >= 0, "tokens", "a negative count"
        )
        self.require(
            self.reserve + sum(self.tokens) + sum(self.lost) == TOKEN_VALUE, "reserve", "knowledge tokens not conserved"
        )

    # ---- hidden information ----------------------------------------------------------------
    def resample_hidden(self, seat: int | None) -> None:
        unseen = list(self.deck)
        for s in range(self.num_players):
            if s != seat:
                unseen += self.hands[s]
                unseen += self.kept_aside[s]
        unseen.sort()
        dealer = self.rng.dealer()
        permute(unseen, dealer)
        pos = 0
        aside = list(self.kept_aside)
        for s in range(self.num_players):
            if s == seat:
                continue
            n = len(self.hands[s])
            self.hands[s] = unseen[pos : pos + n]
            pos += n
            n = len(aside[s])
            aside[s] = tuple(unseen[pos : pos + n])
            pos += n
        self.kept_aside = tuple(aside)
        self.deck = unseen[pos:]
        decks = []
        for lvl in (0, 1):
            d = sorted(self.tech_deck[lvl])
            permute(d, dealer)
            decks.append(tuple(d))
        self.tech_deck = tuple(decks)

    def hidden_names(self, seat: int | None) -> set[str]:
        """Other builders' hands and set-up discards, the deck and the technology decks."""
        unseen = set(self.deck)
        for s in range(self.num_players):
            if s != seat:
                unseen.update(self.hands[s])
                unseen.update(self.kept_aside[s])
        for deck in self.tech_deck:
            unseen.update(deck)
        cards = self.content.all
        hidden = {n for i in unseen for n in (cards[i].id, cards[i].name)}
        seen = {n for i, c in enumerate(cards) if i not in unseen for n in (c.id, c.name)}
        return hidden - seen

    def observe(self, seat: int | None) -> dict[str, Any]:
        c = self.content
        ids = c.all
        n = self.num_players

        def names(cards: Iterable[int]) -> list[str]:
            return [ids[x].id for x in cards]

        boards = []
        for s in range(n):
            base = s * 12
            boards.append(
                {
                    "timeline": [
                        [
                            [ids[x].id, self.tokens[x]] if x != EMPTY else None
                            for x in self.timeline[base + 2 * col : base + 2 * col + 2]
                        ]
                        for col in range(6)
                    ],
                    "past": [[ids[x].id, bool(self.rotated[x])] for x in self.past[s]],
                    "artifacts": names(self.artifacts[s]),
                    "techs": names(self.techs[s]),
                    "lost": self.lost[s],
                    "banked": self.banked[s],
                    "hand_size": len(self.hands[s]),
                    "set_aside": len(self.kept_aside[s]),
                }
            )
        return {
            "seat": seat,
            "phase": self.phase,
            "turn": self.turn,
            "first": self.first,
            "round": self.round,
            "actions_left": self.actions_left,
            "end_triggered": self.end_triggered,
            "to_act": self.current_seat(),
            "prompt": self.stack[-1].prompt(self) if self.stack else None,
            "hand": sorted(names(self.hands[seat])) if seat is not None else None,
            "set_aside": names(self.kept_aside[seat]) if seat is not None else None,
            "placing": ids[self.placing].id if self.placing != EMPTY else None,
            "boards": boards,
            "deck_size": len(self.deck),
            "discard": names(self.discard),
            "reserve": self.reserve,
            "tiles": [{"level": lvl, "cards": names(t)} for t, lvl in zip(self.tiles, self.tile_level)],
            "tech_deck_sizes": [len(d) for d in self.tech_deck],
            "tech_discard": [names(d) for d in self.tech_discard],
        }

    # ---- results --------------------------------------------------------------------------
    # ---- helpers used by rules and effects -----------------------------------------------------
    def add_to(self, name: str, seat: int, card: int) -> None:
        """Append ``card`` to ``seat``'s part of a per-seat tuple field (past, artifacts, ...)."""
        rows = getattr(self, name)
        setattr(self, name, (*rows[:seat], (*rows[seat], card), *rows[seat + 1 :]))

    def set_rotated(self, card: int, value: int) -> None:
        rot = self.rotated
        self.rotated = (*rot[:card], value, *rot[card + 1 :])

    def hand_limit(self, seat: int) -> int:
        return self.options.hand_limit + self.passive(seat, "hand_limit")

    def passive(self, seat: int, key: str) -> int:
        return passive_total(self.content.passive, self.timeline, self.artifacts[seat], seat, key)

    def draw(self, seat: int, k: int) -> int:
        """Draw up to ``k`` builder cards, stopping at the hand limit; reshuffle as needed."""
        hand = self.hands[seat]
        limit = self.hand_limit(seat)
        drawn = 0
        while drawn < k and len(hand) < limit:
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self.deck.sort()
                self.rng.shuffle(self.deck)
            hand.append(self.deck.pop())
            drawn += 1
        return drawn

    def monuments_in_timeline(self, seat: int) -> list[int]:
        base = seat * 12
        return [x for x in self.timeline[base : base + 12] if x != EMPTY]

    def slot_of(self, seat: int, card: int) -> int:
        """Index (0..11) of ``card`` in ``seat``'s Timeline, or -1."""
        base = seat * 12
        tl = self.timeline
        for i in range(12):
            if tl[base + i] == card:
                return i
        return -1

    def column_count(self, seat: int, col: int) -> int:
        """Cards in column ``col`` (1..6)."""
        i = seat * 12 + (col - 1) * 2
        return (self.timeline[i] != EMPTY) + (self.timeline[i + 1] != EMPTY)

    def take_from_timeline(self, seat: int, card: int) -> int:
        """Lift ``card`` out of its column (a lone upper card slides down). Returns its column."""
        slot = self.slot_of(seat, card)
        base = seat * 12
        col0 = slot // 2
        tl = self.timeline
        if slot % 2 == 0:
            tl[base + slot] = tl[base + slot + 1]
            tl[base + slot + 1] = EMPTY
        else:
            tl[base + slot] = EMPTY
        return col0 + 1

    def put_in_column(self, seat: int, card: int, col: int, above: bool) -> None:
        i = seat * 12 + (col - 1) * 2
        tl = self.timeline
        if tl[i] == EMPTY:
            tl[i] = card
        elif above:
            tl[i + 1] = card
        else:
            tl[i + 1] = tl[i]
            tl[i] = card

    def adjacent(self, seat: int, card: int) -> list[int]:
        """Monuments next to ``card``: the other card of its column, and the cards in the same
        row of the neighbouring columns (diagonals are not adjacent)."""
        slot = self.slot_of(seat, card)
        if slot < 0:
            return []
        base = seat * 12
        tl = self.timeline
        col0, row = divmod(slot, 2)
        out = []
        other = tl[base + col0 * 2 + (1 - row)]
        if other != EMPTY:
            out.append(other)
        for c in (col0 - 1, col0 + 1):
            if 0 <= c < 6:
                x = tl[base + c * 2 + row]
                if x != EMPTY:
                    out.append(x)
        return out

    def past_count(self, seat: int, kind: str | None = None) -> int:
        if kind is None:
            return len(self.past[seat])
        kinds = self.content.kind_of
        return sum(1 for x in self.past[seat] if kinds[x] == kind)

    def tech_count(self, seat: int, typ: str | None = None) -> int:
        if typ is None:
            return len(self.techs[seat])
        techs, first = self.content.techs, self.content.n_builders
        return sum(1 for x in self.techs[seat] if techs[x - first].type == typ)

    def rotated_count(self, seat: int) -> int:
        rot = self.rotated
        return sum(1 for x in self.past[seat] if rot[x])


def passive_total(passives: tuple, timeline: list[int], artifacts: tuple[int, ...], seat: int, key: str) -> int:
    """The sum of the ``key`` passives of ``seat``'s Timeline and artifacts (typed in
    ``state.pxd``: the legal list asks for three of them at every action)."""
    total = 0
    base = seat * 12
    for i in range(base, base + 12):
        x = timeline[i]
        if x != -1:  # EMPTY, spelled out for the compiled loop
            for k, v in passives[x]:
                if k == key:
                    total += v
    for x in artifacts:
        for k, v in passives[x]:
            if k == key:
                total += v
    return total
