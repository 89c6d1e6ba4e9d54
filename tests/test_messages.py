"""An illegal action's message stays short whatever the game's own reason quotes: for every
game, ids that start like a legal one and run on for a mebibyte are refused with a message of
a few hundred characters, and the state is left as it was."""

from __future__ import annotations

import random

import pytest

from inkhorn import games
from inkhorn.core import IllegalAction
from inkhorn.core.checks import snapshot

HUGE = "x" * (1 << 20)


@pytest.mark.parametrize("game_id", games.game_ids())
def test_a_huge_id_that_starts_like_a_legal_one_gets_a_short_message(game_id):
    game = games.get_game(game_id)
    state = game.new_game(None, 7)
    rng = random.Random(7)
    tried = 0
    for decision in range(400):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if decision % 25 == 0:
            starts = {a.split(":")[0] + ":" if ":" in a else a for a in legal}
            for start in sorted(starts) + [legal[0]]:
                before = snapshot(state)
                with pytest.raises(IllegalAction) as err:
                    state.apply(start + HUGE)
                assert len(str(err.value)) < 2000, f"{game_id}: {start}… gives {len(str(err.value))} characters"
                assert len(err.value.reason) < 400
                assert snapshot(state) == before
                tried += 1
        state.apply(rng.choice(legal))
    assert tried >= 10
