"""The decisions of a Day and the flow between them.

A Day: set-up (lecterns, sketches, inks in the Cup), the First Hour (inks), the Second Hour
(lecterns), the Last Hour (illuminations), the end of the Day (stock limits, Quill). Each
copyist decision is one small :class:`Step`; a placement is "which sketch", then (only when
needed) "which side", "pay or place free" (borders), and "how much gold for this colour".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from inkhorn.core.errors import IllegalAction, clip
from inkhorn.core.step import Step
from inkhorn.games.scriptoria.content import BLACK, COLOURS, GOLD, KINDS, SUPPLIES
from inkhorn.games.scriptoria.state import (
    EMPTY,
    END_OF_DAY,
    INK_LIMIT,
    INKS,
    LAST,
    LECTERNS,
    OVER,
    QUILL_POINTS,
    STOCK_LIMIT,
)

if TYPE_CHECKING:
    from inkhorn.games.scriptoria.state import ScriptoriaState

SKETCHES_PER_LECTERN = 4
SCRIPTORIUM_START = {2: 20, 3: 12, 4: 0}
CUP_INKS = {2: 11, 3: 17, 4: 23}
QUILL = SUPPLIES.index("quill")
GOLD_LEAF = SUPPLIES.index("gold")

# take actions of the First Hour: 1 or 2 different colours, never gold with black
_TAKES: tuple[tuple[str, tuple[int, ...]], ...] = tuple(
    [(f"take:{COLOURS[a]}", (a,)) for a in range(5)]
    + [
        (f"take:{COLOURS[a]}+{COLOURS[b]}", (a, b))
        for a in range(5)
        for b in range(a + 1, 5)
        if {a, b} != {BLACK, GOLD}
    ]
)
_TAKE_BY_ID = dict(_TAKES)
# the takes open to a Cup, by which colours it holds (bit c: colour c is there)
_TAKES_OPEN: tuple[tuple[str, ...], ...] = tuple(
    tuple(a for a, cols in _TAKES if all(held >> c & 1 for c in cols)) for held in range(1 << len(COLOURS))
)


def ink_take(action: str) -> tuple[int, ...]:
    """The colours a First Hour take action takes."""
    return _TAKE_BY_ID[action]


def seat_name(seat: int) -> str:
    return f"seat{seat}"


def _seat_of(token: str, players: int) -> int:
    if token.startswith("seat") and token[4:].isdigit():
        s = int(token[4:])
        if 0 <= s < players:
            return s
    return -1


# ==== set-up and flow ===========================================================================


def draw_inks(state: ScriptoriaState, n: int) -> list[int]:
    """Draw ``n`` inks from the bag (fewer if it runs out, ruling R14); counts per colour."""
    pool = [c for c in range(5) for _ in range(state.ink_bag[c])]
    got = [0] * 5
    for c in state.rng.sample(pool, min(n, len(pool))):
        got[c] += 1
        state.ink_bag[c] -= 1
    return got


def draw_sketches(state: ScriptoriaState, n: int) -> list[int]:
    """Draw up to ``n`` sketches from the bag (fewer if it runs out, ruling R13)."""
    bag = state.sketch_bag
    picked = sorted(state.rng.sample(bag, min(n, len(bag))))
    if picked:
        chosen = set(picked)
        state.sketch_bag = [s for s in bag if s not in chosen]
    return picked


def start_day(state: ScriptoriaState) -> None:
    c = state.content
    players = state.num_players
    state.day += 1
    n = players + 1
    all_lecterns = range(len(c.lectern_ids))
    if state.options.master and state.day > 1:
        unused = list(state.prev_unused)
        used_before = [i for i in all_lecterns if i not in state.prev_unused]
        if len(unused) >= n:
            chosen = state.rng.sample(unused, n)
        else:
            chosen = unused + state.rng.sample(used_before, n - len(unused))
    else:
        chosen = state.rng.sample(list(all_lecterns), n)
    chosen.sort()
    state.prev_unused = tuple(i for i in all_lecterns if i not in chosen)
    state.lecterns = chosen
    state.lectern_sketches = [tuple(draw_sketches(state, SKETCHES_PER_LECTERN)) for _ in chosen]
    state.lectern_owner = [-1] * n
    for col in range(5):
        state.ink_bag[col] += state.cup[col]
    state.cup = draw_inks(state, CUP_INKS[players])
    state.grimoire = -1
    state.giver = state.archivist
    state.turn = state.archivist
    state.next_archivist = -1
    state.phase = INKS


def _next_ink_seat(state: ScriptoriaState, seat: int) -> int:
    p = state.num_players
    nxt = (seat + 1) % p
    while nxt == state.grimoire:
        nxt = (nxt + 1) % p
    return nxt


def advance(state: ScriptoriaState) -> None:
    """The stack ran empty: push the next decision of the Day (or end the game)."""
    players = state.num_players
    while True:
        phase = state.phase
        if phase == INKS:
            if sum(state.cup) > 0:
                state.push(InkTurn(state.turn))
                return
            state.phase = LECTERNS
            state.giver = state.archivist
            continue
        if phase == LECTERNS:
            owners = state.lectern_owner
            g = state.grimoire
            if g >= 0 and g not in owners:
                state.push(PickLectern(g))
                return
            without = [s for s in range(players) if s not in owners]
            if without:
                if players == 2 and g >= 0:
                    state.push(PickLectern(without[0]))
                else:
                    state.push(GiveLectern(state.giver))
                return
            # the lectern nobody received is set aside; its sketches go to the Scriptorium
            for k, owner in enumerate(owners):
                if owner < 0 and state.lectern_sketches[k]:
                    state.scriptorium = sorted(state.scriptorium + list(state.lectern_sketches[k]))
                    state.lectern_sketches[k] = ()
            state.phase = LAST
            state.turn = state.archivist
            state.push(LastTurn(state.archivist))
            return
        if phase == LAST:
            # a Last Hour turn ended (LastTurn pushes its own successor until "end")
            state.turn = (state.turn + 1) % players
            if state.turn == state.archivist:
                state.phase = END_OF_DAY
                continue
            state.push(LastTurn(state.turn))
            return
        if phase == END_OF_DAY:
            if any(state.scroll_full(s) for s in range(players)) or not state.sketch_bag:
                state.phase = OVER
                return
            for k in range(players):
                s = (state.archivist + k) % players
                if state.ink_total(s) > INK_LIMIT:
                    state.push(DiscardInk(s))
                    return
                if state.stock_used(s) > STOCK_LIMIT and state.stocks[s]:
                    state.push(DiscardSketch(s, False))
                    return
            if state.next_archivist >= 0:
                state.archivist = state.next_archivist
            else:
                state.archivist = (state.archivist + 1) % players
            start_day(state)
            continue
        return  # OVER


# ==== First Hour ================================================================================


@dataclass(frozen=True)
class InkTurn(Step):
    """Take 1 or 2 different inks from the Cup (never gold with black), or withdraw with the Grimoire."""

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        held = 0
        for c, n in enumerate(state.cup):
            if n:
                held |= 1 << c
        acts = list(_TAKES_OPEN[held])
        if state.grimoire < 0:
            acts.append("grimoire")
        return acts

    def check(self, state: ScriptoriaState, action: str) -> None:
        cols = _TAKE_BY_ID.get(action)
        if cols is not None and all(state.cup[c] for c in cols):
            return
        if action == "grimoire" and state.grimoire < 0:
            return
        reason = "gold and black may not be taken together" if action in ("take:black+gold", "take:gold+black") else (
            "not a legal choice for: " + self.prompt(state)
        )
        raise IllegalAction(action, reason, self.legal_actions(state), self.seat)

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        if action == "grimoire":
            state.grimoire = self.seat
        else:
            base = self.seat * 5
            for col in _TAKE_BY_ID[action]:
                state.cup[col] -= 1
                state.inks[base + col] += 1
        state.turn = _next_ink_seat(state, self.seat)

    def prompt(self, state: ScriptoriaState) -> str:
        return "First Hour: take up to 2 different inks from the Cup (not gold with black), or study the Grimoire"

    def label(self, state: ScriptoriaState, action: str) -> str:
        if action == "grimoire":
            return "withdraw to study: take the Grimoire, no ink today"
        return "take " + " and ".join(COLOURS[c] for c in _TAKE_BY_ID[action])

    def public(self, state: ScriptoriaState) -> dict:
        return {}


# ==== Second Hour ================================================================================


def _free_lecterns(state: ScriptoriaState) -> list[str]:
    """One action per lectern nobody owns yet (picked for oneself or given away)."""
    ids = state.content.lectern_ids
    return [f"lectern:{ids[state.lecterns[k]]}" for k, o in enumerate(state.lectern_owner) if o < 0]


@dataclass(frozen=True)
class PickLectern(Step):
    """The Grimoire holder (or, with 2 copyists, the other one after them) takes a lectern."""

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        return _free_lecterns(state)

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        k = lectern_at(state, action)
        state.lectern_owner[k] = self.seat

    def prompt(self, state: ScriptoriaState) -> str:
        return "Second Hour: choose your own lectern"

    def label(self, state: ScriptoriaState, action: str) -> str:
        return "keep " + _lectern_words(state, lectern_at(state, action))

    def public(self, state: ScriptoriaState) -> dict:
        return {}


def lectern_at(state: ScriptoriaState, action: str) -> int:
    """Position (in ``lecterns``) of the lectern a ``lectern:<id>`` action names."""
    lid = action.partition(":")[2]
    ids = state.content.lectern_ids
    for k, lec in enumerate(state.lecterns):
        if ids[lec] == lid:
            return k
    raise IllegalAction(action, "no such lectern on the table")


def _lectern_words(state: ScriptoriaState, k: int) -> str:
    c = state.content
    lec = state.lecterns[k]
    sk = ", ".join(f"{c.sketches[i].id} {KINDS[c.sketches[i].kind]}" for i in state.lectern_sketches[k])
    return f"{c.lectern_names[lec]} ({SUPPLIES[c.lectern_supply[lec]]} supply; {sk or 'no sketch'})"


def _receivers(state: ScriptoriaState, giver: int) -> list[int]:
    owners = state.lectern_owner
    out = [s for s in range(state.num_players) if s != giver and s not in owners]
    return out or [giver]


@dataclass(frozen=True)
class GiveLectern(Step):
    """The current giver picks an available lectern to hand to another copyist."""

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        return _free_lecterns(state)

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        k = lectern_at(state, action)
        receivers = _receivers(state, self.seat)
        if len(receivers) == 1:
            give(state, k, receivers[0])
        else:
            state.push(ChooseReceiver(self.seat, k))

    def prompt(self, state: ScriptoriaState) -> str:
        return "Second Hour: choose a lectern to give away"

    def label(self, state: ScriptoriaState, action: str) -> str:
        return "give " + _lectern_words(state, lectern_at(state, action))

    def public(self, state: ScriptoriaState) -> dict:
        return {}


def give(state: ScriptoriaState, k: int, receiver: int) -> None:
    state.lectern_owner[k] = receiver
    state.giver = receiver


@dataclass(frozen=True)
class ChooseReceiver(Step):
    """Who receives the lectern just chosen (a copyist still without one)."""

    lectern: int

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        return [f"to:{seat_name(s)}" for s in _receivers(state, self.seat)]

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        give(state, self.lectern, _seat_of(action[3:], state.num_players))

    def check_loaded(self, state: ScriptoriaState) -> None:
        state.require(0 <= self.lectern < len(state.lecterns), "lectern", f"{clip(self.lectern)} is no lectern")

    def prompt(self, state: ScriptoriaState) -> str:
        return "Second Hour: to whom do you give " + _lectern_words(state, self.lectern) + "?"

    def label(self, state: ScriptoriaState, action: str) -> str:
        return f"give it to seat {_seat_of(action[3:], state.num_players)}"

    def public(self, state: ScriptoriaState) -> dict:
        return {"lectern": state.content.lectern_ids[state.lecterns[self.lectern]]}


# ==== Last Hour ==================================================================================


def waived(state: ScriptoriaState, seat: int) -> int:
    """The colour the seat's Supply waives this turn (QUILL/none: -1)."""
    s = state.supply_of(seat)
    return s if 0 <= s <= GOLD else -1


