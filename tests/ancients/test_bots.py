"""The greedy bot (one-step lookahead on the game's heuristic) clearly beats random play."""

from inkhorn.match import play_match


def test_greedy_beats_random_two_players_seat_rotated():
    wins = 0
    games = 12
    for g in range(games):
        agents = ["greedy", "random"] if g % 2 == 0 else ["random", "greedy"]
        result = play_match("ancients", agents, 900 + g)
        wins += (g % 2) in result.winners
    assert wins >= 10, f"greedy won only {wins} of {games}"


def test_heuristic_prefers_the_leader():
    from inkhorn.games import get_game

    game = get_game("ancients")
    state = game.new_game(2, 4)
    state.banked[0] = 10
    assert game.heuristic(state, 0) > 0 > game.heuristic(state, 1)
