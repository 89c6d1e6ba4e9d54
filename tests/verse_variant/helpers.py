"""Shared helpers for the Verse & Variant tests: invariants and position building."""

from __future__ import annotations

from inkhorn import games
from inkhorn.games.verse_variant.content import CARD_BY_NAME, COLOURS, NUM_TOOLS, NUM_WITNESSES

GAME = games.get_game("verse_variant")
CARD_PHASES = {"play", "rank", "settle", "window", "claim", "bout_start", "after_window"}


def conservation(state) -> None:
    """Every token and card is somewhere, exactly once (components are never created)."""
    n = state.num_players
    for c in range(5):
        total = sum(state.tracks[c]) + state.supply[c] + state.desk_tok[c]
        total += sum(state.ledger[x * 6 + c] + state.vault[x * 6 + c] for x in range(n))
        assert total == 55, f"{COLOURS[c]} tokens: {total} != 55"
    lac = state.supply[5] + state.desk_tok[5] + sum(state.ledger[x * 6 + 5] + state.vault[x * 6 + 5] for x in range(n))
    assert lac == 75, f"Lacuna tokens: {lac} != 75"
    assert all(sum(t) > 0 and min(t) > 0 for t in state.tracks if t), "a track holds an empty stack"
    assert all(len(t) <= 21 for t in state.tracks)
    every = sorted([*state.deck_cards, *state.set_aside])
    assert every == list(range(NUM_WITNESSES + NUM_TOOLS)), "deck + set-aside is not the 120 cards"
    assert len(state.deck_cards) == 60
    if state.phase in CARD_PHASES:
        where = [*state.desk, *state.discard, *state.haul]
        for x in range(n):
            where += state.hands[x] + state.tableau[x]
            where += [c for c in (state.primary[x], state.echo[x]) if c >= 0 and c not in state.set_aside]
        assert sorted(where) == sorted(state.deck_cards), "cards lost or duplicated"
    for x in range(n):
        assert state.grants[x] >= 0 and state.spent[x] >= 0 and state.cubes[x] >= 0
        assert min(state.ledger[x * 6 : x * 6 + 6]) >= 0, "negative Ledger"
        assert state.cubes[x] + state.slots.count(x) == {3: 5, 4: 4, 5: 4}[n]
        assert state.grants[x] + state.spent[x] == {3: 5, 4: 4, 5: 3}[n]


def new(players: int = 4, seed: int = 1, **options):
    return GAME.new_game(players, seed, options)


def card(name: str) -> int:
    return CARD_BY_NAME[name]


def give(state, seat: int, *names: str) -> None:
    """Move named cards (wherever they are among hands/discard) into ``seat``'s hand."""
    for name in names:
        c = CARD_BY_NAME[name]
        if c not in state.deck_cards:
            # a set-aside Tool swaps places with the in-play Tool of its rank
            rank = (c - NUM_WITNESSES) // 5
            other = next(d for d in state.deck_cards if d >= NUM_WITNESSES and (d - NUM_WITNESSES) // 5 == rank)
            state.set_aside = tuple(sorted([*(a for a in state.set_aside if a != c), other]))
            state.deck_cards = tuple(sorted([*(d for d in state.deck_cards if d != other), c]))
            _replace(state, other, c)
        for x in range(state.num_players):
            if c in state.hands[x]:
                state.hands[x].remove(c)
                break
        else:
            for pile in (state.desk, state.discard):
                if c in pile:
                    pile.remove(c)
                    break
        state.hands[seat].append(c)
        state.hands[seat].sort()


def _replace(state, old: int, new_card: int) -> None:
    for pile in (*state.hands, state.desk, state.discard, *state.tableau):
        if old in pile:
            pile[pile.index(old)] = new_card
            pile.sort()
            return


def run_tool(state, seat: int, code: str) -> None:
    """Resolve an Instant Tool's effect for ``seat`` right now (as if just played)."""
    from inkhorn.games.verse_variant.tools import START

    saved = state.stack
    state.stack = []
    START[code](state, seat)
    state._tool_saved = saved


def finish(state, *actions: str) -> None:
    """Apply the given actions to the Tool's pending steps; then restore the game's stack."""
    for a in actions:
        step = state.stack.pop()
        legal = step.legal_actions(state)
        assert a in legal, f"{a} not in {legal}"
        step.resolve(state, a)
    assert not state.stack, f"steps left: {state.stack}"
    state.stack = state._tool_saved


def pending(state) -> list[str]:
    return state.stack[-1].legal_actions(state) if state.stack else []


def ledger(state, seat: int) -> list[int]:
    return state.ledger[seat * 6 : seat * 6 + 6]


def set_ledger(state, seat: int, counts) -> None:
    """Give ``seat`` exactly these token counts, taking/returning the difference from the supply."""
    for k, v in enumerate(counts):
        diff = v - state.ledger[seat * 6 + k]
        state.ledger[seat * 6 + k] = v
        state.supply[k] -= diff


def to_tableau(state, seat: int, code: str) -> None:
    give(state, seat, code)
    c = CARD_BY_NAME[code]
    state.hands[seat].remove(c)
    state.tableau[seat].append(c)


def to_desk(state, *names: str) -> None:
    for name in names:
        give(state, 0, name)
        c = CARD_BY_NAME[name]
        state.hands[0].remove(c)
        state.desk.append(c)




def run_trigger(state, seat: int, code: str) -> None:
    """A delayed Tool in ``seat``'s tableau is used now (its moment has come)."""
    from inkhorn.games.verse_variant.tools import TRIGGER

    saved = state.stack
    state.stack = []
    TRIGGER[code](state, seat)
    state._tool_saved = saved


def run_ask(state, step) -> None:
    saved = state.stack
    state.stack = [step]
    state._tool_saved = saved


def set_track(state, colour: int, stacks) -> None:
    """Give a track exactly these stacks; the difference comes from / goes to the supply."""
    diff = sum(stacks) - sum(state.tracks[colour])
    state.tracks[colour] = list(stacks)
    state.supply[colour] -= diff


def to_window(state):
    """Play the first legal choice until a Preservation Window decision is pending."""
    while not (state.phase == "window" and state.decision().kind == "window"):
        state.apply(state.legal_actions()[0])
    return state.decision().seat


def hand_only(state, seat: int, *names: str) -> None:
    """``seat``'s hand becomes exactly these cards (the others go to the discard)."""
    for name in names:
        give(state, seat, name)
    keep = {CARD_BY_NAME[n] for n in names}
    for c in list(state.hands[seat]):
        if c not in keep:
            state.hands[seat].remove(c)
            state.discard.append(c)