def waive(cost: tuple[int, ...], colour: int) -> Sequence[int]:
    """A sketch's inks less the colour its copyist's Supply waives (-1: none)."""
    if colour < 0:
        return cost
    need = list(cost)
    need[colour] = 0
    return need


def need_of(state: ScriptoriaState, seat: int, sketch: int) -> Sequence[int]:
    return waive(state.content.sketches[sketch].cost, waived(state, seat))


def affordable(need: Sequence[int], have: Sequence[int]) -> bool:
    """Black only by black, gold by gold; red, blue, green by their colour or by gold."""
    if need[BLACK] > have[BLACK] or need[GOLD] > have[GOLD]:
        return False
    short = 0
    for col in range(3):
        if need[col] > have[col]:
            short += need[col] - have[col]
    return short <= have[GOLD] - need[GOLD]


def pay(need: Sequence[int], have: list[int]) -> bool:
    """Whether ``have`` pays for ``need`` (as :func:`affordable`), and if so the inks set
    aside from it: each colour's own first, the rest of red, blue and green in gold. (The
    bots' estimates pay for many sketches in a row; one pass does both.)"""
    nr, nb, ng, nk, ngold = need
    r, b, g, k, gold = have
    if nk > k or ngold > gold:
        return False
    short = (nr - r if nr > r else 0) + (nb - b if nb > b else 0) + (ng - g if ng > g else 0)
    if short > gold - ngold:
        return False
    have[0] = r - nr if nr < r else 0
    have[1] = b - nb if nb < b else 0
    have[2] = g - ng if ng < g else 0
    have[3] = k - nk
    have[4] = gold - short - ngold
    return True


