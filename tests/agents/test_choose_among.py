"""``Agent.choose_among``: given the legal list the caller made already (an environment makes
it for its mask), every agent makes the choice ``choose`` makes, and leaves the list as it
was."""

from __future__ import annotations

import pytest

from inkhorn.agents import make_agent
from inkhorn.games import game_ids, get_game


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iters=8"])
def test_choose_among_the_legal_list_is_the_choice_choose_makes(game_id, spec):
    game = get_game(game_id)
    state = game.new_game(game.default_players, 11)
    stepper = make_agent("random", 5)
    for _ in range(40 if spec.startswith("mcts") else 120):
        if state.is_terminal():
            break
        seat = state.current_seat()
        assert seat is not None
        legal = state.legal_actions()
        given = list(legal)
        told, asked = make_agent(spec, 3), make_agent(spec, 3)
        assert told.choose_among(state, seat, legal) == asked.choose(state, seat)
        assert legal == given  # read, never changed
        state.apply(stepper.choose_among(state, seat, legal))
