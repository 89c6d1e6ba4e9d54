"""Small builders of hand-set positions for the rule tests."""

from __future__ import annotations

from inkhorn.games import get_game
from inkhorn.games.ancients.rules import ChooseAction
from inkhorn.games.ancients.state import EMPTY, TOKEN_VALUE, AncientsState

GAME = get_game("ancients")


def cid(state: AncientsState, card_id: str) -> int:
    return state.content.index[card_id]


def fresh(players: int = 2, seed: int = 1, **options) -> AncientsState:
    """A game right after set-up: builder ``state.turn`` chooses an action."""
    state = GAME.new_game(players, seed, options)
    while state.phase != "action" or not isinstance(state.decision(), ChooseAction):
        state.apply(state.legal_actions()[0])
    return state


def clear_board(state: AncientsState) -> None:
    """Everything back into the deck, all boards empty, all hands empty."""
    c = state.content
    state.deck = list(range(c.n_builders))
    state.discard = []
    state.hands = [[] for _ in range(state.num_players)]
    state.timeline = [EMPTY] * (12 * state.num_players)
    state.tokens = [0] * len(c.all)
    state.rotated = (0,) * len(c.all)
    state.past = ((),) * state.num_players
    state.artifacts = ((),) * state.num_players
    state.lost = [0] * state.num_players
    state.reserve = TOKEN_VALUE
    state.banked = [0] * state.num_players
    discard = [list(d) for d in state.tech_discard]
    for s in range(state.num_players):
        for t in state.techs[s]:
            discard[state.content.all[t].level - 1].append(t)
    state.tech_discard = tuple(tuple(d) for d in discard)
    state.techs = ((),) * state.num_players


def give(state: AncientsState, seat: int, *card_ids: str) -> list[int]:
    cards = [cid(state, x) for x in card_ids]
    for x in cards:
        state.deck.remove(x)
        state.hands[seat].append(x)
    return cards


def place(state: AncientsState, seat: int, card_id: str, col: int, row: int = 0, tokens: int = 0) -> int:
    x = cid(state, card_id)
    state.deck.remove(x)
    state.timeline[seat * 12 + (col - 1) * 2 + row] = x
    state.tokens[x] = tokens
    state.reserve -= tokens
    return x


def to_past(state: AncientsState, seat: int, *card_ids: str, rotated: bool = False) -> list[int]:
    cards = [cid(state, x) for x in card_ids]
    for x in cards:
        state.deck.remove(x)
        state.add_to("past", seat, x)
        state.set_rotated(x, int(rotated))
    return cards


def give_artifact(state: AncientsState, seat: int, card_id: str) -> int:
    x = cid(state, card_id)
    state.deck.remove(x)
    state.add_to("artifacts", seat, x)
    return x


def take_tech(state: AncientsState, tech_id: str) -> int:
    """Lift a technology out of wherever it is among tiles, decks and discards."""
    t = cid(state, tech_id)
    state.tiles = tuple(tuple(x for x in tile if x != t) for tile in state.tiles)
    state.tech_deck = tuple(tuple(x for x in d if x != t) for d in state.tech_deck)
    state.tech_discard = tuple(tuple(x for x in d if x != t) for d in state.tech_discard)
    return t


def give_tech(state: AncientsState, seat: int, tech_id: str) -> int:
    t = take_tech(state, tech_id)
    state.add_to("techs", seat, t)
    return t


def find(state: AncientsState, pred) -> list[str]:
    """Ids of the cards whose content satisfies ``pred``."""
    return [c.id for c in state.content.all if pred(c)]


def conservation(state: AncientsState) -> None:
    """Every builder card, technology and token value is somewhere, exactly once."""
    c = state.content
    places = list(state.deck) + list(state.discard)
    for s in range(state.num_players):
        places += [*state.hands[s], *state.kept_aside[s], *state.past[s], *state.artifacts[s]]
        places += [x for x in state.timeline[s * 12 : s * 12 + 12] if x != EMPTY]
    if state.placing != EMPTY:
        places.append(state.placing)
    assert sorted(places) == list(range(c.n_builders)), "builder cards are not conserved"
    techs = [t for tile in state.tiles for t in tile]
    techs += [*state.tech_deck[0], *state.tech_deck[1], *state.tech_discard[0], *state.tech_discard[1]]
    for s in range(state.num_players):
        techs += state.techs[s]
    assert sorted(techs) == list(c.tech_ids), "technologies are not conserved"
    on_cards = sum(state.tokens)
    assert all(t >= 0 for t in state.tokens) and state.reserve >= 0
    assert state.reserve + on_cards + sum(state.lost) == TOKEN_VALUE, "knowledge tokens are not conserved"
    for s in range(state.num_players):
        for x in [*state.past[s], *state.hands[s]]:
            assert state.tokens[x] == 0, "only Timeline monuments carry knowledge"
        base = s * 12
        for col in range(6):
            lo, hi = state.timeline[base + 2 * col], state.timeline[base + 2 * col + 1]
            assert not (lo == EMPTY and hi != EMPTY), "an upper card must slide down onto an empty space"
        assert len(state.artifacts[s]) <= 5
