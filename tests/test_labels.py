"""Every choice a player is offered, and so every line of the log, is said in words: an
action whose id carries a number or a colon (``move:g35``, ``col:1``, ``gain:coins``) has a
label of its own, with names, not ids (the table page, the terminal and the log show it)."""

from __future__ import annotations

import random
import re

import pytest

from inkhorn import games

CODED = re.compile(r"[:\d]")


@pytest.mark.parametrize("game_id", games.game_ids())
def test_every_choice_offered_has_a_label_in_words(game_id):
    game = games.get_game(game_id)
    coded: dict[str, str] = {}
    for seed in range(8):
        state = game.new_game(None, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            for action in actions:
                if CODED.search(action) and state.action_label(action) == action:
                    coded.setdefault(type(state.decision()).__name__, action)
            state.apply(rng.choice(actions))
    assert not coded, f"{game_id}: choices shown as their ids, by decision: {coded}"