def free_slots(state: ScriptoriaState, seat: int, kind: int) -> list[int]:
    scroll = state.scrolls[seat]
    return [i for i in state.content.slots_of_kind[kind] if scroll[i] == EMPTY]


def sides_open(state: ScriptoriaState, seat: int, kind: int) -> list[str]:
    c = state.content
    sides: list[str] = []
    for i in free_slots(state, seat, kind):
        side = c.slot_side[i]
        if side is not None and side not in sides:
            sides.append(side)
    return sides


def where_is(state: ScriptoriaState, seat: int, sketch: int) -> str:
    pos = state.lectern_of(seat)
    if pos >= 0 and sketch in state.lectern_sketches[pos]:
        return "lectern"
    if sketch in state.stocks[seat]:
        return "stock"
    return ""


def placeable(state: ScriptoriaState, seat: int) -> list[int]:
    c = state.content
    pos = state.lectern_of(seat)
    own = list(state.lectern_sketches[pos]) if pos >= 0 else []
    own += state.stocks[seat]
    scroll = state.scrolls[seat]
    have = state.inks[seat * 5 : seat * 5 + 5]
    w = waived(state, seat)
    out = []
    for i in own:
        sk = c.sketches[i]
        for slot in c.slots_of_kind[sk.kind]:
            if scroll[slot] == EMPTY:
                break
        else:
            continue
        if sk.kind != 0 and not affordable(waive(sk.cost, w), have):  # borders may always be placed free
            continue
        out.append(i)
    return out


