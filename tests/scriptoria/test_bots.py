"""The greedy bot's heuristic must beat random play clearly."""

from __future__ import annotations

from inkhorn.games.scriptoria.game import prospects
from inkhorn.match import play_match

from .helpers import GAME, new


def test_greedy_heuristic_beats_random_seat_rotated():
    wins = 0.0
    games = 12
    for seed in range(games):
        seat = seed % 3
        agents = ["random"] * 3
        agents[seat] = "greedy"
        result = play_match("scriptoria", agents, 9000 + seed)
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games >= 0.6, wins  # random play would win about a third


def test_heuristic_is_relative_and_counts_prospects():
    state = new(3)
    assert GAME.heuristic(state, 0) == prospects(state, 0) - max(prospects(state, 1), prospects(state, 2))
    richer = state.clone()
    richer.inks[0 * 5 + 3] += 2
    assert GAME.heuristic(richer, 0) > GAME.heuristic(state, 0)


def test_heuristic_looks_through_a_begun_placement():
    from .helpers import find_sketch, give_stock, set_inks, to_last_hour

    state = to_last_hour(new(3), lectern="quill")
    b = find_sketch(state, "border", {"black": 1, "gold": 1, "green": 1})
    give_stock(state, 0, b)
    set_inks(state, 0, black=1, gold=1, green=1)
    state.apply(f"place:{b}")  # a side choice is now pending for seat 0
    placed = state.clone()
    placed.apply("side:left")
    placed.apply("pay")
    assert GAME.heuristic(state, 0) >= GAME.heuristic(placed, 0)
