"""Seeded random games for 2, 3 and 4 builders: every game ends, cards and tokens are
conserved, hidden cards never reach another seat, replays and JSON round-trips hold."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.core.checks import check_random_game
from inkhorn.games import get_game
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
@settings(max_examples=8)
@given(seed=st.integers(0, 10**6))
@pytest.mark.rule("§1", "§4")
def test_random_games_keep_every_invariant(players, seed):
    end = check_random_game(get_game("ancients"), players, seed, every=40, extra=extra)
    assert end.phase == "over"
    assert end.end_triggered or end.round >= end.options.max_rounds


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.rule("§3.First-Game")
def test_first_game_hands_play_through(players):
    end = check_random_game(get_game("ancients"), players, 7, {"first_game": True}, every=60, extra=extra)
    assert end.phase == "over"


@pytest.mark.rule("§5.Create")
def test_fast_create_check_agrees_with_column_costs():
    """The action list prices creation the same way as the column choice does (5 CREATE)."""
    import random

    from inkhorn.games import get_game
    from inkhorn.games.ancients.rules import ChooseAction, column_costs, create_cost

    game = get_game("ancients")
    checked = 0
    for seed in range(6):
        state = game.new_game(2 + seed % 3, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            step = state.decision()
            if isinstance(step, ChooseAction):
                seat = step.seat
                hand = state.hands[seat]
                want = set()
                for x in hand:
                    if state.content.is_monument[x]:
                        costs = column_costs(state, seat, x)
                        if costs and min(costs.values()) <= len(hand) - 1:
                            want.add(x)
                    elif len(state.artifacts[seat]) < 5 and create_cost(state, seat, x) <= len(hand) - 1:
                        want.add(x)
                got = {state.content.index[a[7:]] for a in state.legal_actions() if a.startswith("create:")}
                assert got == want
                checked += 1
            state.apply_trusted(rng.choice(state.legal_actions()))
    assert checked > 100
