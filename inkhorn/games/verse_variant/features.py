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

Between two calls for a seat only the parts that changed are rewritten; single numbers are
stored every time (in the compiled build a C store, cheaper than comparing them first).
"""

from __future__ import annotations

from inkhorn.core.features import Layout, Numbers, SeatFeatures, clear, mark, mark_changed, number, put
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
ROW_COUNT = len(ROWS)


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
        write_seat(self, state, seat, out, self.memory(seat, out))

    # ---- the parts --------------------------------------------------------------------------
# The parts read at every step, as module functions: ``features.pxd`` gives them C types in
# the compiled build.
def write_seat(f: VerseFeatures, state: VerseState, seat: int, out: Numbers, seen: dict) -> None:
    """:meth:`VerseFeatures.write`: the numbers are stored every time (a C store each in the
    compiled build, as cheap as comparing them); the rest only when changed."""
    n = f.players
    floats = out.floats
    spot = state.spotlight()
    stack = state.stack
    clock = (state.phase, state.quill, state.laureate, state.winner, stack[-1].seat if stack else -1, spot, state.lead,
             state.order, state.finish)
    if seen.get("clock") != clock:  # the header, unchanged through most of a seat's turn
        _header(f, state, seat, spot, out)
        seen["clock"] = clock
    at = f.numbers
    final = state.final
    floats[at] = number(state.session)
    floats[at + 1] = 1.0 if final else 0.0
    floats[at + 2] = final[0] if final else -1
    floats[at + 3] = number(state.picks[seat])
    for k in range(len(EFFECTS)):
        floats[at + 4 + k] = number(getattr(state, EFFECTS[k]))
    # the board, part by part: a decision changes one or two of them
    for key, start, values in (("desk_tokens", f.desk_tokens, state.desk_tok),
                               ("desk_corruption", f.desk_corruption, state.desk_cor),
                               ("supply", f.supply, state.supply), ("nostar", f.nostar, state.nostar),
                               ("majority_modifier", f.maj_mod, state.maj_mod)):
        if seen.get(key) != values:
            put(out, start, values)
            seen[key] = values[:]  # lists change in place: a copy
    tracks = state.tracks
    if seen.get("tracks") != tracks:
        _tracks(f, tracks, out)
        seen["tracks"] = [track[:] for track in tracks]
    slots = state.slots
    if seen.get("slots") != slots:
        mark(out, f.slots, INSTITUTIONS * n, [k * n + (s - seat) % n for k, s in enumerate(slots) if s >= 0])
        seen["slots"] = slots
    _scholars(f, state, seat, seen, out)
    peek = state._peeks_set_aside(seat)
    echo = state.echo[seat]
    piles = f.piles
    for part, cards in (("hand", state.hands[seat]), ("my_echo", (echo,) if echo >= 0 else ()),
                        ("desk", state.desk), ("discard", state.discard), ("haul", state.haul),
                        ("set_aside", state.set_aside if peek else ())):
        # each pile on its own: a play changes one or two
        mark_changed(seen, part, out, piles[part], f.cards, cards)


def _scholars(f: VerseFeatures, state: VerseState, seat: int, seen: dict, out: Numbers) -> None:
    """Every scholar's row (the ``ROWS``), ledger, vault, tableau and primary card."""
    n = f.players
    many = f.cards
    floats = out.floats
    # one kind of number (a ROWS column) at a time: a decision changes a few kinds, and each
    # kind is held seat by seat in one list of the state (compared in C with a copy)
    columns = ([len(hand) for hand in state.hands], state.grants, state.spent, state.lockdown, state.cubes, state.eureka,
               state.prestige, state.feints, state.picks, state.echo, state.boost, state.elevated)
    width = ROW_COUNT
    for j in range(width):  # seen[j]: column j as last written
        column = columns[j]
        if seen.get(j) != column:
            seen[j] = column[:]  # some lists change in place: a copy
            at = f.rows + j
            for r in range(n):
                s = (seat + r) % n
                if j == 7:  # feints: the seats that feinted, once per feint
                    floats[at] = number(column.count(s))
                elif j == 8 or j == 9:  # a pick, an echo: whether there is one
                    floats[at] = 1.0 if column[s] >= 0 else 0.0
                else:
                    floats[at] = number(column[s])
                at += width
    ledger, vault = state.ledger, state.vault  # six numbers a seat, turned to start at the viewer's
    if seen.get("ledger") != ledger:
        put(out, f.ledger, ledger[6 * seat :] + ledger[: 6 * seat])
        seen["ledger"] = ledger[:]
    if seen.get("vault") != vault:
        put(out, f.vault, vault[6 * seat :] + vault[: 6 * seat])
        seen["vault"] = vault
    tableau, primary = state.tableau, state.primary
    if seen.get("tableau") != tableau:  # a scholar's tableau only grows, until the Session's end
        for r in range(n):
            s = (seat + r) % n
            mark_changed(seen, ("tableau", r), out, f.tableau + r * many, many, tableau[s])
        seen["tableau"] = [cards[:] for cards in tableau]
    before = seen.get("primary")
    if before != primary:
        at = f.primary
        for r in range(n):
            s = (seat + r) % n
            if before is not None and before[s] >= 0:
                floats[at + before[s]] = 0.0
            if primary[s] >= 0:
                floats[at + primary[s]] = 1.0
            at += many
        seen["primary"] = primary


def _header(f: VerseFeatures, state: VerseState, seat: int, spot: int, out: Numbers) -> None:
    start, end = f.header
    clear(out, start, end)
    floats, n = out.floats, f.players
    floats[f.quill + (state.quill - seat) % n] = 1.0
    for at, who in ((f.laureate, state.laureate), (f.winner, state.winner)):
        if who >= 0:
            floats[at + (who - seat) % n] = 1.0
    floats[f.phase + PHASES.index(state.phase)] = 1.0
    if state.stack:
        floats[f.to_act + (state.stack[-1].seat - seat) % n] = 1.0
    if spot >= 0:
        floats[f.spotlight + spot] = 1.0
    floats[f.lead + LEAD_INDEX.get(state.lead, 0)] = 1.0
    at = f.order
    for k, s in enumerate(state.order):
        floats[at + ((s - seat) % n) * n + k] = 1.0
    at = f.finish
    for k, s in enumerate(state.finish):
        floats[at + ((s - seat) % n) * n + k] = 1.0


def _tracks(f: VerseFeatures, tracks: list[list[int]], out: Numbers) -> None:
    """Each witness track space by space (zero beyond its end), and its length."""
    floats = out.floats
    at, lengths, spaces = f.tracks, f.track_length, TRACK_SPACES
    for t in range(COLOURS):
        track = tracks[t]
        length = len(track)
        for k in range(spaces):
            floats[at + k] = number(track[k]) if k < length else 0.0
        floats[lengths + t] = length
        at += spaces
