"""Shared set-ups for the Manuscript tests: a game with a chosen scribe to act."""

from __future__ import annotations

from inkhorn.games import get_game
from inkhorn.games.manuscript.rules import Turn
from inkhorn.games.manuscript.state import DECO, ManuscriptState

GAME = get_game("manuscript")


def new(players: int = 2, seed: int = 0, **options) -> ManuscriptState:
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, ManuscriptState)
    return state


def turn_of(state: ManuscriptState, seat: int) -> ManuscriptState:
    """Make it ``seat``'s turn now (a scenario set-up, as if the others had passed)."""
    state.stack = [Turn(seat)]
    state.actor = seat
    return state


def card(state: ManuscriptState, slug: str) -> int:
    return state.content.text_index[slug]


def take(state: ManuscriptState, slug: str) -> int:
    """Remove a text from wherever it lies on the table (shop, deck, discard) and return it."""
    c = card(state, slug)
    if c in state.shop:
        state.shop[state.shop.index(c)] = -1
    elif c in state.deck:
        state.deck.remove(c)
    elif c in state.discard:
        state.discard.remove(c)
    else:
        raise AssertionError(f"{slug} is not free on the table")
    return c


def give_active(state: ManuscriptState, seat: int, slug: str) -> int:
    c = take(state, slug)
    state.active[seat] = c
    return c


def copy_text(state: ManuscriptState, seat: int, slug: str, placement: list[str], cubes: list[int]) -> None:
    """Put a text in the Active Text Area and copy it with the given placement steps and spends."""
    give_active(state, seat, slug)
    for i, k in enumerate(cubes):
        state.hand[seat] = state.own[seat] = max(state.hand[seat], k)
        turn_of(state, seat)
        state.apply("copy")
        if i == 0:
            for step in placement:
                state.apply(step)
        state.apply(f"cubes:{k}")


def text_cells(state: ManuscriptState, seat: int, slug: str) -> list[tuple[int, int, int]]:
    """(page, row, col) of every square shaded with that text, 1-based like the view."""
    c = card(state, slug)
    pc = state.geo.page_cells
    out = []
    for i, v in enumerate(state.grid[seat]):
        if v == c + 1:
            page, x = divmod(i, pc)
            out.append((page + 1, x // 12 + 1, x % 12 + 1))
    return out


def deco_cells(state: ManuscriptState, seat: int) -> int:
    return sum(1 for v in state.grid[seat] if v >= DECO)