def help_sources(state: ScriptoriaState, seat: int) -> list[str]:
    if state.help_left[seat] <= 0:
        return []
    out = ["help:scriptorium"] if state.scriptorium else []
    for s in range(state.num_players):
        if s != seat and state.stocks[s]:
            out.append(f"help:{seat_name(s)}")
    return out


@dataclass(frozen=True)
class LastTurn(Step):
    """A Last Hour turn: place sketches, call for Help, or end the turn."""

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        sk = state.content.sketches
        acts = [f"place:{sk[i].id}" for i in placeable(state, self.seat)]
        acts += help_sources(state, self.seat)
        acts.append("end")
        return acts

    def check(self, state: ScriptoriaState, action: str) -> None:
        verb, _, arg = action.partition(":")
        if verb == "place":
            i = state.content.sketch_index.get(arg)
            if i is None:
                raise IllegalAction(action, f"no sketch called {arg!r}", self.legal_actions(state), self.seat)
            if not where_is(state, self.seat, i):
                raise IllegalAction(action, f"sketch {arg} is neither on your lectern nor in your stock",
                                    self.legal_actions(state), self.seat)
            if i not in placeable(state, self.seat):
                raise IllegalAction(action, f"sketch {arg} has no free slot or you cannot pay its inks",
                                    self.legal_actions(state), self.seat)
            return
        if action == "end" or (verb == "help" and action in help_sources(state, self.seat)):
            return
        reason = "no Help token left or nothing to take there" if verb == "help" else "not a legal choice now"
        raise IllegalAction(action, reason, self.legal_actions(state), self.seat)

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        seat = self.seat
        verb, _, arg = action.partition(":")
        if verb == "place":
            begin_placement(state, seat, state.content.sketch_index[arg])
        elif verb == "help":
            source = -1 if arg == "scriptorium" else _seat_of(arg, state.num_players)
            state.push(HelpTake(seat, source), LastTurn(seat))
        else:
            if state.supply_of(seat) == QUILL:
                state.push(QuillChoice(seat))
            else:
                end_turn(state, seat)

    def prompt(self, state: ScriptoriaState) -> str:
        return "Last Hour: place a sketch, call for Help, or end your turn"

    def label(self, state: ScriptoriaState, action: str) -> str:
        verb, _, arg = action.partition(":")
        c = state.content
        if verb == "place":
            sk = c.sketches[c.sketch_index[arg]]
            cost = " ".join(f"{n}{COLOURS[col]}" for col, n in enumerate(sk.cost) if n)
            return f"place {sk.id} {sk.name} ({KINDS[sk.kind]}, {sk.points} pts, {cost}) from your {where_is(state, self.seat, sk.index)}"
        if verb == "help":
            return "spend a Help token: take a sketch from " + ("the Scriptorium" if arg == "scriptorium" else arg + "'s stock")
        return "end your turn (lectern sketches go to your stock)"

    def public(self, state: ScriptoriaState) -> dict:
        return {}


