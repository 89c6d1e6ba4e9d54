"""Every game's own picture of the table (the terminal's screen, the browser's board) names
nothing hidden from the seat it is drawn for: one test over every game, seat and spectator,
through seeded random games (the core's leak check, ``inkhorn.core.checks``)."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from inkhorn import games
from inkhorn.core.checks import leaked_name


def picture(game, state, seat) -> str:
    console = Console(record=True, width=110, file=io.StringIO())
    console.print(game.render(state, seat))
    return console.export_text()


@pytest.mark.parametrize("game_id", games.game_ids())
@pytest.mark.parametrize("seed", [1, 2])
def test_the_picture_of_the_table_names_no_secret_of_its_seat(game_id, seed):
    game = games.get_game(game_id)
    state = game.new_game(None, seed)
    rng = random.Random(seed)
    decisions = 0
    while True:
        if decisions % 15 == 0 or state.is_terminal():
            for seat in [None, *range(state.num_players)]:
                name = leaked_name(game.hidden_names(state, seat), picture(game, state, seat))
                assert name is None, f"{game_id} seed {seed}: the picture for seat {seat} at decision " \
                                     f"{decisions} names {name!r}, hidden from it"
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
