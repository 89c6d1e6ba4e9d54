"""Novelist as numbers for a learner (``inkhorn.core.features``).

What ``observation(seat)`` shows, laid out by place: the turn's clock (phase, the decision's
kind, whose turn, coins and purchases), the supplies and piles' sizes, the Offer Row, the
box, the played cards and the discards, the awards and events, the last word spelled (by
whom, its letters, what it earned), and for every writer (in turn order from the viewer's)
prestige, award, adverts, ink, removers, event, Jail, sizes of deck and hand, the hand
cards the table has seen, discards, classics and set-aside cards, borrowed card, required
letter and Heckler. The seat's own hand, inked and forced cards, what its deck holds (not
its order), a known top card and its own pending layout are its alone; other writers'
hands and decks are counted, never named.

Between two calls for a seat only the parts that changed are rewritten; single numbers are
stored every time (in the compiled build a C store, cheaper than comparing them first).
"""

from __future__ import annotations

from string import ascii_lowercase

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
)
from inkhorn.games.novelist import rules
from inkhorn.games.novelist.content import Content
from inkhorn.games.novelist.state import NovelistState

PHASES = ("spell", "purchase", "ending", "over")
SEAT_ROW = ("prestige", "award", "adverts", "ink", "remover", "deck", "hand", "inked", "forced_wild", "heckled")


class NovelistFeatures(SeatFeatures[NovelistState]):
    def __init__(self, players: int, content: Content):
        n = self.players = players
        self.content = content
        self.cards = len(content.cards)
        card_ids = [str(i) for i in range(self.cards)]
        lay = Layout()
        block = lay.block
        rel = [f"seat+{r}" for r in range(n)]
        events = [e.key for e in content.events]
        self.steps = {step: i for i, step in enumerate(rules.STEP_TYPES)}
        self.phase = block("phase", PHASES)
        self.decision = block("decision", [step.__name__ for step in rules.STEP_TYPES])
        self.turn = block("turn", rel)
        self.to_act = block("to_act", rel)
        self.header = (self.phase, len(lay.names))
        self.numbers = block("number", ["offer_deck", "ink_supply", "remover_supply", "event_deck", "rival_score",
                                        "coins", "bought", "flushed", "final_round", "rounds"])
        self.awards = block("awards_left", [str(a.length) for a in content.awards])
        self.powers = block("power", [p.key for p in content.powers])
        self.event_discard = block("event_discard", events)
        self.last_word = block("last_word", [*rel, "length", "coins", "prestige", *ascii_lowercase])
        self.offer_row = block("offer_row", card_ids)
        self.offer_discard = block("offer_discard", card_ids)
        self.box = block("box", card_ids)
        self.played = block("played", card_ids)
        self.per_seat = block("seat", [f"{r}.{what}" for r in rel for what in SEAT_ROW])
        self.event = block("event", [f"{r}.{e}" for r in rel for e in events])
        self.must_letter = block("must_letter", [f"{r}.{ch}" for r in rel for ch in ascii_lowercase])
        self.seat_cards = {
            part: block(part, [f"{r}.{c}" for r in rel for c in card_ids])
            for part in ("jail", "borrowed", "shown", "discard", "classics", "set_aside")
        }
        self.mine = {part: block(f"me.{part}", card_ids)
                     for part in ("hand", "inked", "forced_wild", "deck", "known_top", "layout", "layout_wild")}
        self.layout_word = block("me.layout_word", ["length", *ascii_lowercase])
        super().__init__(lay)

    def write(self, state: NovelistState, seat: int, out: Numbers) -> None:
        write_seat(self, state, seat, out, self.memory(seat, out))

    # ---- the parts --------------------------------------------------------------------------
    def _header(self, state: NovelistState, seat: int, out: Numbers) -> None:
        start, end = self.header
        clear(out, start, end)
        n = self.players
        flags = [self.phase + PHASES.index(state.phase), self.turn + (state.turn - seat) % n]
        if state.stack:
            top = state.stack[-1]
            flags.append(self.decision + self.steps[type(top)])
            flags.append(self.to_act + (top.seat - seat) % n)
        ones(out, 0, flags)

    def _table(self, state: NovelistState, out: Numbers) -> None:
        c = self.content
        clear(out, self.awards, self.last_word)  # the awards, powers and events' discard
        flags = [self.awards + i for i, a in enumerate(c.awards) if a.length in state.awards_left]
        flags += [self.powers + i for i, p in enumerate(c.powers) if p.key in state.powers]
        flags += [self.event_discard + e for e in state.event_discard]
        ones(out, 0, flags)

    def _last_word(self, state: NovelistState, seat: int, out: Numbers) -> None:
        n = self.players
        clear(out, self.last_word, self.last_word + n + 3 + 26)
        if state.last_word:
            who, word, coins, prestige = state.last_word
            out[self.last_word + (who - seat) % n] = 1.0
            base = self.last_word + n
            put(out, base, (len(word), coins, prestige))
            _count_letters(out, base + 3, word)

    def _marks(self, state: NovelistState, seat: int, before: list[int], out: Numbers) -> list[int]:
        """Every writer's event, required letter, Jail and borrowed card (``before``: where
        their flags were); gives where they are now."""
        n = self.players
        flags = []
        events = len(self.content.events)
        for r in range(n):
            s = (seat + r) % n
            if state.events[s] >= 0:
                flags.append(self.event + r * events + state.events[s])
            if state.must_letter[s]:
                flags.append(self.must_letter + r * 26 + ascii_lowercase.index(state.must_letter[s]))
            if state.jail[s] >= 0:
                flags.append(self.seat_cards["jail"] + r * self.cards + state.jail[s])
            if state.borrowed[s] >= 0:
                flags.append(self.seat_cards["borrowed"] + r * self.cards + state.borrowed[s])
        remark(out, 0, before, flags)
        return flags

    def _write_word(self, word: str, out: Numbers) -> None:
        base = self.layout_word
        clear(out, base, base + 27)
        if word:
            out[base] = len(word)
            _count_letters(out, base + 1, word)


