"""The interpreter of the effect language.

An effect runs as work items on ``state.work`` (last = next):

``("trig", seat, when, sources)``  several cards trigger together: the owner picks the order
``("run", seat, card, when)``      one card's effects of that timing, condition checked now
``("op", seat, card, when, e, i)`` op ``i`` of the card's ``e``-th effect of that timing

An op that needs a choice pushes a small :class:`Step` for the seat that decides; the work
list resumes once the stack is empty again. Every op does as much as it can (a draw from an
empty deck draws nothing, a removal with no knowledge left stops).
"""

from __future__ import annotations

from dataclasses import dataclass

from inkhorn.core.errors import clip
from inkhorn.core.step import Step
from inkhorn.games.ancients.content import WHERE, Cond, Op
from inkhorn.games.ancients.state import COLUMNS, EMPTY, AncientsState

# ---- conditions --------------------------------------------------------------------------


def cond_holds(state: AncientsState, seat: int, card: int, cond: Cond | None) -> bool:
    if cond is None:
        return True
    k = cond.kind
    if k == "past":
        return state.past_count(seat, cond.of) >= cond.n
    if k == "artifacts":
        return len(state.artifacts[seat]) >= cond.n
    if k == "techs":
        return state.tech_count(seat, cond.of) >= cond.n
    if k == "lost":
        return state.lost[seat] >= cond.n
    if k == "lost_max":
        return state.lost[seat] <= cond.n
    if k == "hand":
        return len(state.hands[seat]) >= cond.n
    if k == "hand_max":
        return len(state.hands[seat]) <= cond.n
    if k == "empty":
        return state.tokens[card] == 0
    return state.rotated_count(seat) >= cond.n  # rotated


# ---- running effects -------------------------------------------------------------------------


def queue_effects(state: AncientsState, seat: int, card: int, when: str) -> None:
    """Queue every effect of ``card`` with timing ``when`` (first effect runs first)."""
    effs = state.content.by_trigger[when][card]
    for e in range(len(effs) - 1, -1, -1):
        state.work.append(("op", seat, card, when, e, 0))


def trigger_many(state: AncientsState, seat: int, when: str, sources: tuple[int, ...]) -> None:
    """Several cards trigger at once: their owner orders them (a Step when it matters)."""
    if not sources:
        return
    has = state.content.has_trigger[when]
    with_effect = [c for c in sources if has[c]]
    if len(with_effect) >= 2:
        state.push(ChooseOrder(seat, when, sources))
        return
    first = with_effect[0] if with_effect else sources[0]
    rest = tuple(c for c in sources if c != first)
    if rest:
        state.work.append(("trig", seat, when, rest))
    state.work.append(("run", seat, first, when))


def run_card(state: AncientsState, seat: int, card: int, when: str) -> None:
    if when == "decline":
        state.work.append(("topast", seat, card))
    queue_effects(state, seat, card, when)


def run_op(state: AncientsState, seat: int, card: int, when: str, e: int, i: int) -> None:
    effect = state.content.by_trigger[when][card][e]
    if i == 0 and not cond_holds(state, seat, card, effect.cond):
        return
    if i + 1 < len(effect.do):
        state.work.append(("op", seat, card, when, e, i + 1))
    OP_RUNNERS[effect.do[i].op](state, seat, card, effect.do[i])


# ---- the verbs ----------------------------------------------------------------------------------


def op_draw(state: AncientsState, seat: int, card: int, op: Op) -> None:
    state.draw(seat, op.n)


def op_discard(state: AncientsState, seat: int, card: int, op: Op) -> None:
    push_discard(state, seat, op.n)


def push_discard(state: AncientsState, seat: int, n: int) -> None:
    hand = state.hands[seat]
    n = min(n, len(hand))
    if n <= 0:
        return
    if n == len(hand):
        state.discard.extend(hand)
        hand.clear()
        return
    state.push(DiscardCards(seat, n))


def removable(state: AncientsState, seat: int, card: int, where: str) -> list[int]:
    if where == "this":
        pool = [card] if state.slot_of(seat, card) >= 0 else []
    elif where == "adjacent":
        pool = state.adjacent(seat, card)
    else:
        pool = state.monuments_in_timeline(seat)
    tok = state.tokens
    return [x for x in pool if tok[x] > 0]


def remove_knowledge(state: AncientsState, seat: int, card: int, n: int, where: str) -> None:
    """Remove up to ``n`` tokens, one at a time; ask only when the choice matters."""
    while n > 0:
        pool = removable(state, seat, card, where)
        if not pool:
            return
        if len(pool) > 1:
            state.push(RemoveKnowledge(seat, n, where, card))
            return
        take = min(n, state.tokens[pool[0]])
        state.tokens[pool[0]] -= take
        state.reserve += take
        n -= take


