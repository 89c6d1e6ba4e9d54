"""The flow of Verse & Variant: Sessions, Haggling Bouts, Preservation Windows, claims.

``advance`` runs a small phase machine: each phase either pushes decisions (and waits for
them) or moves on. The decisions themselves are :class:`Ask` handlers registered here
(flow) and in ``tools.py`` (Tool effects).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from inkhorn.games.verse_variant.content import (
    CARD_BY_NAME,
    CARD_NAMES,
    COLOURS,
    NUM_WITNESSES,
    TOOL_BY_CODE,
)
from inkhorn.games.verse_variant.state import put
from inkhorn.games.verse_variant.steps import Ask, SealedAsk, handler

W = NUM_WITNESSES
T = TOOL_BY_CODE
EMBARGO = T["T-11e"]
# Tools that could refresh a Grant (§6.3): those that do it outright, and those that place a
# cube on a slot whose perk may be a Grant (Critical Apparatus, Grant Writer; ruling R27)
REFRESH_TOOLS = frozenset(T[c] for c in ("T-3e", "T-4b", "T-6e", "T-7c", "T-9e", "T-15a", "T-15e"))
MAJORITY_TOOLS = ("T-5c", "T-2e", "T-5e", "T-9c", "T-11a", "T-11c", "T-14d")
CLAIM_TRIGGERS = ("T-6d", "T-3c", "T-14e", "T-11b", "T-9d")


def colour_of(action: str) -> int:
    return COLOURS.index(action.split(":")[1])


# ---- small shared helpers (and ``put``, from the state module) ---------------------------
def has(s, seat: int, code: str) -> bool:
    return T[code] in s.tableau[seat]


def spend_tool(s, seat: int, code: str) -> None:
    """A delayed Tool that has triggered leaves the tableau for the Desk."""
    tid = T[code]
    s.tableau[seat].remove(tid)
    s.desk.append(tid)


def add_to_hand(s, seat: int, card: int) -> None:
    hand = s.hands[seat]
    hand.append(card)
    hand.sort()


def clockwise(s, first: int) -> list[int]:
    n = s.num_players
    return [(first + i) % n for i in range(n)]


def refresh_grant(s, seat: int) -> bool:
    if s.spent[seat]:
        s.spent = put(s.spent, seat, s.spent[seat] - 1)
        s.grants = put(s.grants, seat, s.grants[seat] + 1)
        return True
    return False


def spend_grant(s, seat: int) -> bool:
    if s.grants[seat]:
        s.grants = put(s.grants, seat, s.grants[seat] - 1)
        s.spent = put(s.spent, seat, s.spent[seat] + 1)
        return True
    return False


def lacuna_to_feature(s, seat: int, colour: int) -> None:
    """A Lacuna of ``seat`` goes back to the supply; a Feature token of ``colour`` comes in."""
    s.ledger[seat * 6 + 5] -= 1
    s.supply[5] += 1
    s.gain_feature(seat, colour)


def tokenise(s, seat: int, card: int, double: bool = False) -> None:
    """A Witness becomes tokens in ``seat``'s Ledger; Corruption costs two of its Feature."""
    gain_yield(s, seat, card, double, s.spotlight() if s.cl_archive >= 0 else -1)
    colour = s.content.yields[card][6]
    if colour >= 0:
        corrupt(s, seat, colour)


def gain_yield(s, seat: int, card: int, double: bool, spot: int) -> None:
    """The Feature and Lacuna tokens of one Witness come into ``seat``'s Ledger (§4.6 step 4,
    first bullet); its Corruption is the caller's, after every gain of the haul."""
    y = s.content.yields[card]
    k = 2 if double else 1
    archive = s.cl_archive
    for c in range(5):
        for _ in range(y[c] * k):
            if archive >= 0 and c == spot:
                # Spotlight Archive: the token is drawn from another track instead.
                s.take_from_track(archive)
                s.supply[archive] += 1
                s.gain_feature(seat, c, from_track=False)
            else:
                s.gain_feature(seat, c)
    if y[5]:
        s.gain_lacuna(seat, y[5] * k)


