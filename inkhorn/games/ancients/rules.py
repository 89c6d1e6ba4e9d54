"""The turn of Ancients: set-up choices, the five actions, the Timeline and Decline phases.

``advance`` runs whenever no decision is pending: it first drains ``state.work`` (effects
and chores, see ``effects.py``), then moves the phase on and pushes the next decision.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from inkhorn.core.errors import clip
from inkhorn.core.step import Step
from inkhorn.games.ancients import effects as fx
from inkhorn.games.ancients.state import COLUMNS, EMPTY, AncientsState, passive_total

ARTIFACT_SLOTS = 5
KEEP = 6
ACTIONS_PER_TURN = 2
FLIP_AT = 7
END_AT = 14


# ---- the flow -------------------------------------------------------------------------------


def advance(state: AncientsState) -> None:
    while not state.stack:
        if state.work:
            item = state.work.pop()
            WORK[item[0]](state, *item[1:])
            continue
        ph = state.phase
        if ph == "action":
            if state.actions_left > 0:
                state.push(ChooseAction(state.turn))
            else:
                state.phase = "timeline"
        elif ph == "timeline":
            seat = state.turn
            has = state.content.has_trigger["timeline"]
            base = seat * 12
            sources = [x for x in state.timeline[base : base + 12] if x != EMPTY and has[x]]
            sources += [x for x in state.artifacts[seat] if has[x]]
            state.phase = "decline"
            if sources:
                state.work.append(("trig", seat, "timeline", tuple(sources)))
        elif ph == "decline":
            seat = state.turn
            base = seat * 12
            col1 = tuple(x for x in state.timeline[base : base + 2] if x != EMPTY)
            state.declining = True
            state.phase = "after"
            state.work.append(("slide", seat))
            if col1:
                state.work.append(("trig", seat, "decline", col1))
        elif ph == "after":
            after_decline(state)
            state.phase = "next"
        elif ph == "next":
            n = state.num_players
            state.turn = (state.turn + 1) % n
            if state.turn == state.first:
                if state.end_triggered or state.round >= state.options.max_rounds:
                    state.phase = "over"
                    return
                state.round += 1
            state.actions_left = ACTIONS_PER_TURN
            state.phase = "action"
        elif ph == "setup":
            n = state.num_players
            state.push(*(KeepCards((state.first + k) % n) for k in range(n)))
            state.phase = "setup_done"
        elif ph == "setup_done":
            for s in range(state.num_players):
                state.discard.extend(state.kept_aside[s])
            state.kept_aside = ((),) * state.num_players
            state.phase = "action"
            state.actions_left = ACTIONS_PER_TURN
        else:  # over
            return


def after_decline(state: AncientsState) -> None:
    pasts = [len(p) for p in state.past]
    if not state.flipped and max(pasts) >= FLIP_AT:
        state.flipped = True
        candidates = [t for t, lvl in enumerate(state.tile_level) if lvl == 1]
        if len(candidates) == 1:
            flip_tile(state, candidates[0])
        elif candidates:
            state.push(FlipTile(state.turn))
    if max(pasts) >= END_AT:
        state.end_triggered = True


# ---- work items ---------------------------------------------------------------------------------


def w_topast(state: AncientsState, seat: int, card: int) -> None:
    """A declining monument: its knowledge becomes lost knowledge, the card goes to the Past."""
    guard = state.passive(seat, "decline_guard")
    tok = state.tokens[card]
    saved = min(guard, tok)
    state.reserve += saved
    state.lost[seat] += tok - saved
    state.tokens[card] = 0
    state.take_from_timeline(seat, card)
    state.add_to("past", seat, card)


def w_slide(state: AncientsState, seat: int) -> None:
    """After the decline every column moves one space left; artifacts stay."""
    state.declining = False
    base = seat * 12
    tl = state.timeline
    tl[base : base + 12] = tl[base + 2 : base + 12] + [EMPTY, EMPTY]


def w_place(state: AncientsState, seat: int, card: int, col: int, above: bool) -> None:
    state.put_in_column(seat, card, col, above)
    state.placing = EMPTY
    put = min(state.content.tokens[card], state.reserve)
    state.tokens[card] = put
    state.reserve -= put
    fx.queue_effects(state, seat, card, "immediate")


def w_place_artifact(state: AncientsState, seat: int, card: int) -> None:
    state.add_to("artifacts", seat, card)
    state.placing = EMPTY


def w_archive_more(state: AncientsState, seat: int, count: int) -> None:
    if state.hands[seat] and has_knowledge(state, seat):
        state.push(ArchiveCard(seat, count))


def w_excavate_more(state: AncientsState, seat: int, count: int) -> None:
    if unrotated(state, seat):
        state.push(ExcavateCard(seat, count))


WORK: dict[str, Callable[..., None]] = {
    "trig": fx.trigger_many,
    "run": fx.run_card,
    "op": fx.run_op,
    "topast": w_topast,
    "slide": w_slide,
    "place": w_place,
    "place_art": w_place_artifact,
    "archive_more": w_archive_more,
    "excavate_more": w_excavate_more,
}


# What follows a work item's kind and seat (see ``effects``): checked when a state is loaded.
WORK_FIELDS: dict[str, tuple[str, ...]] = {
    "trig": ("when", "cards"),
    "run": ("card", "when"),
    "op": ("card", "when", "effect", "op"),
    "topast": ("card",),
    "slide": (),
    "place": ("card", "column", "above"),
    "place_art": ("card",),
    "archive_more": ("count",),
    "excavate_more": ("count",),
}


def check_work(state: AncientsState) -> None:
    """Every pending work item of a loaded state names a kind of work, a seat, cards,
    timings, effects and columns that exist."""
    content = state.content
    cards = range(len(content.all))
    for k, item in enumerate(state.work):
        where = f"work[{k}]"
        fields = WORK_FIELDS.get(item[0]) if item and isinstance(item[0], str) else None
        state.require(fields is not None, where, f"{clip(item[:1])} is no kind of work")
        assert fields is not None
        state.require(len(item) == 2 + len(fields), where, f"{item[0]} work holds a seat and {', '.join(fields) or 'nothing else'}")
        state.require(type(item[1]) is int and 0 <= item[1] < state.num_players, where, "no seat")
        got = dict(zip(fields, item[2:], strict=True))
        ok = all(type(got[f]) is int and got[f] in cards for f in ("card",) if f in got)
        ok = ok and all(type(c) is int and c in cards for c in got.get("cards", ()))
        ok = ok and got.get("when", "passive") in content.by_trigger
        ok = ok and got.get("column", 1) in COLUMNS and type(got.get("above", False)) is bool
        ok = ok and (type(got.get("count", 0)) is int and got.get("count", 0) >= 0)
        if ok and "effect" in got:
            effects = content.by_trigger[got["when"]][got["card"]]
            e, i = got["effect"], got["op"]
            ok = type(e) is int and 0 <= e < len(effects) and type(i) is int and 0 <= i < len(effects[e].do)
        state.require(ok, where, f"{clip(item)} names something that does not exist")


# ---- helpers -----------------------------------------------------------------------------------


def has_knowledge(state: AncientsState, seat: int) -> bool:
    tok = state.tokens
    base = seat * 12
    return any(x != EMPTY and tok[x] > 0 for x in state.timeline[base : base + 12])


def unrotated(state: AncientsState, seat: int) -> list[int]:
    rot = state.rotated
    return [x for x in state.past[seat] if not rot[x]]


def create_cost(state: AncientsState, seat: int, card: int) -> int:
    return max(0, state.content.cost[card] - state.passive(seat, "create_discount"))


def column_costs(state: AncientsState, seat: int, card: int) -> dict[int, int]:
    """Column -> total discards to create ``card`` there (only columns with room)."""
    c = state.content
    start = c.column[card]
    base = create_cost(state, seat, card)
    md = state.passive(seat, "move_discount")
    cols = (start,) if c.locked[card] else range(1, 7)
    return {
        col: base + max(0, abs(col - start) - md) for col in cols if state.column_count(seat, col) < 2
    }


def requirement_met(state: AncientsState, seat: int, tech: int, learn_bonus: int | None = None) -> bool:
    r = state.content.all[tech].requires  # type: ignore[union-attr]
    k = r.kind
    if k == "none":
        return True
    if k == "past":
        if learn_bonus is None:
            learn_bonus = state.passive(seat, "learn_bonus")
        return state.past_count(seat, r.of) + learn_bonus >= r.n
    if k == "artifacts":
        return len(state.artifacts[seat]) >= r.n
    if k == "techs":
        return state.tech_count(seat, r.of) >= r.n
    if k == "lost":
        return state.lost[seat] >= r.n
    if k == "hand":
        return len(state.hands[seat]) >= r.n
    return len(state.hands[seat]) <= r.n  # hand_max


def _replace(row: tuple, i: int, value) -> tuple:
    return (*row[:i], value, *row[i + 1 :])


def refill_tile(state: AncientsState, t: int, level: int) -> None:
    """Fill tile ``t`` with 3 cards of ``level``; reshuffle that level's discard when the deck
    runs short; a tile that still cannot get 3 cards leaves the game."""
    deck = list(state.tech_deck[level - 1])
    if len(deck) < 3 and state.tech_discard[level - 1]:
        pile = sorted(state.tech_discard[level - 1])
        state.rng.shuffle(pile)
        state.tech_discard = _replace(state.tech_discard, level - 1, ())
        deck[:0] = pile
    if len(deck) < 3:
        state.tile_level = _replace(state.tile_level, t, 0)
        state.tiles = _replace(state.tiles, t, ())
    else:
        state.tiles = _replace(state.tiles, t, (deck.pop(), deck.pop(), deck.pop()))
        state.tile_level = _replace(state.tile_level, t, level)
    state.tech_deck = _replace(state.tech_deck, level - 1, tuple(deck))


def flip_tile(state: AncientsState, t: int) -> None:
    state.tech_discard = _replace(state.tech_discard, 0, state.tech_discard[0] + state.tiles[t])
    state.tiles = _replace(state.tiles, t, ())
    refill_tile(state, t, 2)


def push_pay(state: AncientsState, seat: int, n: int) -> None:
    hand = state.hands[seat]
    if n <= 0:
        return
    if n >= len(hand):
        state.discard.extend(hand)
        hand.clear()
        return
    state.push(PayCards(seat, n))


def begin_place(state: AncientsState, seat: int, col: int, above: bool) -> None:
    card = state.placing
    cost = column_costs(state, seat, card)[col]
    state.work.append(("place", seat, card, col, above))
    push_pay(state, seat, cost)


def choose_level_or_place(state: AncientsState, seat: int, col: int) -> None:
    if state.column_count(seat, col) == 1:
        state.push(ChooseLevel(seat, col))
    else:
        begin_place(state, seat, col, False)


# ---- steps ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KeepCards(Step):
    """Set-up: each builder sets aside cards until 6 remain (all choose in secret)."""

    sealed = True

    def legal_actions(self, state: AncientsState) -> list[str]:
        return fx.card_actions(state, "discard:", sorted(state.hands[self.seat]))

    def resolve(self, state: AncientsState, action: str) -> None:
        card = fx.card_of(state, action, "discard:")
        state.hands[self.seat].remove(card)
        state.add_to("kept_aside", self.seat, card)
        if len(state.hands[self.seat]) > KEEP:
            state.push(KeepCards(self.seat))

    def prompt(self, state: AncientsState) -> str:
        return f"Set-up: discard down to {KEEP} cards"

    def label(self, state: AncientsState, action: str) -> str:
        return f"discard {fx.card_label(state, action)}"

    def public_label(self, state: AncientsState, action: str) -> str:
        """Set-up discards stay hidden until every builder has chosen (§3)."""
        return f"seat {self.seat} set a card aside face down"


def choose_action_legal(state: AncientsState, seat: int) -> list[str]:
    """ChooseAction's choices: create, learn, archive, excavate, search. The costs are
    column_costs', with the passive totals looked up once (typed in ``rules.pxd``: the list
    is made at most of a builder's decisions)."""
    c = state.content
    all_ = c.all
    hand = state.hands[seat]
    spare = len(hand) - 1
    acts = []
    base = seat * 12
    tl = state.timeline
    open_cols = [col for col in range(1, 7) if tl[base + 2 * col - 1] == -1]  # EMPTY
    art_room = len(state.artifacts[seat]) < ARTIFACT_SLOTS
    passives, artifacts = c.passive, state.artifacts[seat]
    cd = passive_total(passives, tl, artifacts, seat, "create_discount")
    md = passive_total(passives, tl, artifacts, seat, "move_discount")
    is_mon, cost, column, locked = c.is_monument, c.cost, c.column, c.locked
    for x in sorted(hand):
        pay = cost[x] - cd
        if pay < 0:
            pay = 0
        if is_mon[x]:
            if not open_cols or pay > spare:
                continue
            start = column[x]
            if locked[x]:
                if start in open_cols:
                    acts.append("create:" + all_[x].id)
                continue
            extra = 99
            for col in open_cols:
                far = col - start if col >= start else start - col
                if far < extra:
                    extra = far
            extra -= md
            if pay + (extra if extra > 0 else 0) <= spare:
                acts.append("create:" + all_[x].id)
        elif art_room and pay <= spare:
            acts.append("create:" + all_[x].id)
    bonus = passive_total(passives, tl, artifacts, seat, "learn_bonus")
    for tile in state.tiles:
        for t in tile:
            if requirement_met(state, seat, t, bonus):
                acts.append("learn:" + all_[t].id)
    if hand and has_knowledge(state, seat):
        acts.append("archive")
    if unrotated(state, seat):
        acts.append("excavate")
    acts.append("search")
    return acts


