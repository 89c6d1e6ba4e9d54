"""Verse & Variant as numbers for a learner (``inkhorn.core.features``).

What ``observation(seat)`` shows, laid out by place: the Session's clock (phase, session,
who holds the quill and the laureate's crown, who acts), the Spotlight and the lead colour,
the bout (order and finish from the viewer's, each scholar's primary card, whether an echo
was played, boosts, elevation, the winner), the Desk with its tokens and corruption, the
discards and the haul, the five witness tracks space by space, the supply, the institution
slots (who holds each) and their stars, the majority modifiers and effects in force, and for
every scholar (in turn order from the viewer's) hand size, tableau, ledger, vault, grants,
spent, lockdown, cubes, eureka, prestige, feints and whether it has picked. The seat's own
hand, echo and pick are its alone (and the set-aside Tools while its Ledger lets it look);
other scholars' hands, echoes and picks are counted or flagged, never named.

Between two calls for a seat only the parts that changed are rewritten.
"""

from __future__ import annotations

from inkhorn.core.features import Layout, Numbers, SeatFeatures
from inkhorn.games.verse_variant.content import CARD_NAMES
from inkhorn.games.verse_variant.state import TRACK_SPACES, VerseState

PHASES = ("session_start", "bout_start", "play", "rank", "settle", "window", "claim", "after_window", "majority",
          "session_end", "final", "over")
EFFECTS = ("spot_next", "spot_lock", "old_guard", "excluded", "no_eureka", "embargo", "end_flag", "quill_claim",
           "mom_exchange", "glossator", "wash")
COLOURS = 5  # tracks, Spotlight and lead colours
INSTITUTIONS = 15
LEAD_INDEX = {-1: 0, -2: 1, **{c: 2 + c for c in range(COLOURS)}}  # no lead yet, mixed, a colour
ROWS = ("hand_size", "grants", "spent", "lockdown", "cubes", "eureka", "prestige", "feints", "picked", "echo_played",
        "boost", "elevated")


