"""Every game at the library's boundaries: hostile seats, corrupt saves and logs, wrong ids.

Whatever a caller passes, only library errors (``InkhornError`` and its kinds) come out, and
a refused call leaves the state as it was. One test per check, run for each game.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inkhorn.core import InkhornError
from inkhorn.games import game_ids, get_game
from tests.core import boundaries as b

GAMES = game_ids()
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DEPTH = 80  # random decisions into a game at most before the check


def seats(game_id: str) -> st.SearchStrategy[int]:
    game = get_game(game_id)  # a solo game needs an option (Novelist's co-op): two and up here
    return st.integers(max(2, game.min_players), game.max_players)


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 10**6), moves=st.integers(0, DEPTH), world=st.integers(0, 2**40))
def test_seat_arguments_are_seats_or_refused(game_id, data, seed, moves, world):
    game = get_game(game_id)
    state = b.played_state(game, data.draw(seats(game_id), label="players"), seed, moves)
    b.check_seat_arguments(state, data.draw(b.SEATS, label="seat"), world)


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 10**6), moves=st.integers(0, DEPTH))
def test_mutated_saved_states_load_or_are_refused(game_id, data, seed, moves):
    game = get_game(game_id)
    b.check_mutated_state(game, b.played_state(game, data.draw(seats(game_id), label="players"), seed, moves), data)


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 10**6), moves=st.integers(0, 20))
def test_mutated_replay_logs_replay_or_are_refused(game_id, data, seed, moves):
    game = get_game(game_id)
    b.check_mutated_log(game, b.played_state(game, data.draw(seats(game_id), label="players"), seed, moves), data)


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(seed=st.integers(0, 10**6), moves=st.integers(0, DEPTH),
       action=st.one_of(st.text(max_size=30), st.just("x" * 1_000_000), st.just("\n"), st.just("१")))
def test_ids_not_legal_now_are_illegal_actions(game_id, seed, moves, action):
    game = get_game(game_id)
    b.check_illegal_ids(b.played_state(game, game.default_players, seed, moves), action)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "field, value",
    [("rng", None), ("num_players", 10**9), ("num_players", -1), ("num_players", True), ("num_players", 0),
     ("seed", "7"), ("stack", {}), ("history", [1]), ("unknown_field", 1)],
)
def test_corrupt_saves_are_refused_naming_the_field(game_id, field, value):
    game = get_game(game_id)
    state = b.played_state(game, game.default_players, 3, 10)
    saved = json.loads(json.dumps(state.to_json()))
    saved["state"][field] = value
    with pytest.raises(InkhornError, match=field):
        game.state_from_json(saved)


# ---- every integer of a saved state, out of range --------------------------------------------

OUT_OF_RANGE = ("-1", "seats", "10**9")  # -1, the seat count (one past the last seat), 10^9


def integer_paths(node: Any, path: tuple = ()) -> list[tuple]:
    """Where ``node`` (a saved state's JSON) holds an integer (not a bool)."""
    if isinstance(node, bool):
        return []
    if isinstance(node, int):
        return [path]
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in integer_paths(v, (*path, k))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in integer_paths(v, (*path, i))]
    return []


def set_at(node: Any, path: tuple, value: int) -> None:
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


@pytest.mark.timeout(600)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_integer_of_a_saved_state_out_of_range_is_refused_or_plays_on(game_id):
    """Each integer field of a saved state (every single one, every one of a pending
    decision, and a sample of those in lists) set to -1, the seat count and 10^9: loading
    refuses it with a library error, or the state plays on for 20 random moves and scores."""
    game = get_game(game_id)
    pick = random.Random(game_id)
    for seed, moves in ((1, 25), (2, 70), (3, 150)):
        state = b.played_state(game, game.default_players, seed, moves)
        saved = state.to_json()
        paths = integer_paths(saved["state"])
        single = [p for p in paths if len(p) == 1]
        pending = [p for p in paths if p[0] == "stack"]
        listed = [p for p in paths if len(p) > 1 and p[0] != "stack"]
        for path in single + pending + pick.sample(listed, min(120, len(listed))):
            for value in (-1, state.num_players, 10**9):
                copy = json.loads(json.dumps(saved))
                set_at(copy["state"], path, value)
                loaded = b.only_library_errors(game.state_from_json, copy)
                if loaded is None:
                    continue
                where = f"{'.'.join(map(str, path))} = {value}"
                moves_rng = random.Random(seed)
                try:
                    for _ in range(20):
                        if loaded.is_terminal():
                            break
                        loaded.apply(moves_rng.choice(loaded.legal_actions()))
                    if loaded.is_terminal():
                        loaded.scores()
                except InkhornError:
                    pass
                except Exception as exc:  # noqa: BLE001 - the failure this test exists to find
                    raise AssertionError(f"{game_id}: a save with {where} loaded, then {exc!r}") from exc