@dataclass(frozen=True)
class ChooseAction(Step):
    def legal_actions(self, state: AncientsState) -> list[str]:
        return choose_action_legal(state, self.seat)

    def resolve(self, state: AncientsState, action: str) -> None:
        seat = self.seat
        state.actions_left -= 1
        verb, _, arg = action.partition(":")
        if verb == "create":
            card = state.content.index[arg]
            state.hands[seat].remove(card)
            state.placing = card
            if state.content.is_monument[card]:
                costs = column_costs(state, seat, card)
                if len(costs) == 1:
                    choose_level_or_place(state, seat, next(iter(costs)))
                else:
                    state.push(ChooseColumn(seat))
            else:
                state.work.append(("place_art", seat, card))
                push_pay(state, seat, create_cost(state, seat, card))
        elif verb == "learn":
            learn(state, seat, state.content.index[arg])
        elif verb == "archive":
            state.push(ArchiveCard(seat, 0))
        elif verb == "excavate":
            state.push(ExcavateCard(seat, 0))
        else:
            state.draw(seat, 1 + state.passive(seat, "search_bonus"))

    def prompt(self, state: AncientsState) -> str:
        return f"Choose an action ({state.actions_left} left this turn)"

    def label(self, state: AncientsState, action: str) -> str:
        verb, _, arg = action.partition(":")
        if arg:
            return f"{verb} {fx.card_label(state, action)}"
        return verb


