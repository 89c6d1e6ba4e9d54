"""The terminal's screen fits: at 100 × 40, over seeded games of every game, each screen of
a seat deciding holds the seat's own part (titled "you") and the prompt within its 40 rows,
and never lists more choices than fit."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from inkhorn import games
from inkhorn.terminal import compose_screen

WIDTH, HEIGHT = 100, 40


def console() -> Console:
    return Console(width=WIDTH, height=HEIGHT, record=True, file=io.StringIO(), force_terminal=True)


def text_of(renderable) -> list[str]:
    out = console()
    out.print(renderable)
    return out.export_text().splitlines()


def screen(state, seat: int) -> tuple[list[str], list[str]]:
    """The screen's lines, and the lines of the seat's own part as drawn alone."""
    picture = state.game.picture(state, seat)
    assert len(picture.seats) == state.num_players, "the picture has no part per seat"
    own = text_of(picture.seats[seat].detail)
    assert "(you)" in own[0], "the own part is not titled 'you'"
    out = console()
    head = f"Seat {seat} (you) — {state.decision().prompt(state)}"
    parts, shown = compose_screen(out, state, seat, picture, head, state.legal_actions(), 0, HEIGHT)
    for part in parts:
        out.print(part)
    return out.export_text().splitlines(), own


@pytest.mark.parametrize("game_id", games.game_ids())
@pytest.mark.parametrize("most", [False, True], ids=["default players", "most players"])
def test_every_screen_fits_100_by_40_with_the_seat_own_part_and_the_prompt(game_id, most):
    game = games.get_game(game_id)
    for seed in (1, 2):
        state = game.new_game(game.max_players if most else None, seed)
        rng = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            if decisions % 7 == 0:
                seat = state.current_seat()
                lines, own = screen(state, seat)
                where = f"{game_id} seed {seed} decision {decisions}"
                assert len(lines) <= HEIGHT - 1, f"{where}: {len(lines)} lines"  # and the input line
                at = lines.index(own[0])  # the own part, whole and in one piece
                assert lines[at:at + len(own)] == own, f"{where}: the own part is cut"
                assert any(line.startswith(f"Seat {seat} (you) — ") for line in lines[at + len(own):]), \
                    f"{where}: no prompt below the own part"
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
