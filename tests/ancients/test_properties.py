"""Seeded random games for 2, 3 and 4 builders: every game ends, cards and tokens are
conserved, hidden cards never reach another seat, replays and JSON round-trips hold."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.core.checks import check_random_game
from tests.ancients.helpers import conservation


def hidden_never_leaks(state) -> None:
    """Hands, set-aside cards and the deck order never reach another seat's observation."""
    conservation(state)
    names = state.content.all
    for viewer in [None, *range(state.num_players)]:
        text = json.dumps(state.observation(viewer))
        hidden = list(state.deck)
        for s in range(state.num_players):
            if s != viewer:
                hidden += [*state.hands[s], *state.kept_aside[s]]
        for x in hidden:
            assert f'"{names[x].id}"' not in text, f"{names[x].id} is visible to seat {viewer}"


def extra(state) -> None:
    hidden_never_leaks(state)


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=4)
@given(seed=st.integers(0, 10**6))
def test_random_games_keep_every_invariant(players, seed):
    end = check_random_game("ancients", players, seed, every=40, extra=extra)
    assert end.phase == "over"
    assert end.end_triggered or end.round >= end.options.max_rounds


@pytest.mark.parametrize("players", [2, 4])
def test_first_game_hands_play_through(players):
    end = check_random_game("ancients", players, 7, {"first_game": True}, every=60, extra=extra)
    assert end.phase == "over"
