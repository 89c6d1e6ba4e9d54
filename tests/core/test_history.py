"""The per-seat view of actions taken, and the seat arguments every call checks."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.core import ActionLog, IllegalAction, ReplayError, ReplayLog, SeatError


def _play_round(state):
    log = ActionLog()
    for _ in range(state.num_players):
        log.apply(state, state.legal_actions()[0])
    return log


def test_sealed_choice_is_redacted_for_other_seats(sealed):
    state = sealed.new_game(3, 5)
    log = _play_round(state)
    first = log.records[0]
    assert first.seat == 0 and first.hidden
    assert first.seen_by(0) == first.label == first.action
    for seat in (1, 2, None):
        assert first.seen_by(seat) == "seat 0 chose in secret"
        view = first.view(seat)
        assert view["action"] is None and view["hidden"] and first.action not in json.dumps(view)
    assert log.views(0)[0]["action"] == first.action


def test_record_is_taken_before_the_action(sealed):
    state = sealed.new_game(2, 3)
    action = state.legal_actions()[0]
    record = state.describe(action)
    assert record.index == 0 and state.history == []
    state.apply(action)
    assert state.history == [record.action]


def test_describe_refuses_an_illegal_action(sealed):
    state = sealed.new_game(2, 3)
    with pytest.raises(IllegalAction):
        state.describe("play:999")
    with pytest.raises(IllegalAction):
        state.action_label("play:999")


def test_a_refused_action_leaves_the_log_untouched(sealed):
    state = sealed.new_game(2, 3)
    log = ActionLog()
    with pytest.raises(IllegalAction):
        log.apply(state, "nope")
    assert len(log) == 0 and state.history == []


def test_replay_records_match_the_log(sealed):
    state = sealed.new_game(3, 11)
    live = ActionLog()
    while not state.is_terminal():
        live.apply(state, state.legal_actions()[-1])
    log = ReplayLog.from_json(state.replay_log())
    replayed = [record for _, record in log.records(sealed)]
    assert replayed == live.records


@pytest.mark.parametrize("bad", [-1, 3, True, False, 1.0, "0", [0], 10**100])
def test_observation_refuses_what_is_not_a_seat(sealed, bad):
    state = sealed.new_game(3, 1)
    with pytest.raises(SeatError):
        state.observation(bad)
    with pytest.raises(SeatError):
        state.determinize(bad, 1)


def test_spectator_and_every_seat_are_accepted(sealed):
    state = sealed.new_game(3, 1)
    assert state.observation(None)["hand"] is None
    for seat in range(3):
        assert state.observation(seat)["hand"] == sorted(state.hands[seat])


def test_illegal_action_message_is_cut_short(sealed):
    state = sealed.new_game(2, 1)
    with pytest.raises(IllegalAction) as caught:
        state.apply("x" * 1_000_000)
    assert len(str(caught.value)) < 2_000


@pytest.mark.parametrize(
    "field, value",
    [
        ("seed", "7"),
        ("seed", 10**5000),
        ("seed", 1.5),
        ("players", float("nan")),
        ("players", 1e999),
        ("players", True),
        ("players", 0),
        ("options", []),
        ("options", "x"),
        ("agents", "greedy"),
        ("agents", [1]),
        ("game", 3),
        ("actions", "play:1"),
    ],
    ids=lambda v: type(v).__name__,
)
def test_malformed_replay_fields_are_refused_by_name(sealed, field, value):
    state = sealed.new_game(2, 1)
    data = state.replay_log()
    data[field] = value
    with pytest.raises(ReplayError, match=field):
        ReplayLog.from_json(data)


def test_replay_files_that_are_not_logs_are_refused(tmp_path):
    bad_utf8 = tmp_path / "bad.json"
    bad_utf8.write_bytes(b'{"format": "\xff"}')
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    nested = tmp_path / "nested.json"
    deeply = 1
    for _ in range(80):
        deeply = [deeply]
    nested.write_text(json.dumps({"format": "inkhorn-replay/1", "game": "x", "players": 2, "seed": 1,
                                  "options": {"a": deeply}, "actions": []}))
    for path in (bad_utf8, deep, nested, tmp_path / "missing.json", tmp_path):
        with pytest.raises(ReplayError):
            ReplayLog.load(path)


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_a_seat_view_never_names_another_seats_sealed_card(seed, players):
    from tests.core import sealed_bids

    state = sealed_bids.GAME.new_game(players, seed)
    log = ActionLog()
    while not state.is_terminal():
        record = log.apply(state, state.legal_actions()[0])
        for seat in range(players):
            if seat != record.seat:
                assert record.action not in json.dumps(record.view(seat))


def test_a_log_that_keeps_the_last_few_records_tells_them_as_a_full_log_would(sealed):
    """``keep`` lets the earlier records go (a learner's env reads the last few): the count
    of actions, and every seat's view of those kept, are a full log's; asking for one let go
    is a clear error."""
    full, short = ActionLog(words=False), ActionLog(words=False, keep=2)
    states = [sealed.new_game(3, 11), sealed.new_game(3, 11)]
    n = 0
    while not states[0].is_terminal():
        action = states[0].legal_actions()[n % len(states[0].legal_actions())]
        full.apply_trusted(states[0], action)
        short.apply_trusted(states[1], action)
        n += 1
        assert len(short) == len(full) == n
        assert len(short.records) == n if n < 4 else 2 <= len(short.records) < 4
        for seat in (0, 1, 2, None):
            assert short.seen_by(seat, -2) == full.seen_by(seat, -2)
            assert short.seen_by(seat, short.start) == full.seen_by(seat, short.start)
            assert short.views(seat, n - 1) == full.views(seat, n - 1)
    assert n >= 6 and short.start > 0
    with pytest.raises(IndexError, match="let go"):
        short.seen_by(0, short.start - 1)