def learn(state: AncientsState, seat: int, tech: int) -> None:
    for t, tile in enumerate(state.tiles):
        if tech in tile:
            rest = tuple(x for x in tile if x != tech)
            state.tiles = _replace(state.tiles, t, rest)
            if len(rest) == 1:
                lvl = state.tile_level[t]
                state.tech_discard = _replace(state.tech_discard, lvl - 1, state.tech_discard[lvl - 1] + rest)
                state.tiles = _replace(state.tiles, t, ())
                refill_tile(state, t, lvl)
            break
    state.add_to("techs", seat, tech)
    fx.queue_effects(state, seat, tech, "immediate")


@dataclass(frozen=True)
class ChooseColumn(Step):
    def legal_actions(self, state: AncientsState) -> list[str]:
        spare = len(state.hands[self.seat])
        costs = column_costs(state, self.seat, state.placing)
        return [f"col:{col}" for col, cost in sorted(costs.items()) if cost <= spare]

    def resolve(self, state: AncientsState, action: str) -> None:
        choose_level_or_place(state, self.seat, int(action[4:]))

    def prompt(self, state: AncientsState) -> str:
        return f"Create {state.content.all[state.placing].name} on which column?"

    def label(self, state: AncientsState, action: str) -> str:
        cost = column_costs(state, self.seat, state.placing).get(int(action[4:]), 0)
        return f"column {action[4:]} (discard {cost})"