def op_remove_knowledge(state: AncientsState, seat: int, card: int, op: Op) -> None:
    remove_knowledge(state, seat, card, op.n, op.where)


def op_add_knowledge(state: AncientsState, seat: int, card: int, op: Op) -> None:
    if state.slot_of(seat, card) < 0:
        return
    put = min(op.n, state.reserve)
    state.tokens[card] += put
    state.reserve -= put


def op_recover(state: AncientsState, seat: int, card: int, op: Op) -> None:
    back = min(op.n, state.lost[seat])
    state.lost[seat] -= back
    state.reserve += back


def movable(state: AncientsState, seat: int, card: int, where: str) -> list[int]:
    locked = state.content.locked
    pool = [card] if where == "this" else state.monuments_in_timeline(seat)
    out = []
    for x in pool:
        slot = state.slot_of(seat, x)
        if slot < 0 or locked[x]:
            continue
        if state.declining and slot < 2:
            continue  # a declining monument cannot escape
        if move_targets(state, seat, x):
            out.append(x)
    return out


def move_targets(state: AncientsState, seat: int, card: int) -> list[int]:
    col = state.slot_of(seat, card) // 2 + 1
    low = 2 if state.declining else 1
    return [c for c in range(low, 7) if c != col and state.column_count(seat, c) < 2]


def op_move(state: AncientsState, seat: int, card: int, op: Op) -> None:
    if movable(state, seat, card, op.where):
        state.push(MovePick(seat, card, op.where))


def swappable(state: AncientsState, seat: int) -> list[int]:
    locked = state.content.locked
    low = 2 if state.declining else 0
    base = seat * 12
    row = state.timeline[base : base + 12]
    return [x for i, x in enumerate(row) if x != EMPTY and not locked[x] and i >= low]