def corrupt(s, seat: int, colour: int) -> None:
    i = seat * 6 + colour
    lost = min(2, s.ledger[i])
    s.ledger[i] -= lost
    s.supply[colour] += lost


def slot_of(s, inst: int) -> int:
    """The left-most open slot of an Institution, or -1."""
    for j in range(3):
        if s.slots[inst * 3 + j] < 0:
            return inst * 3 + j
    return -1


def place_cube(s, seat: int, idx: int, stars: bool = True, perk: bool = True) -> None:
    s.slots = put(s.slots, idx, seat)
    s.cubes = put(s.cubes, seat, s.cubes[seat] - 1)
    s.nostar = put(s.nostar, idx, 0 if stars else 1)
    if stars and s.options.slot_stars == "placed":
        s.prestige[seat] += s.content.slot_stars[idx]
    if perk:
        p = s.content.slot_perk[idx]
        if p == "grant":
            refresh_grant(s, seat)
        elif p == "lacuna":
            s.gain_lacuna(seat)
    if s.laureate < 0 and all(x >= 0 for x in s.slots):
        s.laureate = seat
        refresh_grant(s, seat)


def grant_choices(s, seat: int, cost: int | None = None) -> list[str]:
    """Institutions ``seat`` can fund now (at their own cost, or at ``cost`` tokens)."""
    if s.cubes[seat] <= 0:
        return []
    out = []
    b = seat * 6
    for i in range(5):
        f = s.content.inst_feature[i]
        need = s.content.inst_cost[i] if cost is None else cost
        if i != s.embargo and s.ledger[b + f] >= need and slot_of(s, i) >= 0:
            out.append("grant:" + COLOURS[i])
    return out


def writer_ok(s, seat: int) -> bool:
    return (
        s.ledger[seat * 6 + 5] >= 2
        and s.cubes[seat] > 0
        and any(i != s.embargo and slot_of(s, i) >= 0 for i in range(5))
    )


def eureka_gain(s, seat: int) -> None:
    if not s.no_eureka and not s.eureka[seat]:
        s.eureka[seat] = 1


def start_tool(s, seat: int, card: int) -> None:
    from inkhorn.games.verse_variant.tools import START

    START[CARD_NAMES[card]](s, seat)


def trigger(s, seat: int, code: str, *data) -> Ask:
    return Ask(seat, "trig", 0, (code, *data))


# Delayed Tools whose effect needs what another Tool of the same moment may take away first
# (Reserve Shelf can shelve the one token Gloss Collector would pay): "use" is offered only
# while it holds, when the Tool is offered and again when its turn on the stack comes.
STILL_USABLE: dict[str, Callable[[Any, int], bool]] = {
    "T-2d": lambda s, seat: bool(grant_choices(s, seat, 1)),
}


# ---- the phase machine ----------------------------------------------------------------------
def advance(s) -> None:
    while not s.stack and s.phase != "over":
        PHASES[s.phase](s)


def ph_session_start(s) -> None:
    deck = list(s.deck_cards)
    s.rng.shuffle(deck)
    n = s.num_players
    k = len(deck) // n
    for seat in range(n):
        s.hands[seat] = sorted(deck[seat * k : seat * k + k])
        s.tableau[seat] = []
    s.discard = deck[n * k :]
    s.desk = []
    s.lockdown = (1,) * n
    s.lead_counts = (0,) * 5
    s.last_lead = -1
    s.phase = "bout_start"


def ph_bout_start(s) -> None:
    n = s.num_players
    s.embargo = -1
    for held in s.tableau:
        if EMBARGO in held:
            held.remove(EMBARGO)
            s.desk.append(EMBARGO)
    if all(not h for h in s.hands):
        s.phase = "session_end"
        return
    first = s.quill
    while not s.hands[first]:
        first = (first + 1) % n
    s.order = tuple(x for x in clockwise(s, first) if s.hands[x])
    s.primary = (-1,) * n
    s.echo = (-1,) * n
    s.boost = (0,) * n
    s.elevated = [0] * n
    s.lead = -1
    s.lead_seat = first
    s.winner = -1
    s.finish = ()
    s.turn = 0
    s.spot_bout = s.spot_next
    s.spot_next = -1
    s.phase = "play"