@dataclass(frozen=True)
class ChooseLevel(Step):
    col: int

    def check_loaded(self, state: AncientsState) -> None:
        state.require(self.col in COLUMNS, "col", f"{clip(self.col)} is no column (1 to {len(COLUMNS)})")

    def legal_actions(self, state: AncientsState) -> list[str]:
        return ["below", "above"]

    def resolve(self, state: AncientsState, action: str) -> None:
        begin_place(state, self.seat, self.col, action == "above")

    def prompt(self, state: AncientsState) -> str:
        return f"Column {self.col} holds a monument: place the new one below or above it?"


@dataclass(frozen=True)
class PayCards(Step):
    n: int

    def check_loaded(self, state: AncientsState) -> None:
        fx.require_count(state, "n", self.n)

    def legal_actions(self, state: AncientsState) -> list[str]:
        return fx.card_actions(state, "pay:", sorted(state.hands[self.seat]))

    def resolve(self, state: AncientsState, action: str) -> None:
        card = fx.card_of(state, action, "pay:")
        state.hands[self.seat].remove(card)
        state.discard.append(card)
        push_pay(state, self.seat, self.n - 1)

    def prompt(self, state: AncientsState) -> str:
        return f"Pay: discard a card ({self.n} to go)"

    def label(self, state: AncientsState, action: str) -> str:
        return f"discard {fx.card_label(state, action)}"