def swap_partners(state: AncientsState, seat: int, first: int) -> list[int]:
    col = state.slot_of(seat, first) // 2
    return [x for x in swappable(state, seat) if state.slot_of(seat, x) // 2 != col]


def op_swap(state: AncientsState, seat: int, card: int, op: Op) -> None:
    if any(swap_partners(state, seat, x) for x in swappable(state, seat)):
        state.push(SwapPick(seat))


def op_slide(state: AncientsState, seat: int, card: int, op: Op) -> None:
    """The monument's own text moves it right, column by column while there is room."""
    for _ in range(op.n):
        slot = state.slot_of(seat, card)
        if slot < 0:
            return
        col = slot // 2 + 1
        if col >= 6 or state.column_count(seat, col + 1) >= 2:
            return
        state.take_from_timeline(seat, card)
        state.put_in_column(seat, card, col + 1, True)


def op_straighten(state: AncientsState, seat: int, card: int, op: Op) -> None:
    n = op.n
    for x in state.past[seat]:
        if n <= 0:
            break
        if state.rotated[x]:
            state.set_rotated(x, 0)
            n -= 1


def op_gain(state: AncientsState, seat: int, card: int, op: Op) -> None:
    state.banked[seat] += op.n


def op_others_discard(state: AncientsState, seat: int, card: int, op: Op) -> None:
    # later seats are pushed first so the next seat clockwise decides first
    for k in range(state.num_players - 1, 0, -1):
        push_discard(state, (seat + k) % state.num_players, op.n)


def op_others_add_knowledge(state: AncientsState, seat: int, card: int, op: Op) -> None:
    n = state.num_players
    for k in range(n - 1, 0, -1):
        other = (seat + k) % n
        mons = state.monuments_in_timeline(other)
        if not mons or state.reserve <= 0:
            continue
        if len(mons) == 1:
            put = min(op.n, state.reserve)
            state.tokens[mons[0]] += put
            state.reserve -= put
        else:
            state.push(AddKnowledge(other, op.n))


def op_static(state: AncientsState, seat: int, card: int, op: Op) -> None:
    """Score and passive ops do nothing when run; they are read by scoring and the rules."""


OP_RUNNERS = {
    "draw": op_draw,
    "discard": op_discard,
    "remove_knowledge": op_remove_knowledge,
    "add_knowledge": op_add_knowledge,
    "recover": op_recover,
    "move": op_move,
    "swap": op_swap,
    "slide": op_slide,
    "straighten": op_straighten,
    "gain": op_gain,
    "others_discard": op_others_discard,
    "others_add_knowledge": op_others_add_knowledge,
    "score": op_static,
    "passive": op_static,
}


# Card choices are actions ``prefix:card-id`` (the steps here and in rules.py).
def card_of(state: AncientsState, action: str, prefix: str) -> int:
    """The card an action ``prefix:card-id`` names."""
    return state.content.index[action[len(prefix) :]]


def card_actions(state: AncientsState, prefix: str, cards) -> list[str]:
    """One action ``prefix:card-id`` per card."""
    all_ = state.content.all
    return [prefix + all_[x].id for x in cards]


def card_label(state: AncientsState, action: str) -> str:
    """The name of the card an action ``prefix:card-id`` names (its id if unknown)."""
    _, _, cid = action.partition(":")
    idx = state.content.index.get(cid)
    return state.content.all[idx].name if idx is not None else cid


# ---- the small decisions effects ask -------------------------------------------------------------


# ---- loaded steps: their fields checked against the state ----------------------------------


def require_card(state: AncientsState, field: str, card: int, timeline_of: int | None = None) -> None:
    """``card`` is a card of the game (and a monument in that seat's Timeline, if named)."""
    ok = 0 <= card < len(state.content.all)
    if ok and timeline_of is not None:
        ok = state.slot_of(timeline_of, card) >= 0
    state.require(ok, field, f"{clip(card)} is no {'monument of the Timeline' if timeline_of is not None else 'card'}")


def require_count(state: AncientsState, field: str, n: int, least: int = 1) -> None:
    state.require(n >= least, field, f"{clip(n)} is no count here (at least {least})")


def require_where(state: AncientsState, where: str) -> None:
    state.require(where in WHERE, "where", f"{clip(where)} is none of {', '.join(WHERE)}")


@dataclass(frozen=True)
class ChooseOrder(Step):
    """Cards that trigger together resolve in the order their owner picks."""

    when: str
    sources: tuple[int, ...]

    def check_loaded(self, state: AncientsState) -> None:
        state.require(self.when in state.content.by_trigger, "when", f"{clip(self.when)} is no timing")
        state.require(bool(self.sources), "sources", "no card triggers")
        for card in self.sources:
            require_card(state, "sources", card)

    def legal_actions(self, state: AncientsState) -> list[str]:
        has = state.content.has_trigger[self.when]
        return card_actions(state, "first:", [c for c in self.sources if has[c]])

    def resolve(self, state: AncientsState, action: str) -> None:
        card = card_of(state, action, "first:")
        rest = tuple(c for c in self.sources if c != card)
        if rest:
            state.work.append(("trig", self.seat, self.when, rest))
        state.work.append(("run", self.seat, card, self.when))

    def prompt(self, state: AncientsState) -> str:
        return f"Several {self.when} effects trigger: which resolves first?"

    def label(self, state: AncientsState, action: str) -> str:
        return f"first: {card_label(state, action)}"


@dataclass(frozen=True)
class DiscardCards(Step):
    n: int

    def check_loaded(self, state: AncientsState) -> None:
        require_count(state, "n", self.n)

    def legal_actions(self, state: AncientsState) -> list[str]:
        return card_actions(state, "discard:", sorted(set(state.hands[self.seat])))

    def resolve(self, state: AncientsState, action: str) -> None:
        card = card_of(state, action, "discard:")
        state.hands[self.seat].remove(card)
        state.discard.append(card)
        push_discard(state, self.seat, self.n - 1)

    def prompt(self, state: AncientsState) -> str:
        return f"Discard a card ({self.n} to go)"

    def label(self, state: AncientsState, action: str) -> str:
        return f"discard {card_label(state, action)}"


@dataclass(frozen=True)
class RemoveKnowledge(Step):
    n: int
    where: str
    source: int

    def check_loaded(self, state: AncientsState) -> None:
        require_count(state, "n", self.n)
        require_where(state, self.where)
        if not (self.where == "any" and self.source == EMPTY):  # Archive's removal names no card
            require_card(state, "source", self.source)

    def legal_actions(self, state: AncientsState) -> list[str]:
        return card_actions(state, "token:", removable(state, self.seat, self.source, self.where))

    def resolve(self, state: AncientsState, action: str) -> None:
        card = card_of(state, action, "token:")
        state.tokens[card] -= 1
        state.reserve += 1
        remove_knowledge(state, self.seat, self.source, self.n - 1, self.where)

    def prompt(self, state: AncientsState) -> str:
        return f"Remove a knowledge token ({self.n} to go)"

    def label(self, state: AncientsState, action: str) -> str:
        return f"remove knowledge from {card_label(state, action)}"


@dataclass(frozen=True)
class AddKnowledge(Step):
    """An opponent's effect makes this builder place knowledge on a monument of their choice."""

    n: int

    def check_loaded(self, state: AncientsState) -> None:
        require_count(state, "n", self.n)

    def legal_actions(self, state: AncientsState) -> list[str]:
        return card_actions(state, "token:", state.monuments_in_timeline(self.seat))

    def resolve(self, state: AncientsState, action: str) -> None:
        card = card_of(state, action, "token:")
        put = min(self.n, state.reserve)
        state.tokens[card] += put
        state.reserve -= put

    def prompt(self, state: AncientsState) -> str:
        return f"Place {self.n} knowledge on one of your monuments"

    def label(self, state: AncientsState, action: str) -> str:
        return f"place {self.n} knowledge on {card_label(state, action)}"


@dataclass(frozen=True)
class MovePick(Step):
    source: int
    where: str

    def check_loaded(self, state: AncientsState) -> None:
        require_card(state, "source", self.source)
        require_where(state, self.where)

    def legal_actions(self, state: AncientsState) -> list[str]:
        return [*card_actions(state, "move:", movable(state, self.seat, self.source, self.where)), "skip"]

    def resolve(self, state: AncientsState, action: str) -> None:
        if action == "skip":
            return
        state.push(MoveTo(self.seat, card_of(state, action, "move:")))

    def prompt(self, state: AncientsState) -> str:
        return "You may move a monument of your Timeline"

    def label(self, state: AncientsState, action: str) -> str:
        return "move nothing" if action == "skip" else f"move {card_label(state, action)}"


@dataclass(frozen=True)
class MoveTo(Step):
    card: int

    def check_loaded(self, state: AncientsState) -> None:
        require_card(state, "card", self.card, timeline_of=self.seat)

    def legal_actions(self, state: AncientsState) -> list[str]:
        return [f"col:{c}" for c in move_targets(state, self.seat, self.card)]

    def resolve(self, state: AncientsState, action: str) -> None:
        col = int(action[4:])
        if state.column_count(self.seat, col) == 1:
            state.push(MoveLevel(self.seat, self.card, col))
        else:
            state.take_from_timeline(self.seat, self.card)
            state.put_in_column(self.seat, self.card, col, False)

    def prompt(self, state: AncientsState) -> str:
        return f"Move {state.content.all[self.card].name} to which column?"

    def label(self, state: AncientsState, action: str) -> str:
        return f"to column {action[4:]}"


@dataclass(frozen=True)
class MoveLevel(Step):
    """The moved monument joins a column holding one card: above it or below it."""

    card: int
    col: int

    def check_loaded(self, state: AncientsState) -> None:
        require_card(state, "card", self.card, timeline_of=self.seat)
        state.require(self.col in COLUMNS, "col", f"{clip(self.col)} is no column (1 to {len(COLUMNS)})")

    def legal_actions(self, state: AncientsState) -> list[str]:
        return ["below", "above"]

    def resolve(self, state: AncientsState, action: str) -> None:
        state.take_from_timeline(self.seat, self.card)
        state.put_in_column(self.seat, self.card, self.col, action == "above")

    def prompt(self, state: AncientsState) -> str:
        return f"Place it below or above the monument in column {self.col}?"

    def label(self, state: AncientsState, action: str) -> str:
        return f"{action} the monument in column {self.col}"


@dataclass(frozen=True)
class SwapPick(Step):
    def legal_actions(self, state: AncientsState) -> list[str]:
        cards = [x for x in swappable(state, self.seat) if swap_partners(state, self.seat, x)]
        return [*card_actions(state, "swap:", cards), "skip"]

    def resolve(self, state: AncientsState, action: str) -> None:
        if action == "skip":
            return
        state.push(SwapWith(self.seat, card_of(state, action, "swap:")))

    def prompt(self, state: AncientsState) -> str:
        return "You may swap two monuments of your Timeline: pick the first"

    def label(self, state: AncientsState, action: str) -> str:
        return "swap nothing" if action == "skip" else f"swap {card_label(state, action)}"


@dataclass(frozen=True)
class SwapWith(Step):
    first: int

    def check_loaded(self, state: AncientsState) -> None:
        require_card(state, "first", self.first, timeline_of=self.seat)

    def legal_actions(self, state: AncientsState) -> list[str]:
        return card_actions(state, "with:", swap_partners(state, self.seat, self.first))

    def resolve(self, state: AncientsState, action: str) -> None:
        other = card_of(state, action, "with:")
        base = self.seat * 12
        a = base + state.slot_of(self.seat, self.first)
        b = base + state.slot_of(self.seat, other)
        tl = state.timeline
        tl[a], tl[b] = tl[b], tl[a]

    def prompt(self, state: AncientsState) -> str:
        return f"Swap {state.content.all[self.first].name} with which monument?"

    def label(self, state: AncientsState, action: str) -> str:
        return f"with {card_label(state, action)}"


EFFECT_STEPS = (
    ChooseOrder,
    DiscardCards,
    RemoveKnowledge,
    AddKnowledge,
    MovePick,
    MoveTo,
    MoveLevel,
    SwapPick,
    SwapWith,
)
