"""The 75 Tool effects (T-1a … T-15e).

The card list itself (rank, title, timing, text) is data in ``content/tools.json``; this
module holds what each effect does, because the effects differ in kind:

* ``START[code](state, seat)`` — an Instant Tool played as a Primary card resolves now;
  choices are pushed as :class:`Ask` steps of kind ``code`` (``stage``/``data`` carry the
  progress). "All scholars" Tools push one step per scholar, clockwise from the player.
* ``TRIGGER[code](state, seat)`` — a delayed Tool in the tableau whose moment has come and
  whose owner chose to use it (``DECLINE`` for the few that matter when kept).
* Majority-scoring and end-of-Session Tools are asked directly as steps of kind ``code``.
"""

from __future__ import annotations

from collections.abc import Callable

from inkhorn.games.verse_variant.content import CARD_BY_NAME, CARD_NAMES, COLOURS, NUM_WITNESSES
from inkhorn.games.verse_variant.rules import (
    add_to_hand,
    clockwise,
    eureka_gain,
    lacuna_to_feature,
    place_cube,
    put,
    refresh_grant,
    spend_grant,
    spend_tool,
    tokenise,
)
from inkhorn.games.verse_variant.state import TRACK_SPACES
from inkhorn.games.verse_variant.steps import Ask, SealedAsk, handler

W = NUM_WITNESSES
KINDS = (*COLOURS, "lacuna")
START: dict[str, Callable] = {}
TRIGGER: dict[str, Callable] = {}
DECLINE: dict[str, Callable] = {}


def start(code: str):
    def wrap(fn):
        START[code] = fn
        return fn

    return wrap


def on_trigger(code: str):
    def wrap(fn):
        TRIGGER[code] = fn
        return fn

    return wrap


def col(action: str) -> int:
    return COLOURS.index(action.split(":")[1])


def kind_of(action: str) -> int:
    return KINDS.index(action.split(":")[1])


def card_of(action: str) -> int:
    return CARD_BY_NAME[action.split(":", 1)[1]]


def held_features(s, seat: int) -> list[int]:
    b = seat * 6
    return [c for c in range(5) if s.ledger[b + c] > 0]


def held_kinds(s, seat: int) -> list[int]:
    b = seat * 6
    return [k for k in range(6) if s.ledger[b + k] > 0]


def desk_witnesses(s, st=None) -> list[int]:
    return sorted(c for c in s.desk if c < W)


def desk_corrupt(s, st=None) -> list[int]:
    return sorted(c for c in s.desk if c < W and s.content.yields[c][6] >= 0)


def discard_from_desk(s, card: int) -> None:
    s.desk.remove(card)
    s.discard.append(card)


def tokenise_from_desk(s, seat: int, card: int) -> None:
    """A Desk Witness turns into tokens for ``seat``; the card itself is discarded."""
    s.desk.remove(card)
    tokenise(s, seat, card)
    s.discard.append(card)


SLOT_NAMES = tuple(f"{COLOURS[i // 3]}:{i % 3 + 1}" for i in range(15))


def slot_name(idx: int) -> str:
    return "slot:" + SLOT_NAMES[idx]


def slot_index(action: str) -> int:
    _, colour, n = action.split(":")
    return COLOURS.index(colour) * 3 + int(n) - 1


def own_slots(s, seat: int) -> list[int]:
    return [i for i, x in enumerate(s.slots) if x == seat]