@dataclass(frozen=True)
class ArchiveCard(Step):
    """ARCHIVE: discard cards one by one, each removing knowledge from your Timeline."""

    count: int

    def check_loaded(self, state: AncientsState) -> None:
        fx.require_count(state, "count", self.count, least=0)

    def legal_actions(self, state: AncientsState) -> list[str]:
        acts = fx.card_actions(state, "archive:", sorted(state.hands[self.seat]))
        if self.count > 0:
            acts.append("done")
        return acts

    def resolve(self, state: AncientsState, action: str) -> None:
        if action == "done":
            return
        seat = self.seat
        card = fx.card_of(state, action, "archive:")
        state.hands[seat].remove(card)
        state.discard.append(card)
        state.work.append(("archive_more", seat, self.count + 1))
        fx.remove_knowledge(state, seat, EMPTY, 1 + state.passive(seat, "archive_bonus"), "any")

    def prompt(self, state: AncientsState) -> str:
        return "ARCHIVE: discard a card to remove knowledge (or stop)"

    def label(self, state: AncientsState, action: str) -> str:
        return "stop archiving" if action == "done" else f"archive {fx.card_label(state, action)}"


@dataclass(frozen=True)
class ExcavateCard(Step):
    """EXCAVATE: rotate Past monuments one by one, drawing for each."""

    count: int

    def check_loaded(self, state: AncientsState) -> None:
        fx.require_count(state, "count", self.count, least=0)

    def legal_actions(self, state: AncientsState) -> list[str]:
        acts = fx.card_actions(state, "rotate:", unrotated(state, self.seat))
        if self.count > 0:
            acts.append("done")
        return acts

    def resolve(self, state: AncientsState, action: str) -> None:
        if action == "done":
            return
        seat = self.seat
        card = fx.card_of(state, action, "rotate:")
        state.set_rotated(card, 1)
        state.draw(seat, 2 + state.passive(seat, "excavate_bonus"))
        state.work.append(("excavate_more", seat, self.count + 1))

    def prompt(self, state: AncientsState) -> str:
        return "EXCAVATE: rotate a monument of your Past (or stop)"

    def label(self, state: AncientsState, action: str) -> str:
        return "stop excavating" if action == "done" else f"rotate {fx.card_label(state, action)}"


@dataclass(frozen=True)
class FlipTile(Step):
    """A Past reached 7 monuments: the builder whose decline did it flips a level I tile."""

    def legal_actions(self, state: AncientsState) -> list[str]:
        return [f"flip:{t + 1}" for t, lvl in enumerate(state.tile_level) if lvl == 1]

    def resolve(self, state: AncientsState, action: str) -> None:
        flip_tile(state, int(action[5:]) - 1)

    def prompt(self, state: AncientsState) -> str:
        return "Flip which level I technology tile to level II?"

    def label(self, state: AncientsState, action: str) -> str:
        return f"flip technology tile {action[5:]} to level II"


RULE_STEPS = (
    KeepCards, ChooseAction, ChooseColumn, ChooseLevel, PayCards, ArchiveCard, ExcavateCard, FlipTile
)