def end_turn(state: ScriptoriaState, seat: int) -> None:
    pos = state.lectern_of(seat)
    if pos >= 0 and state.lectern_sketches[pos]:
        state.stocks[seat] = state.stocks[seat] + state.lectern_sketches[pos]
        state.lectern_sketches[pos] = ()


@dataclass(frozen=True)
class QuillChoice(Step):
    """The quill Supply: be the next Day's Archivist, or take 2 points."""

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        return ["quill:archivist", "quill:points"]

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        if action == "quill:archivist":
            state.next_archivist = self.seat
        else:
            state.points[self.seat] += QUILL_POINTS
        end_turn(state, self.seat)

    def prompt(self, state: ScriptoriaState) -> str:
        return "The quill: become the Archivist of the next Day, or score 2 points?"

    def label(self, state: ScriptoriaState, action: str) -> str:
        return "become the next Day's Archivist" if action == "quill:archivist" else "score 2 points"

    def public(self, state: ScriptoriaState) -> dict:
        return {}


def begin_placement(state: ScriptoriaState, seat: int, sketch: int) -> None:
    kind = state.content.sketches[sketch].kind
    if kind in state.content.sided_kinds:
        sides = sides_open(state, seat, kind)
        if len(sides) > 1:
            state.push(ChooseSide(seat, sketch))
            return
    choose_slot(state, seat, sketch, None)


