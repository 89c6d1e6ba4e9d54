"""Novelist at the library's boundaries: hostile seats, corrupt saves and logs, wrong ids.

Whatever a caller passes, only library errors (``InkhornError`` and its kinds) come out, and
a refused call leaves the state as it was.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inkhorn.core import InkhornError
from inkhorn.games import get_game
from tests.core import boundaries as b

GAME = get_game("novelist")
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(players=st.sampled_from([2, 3, 4, 5]), seed=st.integers(0, 10**6), moves=st.integers(0, 60),
       seat=b.SEATS, world=st.integers(0, 2**40))
def test_seat_arguments_are_seats_or_refused(players, seed, moves, seat, world):
    b.check_seat_arguments(b.played_state(GAME, players, seed, moves), seat, world)


@SETTINGS
@given(players=st.sampled_from([2, 3, 4, 5]), seed=st.integers(0, 10**6), moves=st.integers(0, 60), data=st.data())
def test_mutated_saved_states_load_or_are_refused(players, seed, moves, data):
    b.check_mutated_state(GAME, b.played_state(GAME, players, seed, moves), data)


@SETTINGS
@given(players=st.sampled_from([2, 3, 4, 5]), seed=st.integers(0, 10**6), moves=st.integers(0, 20), data=st.data())
def test_mutated_replay_logs_replay_or_are_refused(players, seed, moves, data):
    b.check_mutated_log(GAME, b.played_state(GAME, players, seed, moves), data)


@SETTINGS
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60),
       action=st.one_of(st.text(max_size=30), st.just("x" * 1_000_000), st.just("\n"), st.just("१")))
def test_ids_not_legal_now_are_illegal_actions(seed, moves, action):
    b.check_illegal_ids(b.played_state(GAME, 2, seed, moves), action)


@pytest.mark.parametrize(
    "field, value",
    [("rng", None), ("num_players", 10**9), ("num_players", -1), ("num_players", True), ("num_players", 0),
     ("seed", "7"), ("stack", {}), ("history", [1]), ("unknown_field", 1)],
)
def test_corrupt_saves_are_refused_naming_the_field(field, value):
    state = b.played_state(GAME, 2, 3, 10)
    saved = json.loads(json.dumps(state.to_json()))
    saved["state"][field] = value
    with pytest.raises(InkhornError, match=field):
        GAME.state_from_json(saved)
