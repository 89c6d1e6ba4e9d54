"""Shared helpers for the Novelist tests: conservation checks and hand-set positions."""

from __future__ import annotations

from inkhorn.games import get_game
from inkhorn.games.novelist.rules import put
from inkhorn.games.novelist.state import NovelistState

GAME = get_game("novelist")


def all_piles(state: NovelistState) -> list[int]:
    cards: list[int] = []
    for s in range(state.num_players):
        cards += [*state.deck[s], *state.hand[s], *state.discard[s], *state.classics[s], *state.set_aside[s]]
    cards += [*state.offer_row, *state.offer_deck, *state.offer_discard, *state.box, *state.played]
    cards += [j for j in state.jail if j >= 0]
    return cards


def check_conservation(state: NovelistState) -> None:
    """Every card is in exactly one place; ink and removers are never made or lost."""
    cards = all_piles(state)
    assert sorted(cards) == list(range(len(state.content.cards))), "a card was lost or duplicated"
    ink = state.ink_supply + sum(state.ink) + sum(len(i) for i in state.inked)
    assert ink == state.content.ink_supply, f"ink tokens: {ink}"
    rem = state.remover_supply + sum(state.remover)
    assert rem == state.content.remover_supply, f"remover tokens: {rem}"
    assert min(state.ink) >= 0 and min(state.remover) >= 0 and state.ink_supply >= 0
    for s in range(state.num_players):
        assert set(state.inked[s]) <= set(state.hand[s]), "an inked card is not in hand"
        assert set(state.forced_wild[s]) <= set(state.hand[s]), "a forced wild is not in hand"


def take(state: NovelistState, card: int) -> None:
    """Remove ``card`` from wherever it is (to place it by hand)."""
    for s in range(state.num_players):
        for pile in (state.deck[s], state.hand[s], state.discard[s], state.classics[s], state.set_aside[s]):
            if card in pile:
                pile.remove(card)
                return
    for pile in (state.offer_row, state.offer_discard, state.played):
        if card in pile:
            pile.remove(card)
            return
    if card in state.offer_deck:
        state.offer_deck = tuple(c for c in state.offer_deck if c != card)
        return
    if card in state.box:
        state.box = tuple(c for c in state.box if c != card)
        return
    for s in range(state.num_players):
        if state.jail[s] == card:
            put(state, "jail", s, -1)
            return
    raise AssertionError(f"card {card} not found")


def set_hand(state: NovelistState, seat: int, cards: list[int]) -> None:
    """Give ``seat`` exactly ``cards`` as a hand; the old hand goes to the draw pile."""
    old = state.hand[seat]
    state.hand[seat] = []
    state.deck[seat].extend(old)
    for c in cards:
        take(state, c)
    state.hand[seat] = list(cards)
    state.inked[seat] = ()
    state.forced_wild[seat] = ()


def new(players: int = 2, seed: int = 0, **options) -> NovelistState:
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, NovelistState)
    return state


def card_id(state: NovelistState, letter: str, genre: str | None = None, special: str | None = None,
            classic: bool | None = None, starting_seat: int | None = None, exclude: tuple[int, ...] = ()) -> int:
    """The first card matching the description (starting cards: of ``starting_seat``'s set)."""
    content = state.content
    if starting_seat is not None:
        pool = list(content.coin_ids[starting_seat]) + list(content.prestige_ids)
    else:
        pool = list(content.genre_card_ids)
    for c in pool:
        card = content.cards[c]
        if c in exclude or card.letter != letter:
            continue
        if genre is not None and card.genre != genre:
            continue
        if special is not None and card.special != special:
            continue
        if classic is not None and card.classic != classic:
            continue
        return c
    raise AssertionError(f"no card {letter} {genre} {special}")


def start(state: NovelistState, seat: int, letter: str) -> int:
    return card_id(state, letter, starting_seat=seat)


def spell(state: NovelistState, word: str) -> None:
    """Spell ``word`` and accept the proposed layout."""
    state.apply(f"spell:{word}")
    state.apply("accept")


def give_event(state: NovelistState, seat: int, key: str) -> int:
    """Put the event named ``key`` in front of ``seat``, out of the event deck."""
    idx = [i for i, e in enumerate(state.content.events) if e.key == key][0]
    state.event_deck = tuple(e for e in state.event_deck if e != idx)
    put(state, "events", seat, idx)
    return idx