def open_slots(s, exclude_inst: int = -1) -> list[int]:
    return [i for i, x in enumerate(s.slots) if x < 0 and i // 3 != s.embargo and i // 3 != exclude_inst]


def unplace(s, idx: int) -> None:
    """A cube leaves its slot and returns to its owner's stock (its stars go with it)."""
    seat = s.slots[idx]
    if s.options.slot_stars == "placed" and not s.nostar[idx]:
        s.prestige[seat] -= s.content.slot_stars[idx]
    s.slots = put(s.slots, idx, -1)
    s.nostar = put(s.nostar, idx, 0)
    s.cubes = put(s.cubes, seat, s.cubes[seat] + 1)


def everyone(
    s, seat: int, code: str, *, when: Callable = lambda s, x: True, data: tuple = (),
    otherwise: Callable | None = None,
) -> None:
    """Ask each scholar for whom ``when(s, x)`` holds, clockwise from ``seat``; to each
    other scholar, in the same order, ``otherwise(s, x)`` happens at once."""
    steps = []
    for x in clockwise(s, seat):
        if when(s, x):
            steps.append(Ask(x, code, 0, data))
        elif otherwise is not None:
            otherwise(s, x)
    s.push(*steps)


def choice_step(
    code: str, prompt, prefix: str, names: tuple[str, ...], options: Callable, apply: Callable,
    extra: tuple[str, ...] = (),
):
    """A Tool step choosing one of ``options(s, st)`` (indices into ``names``), offered as
    ``prefix:name``; ``apply(s, st, index)`` carries it out. An ``extra`` action (``done``,
    ``pass``) ends the step doing nothing."""
    head = prefix + ":"
    index = {head + n: i for i, n in enumerate(names)}

    @handler(code, prompt)
    class _Choice:
        @staticmethod
        def legal(s, st):
            return [*extra, *(head + names[i] for i in options(s, st))]

        @staticmethod
        def resolve(s, st, action):
            if action in extra:
                return
            apply(s, st, index[action])

    return _Choice


def colours_step(code: str, prompt, options: Callable, apply: Callable, extra: tuple[str, ...] = ()):
    """A Tool step choosing one colour among ``options(s, st)``; ``apply(s, st, colour)``."""
    return choice_step(code, prompt, "colour", COLOURS, options, apply, extra)


def cards_step(code: str, prompt, options: Callable, apply: Callable, extra: tuple[str, ...] = ()):
    """A Tool step choosing one card among ``options(s, st)``; ``apply(s, st, card)``."""
    return choice_step(code, prompt, "card", CARD_NAMES, options, apply, extra)


def slots_step(code: str, prompt, options: Callable, apply: Callable, extra: tuple[str, ...] = ()):
    """A Tool step choosing one Institution slot among ``options(s, st)``; ``apply(s, st, slot)``."""
    return choice_step(code, prompt, "slot", SLOT_NAMES, options, apply, extra)


def nonempty_tracks(s, st=None) -> list[int]:
    return [c for c in range(5) if s.tracks[c]]


ALL5 = lambda s, st: range(5)  # noqa: E731


# ---- Tier 1 ----------------------------------------------------------------------------------
@start("T-1a")
def _1a(s, seat):
    if held_kinds(s, seat) and desk_witnesses(s):
        s.push(Ask(seat, "T-1a"))


@handler("T-1a", lambda s, st: "Palimpsest Scraper: which of your tokens goes to the Desk?" if st.stage == 0 else "Which Desk Witness do you take?")
class PalimpsestScraper:
    @staticmethod
    def legal(s, st):
        if st.stage == 0:
            return ["tok:" + KINDS[k] for k in held_kinds(s, st.seat)]
        return ["card:" + CARD_NAMES[c] for c in desk_witnesses(s)]

    @staticmethod
    def resolve(s, st, action):
        if st.stage == 0:
            s.push(Ask(st.seat, "T-1a", 1, (kind_of(action),)))
            return
        k = st.data[0]
        s.ledger[st.seat * 6 + k] -= 1
        s.desk_tok[k] += 1
        tokenise_from_desk(s, st.seat, card_of(action))


@start("T-1b")
def _1b(s, seat):
    if desk_corrupt(s):
        s.push(Ask(seat, "T-1b"))


cards_step(
    "T-1b", "Ink Eraser: which Corruption card leaves the Desk?", desk_corrupt,
    lambda s, st, card: discard_from_desk(s, card),
)


@start("T-1c")
def _1c(s, seat):
    s.picks = (-1,) * s.num_players
    s.push(*(SealedAsk(x, "T-1c") for x in clockwise(s, seat)))


@handler("T-1c", "Synoptic Chart: secretly pick a Witness colour from your hand")
class SynopticChart:
    @staticmethod
    def legal(s, st):
        colours = sorted({c // 9 for c in s.hands[st.seat] if c < W})
        return ["show:" + COLOURS[c] for c in colours] or ["show:none"]

    @staticmethod
    def resolve(s, st, action):
        name = action[5:]
        s.picks = put(s.picks, st.seat, COLOURS.index(name) if name != "none" else 5)
        if min(s.picks) < 0:
            return
        shown = set(s.picks)
        for c in range(5):
            if c in shown:
                s.take_from_track(c)
                s.supply[c] += 1
            else:
                s.supply[c] -= 1
                s.return_to_track(c)
        s.picks = (-1,) * s.num_players


@start("T-1d")
def _1d(s, seat):
    if s.ledger[seat * 6 + 5]:
        s.push(Ask(seat, "T-1d", 0, (2,)))


def _size(s, st, c):
    seat = st.seat
    lacuna_to_feature(s, seat, c)
    left = st.data[0] - 1
    if left and s.ledger[seat * 6 + 5]:
        s.push(Ask(seat, "T-1d", 0, (left,)))


colours_step("T-1d", "Parchment Sizer: turn a Lacuna into which Feature?", ALL5, _size, extra=("done",))


# T-1e Quill Sharpener: used from the Primary decision (rules.Turn).


# ---- Tier 2 ----------------------------------------------------------------------------------
@start("T-2a")
def _2a(s, seat):
    if held_features(s, seat):
        s.push(Ask(seat, "T-2a"))


colours_step(
    "T-2a", "Fragment Facsimile: copy which of your Features?",
    lambda s, st: held_features(s, st.seat),
    lambda s, st, c: s.gain_feature(st.seat, c),
)


@start("T-2b")
def _2b(s, seat):
    if nonempty_tracks(s):
        s.push(Ask(seat, "T-2b"))


def _move_stack(s, src: int, dst: int) -> None:
    """A stack moves to another track: its tokens swap colour through the supply (R21)."""
    size = s.tracks[src].pop()
    s.supply[src] += size
    s.supply[dst] -= size
    _put_stack(s, dst, size)


def _put_stack(s, colour: int, size: int) -> None:
    t = s.tracks[colour]
    if len(t) < TRACK_SPACES:
        t.append(size)
    else:
        t[-1] += size


@handler("T-2b", lambda s, st: "Scribal Index: move the top stack of which track?" if st.stage == 0 else "onto which track?")
class ScribalIndex:
    @staticmethod
    def legal(s, st):
        if st.stage == 0:
            return ["from:" + COLOURS[c] for c in nonempty_tracks(s)]
        return ["to:" + COLOURS[c] for c in range(5) if c != st.data[0]]

    @staticmethod
    def resolve(s, st, action):
        if st.stage == 0:
            s.push(Ask(st.seat, "T-2b", 1, (col(action),)))
            return
        _move_stack(s, st.data[0], col(action))


@start("T-2c")
def _2c(s, seat):
    for x in clockwise(s, seat):
        s.gain_lacuna(x)


@on_trigger("T-2d")
def _2d(s, seat):
    spend_tool(s, seat, "T-2d")
    s.push(Ask(seat, "grant", 0, ("gloss",)))


def _maj_plus(s, st, c):
    i = st.seat * 5 + c
    s.maj_mod = put(s.maj_mod, i, s.maj_mod[i] + 1)


colours_step("T-2e", "Major Reference: count one more token of which Feature?", ALL5, _maj_plus)


# ---- Tier 3 ----------------------------------------------------------------------------------
@start("T-3a")
def _3a(s, seat):
    if desk_corrupt(s):
        s.push(Ask(seat, "T-3a", 0, (2,)))


def _desalinate(s, st, card):
    discard_from_desk(s, card)
    if st.data[0] > 1 and desk_corrupt(s):
        s.push(Ask(st.seat, "T-3a", 0, (1,)))


cards_step("T-3a", "Desalination Bath: remove which Corruption card?", desk_corrupt, _desalinate, extra=("done",))


def _least_demand(s, spot: int) -> list[int]:
    others = [c for c in range(5) if c != spot]
    low = min(s.demand(c) for c in others)
    return [c for c in others if s.demand(c) == low]


@start("T-3b")
def _3b(s, seat):
    spot = s.spotlight()
    if spot < 0 or not s.tracks[spot]:
        return
    targets = _least_demand(s, spot)
    if len(targets) == 1:
        _move_stack(s, spot, targets[0])
    else:
        s.push(Ask(seat, "T-3b", 0, (spot,)))


colours_step(
    "T-3b", "Scriptorium Survey: which least-Demand track receives the stack?",
    lambda s, st: _least_demand(s, st.data[0]),
    lambda s, st, c: _move_stack(s, st.data[0], c),
)


@on_trigger("T-3c")
def _3c(s, seat):
    spend_tool(s, seat, "T-3c")
    s.push(Ask(seat, "T-3c"))


cards_step(
    "T-3c", "Variant Matrix: which Witness of this Desk yields twice?",
    lambda s, st: [c for c in desk_witnesses(s) if s.content.yields[c][6] < 0],
    lambda s, st, card: setattr(s, "cl_double", card),
)


# T-3d Glossator's Note: switched on from the Primary or Window decision (rules).


@start("T-3e")
def _3e(s, seat):
    if any(open_slots(s, i // 3) for i in own_slots(s, seat)):
        s.push(Ask(seat, "T-3e"))


@handler("T-3e", lambda s, st: "Critical Apparatus: move which of your cubes?" if st.stage == 0 else "to which open slot?")
class CriticalApparatus:
    @staticmethod
    def legal(s, st):
        if st.stage == 0:
            return ["from:" + slot_name(i)[5:] for i in own_slots(s, st.seat) if open_slots(s, i // 3)]
        return [slot_name(i) for i in open_slots(s, st.data[0] // 3)]

    @staticmethod
    def resolve(s, st, action):
        if st.stage == 0:
            s.push(Ask(st.seat, "T-3e", 1, (slot_index("x:" + action[5:]),)))
            return
        unplace(s, st.data[0])
        place_cube(s, st.seat, slot_index(action))


# ---- Tier 4 ----------------------------------------------------------------------------------
# T-4a Double-Take Crew and T-4d Gate Seal: offered in the Preservation Window (rules).


@start("T-4b")
def _4b(s, seat):
    if own_slots(s, seat):
        s.push(Ask(seat, "T-4b"))


def _take_back_refresh(s, st, idx):
    unplace(s, idx)
    refresh_grant(s, st.seat)


slots_step("T-4b", "Spare Porter Team: take back which cube?", lambda s, st: own_slots(s, st.seat), _take_back_refresh)


@start("T-4c")
def _4c(s, seat):
    s.old_guard = 1


@start("T-4e")
def _4e(s, seat):
    s.quill_claim = seat


# ---- Tier 5 ----------------------------------------------------------------------------------
@start("T-5a")
def _5a(s, seat):
    if len(nonempty_tracks(s)) >= 2:
        s.push(Ask(seat, "T-5a"))


@handler("T-5a", lambda s, st: "Illumination Stylus: swap which stack (track and space)?" if st.stage == 0
         else "with which stack of another track?")
class IlluminationStylus:
    """"Swap any two stacks of Feature Tokens from different tracks": any stack, not only the
    top ones; ``from:<track>:<space>`` then ``with:<track>:<space>`` (spaces from 1)."""

    @staticmethod
    def legal(s, st):
        word = "from" if st.stage == 0 else "with"
        return [
            f"{word}:{COLOURS[c]}:{k + 1}"
            for c in nonempty_tracks(s) if st.stage == 0 or c != st.data[0]
            for k in range(len(s.tracks[c]))
        ]

    @staticmethod
    def resolve(s, st, action):
        space = int(action.rsplit(":", 1)[1]) - 1
        if st.stage == 0:
            s.push(Ask(st.seat, "T-5a", 1, (col(action), space)))
            return
        (x, i), y = st.data, col(action)
        a, b = s.tracks[x], s.tracks[y]
        diff = a[i] - b[space]
        s.supply[x] += diff
        s.supply[y] -= diff
        a[i], b[space] = b[space], a[i]


@start("T-5b")
def _5b(s, seat):
    s.supply[5] -= 1
    s.desk_tok[5] += 1
    s.push(Ask(seat, "T-5b"))


colours_step("T-5b", "Quire Tuck: draw a token of which Feature?", ALL5, lambda s, st, c: s.gain_feature(st.seat, c))


def _feint(s, st, c):
    """T-5c (ruling R13): one token of the named Feature at this Majority Scoring, and one of
    its owner's choice at Final Scoring; or, as an option, a lasting token from the supply."""
    if s.options.footnote_feint == "lasting":
        s.gain_feature(st.seat, c, from_track=False)
        return
    _maj_plus(s, st, c)
    s.feints = (*s.feints, st.seat)


colours_step(
    "T-5c",
    lambda s, st: "Footnote Feint: this card becomes a token of which Feature?" if s.options.footnote_feint == "lasting"
    else "Footnote Feint: count it as a token of which Feature at this Majority Scoring?",
    ALL5, _feint,
)


def _ledger_fetchable(s) -> list[int]:
    return [t for t in s.set_aside if (t - W) // 5 + 1 <= 5]


@start("T-5d")
def _5d(s, seat):
    if s.ledger[seat * 6 + 5] and _ledger_fetchable(s):
        s.push(Ask(seat, "T-5d"))


@handler("T-5d", lambda s, st: "Paleographic Ledger: take which set-aside Tool?" if st.stage == 0 else "Place which hand card face up on the Desk?")
class PaleographicLedger:
    @staticmethod
    def legal(s, st):
        if st.stage == 0:
            return ["fetch:" + CARD_NAMES[t] for t in _ledger_fetchable(s)]
        return ["place:" + CARD_NAMES[c] for c in s.hands[st.seat]]

    @staticmethod
    def resolve(s, st, action):
        seat = st.seat
        card = card_of(action)
        if st.stage == 0:
            s.ledger[seat * 6 + 5] -= 1
            s.supply[5] += 1
            aside = [c for c in s.set_aside if c != card]
            add_to_hand(s, seat, card)
            own = CARD_BY_NAME["T-5d"]
            s.deck_cards = tuple(sorted([*(c for c in s.deck_cards if c != own), card]))
            s.set_aside = tuple(sorted([*aside, own]))
            s.push(Ask(seat, "T-5d", 1))
        else:
            s.hands[seat].remove(card)
            s.desk.append(card)


colours_step("T-5e", "Colophon Sigil: count one more token of which Feature?", ALL5, _maj_plus)


# ---- Tier 6 ----------------------------------------------------------------------------------
@start("T-6a")
def _6a(s, seat):
    if desk_witnesses(s):
        s.push(Ask(seat, "T-6a"))


cards_step(
    "T-6a", "Quire Consolidator: tokenise which Desk Witness?", desk_witnesses,
    lambda s, st, card: tokenise_from_desk(s, st.seat, card),
)


@start("T-6b")
def _6b(s, seat):
    s.wash = 1
    for c in desk_corrupt(s):
        discard_from_desk(s, c)


def _reclass_targets(s) -> list[str]:
    y = s.content.yields
    cards = ["card:" + CARD_NAMES[c] for c in desk_witnesses(s) if sum(y[c][:5])]
    return cards + ["tok:" + COLOURS[c] for c in range(5) if s.desk_tok[c]]


@start("T-6c")
def _6c(s, seat):
    if held_features(s, seat) and _reclass_targets(s):
        s.push(Ask(seat, "T-6c", 0, (3,)))


@handler("T-6c", lambda s, st: "Ink Reclassification: give up which Feature?" if st.stage == 0 else "take which Desk Feature?")
class InkReclassification:
    @staticmethod
    def legal(s, st):
        if st.stage == 0:
            return ["done", *("give:" + COLOURS[c] for c in held_features(s, st.seat))]
        return _reclass_targets(s)

    @staticmethod
    def resolve(s, st, action):
        seat = st.seat
        if action == "done":
            return
        if st.stage == 0:
            c = col(action)
            s.ledger[seat * 6 + c] -= 1
            s.desk_tok[c] += 1
            s.push(Ask(seat, "T-6c", 1, (st.data[0],)))
            return
        if action.startswith("tok:"):
            c = col(action)
            s.desk_tok[c] -= 1
            s.ledger[seat * 6 + c] += 1
        else:
            tokenise_from_desk(s, seat, card_of(action))
        left = st.data[0] - 1
        if left and held_features(s, seat) and _reclass_targets(s):
            s.push(Ask(seat, "T-6c", 0, (left,)))


@on_trigger("T-6d")
def _6d(s, seat):
    spend_tool(s, seat, "T-6d")
    s.push(Ask(seat, "T-6d"))


def _archive_tool(s, st, card):
    discard_from_desk(s, card)
    s.supply[5] -= 1
    s.desk_tok[5] += 1
    s.push(Ask(st.seat, "T-6d"))


cards_step(
    "T-6d", "Archival Priority: discard which Tool of this Desk (a Lacuna replaces it)?",
    lambda s, st: [c for c in sorted(s.desk) if c >= W and c != CARD_BY_NAME["T-6d"]], _archive_tool, extra=("done",),
)


@start("T-6e")
def _6e(s, seat):
    everyone(s, seat, "T-6e", when=lambda s, x: s.spent[x] > 0 and any(s.ledger[x * 6 + c] >= 4 for c in range(5)))


@handler("T-6e", "Porter Consortium: discard four Features of one colour to refresh a Grant?")
class PorterConsortium:
    @staticmethod
    def legal(s, st):
        b = st.seat * 6
        ok = s.spent[st.seat] > 0
        return ["pass", *("pay:" + COLOURS[c] for c in range(5) if ok and s.ledger[b + c] >= 4)]

    @staticmethod
    def resolve(s, st, action):
        if action == "pass":
            return
        c = col(action)
        s.ledger[st.seat * 6 + c] -= 4
        s.supply[c] += 4
        refresh_grant(s, st.seat)


# ---- Tier 7 ----------------------------------------------------------------------------------
@start("T-7a")
def _7a(s, seat):
    s.push(Ask(seat, "T-7a"))


def _collate(s, st, c):
    t = s.tracks[c]
    for i in range(len(t) - 1, -1, -1):
        if t[i] > 1:
            k = min(2, t[i] - 1, TRACK_SPACES - len(t))
            t[i] -= k
            t.extend([1] * k)
            break
    s.spot_next = c


colours_step("T-7a", "Codex Collator: which track (its colour is Spotlight next bout)?", ALL5, _collate)


@on_trigger("T-7b")
def _7b(s, seat):
    spend_tool(s, seat, "T-7b")
    s.push(Ask(seat, "shelve", 0, (3, "T-7b")))


@handler("shelve", lambda s, st: f"{st.data[1]}: protect which token ({st.data[0]} at most)?")
class Shelve:
    """Reserve Shelf / Manuscript Vault: tokens move to the protected pile."""

    @staticmethod
    def legal(s, st):
        return ["done", *("tok:" + KINDS[k] for k in held_kinds(s, st.seat))]

    @staticmethod
    def resolve(s, st, action):
        if action == "done":
            return
        i = st.seat * 6 + kind_of(action)
        s.ledger[i] -= 1
        s.vault = put(s.vault, i, s.vault[i] + 1)
        left = st.data[0] - 1
        if left and held_kinds(s, st.seat):
            s.push(Ask(st.seat, "shelve", 0, (left, st.data[1])))


@handler("T-7c", lambda s, st: "Grant Writer: place a free cube on which Institution?" if st.stage == 0 else "take the slot's stars or its perk?")
class GrantWriter:
    @staticmethod
    def legal(s, st):
        if st.stage == 0:
            return ["grant:" + COLOURS[i] for i in range(5) if i != s.embargo and any(s.slots[i * 3 + j] < 0 for j in range(3))]
        return ["stars", "perk"]

    @staticmethod
    def resolve(s, st, action):
        seat = st.seat
        if st.stage == 0:
            s.push(Ask(seat, "T-7c", 1, (col(action),)))
            return
        from inkhorn.games.verse_variant.rules import slot_of

        s.ledger[seat * 6 + 5] -= 2
        s.supply[5] += 2
        place_cube(s, seat, slot_of(s, st.data[0]), stars=action == "stars", perk=action == "perk")


@start("T-7d")
def _7d(s, seat):
    if nonempty_tracks(s):
        s.push(Ask(seat, "T-7d"))


def _reset(s, st, c):
    t = s.tracks[c]
    if t[-1] == 1 or len(t) == TRACK_SPACES:
        s.gain_feature(st.seat, c)
    else:
        t[-1] -= 1
        t.append(1)


colours_step("T-7d", "Demand Reset: take the top token of which track?", nonempty_tracks, _reset)


@on_trigger("T-7e")
def _7e(s, seat):
    s.push(Ask(seat, "T-7e"))


@handler("T-7e", "Copyist Guild: take which Tool of this haul into hand?")
class CopyistGuild:
    @staticmethod
    def legal(s, st):
        return ["take:" + CARD_NAMES[c] for c in sorted(s.haul)]

    @staticmethod
    def resolve(s, st, action):
        card = card_of(action)
        s.haul.remove(card)
        add_to_hand(s, st.seat, card)
        spend_tool(s, st.seat, "T-7e")


# ---- Tier 8 ----------------------------------------------------------------------------------
@start("T-8a")
def _8a(s, seat):
    s.push(Ask(seat, "T-8a"))


colours_step("T-8a", "Marginal Gloss: which colour is Spotlight next bout?", ALL5, lambda s, st, c: setattr(s, "spot_next", c))


@on_trigger("T-8b")
def _8b(s, seat):
    spend_tool(s, seat, "T-8b")
    s.elevated[seat] |= 1


@on_trigger("T-8d")
def _8d(s, seat):
    spend_tool(s, seat, "T-8d")
    s.quill_claim = seat


@on_trigger("T-8e")
def _8e(s, seat):
    spot = s.spotlight()
    if spot >= 0 and s.lead >= 0:
        spend_tool(s, seat, "T-8e")
        s.lead = spot
        s.elevated[s.lead_seat] |= 2


# ---- Tier 9 ----------------------------------------------------------------------------------
@start("T-9a")
def _9a(s, seat):
    if held_kinds(s, seat):
        s.push(Ask(seat, "shelve", 0, (3, "T-9a")))


@start("T-9b")
def _9b(s, seat):
    if any(sum(t) >= 2 for t in s.tracks):
        s.push(Ask(seat, "T-9b"))


def _surge(s, st, c):
    t = s.tracks[c]
    s.take_from_track(c)
    emptied = t[-1] == 1
    s.take_from_track(c)
    if emptied or len(t) + 2 > TRACK_SPACES:
        s.desk_tok[c] += 2
    else:
        t.extend((1, 1))


colours_step("T-9b", "Demand Surge: take two top tokens of which track?", lambda s, st: [c for c in range(5) if sum(s.tracks[c]) >= 2], _surge)
colours_step(
    "T-9c", "Portico of Scholars: one Lacuna counts as which Feature?",
    lambda s, st: range(5) if s.holdings(st.seat)[5] else [], _maj_plus, extra=("skip",),
)


@on_trigger("T-9d")
def _9d(s, seat):
    spend_tool(s, seat, "T-9d")
    s.cl_rapid = 1


@start("T-9e")
def _9e(s, seat):
    refresh_grant(s, seat)
    others = clockwise(s, seat)[1:]
    if not others:
        return
    for c in range(5):
        to = others[c % len(others)]
        if s.tracks[c]:
            s.take_from_track(c)
            s.ledger[to * 6 + c] += 1
        else:
            s.gain_lacuna(to)


# ---- Tier 10 ---------------------------------------------------------------------------------
# T-10a Momentum Accelerator: applied when the Eureka is spent (rules.Turn).


@on_trigger("T-10b")
def _10b(s, seat):
    spend_tool(s, seat, "T-10b")
    if s.tableau[seat] and CARD_BY_NAME["T-10a"] in s.tableau[seat]:
        spend_tool(s, seat, "T-10a")
    else:
        s.eureka[seat] = 0
    s.boost = put(s.boost, seat, 2)


@start("T-10c")
def _10c(s, seat):
    if not s.eureka[seat] and not s.no_eureka and held_features(s, seat):
        s.push(Ask(seat, "T-10c"))


@handler("T-10c", "Momentum Forge: discard a Feature for a Eureka disc?")
class MomentumForge:
    @staticmethod
    def legal(s, st):
        return ["skip", *("tok:" + COLOURS[c] for c in held_features(s, st.seat))]

    @staticmethod
    def resolve(s, st, action):
        if action == "skip":
            return
        s.discard_token(st.seat, col(action))
        s.eureka[st.seat] = 1


@start("T-10d")
def _10d(s, seat):
    s.mom_exchange = 1


@on_trigger("T-10e")
def _10e(s, seat):
    spend_tool(s, seat, "T-10e")
    s.finish = (seat, *(x for x in s.finish if x != seat))
    s.winner = seat
    for x in range(s.num_players):
        if x != seat:
            eureka_gain(s, x)


DECLINE["T-10e"] = eureka_gain


# ---- Tier 11 ---------------------------------------------------------------------------------
colours_step("T-11a", "Statistical Model: in which colour do 2nd and 3rd earn 6 and 3?", ALL5, lambda s, st, c: setattr(s, "maj_stat", (*s.maj_stat, c)))


@on_trigger("T-11b")
def _11b(s, seat):
    spend_tool(s, seat, "T-11b")
    s.cl_surge = 1


def _cite(s, st, c):
    s.gain_feature(st.seat, c)
    if st.data[0] > 1 and nonempty_tracks(s):
        s.push(Ask(st.seat, "T-11b", 0, (st.data[0] - 1,)))


colours_step(
    "T-11b", lambda s, st: f"Citation Surge: draw a Feature from which track? ({st.data[0]} left)",
    nonempty_tracks, _cite, extra=("done",),
)


@handler("T-11c", "Lacunose Insight: a Lacuna counts as which Feature?")
class LacunoseInsight:
    @staticmethod
    def legal(s, st):
        used = st.data[1] if st.data else 0
        if s.holdings(st.seat)[5] <= used:
            return ["done"]
        return ["done", *("colour:" + c for c in COLOURS)]

    @staticmethod
    def resolve(s, st, action):
        if action == "done":
            return
        left, used = st.data if st.data else (2, 0)
        _maj_plus(s, st, col(action))
        if left > 1:
            s.push(Ask(st.seat, "T-11c", 0, (left - 1, used + 1)))


@start("T-11d")
def _11d(s, seat):
    s.push(Ask(seat, "T-11d"))


colours_step("T-11d", "Methodological Note: which colour can no longer be Spotlight?", ALL5, lambda s, st, c: setattr(s, "excluded", s.excluded | 1 << c))


@start("T-11e")
def _11e(s, seat):
    spot = s.spotlight()
    if spot >= 0:
        s.embargo = s.content.inst_feature.index(spot)
    else:
        s.push(Ask(seat, "T-11e"))


colours_step("T-11e", "Publication Embargo: which Institution is closed?", ALL5, lambda s, st, c: setattr(s, "embargo", c))


# ---- Tier 12 ---------------------------------------------------------------------------------
@start("T-12a")
def _12a(s, seat):
    steps = []
    for x in clockwise(s, seat):
        if not spend_grant(s, x) and held_features(s, x):
            steps.append(Ask(x, "lose", 0, (1, "T-12a")))
    s.push(*steps)


@handler("lose", lambda s, st: f"{st.data[1]}: discard which Feature?")
class Lose:
    """Ink Bleed / Scriptorium Fire / Preservation Crisis: a Feature of one's choice is lost."""

    @staticmethod
    def legal(s, st):
        return ["tok:" + COLOURS[c] for c in held_features(s, st.seat)]

    @staticmethod
    def resolve(s, st, action):
        s.discard_token(st.seat, col(action))
        if st.data[0] > 1 and held_features(s, st.seat):
            s.push(Ask(st.seat, "lose", 0, (st.data[0] - 1, st.data[1])))


@start("T-12b")
def _12b(s, seat):
    everyone(s, seat, "lose", when=lambda s, x: bool(held_features(s, x)), data=(1, "T-12b"))


@start("T-12c")
def _12c(s, seat):
    everyone(s, seat, "lose", when=lambda s, x: bool(held_features(s, x)), data=(2, "T-12c"))


@start("T-12d")
def _12d(s, seat):
    everyone(s, seat, "T-12d", when=lambda s, x: bool(own_slots(s, x)), otherwise=spend_grant)


slots_step(
    "T-12d", "Funding Cut: take back which of your cubes?", lambda s, st: own_slots(s, st.seat),
    lambda s, st, idx: unplace(s, idx),
)


@start("T-12e")
def _12e(s, seat):
    if nonempty_tracks(s):
        s.push(Ask(seat, "T-12e"))


colours_step("T-12e", "Catalogue Mix-Up: draw a token from which track?", nonempty_tracks, lambda s, st, c: s.gain_feature(st.seat, c))


# ---- Tier 13 ---------------------------------------------------------------------------------
def _most_held(s, x: int) -> list[int]:
    b = x * 6
    top = max(s.ledger[b : b + 5])
    return [c for c in range(5) if s.ledger[b + c] == top] if top else []


@start("T-13a")
def _13a(s, seat):
    steps = []
    for x in clockwise(s, seat):
        most = _most_held(s, x)
        if len(most) == 1:
            s.discard_token(x, most[0], to_track=True)
        elif most:
            steps.append(Ask(x, "T-13a"))
    s.push(*steps)


colours_step(
    "T-13a", "Ink Erosion: return one of your most-held Features, which?",
    lambda s, st: _most_held(s, st.seat), lambda s, st, c: s.discard_token(st.seat, c, to_track=True),
)


@start("T-13b")
def _13b(s, seat):
    everyone(s, seat, "T-13b")


@handler("T-13b", "Scholar Symposium: pass which token to your left?")
class ScholarSymposium:
    @staticmethod
    def legal(s, st):
        return ["tok:" + KINDS[k] for k in held_kinds(s, st.seat)] or ["tok:supply"]

    @staticmethod
    def resolve(s, st, action):
        to = (st.seat + 1) % s.num_players
        if action == "tok:supply":
            s.gain_lacuna(to)
            return
        k = kind_of(action)
        s.ledger[st.seat * 6 + k] -= 1
        s.ledger[to * 6 + k] += 1


@start("T-13c")
def _13c(s, seat):
    t = s.tracks
    while True:
        lens = [len(x) for x in t]
        hi = lens.index(max(lens))
        lo = lens.index(min(lens))
        if lens[hi] - lens[lo] <= 1:
            return
        _move_stack(s, hi, lo)


@start("T-13d")
def _13d(s, seat):
    s.eureka = [0] * s.num_players
    s.no_eureka = 1


@start("T-13e")
def _13e(s, seat):
    s.end_flag = 1


# ---- Tier 14 ---------------------------------------------------------------------------------
@start("T-14a")
def _14a(s, seat):
    spot = s.spotlight()
    if spot >= 0:
        s.supply[spot] -= s.num_players
        s.desk_tok[spot] += s.num_players


@start("T-14b")
def _14b(s, seat):
    spot = s.spotlight()
    if spot < 0:
        return
    k = 0
    for x in range(s.num_players):
        if s.ledger[x * 6 + spot]:
            s.ledger[x * 6 + spot] -= 1
            k += 1
    if k:
        s.return_to_track(spot, k, one_stack=True)


@start("T-14c")
def _14c(s, seat):
    spot = s.spotlight()
    s.spot_lock = spot if spot >= 0 else 5


# T-14d Spotlight Majority Bonus: applied by majority scoring (scoring.py).


@on_trigger("T-14e")
def _14e(s, seat):
    spend_tool(s, seat, "T-14e")
    s.push(Ask(seat, "T-14e"))


colours_step(
    "T-14e", "Spotlight Archive: draw the Spotlight tokens from which other track?",
    lambda s, st: [c for c in range(5) if c != s.spotlight()], lambda s, st, c: setattr(s, "cl_archive", c),
)


# ---- Tier 15 ---------------------------------------------------------------------------------
@start("T-15a")
def _15a(s, seat):
    for x in clockwise(s, seat):
        refresh_grant(s, x)


@start("T-15b")
def _15b(s, seat):
    for x in clockwise(s, seat):
        if s.eureka[x]:
            s.prestige[x] += 2
        else:
            eureka_gain(s, x)


@start("T-15c")
def _15c(s, seat):
    s.push(*(Ask(x, "T-15c") for x in clockwise(s, seat)))
    for x in reversed(clockwise(s, seat)):
        s.gain_lacuna(x, 2)


colours_step(
    "T-15c", "Universal Lacuna+: take a token of which Feature (from the supply)?", ALL5,
    lambda s, st, c: s.gain_feature(st.seat, c, from_track=False),
)


def _fewest(s, x: int) -> list[int]:
    b = x * 6
    low = min(s.ledger[b : b + 5])
    return [c for c in range(5) if s.ledger[b + c] == low]


@start("T-15d")
def _15d(s, seat):
    everyone(
        s, seat, "T-15d", when=lambda s, x: len(_fewest(s, x)) > 1,
        otherwise=lambda s, x: s.gain_feature(x, _fewest(s, x)[0], from_track=False),
    )


colours_step(
    "T-15d", "Archive Highlight: take one of your scarcest Features, which?",
    lambda s, st: _fewest(s, st.seat), lambda s, st, c: s.gain_feature(st.seat, c, from_track=False),
)


@start("T-15e")
def _15e(s, seat):
    everyone(s, seat, "T-15e", when=lambda s, x: s.cubes[x] > 0, otherwise=refresh_grant)


def _endow(s, st, idx):
    place_cube(s, st.seat, idx)
    f = s.content.inst_feature[idx // 3]
    for _ in range(2):
        s.take_from_track(f)
        s.supply[f] += 1


slots_step(
    "T-15e", "Collaborative Endowment: place a free cube on which open slot?",
    lambda s, st: open_slots(s) if s.cubes[st.seat] > 0 else [], _endow, extra=("pass",),
)