def ph_play(s) -> None:
    if s.turn < len(s.order):
        s.push(Ask(s.order[s.turn], "turn", 0, (0,)))
        return
    s.phase = "rank"
    for seat in s.order:
        if has(s, seat, "T-10b") and s.eureka[seat] and not s.boost[seat]:
            s.push(trigger(s, seat, "T-10b"))


def rank_key(s, seat: int, spot: int, idx: int) -> tuple:
    return card_key(s, seat, s.primary[seat], s.lead, spot, idx)


def card_key(s, seat: int, c: int, lead: int, spot: int, idx: int) -> tuple:
    """How Primary card ``c`` of ``seat``, played ``idx``-th with ``lead`` the Lead colour,
    ranks in the bout (4.3): the larger key wins."""
    b = s.boost[seat]
    if c >= W:
        return (2, (c - W) // 5 + 1 + b, 0, -idx)
    col = c // 9
    el = s.elevated[seat]
    r = (10 if el & 1 else c % 9 + 1) + b
    if col in (lead, spot) or el & 2:
        # a Spotlight card wins a tie, unless Spotlight is the Lead colour: then "no special
        # tie rule applies" (§4.3) and the card played earlier wins (R22), even after Scribe's
        # Momentum made a card of another colour count as the Lead (T-8e)
        return (1, r, 1 if col == spot and spot != lead else 0, -idx)
    return (0, r, 0, -idx)


def ph_rank(s) -> None:
    spot = s.spotlight()
    keyed = sorted(((rank_key(s, seat, spot, i), seat) for i, seat in enumerate(s.order)), reverse=True)
    s.finish = (*(seat for _, seat in keyed), *(x for x in clockwise(s, s.lead_seat) if x not in s.order))
    s.winner = s.finish[0]
    s.phase = "settle"
    if len(s.order) > 1:
        second = s.finish[1]
        if not s.no_eureka and not s.eureka[second]:
            if has(s, second, "T-10e"):
                s.push(trigger(s, second, "T-10e"))
            else:
                s.eureka[second] = 1


def ph_settle(s) -> None:
    """Reveal echoes; the bout's cards join the Desk (delayed Tools go to their tableau)."""
    timing = s.content.timing
    yields = s.content.yields
    for seat in s.order:
        for c, is_primary in ((s.primary[seat], True), (s.echo[seat], False)):
            if c < 0:
                continue
            if c >= W:
                if is_primary and timing[c] != "instant":
                    s.tableau[seat].append(c)
                elif is_primary and c == EMBARGO and s.embargo >= 0 and s.options.embargo_card == "next_bout":
                    # T-11e waits on its Institution (kept in the owner's tableau, in view of all)
                    # and joins the Reading Desk when the next bout starts (R43)
                    s.tableau[seat].append(c)
                elif c in s.set_aside:  # Paleographic Ledger has left the game
                    pass
                else:
                    s.desk.append(c)
            elif s.wash and yields[c][6] >= 0:
                s.discard.append(c)
            else:
                s.desk.append(c)
    s.primary = (-1,) * s.num_players
    s.echo = (-1,) * s.num_players
    if s.lead >= 0:
        s.lead_counts = put(s.lead_counts, s.lead, s.lead_counts[s.lead] + 1)
        s.last_lead = s.lead
    s.widx = 0
    s.phase = "window"
    more = any(s.hands) and not s.end_flag
    if more:
        for seat in clockwise(s, s.winner):
            if has(s, seat, "T-8d"):
                s.push(trigger(s, seat, "T-8d"))


def ph_window(s) -> None:
    if s.widx < len(s.finish):
        s.push(Ask(s.finish[s.widx], "window"))
    else:
        s.phase = "after_window"


def start_claim(s, seat: int) -> None:
    s.phase = "claim"
    s.claimer = seat
    s.cl_stage = 1
    s.cl_double = -1
    s.cl_archive = -1
    s.cl_lac = 0
    s.cl_rapid = 0
    s.cl_surge = 0
    s.haul = []


def ph_claim(s) -> None:
    seat = s.claimer
    st = s.cl_stage
    s.cl_stage += 1
    if st == 1:
        codes = [code for code in CLAIM_TRIGGERS if has(s, seat, code)]
        if codes:
            desk = s.desk
            spot = s.spotlight()
            conds = {
                "T-6d": any(c >= W for c in desk),
                "T-3c": any(c < W and s.content.yields[c][6] < 0 for c in desk),
                "T-14e": spot >= 0 and any(c < W and c // 9 == spot for c in desk),
                "T-11b": True,
                "T-9d": True,
            }
            s.push(*(trigger(s, seat, code) for code in codes if conds[code]))
    elif st == 2:
        s.haul = s.desk
        s.desk = []
        b = seat * 6
        for c in range(5):
            s.ledger[b + c] += s.desk_tok[c]
            s.desk_tok[c] = 0
        if s.desk_tok[5]:
            # Lacuna tokens on the Desk come to the claimer as gained Lacuna.
            k = s.desk_tok[5]
            s.desk_tok[5] = 0
            s.supply[5] += k
            s.gain_lacuna(seat, k)
        # §4.6 step 4: every gain of the haul first, then every Corruption (the Desk's own
        # carried-over markers too), so the order of the cards on the Desk never matters
        spot = s.spotlight() if s.cl_archive >= 0 else -1
        corruptions: list[int] = []
        keep = []
        for card in s.haul:
            if card < W:
                gain_yield(s, seat, card, card == s.cl_double, spot)
                if s.content.yields[card][6] >= 0:
                    corruptions.append(s.content.yields[card][6])
                s.discard.append(card)
            else:
                keep.append(card)
        for c in range(5):
            corruptions.extend([c] * s.desk_cor[c])
            s.desk_cor = put(s.desk_cor, c, 0)
        for c in corruptions:
            corrupt(s, seat, c)
        s.haul = keep
        s.cl_archive = -1
        if s.cl_surge and s.cl_lac:
            s.push(Ask(seat, "T-11b", 0, (s.cl_lac,)))
    elif st == 3:
        if s.haul and has(s, seat, "T-7e"):
            s.push(trigger(s, seat, "T-7e"))
    elif st == 4:
        if s.haul and s.ledger[seat * 6 + 5] >= 2 and s.hands[seat]:
            s.push(Ask(seat, "exchange"))
    elif st == 5:
        s.discard.extend(s.haul)
        s.haul = []
        if grant_choices(s, seat):
            s.push(Ask(seat, "grant", 0, ("normal",)))
    elif st == 6:
        if s.cl_rapid and grant_choices(s, seat):
            s.push(Ask(seat, "grant", 0, ("normal",)))
    elif st == 7:
        if has(s, seat, "T-2d") and STILL_USABLE["T-2d"](s, seat):
            s.push(trigger(s, seat, "T-2d"))
        if has(s, seat, "T-7b") and any(s.ledger[seat * 6 : seat * 6 + 6]):
            s.push(trigger(s, seat, "T-7b"))
    else:
        s.phase = "after_window"


def ph_after_window(s) -> None:
    s.mom_exchange = 0
    s.wash = 0
    s.spot_bout = -1
    s.quill = s.winner
    if s.quill_claim >= 0:
        s.quill = s.quill_claim
        s.quill_claim = -1
    if s.end_flag or not any(s.hands):
        s.phase = "session_end"
        return
    if not any(s.grants) and not _refresh_possible(s):
        s.game_end = 1
        s.phase = "session_end"
        return
    s.phase = "bout_start"


def _refresh_possible(s) -> bool:
    """Grant exhaustion: is a Tool that could refresh a Grant still in hand, tableau or Desk?"""
    for group in (*s.hands, *s.tableau, s.desk):
        for c in group:
            if c in REFRESH_TOOLS:
                return True
    return False


def ph_session_end(s) -> None:
    """6.1-6.2: Desk Witnesses become Desk tokens; cards are gathered; end-of-Session Tools."""
    for card in s.desk:
        if card < W:
            y = s.content.yields[card]
            for c in range(6):
                s.desk_tok[c] += y[c]
                s.supply[c] -= y[c]
            if y[6] >= 0:
                s.desk_cor = put(s.desk_cor, y[6], s.desk_cor[y[6]] + 1)
    s.desk = []
    s.end_flag = 0
    s.phase = "majority"
    steps = []
    for seat in clockwise(s, s.quill):
        for code in MAJORITY_TOOLS:
            if has(s, seat, code) and code != "T-14d":
                steps.append(Ask(seat, code))
    s.push(*steps)


def ph_majority(s) -> None:
    from inkhorn.games.verse_variant.scoring import majority_scoring

    majority_scoring(s)
    n = s.num_players
    s.maj_mod = (0,) * (n * 5)
    s.maj_stat = ()
    s.sessions_done += 1
    for seat in range(n):
        s.tableau[seat] = []
        s.hands[seat] = []
    survivors = sum(1 for g in s.grants if g > 0)
    if s.game_end or s.sessions_done >= n or survivors <= 1:
        s.phase = "final"
        return
    s.session += 1
    s.quill = (s.quill + 1) % n
    s.old_guard = 0
    s.excluded = 0
    s.no_eureka = 0
    s.spot_lock = -1
    s.spot_next = -1
    s.glossator = 0
    s.phase = "session_start"


def ph_final(s) -> None:
    from inkhorn.games.verse_variant.scoring import final_breakdown

    spot = s.spotlight()
    for seat in range(s.num_players):
        s.prestige[seat] += final_breakdown(s, seat)["total"]
    s.final = (spot,)
    s.phase = "over"


PHASES = {
    "session_start": ph_session_start,
    "bout_start": ph_bout_start,
    "play": ph_play,
    "rank": ph_rank,
    "settle": ph_settle,
    "window": ph_window,
    "claim": ph_claim,
    "after_window": ph_after_window,
    "session_end": ph_session_end,
    "majority": ph_majority,
    "final": ph_final,
}


# ---- flow decisions --------------------------------------------------------------------------
@handler("turn", lambda s, st: "Play your Primary card (face up)")
class Turn:
    """4.1: optional Eureka, Anytime Tools, then the Primary card (follow the Lead if able)."""

    @staticmethod
    def legal(s, st) -> list[str]:
        seat = st.seat
        hand = s.hands[seat]
        free = st.data[0]
        acts = []
        if s.eureka[seat] and not s.boost[seat]:
            acts.append("eureka")
        tab = s.tableau[seat]
        if tab:
            if T["T-7c"] in tab and writer_ok(s, seat):
                acts.append("use:T-7c")
            if T["T-3d"] in tab:
                acts.append("use:T-3d")
        lead = s.lead
        playable = hand
        if lead >= 0 and free != 1:
            follow = [c for c in hand if c < W and c // 9 == lead]
            if follow:
                playable = follow
                if free == 2 or s.options.tool_follow == "tools_free":
                    playable = follow + [c for c in hand if c >= W]
                elif tab:
                    if T["T-1e"] in tab:
                        acts.append("use:T-1e")
                    if T["T-8c"] in tab and hand[-1] >= W:
                        acts.append("use:T-8c")
        acts.extend(["play:" + CARD_NAMES[c] for c in playable])
        return acts

    @staticmethod
    def resolve(s, st, action: str) -> None:
        seat = st.seat
        if action == "eureka":
            if has(s, seat, "T-10a"):
                spend_tool(s, seat, "T-10a")
            else:
                s.eureka[seat] = 0
            s.boost = put(s.boost, seat, 2)
            s.push(st)
            return
        if action.startswith("use:"):
            code = action[4:]
            if code == "T-1e":
                spend_tool(s, seat, code)
                s.push(Ask(seat, "turn", 0, (1,)))
            elif code == "T-8c":
                spend_tool(s, seat, code)
                s.push(Ask(seat, "turn", 0, (2,)))
            elif code == "T-3d":
                spend_tool(s, seat, code)
                s.glossator |= 1 << seat
                s.push(st)
            else:  # T-7c
                s.push(st)
                spend_tool(s, seat, code)
                s.push(Ask(seat, "T-7c"))
            return
        card = CARD_BY_NAME[action[5:]]
        s.hands[seat].remove(card)
        s.primary = put(s.primary, seat, card)
        first = s.turn == 0
        s.turn += 1
        if card < W:
            if s.lead == -1:
                s.lead = card // 9
        elif first and s.options.tool_lead == "no_lead":
            s.lead = -2
        if s.hands[seat]:
            s.push(SealedAsk(seat, "echo"))
        if first and s.lead >= 0:
            spot = s.spotlight()
            if spot >= 0 and spot != s.lead:
                s.push(*(trigger(s, x, "T-8e") for x in clockwise(s, seat) if has(s, x, "T-8e")))
        if card >= W and s.content.timing[card] == "instant":
            start_tool(s, seat, card)
        if card < W and has(s, seat, "T-8b"):
            s.push(trigger(s, seat, "T-8b"))


@handler("echo", lambda s, st: "Play your echo card face down onto the Desk")
class Echo:
    @staticmethod
    def legal(s, st) -> list[str]:
        return ["echo:" + CARD_NAMES[c] for c in s.hands[st.seat]]

    @staticmethod
    def resolve(s, st, action: str) -> None:
        card = CARD_BY_NAME[action[5:]]
        s.hands[st.seat].remove(card)
        s.echo = put(s.echo, st.seat, card)


@handler("window", lambda s, st: "Preservation Window: take the Desk, pass or lock it down")
class Window:
    @staticmethod
    def legal(s, st) -> list[str]:
        seat = st.seat
        acts = []
        if s.grants[seat]:
            acts.append("take")
        if s.mom_exchange and s.eureka[seat]:
            acts.append("take:eureka")
        tab = s.tableau[seat]
        if tab and T["T-4a"] in tab and s.features(seat) >= 3:
            acts.append("take:crew")
        acts.append("pass")
        if tab and T["T-4d"] in tab:
            acts.append("seal")
        if s.lockdown[seat]:
            acts.append("lockdown")
        if tab and T["T-7c"] in tab and writer_ok(s, seat):
            acts.append("use:T-7c")
        if tab and T["T-3d"] in tab:
            acts.append("use:T-3d")
        return acts

    @staticmethod
    def resolve(s, st, action: str) -> None:
        seat = st.seat
        if action == "take":
            spend_grant(s, seat)
            start_claim(s, seat)
        elif action == "take:eureka":
            s.eureka[seat] = 0
            start_claim(s, seat)
        elif action == "take:crew":
            spend_tool(s, seat, "T-4a")
            s.push(Ask(seat, "crew", 0, (3,)))
        elif action == "pass":
            s.widx += 1
        elif action == "seal":
            spend_tool(s, seat, "T-4d")
            s.phase = "after_window"
        elif action == "lockdown":
            s.lockdown = put(s.lockdown, seat, 0)
            s.phase = "after_window"
        elif action == "use:T-3d":
            spend_tool(s, seat, "T-3d")
            s.glossator |= 1 << seat
            s.push(st)
        else:
            s.push(st)
            spend_tool(s, seat, "T-7c")
            s.push(Ask(seat, "T-7c"))


@handler("crew", lambda s, st: f"Double-Take Crew: discard a Feature ({st.data[0]} to go)")
class Crew:
    @staticmethod
    def legal(s, st) -> list[str]:
        b = st.seat * 6
        return ["tok:" + COLOURS[c] for c in range(5) if s.ledger[b + c]]

    @staticmethod
    def resolve(s, st, action: str) -> None:
        s.discard_token(st.seat, colour_of(action))
        left = st.data[0] - 1
        if left:
            s.push(Ask(st.seat, "crew", 0, (left,)))
        else:
            start_claim(s, st.seat)


@handler("exchange", lambda s, st: "Lacuna Exchange: give a hand card for a Tool of this haul?" if st.stage == 0 else "Choose the Tool to take into hand")
class Exchange:
    """4.6 step 5: pay two Lacuna, a hand card to the tableau, a haul Tool to the hand."""

    @staticmethod
    def legal(s, st) -> list[str]:
        if st.stage == 0:
            return ["done"] + ["give:" + CARD_NAMES[c] for c in s.hands[st.seat]]
        return ["take:" + CARD_NAMES[c] for c in sorted(s.haul)]

    @staticmethod
    def resolve(s, st, action: str) -> None:
        seat = st.seat
        if action == "done":
            return
        card = CARD_BY_NAME[action[5:]]
        if st.stage == 0:
            s.hands[seat].remove(card)
            s.ledger[seat * 6 + 5] -= 2
            s.supply[5] += 2
            s.push(Ask(seat, "exchange", 1))
            if card >= W:
                s.tableau[seat].append(card)
            else:
                tokenise(s, seat, card)
                s.discard.append(card)
        else:
            s.haul.remove(card)
            add_to_hand(s, seat, card)
            if s.haul and s.ledger[seat * 6 + 5] >= 2 and s.hands[seat]:
                s.push(Ask(seat, "exchange"))


@handler("grant", lambda s, st: "Institution Grant: fill a slot?")
class Grant:
    """4.6 step 6 / 5.2: pay the Institution's Feature tokens, cube on the left-most slot."""

    @staticmethod
    def legal(s, st) -> list[str]:
        mode = st.data[0]
        seat = st.seat
        if mode == "gloss":
            return grant_choices(s, seat, 1)
        return ["skip", *grant_choices(s, seat)]

    @staticmethod
    def resolve(s, st, action: str) -> None:
        if action == "skip":
            return
        seat = st.seat
        inst = colour_of(action)
        f = s.content.inst_feature[inst]
        cost = 1 if st.data[0] == "gloss" else s.content.inst_cost[inst]
        s.ledger[seat * 6 + f] -= cost
        s.return_to_track(f, cost)
        place_cube(s, seat, slot_of(s, inst))


@handler("gloss", lambda s, st: "A gained Lacuna becomes a Feature this Session: which Feature?")
class Gloss:
    """T-3d: the switch outlives its card, which may since have been claimed into a hand
    the seat cannot see, so the prompt names the effect and never the card."""

    @staticmethod
    def legal(s, st) -> list[str]:
        if s.ledger[st.seat * 6 + 5] <= 0:
            return ["keep"]
        return ["colour:" + c for c in COLOURS]

    @staticmethod
    def resolve(s, st, action: str) -> None:
        if action == "keep":
            return
        lacuna_to_feature(s, st.seat, colour_of(action))


@handler("trig", lambda s, st: f"Use {st.data[0]} now?")
class Trigger:
    """A delayed Tool in the tableau whose moment has come: use it or keep it."""

    @staticmethod
    def legal(s, st) -> list[str]:
        code = st.data[0]
        usable = STILL_USABLE.get(code)
        if usable is not None and not usable(s, st.seat):
            return ["keep"]
        return ["use:" + code, "keep"]

    @staticmethod
    def resolve(s, st, action: str) -> None:
        from inkhorn.games.verse_variant.tools import DECLINE, TRIGGER

        code = st.data[0]
        if action == "keep":
            if code in DECLINE:
                DECLINE[code](s, st.seat)
            return
        TRIGGER[code](s, st.seat)