# The parts read at every step, as module functions: ``features.pxd`` gives them C types in
# the compiled build.
def write_seat(f: NovelistFeatures, state: NovelistState, seat: int, out: Numbers, seen: dict) -> None:
    """:meth:`NovelistFeatures.write`."""
    history = state.history
    # What one decision may change: when it is all that was decided since this seat's last
    # write, the rest stands as written. A word to lay out, or going back from one, changes
    # the decision stack alone (rules.STACK_ONLY): the decision, the cards shown and the
    # layout; a turn of a card changes the layout alone (rules.LAYOUT_TURNS).
    since = history[-1] if seen.get("at") == len(history) - 1 and seen.get("state") is state else ""
    seen["at"] = len(history)
    seen["state"] = state
    if not since.startswith(rules.STACK_ONLY):
        _write_table(f, state, seat, out, seen)
    if not since.startswith(rules.LAYOUT_TURNS):
        _write_decision(f, state, seat, out, seen)
    _write_layout(f, state, seat, out, seen)


def _write_table(f: NovelistFeatures, state: NovelistState, seat: int, out: Numbers, seen: dict) -> None:
    """Everything but the decision, the hand cards shown and the seat's own layout. The
    numbers and each writer's row are stored every time (a C store each in the compiled
    build, as cheap as comparing them); the rest only when changed."""
    n = f.players
    many = f.cards
    floats = out.floats
    at = f.numbers
    floats[at] = len(state.offer_deck)
    floats[at + 1] = number(state.ink_supply)
    floats[at + 2] = number(state.remover_supply)
    floats[at + 3] = len(state.event_deck)
    floats[at + 4] = number(state.rival_score)
    floats[at + 5] = number(state.coins)
    floats[at + 6] = number(state.bought)
    floats[at + 7] = 1.0 if state.flushed else 0.0
    floats[at + 8] = 1.0 if state.final_round else 0.0
    floats[at + 9] = number(state.rounds)
    table = (state.awards_left, state.powers, state.event_discard)  # tuples: replaced, never changed
    if seen.get("table") != table:
        f._table(state, out)
        seen["table"] = table
    if seen.get("last_word") != state.last_word:  # every word spelled
        f._last_word(state, seat, out)
        seen["last_word"] = state.last_word
    mark_changed(seen, "offer_row", out, f.offer_row, many, state.offer_row)
    mark_changed(seen, "offer_discard", out, f.offer_discard, many, state.offer_discard)
    mark_changed(seen, "box", out, f.box, many, state.box)
    mark_changed(seen, "played", out, f.played, many, state.played)
    prestige, award, adverts, ink, remover = state.prestige, state.award, state.adverts, state.ink, state.remover
    deck, hand, inked, forced_wild, heckled = state.deck, state.hand, state.inked, state.forced_wild, state.heckled
    at, width = f.per_seat, len(SEAT_ROW)
    for r in range(n):
        s = (seat + r) % n
        floats[at] = number(prestige[s])
        floats[at + 1] = number(award[s])
        floats[at + 2] = number(adverts[s])
        floats[at + 3] = number(ink[s])
        floats[at + 4] = number(remover[s])
        floats[at + 5] = len(deck[s])
        floats[at + 6] = len(hand[s])
        floats[at + 7] = len(inked[s])
        floats[at + 8] = len(forced_wild[s])
        floats[at + 9] = 1.0 if heckled[s] else 0.0
        at += width
    marks = (state.events, state.must_letter, state.jail, state.borrowed)
    if seen.get("marks") != marks:  # now and then
        seen["marks_at"] = f._marks(state, seat, seen.get("marks_at", ()), out)
        seen["marks"] = tuple([part[:] for part in marks])
    seat_cards = f.seat_cards
    _seat_piles(seat_cards["discard"], many, n, "discard", state.discard, seat, out, seen)
    _seat_piles(seat_cards["classics"], many, n, "classics", state.classics, seat, out, seen)
    _seat_piles(seat_cards["set_aside"], many, n, "set_aside", state.set_aside, seat, out, seen)
    # the seat's own, each on its own: a decision changes one or two
    top_card = state.known_top[seat]
    mine = f.mine
    mark_changed(seen, "hand", out, mine["hand"], many, hand[seat])
    mark_changed(seen, "inked", out, mine["inked"], many, inked[seat])
    mark_changed(seen, "forced_wild", out, mine["forced_wild"], many, forced_wild[seat])
    mark_changed(seen, "deck", out, mine["deck"], many, deck[seat])
    mark_changed(seen, "known_top", out, mine["known_top"], many, (top_card,) if top_card >= 0 else ())


