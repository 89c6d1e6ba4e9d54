"""Every symbol a game's terminal picture prints is explained by its legend (``help`` at the
prompt, ``inkhorn rules GAME``): one test over every game, through seeded random games."""

from __future__ import annotations

import io
import random
import string
import unicodedata

import pytest
from rich.console import Console

from inkhorn import games

PLAIN = set(string.ascii_letters + string.digits + string.whitespace + string.punctuation) | {"…", "—", "–", "·"}


def glyphs(text: str) -> set[str]:
    """The symbols of a picture: neither letters, digits and punctuation nor table lines."""
    return {ch for ch in text if ch not in PLAIN and not 0x2500 <= ord(ch) <= 0x257F
            and not unicodedata.category(ch).startswith("L")}


@pytest.mark.parametrize("game_id", games.game_ids())
def test_every_symbol_of_the_picture_is_in_the_legend(game_id):
    game = games.get_game(game_id)
    legend = game.legend()
    assert legend, f"{game_id} has no legend"
    explained = "".join(code + " " + meaning for code, meaning in legend)
    seen: set[str] = set()
    for seed in (1, 2):
        state = game.new_game(None, seed)
        rng = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            if decisions % 20 == 0:
                for seat in [None, *range(state.num_players)]:
                    console = Console(record=True, width=100, file=io.StringIO())
                    console.print(game.render(state, seat))
                    seen |= glyphs(console.export_text())
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    missing = sorted(g for g in seen if g not in explained)
    assert not missing, f"{game_id}: symbols with no legend: {missing}"
