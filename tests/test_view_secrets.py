"""Every game's pictures of the table (the terminal's screen and its summary lines, the
browser's scene) name nothing hidden from the seat they are drawn for: one test over every
game, seat and spectator, through seeded random games (the core's leak check, ``inkhorn.core.checks``).
The scene is also plain JSON that survives a round trip, and its choices are action ids."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

from inkhorn import games
from inkhorn.core.checks import leaked_name


def scene_text(game, state, seat) -> str:
    scene = game.scene(state.observation(seat), seat, state.options).to_json()
    text = json.dumps(scene, ensure_ascii=False)
    assert json.loads(text) == scene
    return text


def picture(game, state, seat) -> str:
    """The terminal's whole picture, and the one-line summaries its screens show of each seat."""
    console = Console(record=True, width=110, file=io.StringIO())
    console.print(game.render(state, seat))
    return console.export_text() + "\n".join(p.summary for p in game.picture(state, seat).seats)


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
                hidden = game.hidden_names(state, seat)
                for kind, text in (("picture", picture(game, state, seat)), ("scene", scene_text(game, state, seat))):
                    name = leaked_name(hidden, text)
                    assert name is None, f"{game_id} seed {seed}: the {kind} for seat {seat} at decision " \
                                         f"{decisions} names {name!r}, hidden from it"
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1


@pytest.mark.parametrize("game_id", games.game_ids())
def test_most_decisions_are_taken_on_the_drawn_table(game_id):
    """At most decisions the deciding seat's scene stands for some of its legal actions, so
    the player clicks the table (the rest, like "pass", "end your turn" or a word to type,
    are buttons and a text box beside the prompt)."""
    game = games.get_game(game_id)
    state = game.new_game(None, 3)
    rng = random.Random(3)
    on_table = decisions = 0
    while not state.is_terminal():
        seat = state.current_seat()
        scene = game.scene(state.observation(seat), seat, state.options)
        choices = {c for zone in scene.zones for piece in zone.pieces for c in piece.choices}
        legal = state.legal_actions()
        on_table += any(a in choices for a in legal)
        decisions += 1
        state.apply(rng.choice(legal))
    assert on_table >= 0.6 * decisions, f"{game_id}: {on_table} of {decisions} decisions are on the table"