class VerseFeatures(SeatFeatures[VerseState]):
    def __init__(self, players: int):
        n = self.players = players
        self.cards = len(CARD_NAMES)
        lay = Layout()
        block = lay.block
        rel = [f"seat+{r}" for r in range(n)]
        cards = list(CARD_NAMES)
        self.phase = block("phase", PHASES)
        self.to_act = block("to_act", rel)
        self.quill = block("quill", rel)
        self.laureate = block("laureate", rel)
        self.winner = block("winner", rel)
        self.spotlight = block("spotlight", [str(c) for c in range(COLOURS)])
        self.lead = block("lead", ["none", "mixed", *(str(c) for c in range(COLOURS))])
        self.order = block("order", [f"{r}.{k}" for r in rel for k in range(n)])
        self.finish = block("finish", [f"{r}.{k}" for r in rel for k in range(n)])
        self.header = (self.phase, len(lay.names))
        self.numbers = block("number", ["session", "final", "final_spot", "my_pick", *EFFECTS])
        self.desk_tokens = block("desk_tokens", [str(k) for k in range(6)])
        self.desk_corruption = block("desk_corruption", [str(k) for k in range(5)])
        self.supply = block("supply", [str(k) for k in range(6)])
        self.tracks = block("track", [f"{t}.{k}" for t in range(COLOURS) for k in range(TRACK_SPACES)])
        self.track_length = block("track_length", [str(t) for t in range(COLOURS)])
        self.slots = block("slot", [f"{k}.{r}" for k in range(INSTITUTIONS) for r in rel])
        self.nostar = block("nostar", [str(k) for k in range(INSTITUTIONS)])
        self.maj_mod = block("majority_modifier", [str(k) for k in range(COLOURS * n)])
        self.rows = block("scholar", [f"{r}.{what}" for r in rel for what in ROWS])
        self.ledger = block("ledger", [f"{r}.{k}" for r in rel for k in range(6)])
        self.vault = block("vault", [f"{r}.{k}" for r in rel for k in range(6)])
        self.scholars = (self.rows, len(lay.names))
        self.tableau = block("tableau", [f"{r}.{c}" for r in rel for c in cards])
        self.primary = block("primary", [f"{r}.{c}" for r in rel for c in cards])
        self.piles = {part: block(part, cards) for part in ("hand", "my_echo", "desk", "discard", "haul", "set_aside")}
        super().__init__(lay)

    def write(self, state: VerseState, seat: int, out: Numbers) -> None:
        seen = self.memory(seat, out)
        get = seen.get
        spot = state.spotlight()
        clock = (state.phase, state.quill, state.laureate, state.winner, state.stack[-1].seat if state.stack else -1,
                 spot, state.lead, state.order, state.finish)
        if get("clock") != clock:  # the header, unchanged through most of a seat's turn
            self._header(state, seat, spot, out)
            seen["clock"] = clock
        numbers = (state.session, state.final, state.picks[seat], *[getattr(state, e) for e in EFFECTS])
        if get("numbers") != numbers:
            self.put(out, self.numbers, [state.session, float(bool(state.final)), state.final[0] if state.final else -1,
                                         *numbers[2:]])
            seen["numbers"] = numbers
        # the board, part by part: a decision changes one or two of them
        for key, start, values in (("desk_tokens", self.desk_tokens, state.desk_tok),
                                   ("desk_corruption", self.desk_corruption, state.desk_cor),
                                   ("supply", self.supply, state.supply), ("nostar", self.nostar, state.nostar),
                                   ("majority_modifier", self.maj_mod, state.maj_mod)):
            if get(key) != values:
                self.put(out, start, values)
                seen[key] = values[:]  # lists change in place: a copy
        if get("tracks") != state.tracks:
            self._tracks(state, out)
            seen["tracks"] = [track[:] for track in state.tracks]
        if get("slots") != state.slots:
            self.mark(out, self.slots, INSTITUTIONS * self.players,
                      [k * self.players + (s - seat) % self.players for k, s in enumerate(state.slots) if s >= 0])
            seen["slots"] = state.slots
        self._scholars(state, seat, seen, out)
        peek = state._peeks_set_aside(seat)
        echo = state.echo[seat]
        for part, cards in (("hand", state.hands[seat]), ("my_echo", (echo,) if echo >= 0 else ()),
                            ("desk", state.desk), ("discard", state.discard), ("haul", state.haul),
                            ("set_aside", state.set_aside if peek else ())):
            # each pile on its own: a play changes one or two
            if get(part) != cards:
                self.mark_changed(seen, part, out, self.piles[part], self.cards, cards)

    # ---- the parts --------------------------------------------------------------------------
    def _header(self, state: VerseState, seat: int, spot: int, out: Numbers) -> None:
        start, end = self.header
        self.clear(out, start, end)
        n = self.players
        ones = [self.phase + PHASES.index(state.phase), self.quill + (state.quill - seat) % n]
        for block, who in ((self.laureate, state.laureate), (self.winner, state.winner)):
            if who >= 0:
                ones.append(block + (who - seat) % n)
        if state.stack:
            ones.append(self.to_act + (state.stack[-1].seat - seat) % n)
        if spot >= 0:
            ones.append(self.spotlight + spot)
        ones.append(self.lead + LEAD_INDEX.get(state.lead, 0))
        for block, seats in ((self.order, state.order), (self.finish, state.finish)):
            for k, s in enumerate(seats):
                ones.append(block + ((s - seat) % n) * n + k)
        self.ones(out, ones)

    def _tracks(self, state: VerseState, out: Numbers) -> None:
        tracks = [0.0] * (COLOURS * TRACK_SPACES)
        for t, track in enumerate(state.tracks):
            tracks[t * TRACK_SPACES : t * TRACK_SPACES + len(track)] = track
        self.put(out, self.tracks, tracks)
        self.put(out, self.track_length, [len(track) for track in state.tracks])

    def _scholars(self, state: VerseState, seat: int, seen: dict, out: Numbers) -> None:
        """Every scholar's row, one kind of number (a ``ROWS`` column) at a time: a decision
        changes a few kinds, and each kind is held seat by seat in one list of the state."""
        n = self.players
        width = len(ROWS)
        get = seen.get
        columns = (tuple(map(len, state.hands)), state.grants, state.spent, state.lockdown, state.cubes, state.eureka,
                   state.prestige, state.feints, state.picks, state.echo, state.boost, state.elevated)
        for j, column in enumerate(columns):  # seen[j]: column j as last written
            if get(j) != column:
                seen[j] = column[:]  # some lists change in place: a copy
                if j == 7:  # feints: the seats that feinted, once per feint
                    column = tuple(column.count(s) for s in range(n))
                elif j == 8 or j == 9:  # a pick, an echo: whether there is one
                    column = tuple(int(x >= 0) for x in column)
                at = self.rows + j
                for r in range(n):
                    out[at + r * width] = column[(seat + r) % n]
        ledger, vault = state.ledger, state.vault  # six numbers a seat, turned to start at the viewer's
        if get("ledger") != ledger:
            self.put(out, self.ledger, ledger[6 * seat :] + ledger[: 6 * seat])
            seen["ledger"] = ledger[:]
        if get("vault") != vault:
            self.put(out, self.vault, vault[6 * seat :] + vault[: 6 * seat])
            seen["vault"] = vault
        tableau, primary = state.tableau, state.primary
        if get("tableau") != tableau:  # a scholar's tableau only grows, until the Session's end
            for r in range(n):
                s = (seat + r) % n
                self.mark_changed(seen, ("tableau", r), out, self.tableau + r * self.cards, self.cards, tableau[s])
            seen["tableau"] = [cards[:] for cards in tableau]
        before = get("primary")
        if before != primary:
            for r in range(n):
                s = (seat + r) % n
                at = self.primary + r * self.cards
                if before is not None and before[s] >= 0:
                    out[at + before[s]] = 0.0
                if primary[s] >= 0:
                    out[at + primary[s]] = 1.0
            seen["primary"] = primary