def choose_slot(state: ScriptoriaState, seat: int, sketch: int, side: str | None) -> None:
    c = state.content
    kind = c.sketches[sketch].kind
    slot = next(i for i in free_slots(state, seat, kind) if side is None or c.slot_side[i] == side)
    if kind == 0:  # border: pay for points or place free
        if affordable(need_of(state, seat, sketch), state.ink_row(seat)):
            state.push(PayOrFree(seat, sketch, slot))
        else:
            finish_placement(state, seat, sketch, slot, None)
        return
    plan_payment(state, seat, sketch, slot, ())


def check_placing(state: ScriptoriaState, seat: int, sketch: int, slot: int | None = None) -> None:
    """A loaded placement in progress: the sketch is the seat's to place, the slot empty."""
    state.require(sketch in state.held(seat), "sketch", f"{clip(sketch)} is not a sketch {seat_name(seat)} holds")
    if slot is not None:
        scroll = state.scrolls[seat]
        state.require(0 <= slot < len(scroll) and scroll[slot] == EMPTY, "slot", f"{clip(slot)} is no empty place of the scroll")


@dataclass(frozen=True)
class ChooseSide(Step):
    """Corners and borders: on which page's frieze."""

    sketch: int

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        return [f"side:{s}" for s in sides_open(state, self.seat, state.content.sketches[self.sketch].kind)]

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        choose_slot(state, self.seat, self.sketch, action[5:])

    def check_loaded(self, state: ScriptoriaState) -> None:
        check_placing(state, self.seat, self.sketch)

    def prompt(self, state: ScriptoriaState) -> str:
        return f"Place {state.content.sketches[self.sketch].id} in the left or the right frieze?"

    def label(self, state: ScriptoriaState, action: str) -> str:
        return f"{action[5:]} frieze"

    def public(self, state: ScriptoriaState) -> dict:
        return {"sketch": state.content.sketches[self.sketch].id}


@dataclass(frozen=True)
class PayOrFree(Step):
    """Borders: pay the inks and score, or place the tile free without points."""

    sketch: int
    slot: int

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        return ["pay", "free"]

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        if action == "pay":
            plan_payment(state, self.seat, self.sketch, self.slot, ())
        else:
            finish_placement(state, self.seat, self.sketch, self.slot, None)

    def check_loaded(self, state: ScriptoriaState) -> None:
        check_placing(state, self.seat, self.sketch, self.slot)

    def prompt(self, state: ScriptoriaState) -> str:
        sk = state.content.sketches[self.sketch]
        return f"Border {sk.id}: pay its inks for {sk.points} points, or place it free for none?"

    def label(self, state: ScriptoriaState, action: str) -> str:
        sk = state.content.sketches[self.sketch]
        return f"pay the inks, score {sk.points}" if action == "pay" else "place it free, no points"

    def public(self, state: ScriptoriaState) -> dict:
        return {"sketch": state.content.sketches[self.sketch].id, "slot": state.content.slot_ids[self.slot]}


def gold_choices(need: Sequence[int], have: list[int], golds: tuple[int, ...]) -> tuple[int, int]:
    """Bounds on the gold that may pay colour ``len(golds)`` given earlier choices."""
    col = len(golds)
    spare = have[GOLD] - need[GOLD] - sum(golds)
    later_short = sum(max(0, need[c] - have[c]) for c in range(col + 1, 3))
    lo = max(0, need[col] - have[col])
    hi = min(need[col], spare - later_short)
    return lo, hi


def plan_payment(state: ScriptoriaState, seat: int, sketch: int, slot: int, golds: tuple[int, ...]) -> None:
    """Fix the gold used for red, blue, green in turn; ask only where there is a real choice."""
    need = need_of(state, seat, sketch)
    have = state.ink_row(seat)
    while len(golds) < 3:
        lo, hi = gold_choices(need, have, golds)
        if lo < hi:
            state.push(PayGold(seat, sketch, slot, golds))
            return
        golds = golds + (lo,)
    finish_placement(state, seat, sketch, slot, golds)


