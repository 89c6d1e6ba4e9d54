"""Every game's quick move (``Game.playout``, the search's ``rollout=playout``): always legal,
better than random play, and the same in every world its seat cannot tell apart."""

from __future__ import annotations

import random

import pytest

from inkhorn.games import get_game


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("scriptoria", {}),
        ("novelist", {}),
        ("novelist", {"events": True, "powers": "aggressive", "adverts": True, "awards": True}),
        ("verse_variant", {}),
    ],
)
def test_the_quick_move_is_legal_sensible_and_blind_to_hidden_things(game_id, options):
    game = get_game(game_id)
    wins = 0
    for seed in range(6):
        state = game.new_game(3, seed, options)
        quick_seat = seed % 3
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.current_seat() == quick_seat and len(legal) > 1:
                action = game.playout(state, legal, random.Random(len(state.history)))
                world = state.determinize(quick_seat, seed + len(state.history))
                assert game.playout(world, world.legal_actions(), random.Random(len(state.history))) == action
            else:
                action = legal[rng.randrange(len(legal))]
            assert action in legal
            state.apply(action)
        scores = state.scores()
        wins += scores[quick_seat] > max(s for i, s in enumerate(scores) if i != quick_seat)
    assert wins >= 5
