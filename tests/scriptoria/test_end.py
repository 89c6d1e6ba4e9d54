"""End of the Day, end of the game, final score, shared wins and the two variants."""

from __future__ import annotations

import pytest

from inkhorn.games.scriptoria.rules import DiscardInk, DiscardSketch, InkTurn
from inkhorn.games.scriptoria.state import OVER

from .helpers import fill_slots, find_sketch, give_stock, new, set_inks, to_last_hour


def _end_last_hour(state):
    while state.day == 1 and state.phase != OVER and not isinstance(state.decision(), (DiscardInk, DiscardSketch)):
        state.apply("end" if "end" in state.legal_actions() else state.legal_actions()[-1])


@pytest.mark.rule("End-of-Day")
def test_end_of_day_ink_limit_seven_owner_chooses():
    state = to_last_hour(new(3))
    set_inks(state, 0, red=5, black=4)
    state.lectern_sketches[state.lectern_of(0)] = ()
    _end_last_hour(state)
    assert isinstance(state.decision(), DiscardInk) and state.current_seat() == 0
    assert state.legal_actions() == ["discard:red", "discard:black"]
    state.apply("discard:black")
    state.apply("discard:black")
    assert state.ink_row(0) == [5, 0, 0, 2, 0]
    assert not (isinstance(state.decision(), DiscardInk) and state.current_seat() == 0)  # seven are kept


@pytest.mark.rule("End-of-Day")
def test_end_of_day_sketch_limit_is_seven_less_achievements():
    state = to_last_hour(new(3))
    for k in range(len(state.lecterns)):
        if state.lectern_owner[k] >= 0:
            state.sketch_bag = sorted(state.sketch_bag + list(state.lectern_sketches[k]))
            state.lectern_sketches[k] = ()
    stock = []
    for _ in range(7):
        stock.append(find_sketch(state, "miniature", exclude=tuple(stock)))
    give_stock(state, 0, *stock)
    state.achievements[0] = (0, (1 << 4) | 0)  # two achievement tiles
    _end_last_hour(state)
    discards = 0
    while isinstance(state.decision(), DiscardSketch):
        assert state.current_seat() == 0
        state.apply(state.legal_actions()[0])
        discards += 1
    assert discards == 2
    assert len(state.stocks[0]) == 5


@pytest.mark.rule("End-of-Day")
def test_quill_passes_to_the_left_at_end_of_day():
    state = to_last_hour(new(4), seat=3)
    state.lectern_sketches = [() for _ in state.lecterns]
    for s in range(4):
        set_inks(state, s)
    _end_last_hour(state)
    assert state.day == 2 and state.archivist == 0
    assert isinstance(state.decision(), InkTurn) and state.current_seat() == 0


@pytest.mark.rule("Day-Setup", "End-of-Day")
def test_new_day_refills_lecterns_and_cup_returning_leftover_inks():
    state = to_last_hour(new(3))
    state.cup = [0] * 5
    _end_last_hour(state)
    while state.day == 1:
        state.apply(state.legal_actions()[0])
    assert sum(state.cup) == 17
    assert all(len(s) == 4 for s in state.lectern_sketches)
    assert sum(state.cup) + sum(state.ink_bag) + sum(state.inks) == 78


@pytest.mark.rule("End-of-Day", "End")
def test_game_ends_at_end_of_day_when_a_manuscript_is_finished():
    state = to_last_hour(new(3))
    c = state.content
    fill_slots(state, 1, list(c.slot_ids))  # seat 1 finished; the Day still ends normally
    state.apply("end")
    assert state.phase != OVER and state.current_seat() == 1
    _end_last_hour(state)
    assert state.phase == OVER and state.is_terminal()
    assert state.winners()


@pytest.mark.rule("End-of-Day", "End")
def test_game_ends_when_the_sketch_bag_is_empty_at_end_of_day():
    state = to_last_hour(new(3))
    state.scriptorium = sorted(state.scriptorium + state.sketch_bag)
    state.sketch_bag = []
    _end_last_hour(state)
    assert state.phase == OVER


@pytest.mark.rule("End")
def test_greedy_three_player_game_usually_lasts_about_seven_days():
    """Tuning check (rulebook: "usually seven" Days); 3 copyists empty the bag after Day 8.
    Better play fills a scroll sooner: greedy bots valuing sketches by the inks that pay for
    them average 6.0 Days over 30 seeds (5 to 7), those before it 6.6 (5 to 8)."""
    from inkhorn.match import play_match

    days = []
    for seed in range(6):
        result = play_match("scriptoria", ["greedy"] * 3, seed)
        log_state = new(3, seed)
        for a in result.actions:
            log_state.apply(a)
        days.append(log_state.day)
    assert all(5 <= d <= 8 for d in days), days
    assert 5.5 <= sum(days) / len(days) <= 7.8, days


@pytest.mark.rule("End")
def test_final_score_sketches_achievements_unused_and_received_help():
    state = new(3)
    state.points = [10, 4, 0]
    state.achievements[0] = (0, (4 << 4) | 1)  # left frieze 5, manuscript 3
    state.help_left = [1, 0, 3]
    state.help_received = [0, 2, 1]
    assert state.scores() == [10 + 8 + 2, 4 + 4, 8.0]


@pytest.mark.rule("End")
def test_shared_win_on_tie():
    state = to_last_hour(new(3))
    state.sketch_bag = []
    state.points = [7, 7, 3]
    state.help_left = [0, 0, 0]
    _end_last_hour(state)
    assert state.is_terminal()
    assert state.winners() == [0, 1]


@pytest.mark.rule("Master")
def test_master_variant_uses_lecterns_left_out_the_day_before():
    state = new(3, seed=11, master=True)
    left_out = set(state.prev_unused)
    used = set(state.lecterns)
    assert len(left_out) == 2
    while state.day == 1:
        state.apply(state.legal_actions()[-1])
    today = set(state.lecterns)
    assert left_out <= today and len(today - left_out) == 2 and today - left_out <= used


@pytest.mark.rule("Master")
def test_master_variant_two_players_takes_exactly_the_three_left_out():
    state = new(2, seed=4, master=True)
    left_out = set(state.prev_unused)
    while state.day == 1:
        state.apply(state.legal_actions()[-1])
    assert set(state.lecterns) == left_out


@pytest.mark.rule("Hell")
@pytest.mark.parametrize("level", [0, 1, 5])
def test_hell_of_the_library_start_points(level):
    state = new(3, hell_level=level)
    assert state.points == [2 * level] * 3
    assert state.scores() == [2.0 * level + 6] * 3


@pytest.mark.rule("End")
def test_score_beyond_66_is_not_wrapped():
    state = new(3)
    state.points[0] = 70
    assert state.scores()[0] == 76


@pytest.mark.rule("Hell")
def test_hell_door_opens_at_66():
    state = new(3, hell_level=30)  # 60 + 6 for the Help tokens
    assert state.observation(None)["hell_door"] == [0, 1, 2]
    state = new(3, hell_level=29)
    assert state.observation(None)["hell_door"] == []