@dataclass(frozen=True)
class PayGold(Step):
    """How many of this colour's inks gold pays for (the rest in the colour itself)."""

    sketch: int
    slot: int
    golds: tuple[int, ...]

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        lo, hi = gold_choices(need_of(state, self.seat, self.sketch), state.ink_row(self.seat), self.golds)
        return [f"gold:{n}" for n in range(lo, hi + 1)]

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        plan_payment(state, self.seat, self.sketch, self.slot, self.golds + (int(action[5:]),))

    def check_loaded(self, state: ScriptoriaState) -> None:
        check_placing(state, self.seat, self.sketch, self.slot)
        spare = state.ink_row(self.seat)[GOLD]
        ok = len(self.golds) < 3 and min(self.golds, default=0) >= 0 and sum(self.golds) <= spare
        state.require(ok, "golds", f"{clip(self.golds)} is no payment in gold begun")

    def prompt(self, state: ScriptoriaState) -> str:
        col = len(self.golds)
        n = need_of(state, self.seat, self.sketch)[col]
        return f"Pay the {n} {COLOURS[col]} of {state.content.sketches[self.sketch].id}: how many with gold?"

    def label(self, state: ScriptoriaState, action: str) -> str:
        col = len(self.golds)
        n = need_of(state, self.seat, self.sketch)[col]
        g = int(action[5:])
        return f"{g} gold and {n - g} {COLOURS[col]}"

    def public(self, state: ScriptoriaState) -> dict:
        return {"sketch": state.content.sketches[self.sketch].id, "colour": COLOURS[len(self.golds)]}


def finish_placement(state: ScriptoriaState, seat: int, sketch: int, slot: int, golds: tuple[int, ...] | None) -> None:
    """Move the sketch onto the scroll, spend inks (back to the bag), score, check parts."""
    c = state.content
    pos = state.lectern_of(seat)
    if pos >= 0 and sketch in state.lectern_sketches[pos]:
        state.lectern_sketches[pos] = tuple(i for i in state.lectern_sketches[pos] if i != sketch)
    else:
        state.stocks[seat] = tuple(i for i in state.stocks[seat] if i != sketch)
    scroll = list(state.scrolls[seat])
    scroll[slot] = sketch
    state.scrolls[seat] = tuple(scroll)
    if golds is not None:
        need = need_of(state, seat, sketch)
        spend = [need[0] - golds[0], need[1] - golds[1], need[2] - golds[2], need[BLACK], need[GOLD] + sum(golds)]
        base = seat * 5
        for col in range(5):
            if spend[col]:
                state.inks[base + col] -= spend[col]
                state.ink_bag[col] += spend[col]
        state.points[seat] += c.sketches[sketch].points
    # achievements: every part holding this slot that is now complete
    took_tile = False
    for p, slots in enumerate(c.part_slots):
        if slot in slots and all(scroll[i] != EMPTY for i in slots):
            taken = state.pile_taken[p]
            if taken < len(c.achievements[p]):
                state.pile_taken[p] = taken + 1
                state.achievements[seat] = state.achievements[seat] + ((p << 4) | taken,)
                took_tile = True
    continue_turn(state, seat, making_space=took_tile)


def continue_turn(state: ScriptoriaState, seat: int, making_space: bool) -> None:
    """Back to the turn, after any discard an achievement tile forces (Appendix III, ruling
    R9): only a tile just taken makes a copyist discard during the Last Hour; a stock swollen
    by lectern leftovers or Help waits for the end of the Day."""
    if making_space and state.stock_used(seat) > STOCK_LIMIT and state.stocks[seat]:
        state.push(DiscardSketch(seat, True))
    else:
        state.push(LastTurn(seat))


