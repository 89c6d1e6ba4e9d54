"""Manuscript: no seat is ever shown a component hidden from it.

Secret in Manuscript: the draw pile is face down (§3 The Shop: 'place them face down on the Draw Pile space'). Over seeded random games at every player count, each action's
view for every seat and the spectator, every observation, and the prompt and choices of
the deciding seat name none of the components hidden from that seat
(``Game.hidden_names``; checked by ``inkhorn.core.checks.check_no_leaks``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.games import get_game
from tests.core.boundaries import played_state as b_played
from tests.core.boundaries import watch_for_leaks

GAME = get_game("manuscript")


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_no_seat_is_shown_a_hidden_component(players, seed):
    watch_for_leaks(GAME, players, seed, decisions=180, every=3)


def test_a_seat_knows_at_least_what_the_table_knows():
    """The table's secrets include each seat's: a seat sees the table and its own hand."""
    state = b_played(GAME, 2, 5, 12)
    spectator = GAME.hidden_names(state, None)
    assert spectator, "a game of hidden information hides something from the table"
    for seat in range(state.num_players):
        assert GAME.hidden_names(state, seat) <= spectator


@pytest.mark.rule("Setup.4", "Action.4")
def test_a_title_printed_on_an_exemplar_in_play_is_no_secret_but_its_id_is():
    """The exemplars lie face up where all can see them (Setup 4) and list their texts
    (Action 4), so every seat reads those titles: a
    title there names no secret even while its card is in the draw pile; the card's id does."""
    state = GAME.new_game(3, 5)
    texts = state.content.texts
    printed = {c for e in state.exemplars for c in state.content.components[e]}
    in_deck = [c for c in state.deck if c in printed]
    assert in_deck, "seed 5 should have an exemplar's text in the draw pile"
    hidden = GAME.hidden_names(state, 0)
    for c in in_deck:
        assert texts[c].title not in hidden
        assert texts[c].id in hidden
    other = next(c for c in state.deck if c not in printed)
    assert texts[other].title in hidden
