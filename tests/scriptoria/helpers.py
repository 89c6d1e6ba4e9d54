"""Building precise Scriptoria positions for rule tests."""

from __future__ import annotations

from inkhorn.games import get_game
from inkhorn.games.scriptoria.content import COLOURS
from inkhorn.games.scriptoria.rules import LastTurn
from inkhorn.games.scriptoria.state import EMPTY, LAST, ScriptoriaState

GAME = get_game("scriptoria")


def new(players: int = 3, seed: int = 0, **options) -> ScriptoriaState:
    state = GAME.new_game(players, seed, options or None)
    assert isinstance(state, ScriptoriaState)
    return state


def idx(state: ScriptoriaState, sketch_id: str) -> int:
    return state.content.sketch_index[sketch_id]


def inks(**counts: int) -> list[int]:
    return [counts.get(c, 0) for c in COLOURS]


def set_inks(state: ScriptoriaState, seat: int, **counts: int) -> None:
    """Give ``seat`` exactly these inks, moving the difference from/to the bag."""
    row = inks(**counts)
    for col in range(5):
        diff = row[col] - state.inks[seat * 5 + col]
        state.inks[seat * 5 + col] = row[col]
        state.ink_bag[col] -= diff
        assert state.ink_bag[col] >= 0


def take_sketch(state: ScriptoriaState, i: int) -> None:
    """Remove sketch ``i`` from wherever it lies (to move it somewhere chosen by the test)."""
    if i in state.sketch_bag:
        state.sketch_bag.remove(i)
        return
    if i in state.scriptorium:
        state.scriptorium.remove(i)
        return
    for k, sk in enumerate(state.lectern_sketches):
        if i in sk:
            state.lectern_sketches[k] = tuple(x for x in sk if x != i)
            return
    for s, st in enumerate(state.stocks):
        if i in st:
            state.stocks[s] = tuple(x for x in st if x != i)
            return
    raise AssertionError(f"sketch {i} not found")


def give_stock(state: ScriptoriaState, seat: int, *ids: str) -> list[int]:
    out = []
    for sid in ids:
        i = idx(state, sid)
        take_sketch(state, i)
        state.stocks[seat] = state.stocks[seat] + (i,)
        out.append(i)
    return out


def fill_slots(state: ScriptoriaState, seat: int, slot_ids: list[str]) -> None:
    """Fill these scroll slots with matching sketches from the bag (no points, no ink)."""
    c = state.content
    scroll = list(state.scrolls[seat])
    for slot_id in slot_ids:
        slot = c.slot_ids.index(slot_id)
        kind = c.slot_kind[slot]
        i = next(x for x in state.sketch_bag if c.sketches[x].kind == kind)
        state.sketch_bag.remove(i)
        scroll[slot] = i
    state.scrolls[seat] = tuple(scroll)


def to_last_hour(state: ScriptoriaState, seat: int = 0, lectern: str | None = None) -> ScriptoriaState:
    """Jump to ``seat``'s Last Hour turn: every copyist holds a lectern (``seat`` the one named)."""
    c = state.content
    order = list(range(len(state.lecterns)))
    if lectern is not None:
        lid = c.lectern_ids.index(lectern)
        if lid not in state.lecterns:
            # swap it onto the table in place of the first lectern
            k0 = 0
            state.lecterns[k0] = lid
        k = state.lecterns.index(lid)
        order.remove(k)
        order.insert(0, k)
    seats = [seat] + [s for s in range(state.num_players) if s != seat]
    state.lectern_owner = [-1] * len(state.lecterns)
    for s, k in zip(seats, order):
        state.lectern_owner[k] = s
    for k in range(len(state.lecterns)):
        if state.lectern_owner[k] < 0:
            state.scriptorium = sorted(state.scriptorium + list(state.lectern_sketches[k]))
            state.lectern_sketches[k] = ()
    for col in range(5):
        state.ink_bag[col] += state.cup[col]
    state.cup = [0] * 5
    state.phase = LAST
    state.archivist = seat
    state.turn = seat
    state.stack = [LastTurn(seat)]
    return state


def set_lectern_sketches(state: ScriptoriaState, seat: int, *ids: str) -> list[int]:
    k = state.lectern_of(seat)
    for i in state.lectern_sketches[k]:
        state.sketch_bag.append(i)
    state.sketch_bag.sort()
    got = []
    for sid in ids:
        i = idx(state, sid)
        take_sketch(state, i)
        got.append(i)
    state.lectern_sketches[k] = tuple(got)
    return got


def empty_slots(state: ScriptoriaState, seat: int) -> int:
    return sum(1 for v in state.scrolls[seat] if v == EMPTY)


def find_sketch(state: ScriptoriaState, kind: str, cost: dict[str, int] | None = None, exclude=()) -> str:
    c = state.content
    from inkhorn.games.scriptoria.content import KINDS

    want = tuple((cost or {}).get(col, 0) for col in COLOURS) if cost is not None else None
    placed = {i for scroll in state.scrolls for i in scroll}
    for sk in c.sketches:
        if sk.index in placed:
            continue
        if KINDS[sk.kind] == kind and (want is None or sk.cost == want) and sk.id not in exclude:
            return sk.id
    raise AssertionError(f"no {kind} sketch costing {cost}")