@dataclass(frozen=True)
class HelpTake(Step):
    """Spend a Help token: pick the sketch to take (Scriptorium = -1, or a copyist's stock)."""

    source: int

    def _pool(self, state: ScriptoriaState) -> list[int]:
        return state.scriptorium if self.source < 0 else list(state.stocks[self.source])

    def check_loaded(self, state: ScriptoriaState) -> None:
        state.require_seat("source", self.source, none=-1)
        state.require(self.source != self.seat, "source", "a copyist's Help never takes from their own stock")

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        sk = state.content.sketches
        seen: list[str] = []
        for i in self._pool(state):
            a = f"take:{sk[i].id}"
            if a not in seen:
                seen.append(a)
        return seen

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        i = state.content.sketch_index[action[5:]]
        seat = self.seat
        state.help_left[seat] -= 1
        if self.source < 0:
            state.scriptorium = [x for x in state.scriptorium if x != i]
        else:
            state.stocks[self.source] = tuple(x for x in state.stocks[self.source] if x != i)
            state.help_received[self.source] += 1
        state.stocks[seat] = state.stocks[seat] + (i,)

    def prompt(self, state: ScriptoriaState) -> str:
        where = "the Scriptorium" if self.source < 0 else f"{seat_name(self.source)}'s stock"
        return f"Help: which sketch do you take from {where}?"

    def label(self, state: ScriptoriaState, action: str) -> str:
        sk = state.content.sketches[state.content.sketch_index[action[5:]]]
        cost = " ".join(f"{n}{COLOURS[col]}" for col, n in enumerate(sk.cost) if n)
        return f"take {sk.id} {sk.name} ({KINDS[sk.kind]}, {sk.points} pts, {cost})"

    def public(self, state: ScriptoriaState) -> dict:
        return {"source": "scriptorium" if self.source < 0 else self.source}


# ==== stock limits ===============================================================================


@dataclass(frozen=True)
class DiscardSketch(Step):
    """Over the stock limit (7 spaces, achievements included): the owner discards a sketch."""

    in_turn: bool

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        sk = state.content.sketches
        return [f"discard:{sk[i].id}" for i in state.stocks[self.seat]]

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        i = state.content.sketch_index[action[8:]]
        state.stocks[self.seat] = tuple(x for x in state.stocks[self.seat] if x != i)
        if state.options.discards_to_scriptorium:
            state.scriptorium = sorted(state.scriptorium + [i])
        else:
            state.discards = sorted(state.discards + [i])
        if self.in_turn:
            continue_turn(state, self.seat, making_space=True)

    def prompt(self, state: ScriptoriaState) -> str:
        if self.in_turn:
            return f"Make space for your Achievement tile (stock of {STOCK_LIMIT}): discard a sketch"
        return f"Your stock holds more than {STOCK_LIMIT} tiles: discard a sketch"

    def label(self, state: ScriptoriaState, action: str) -> str:
        sk = state.content.sketches[state.content.sketch_index[action[8:]]]
        return f"discard {sk.id} {sk.name} ({KINDS[sk.kind]}, {sk.points} pts)"

    def public(self, state: ScriptoriaState) -> dict:
        return {}


@dataclass(frozen=True)
class DiscardInk(Step):
    """End of the Day: more than 7 inks, the owner returns one to the bag."""

    def legal_actions(self, state: ScriptoriaState) -> list[str]:
        row = state.ink_row(self.seat)
        return [f"discard:{COLOURS[c]}" for c in range(5) if row[c]]

    def resolve(self, state: ScriptoriaState, action: str) -> None:
        col = COLOURS.index(action[8:])
        state.inks[self.seat * 5 + col] -= 1
        state.ink_bag[col] += 1

    def prompt(self, state: ScriptoriaState) -> str:
        return f"End of the Day: you hold more than {INK_LIMIT} inks; return one to the bag"

    def label(self, state: ScriptoriaState, action: str) -> str:
        return f"return one {action[8:]} ink to the bag"

    def public(self, state: ScriptoriaState) -> dict:
        return {}


STEP_TYPES = (
    InkTurn,
    PickLectern,
    GiveLectern,
    ChooseReceiver,
    LastTurn,
    QuillChoice,
    ChooseSide,
    PayOrFree,
    PayGold,
    HelpTake,
    DiscardSketch,
    DiscardInk,
)
# steps that finish a choice the same seat already began (the greedy heuristic looks through them)
SUB_STEPS = (ChooseReceiver, ChooseSide, PayOrFree, PayGold, HelpTake, QuillChoice)

__all__ = ["SCRIPTORIUM_START", "STEP_TYPES", "SUB_STEPS", "advance", "start_day"]
