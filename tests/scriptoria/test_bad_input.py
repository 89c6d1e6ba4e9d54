"""Bad options, bad content, malformed or illegal actions: clear errors, state untouched."""

from __future__ import annotations

import pytest

from inkhorn.core.checks import snapshot
from inkhorn.core.errors import IllegalAction, OptionError, UnknownGame
from inkhorn.games import get_game

from .helpers import new, to_last_hour


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGame, match="scriptoria"):
        get_game("scriptorium")


@pytest.mark.parametrize(
    "options,words",
    [
        ({"masters": True}, "unknown option 'masters'"),
        ({"hell_level": -1}, "hell_level"),
        ({"hell_level": "many"}, "hell_level"),
        ({"master": "perhaps"}, "master"),
    ],
)
def test_bad_options_are_refused_with_the_key(options, words):
    with pytest.raises(OptionError, match=words):
        new(3, **options)


@pytest.mark.parametrize("players", [1, 5, 0])
def test_player_count_outside_two_to_four(players):
    with pytest.raises(OptionError, match="2-4 players"):
        get_game("scriptoria").new_game(players, 0)


@pytest.mark.parametrize(
    "action",
    ["", "take:", "take:purple", "take:red+red", "take:black+gold", "grimoire:now", "place:B01", "lectern:red", 7],
)
def test_first_hour_malformed_or_illegal_action(action):
    state = new(3)
    state.cup = [1, 1, 1, 1, 1]
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert repr(action) in str(err.value)
    if action != 7:
        assert "legal now" in str(err.value) and "take:red" in str(err.value)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    "action",
    ["place:", "place:ZZ9", "place:B01:left", "help:seat9", "help:seat0", "help:", "end:now", "side:left", "gold:1"],
)
def test_last_hour_malformed_or_illegal_action(action):
    state = to_last_hour(new(3))
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert "legal now" in str(err.value) and "end" in str(err.value)
    assert snapshot(state) == before


def test_action_after_game_over():
    state = to_last_hour(new(3))
    state.sketch_bag = []
    for _ in range(3):
        state.apply("end")
    assert state.is_terminal()
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply("end")