def _write_decision(f: NovelistFeatures, state: NovelistState, seat: int, out: Numbers, seen: dict) -> None:
    """The header (whose decision, of what kind) and the hand cards shown."""
    stack = state.stack
    top = stack[-1] if stack else None
    clock = (state.phase, state.turn, type(top), top.seat if top is not None else -1)
    if seen.get("clock") != clock:  # the header, unchanged through most of a turn
        f._header(state, seat, out)
        seen["clock"] = clock
    shown = state.public_cards()
    _seat_piles(f.seat_cards["shown"], f.cards, f.players, "shown",
                [sorted(shown.intersection(h)) for h in state.hand] if shown else None, seat, out, seen)


def _write_layout(f: NovelistFeatures, state: NovelistState, seat: int, out: Numbers, seen: dict) -> None:
    """The seat's own pending layout (what its decision shows it alone)."""
    stack = state.stack
    top = stack[-1] if stack else None
    if type(top) is rules.Arrange and top.seat == seat:  # type(): see public_cards
        word, cards, wild = top.word, top.cards, top.wild
    elif not seen.get("layout_word"):  # no layout now nor at the last write: most decisions
        return
    else:
        word, cards, wild = "", (), ()
    # each part on its own: turning a card face down changes only the faces
    mine = f.mine
    mark_changed(seen, "layout", out, mine["layout"], f.cards, cards)
    mark_changed(seen, "layout_wild", out, mine["layout_wild"], f.cards, [cards[i] for i in range(len(cards)) if wild[i]])
    if seen.get("layout_word") != word:
        f._write_word(word, out)
        seen["layout_word"] = word


def _count_letters(out: Numbers, start: int, word: str) -> None:
    """One more at ``start + letter`` (a=0 ... z=25) for each letter of ``word`` (a word of
    the dictionary: a-z only); a C loop in the compiled build, a word spelled is counted in
    every seat's vector."""
    floats = out.floats
    for ch in word:
        floats[start + ord(ch) - 97] += 1.0


def _seat_piles(start: int, many: int, n: int, part: str, piles: list | None, seat: int, out: Numbers,
                seen: dict) -> None:
    """One kind of pile of each of the ``n`` writers (blocks of ``many`` from ``start``), per
    seat in turn order (``None``: all empty): only the piles that changed are rewritten."""
    whole = seen.get(part)
    if whole is not None and whole[0] == piles:  # nothing changed: one comparison in C
        return
    kept = whole[1] if whole is not None else [None] * n
    for r in range(n):
        pile = piles[(seat + r) % n] if piles is not None else ()
        if kept[r] != pile:
            remark(out, start + r * many, kept[r] or (), pile)
            kept[r] = pile[:]
    seen[part] = ([pile[:] for pile in piles] if piles is not None else None, kept)
