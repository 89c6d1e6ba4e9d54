"""The core leak check itself: it passes an honest game and catches each kind of leak."""

from __future__ import annotations

import pytest

from inkhorn.core import ActionLog
from inkhorn.core.checks import check_no_leaks, play_watched
from tests.core import sealed_bids
from tests.core.sealed_bids import PlayCard


def _play(state, log, moves):
    for _ in range(moves):
        play_watched(state, state.legal_actions()[0], log)


def test_an_honest_game_passes():
    state = sealed_bids.GAME.new_game(3, 4)
    log = ActionLog()
    while not state.is_terminal():
        check_no_leaks(state)
        play_watched(state, state.legal_actions()[0], log)
    check_no_leaks(state, log.records)


def test_a_sealed_choice_shown_to_the_table_is_caught(monkeypatch):
    monkeypatch.setattr(PlayCard, "public_label", lambda self, state, action: f"seat {self.seat} chose {action}")
    state = sealed_bids.GAME.new_game(3, 4)
    with pytest.raises(AssertionError, match=r"view of action 0 by seat 0 .* names 'play:\d+'"):
        _play(state, ActionLog(), 1)


def test_an_observation_naming_another_hand_is_caught(monkeypatch):
    state = sealed_bids.GAME.new_game(3, 4)
    leaky = type(state).observe
    monkeypatch.setattr(
        type(state), "observe", lambda self, seat: {**leaky(self, seat), "peek": [f"play:{c}" for c in self.hands[1]]}
    )
    with pytest.raises(AssertionError, match="observation names 'play:"):
        check_no_leaks(state)
