"""The core contract, checked on the sealed-bids fixture game."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inkhorn import games
from inkhorn.core import IllegalAction, OptionError, ReplayError, ReplayLog, UnknownGame
from inkhorn.core.checks import check_random_game, snapshot


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGame) as err:
        games.get_game("chess")
    assert "chess" in str(err.value)
    for game_id in games.game_ids():
        assert game_id in str(err.value)


def test_player_count_outside_the_rulebook_is_refused(sealed):
    with pytest.raises(OptionError, match="2-5 players, not 6"):
        sealed.new_game(6, 1)


def test_unknown_option_lists_the_options(sealed):
    with pytest.raises(OptionError, match="unknown option 'round'.*rounds"):
        sealed.new_game(3, 1, {"round": 2})


def test_bad_option_value_names_the_key(sealed):
    with pytest.raises(OptionError, match="rounds"):
        sealed.new_game(3, 1, {"rounds": "many"})


def test_option_strings_from_the_command_line_are_validated(sealed):
    assert sealed.new_game(3, 1, {"rounds": "2"}).options.rounds == 2


def test_same_seed_same_actions_same_game(sealed):
    a, b = sealed.new_game(3, 42), sealed.new_game(3, 42)
    assert snapshot(a) == snapshot(b)
    for _ in range(4):
        action = a.legal_actions()[0]
        a.apply(action)
        b.apply(action)
    assert snapshot(a) == snapshot(b)


def test_different_seeds_deal_differently(sealed):
    deals = {json.dumps(sealed.new_game(3, seed).hands) for seed in range(10)}
    assert len(deals) > 1


def test_illegal_action_is_refused_with_the_legal_ones_and_state_untouched(sealed):
    state = sealed.new_game(3, 5)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply("play:999")
    assert "play:999" in str(err.value)
    assert err.value.legal == state.legal_actions()
    assert snapshot(state) == before


def test_non_text_action_is_refused(sealed):
    state = sealed.new_game(3, 5)
    with pytest.raises(IllegalAction, match="text id"):
        state.apply(3)  # type: ignore[arg-type]


def test_sealed_choice_never_reaches_another_seat(sealed):
    state = sealed.new_game(3, 5)
    card = state.legal_actions()[0]
    state.apply(card)
    played = int(card.split(":")[1])
    assert state.observation(0)["my_face_down"] == played
    for seat in (1, 2, None):
        seen = state.observation(seat)
        assert seen["my_face_down"] is None and seen["has_played"][0]
        assert played not in (seen["hand"] or [])
    world = state.determinize(1, 99)
    assert world.observation(1) == state.observation(1)


def test_determinized_world_has_a_fresh_future_and_no_history(sealed):
    state = sealed.new_game(3, 5)
    state.apply(state.legal_actions()[0])
    world = state.determinize(1, 1234)
    assert world.is_world and world.history == [] and world.seed == 1234
    with pytest.raises(ValueError):
        world.replay_log()


def test_clone_is_independent(sealed):
    state = sealed.new_game(3, 5)
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert state.history == [] and len(twin.history) == 1
    assert state.hands != twin.hands


def test_replay_log_recreates_the_game(sealed):
    state = sealed.new_game(4, 8)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    log = ReplayLog.from_json(json.loads(json.dumps(state.replay_log())))
    assert snapshot(log.final_state(sealed)) == snapshot(state)


def test_tampered_replay_log_names_the_bad_action(sealed):
    state = sealed.new_game(3, 8)
    state.apply(state.legal_actions()[0])
    log = state.replay_log()
    log["actions"].append("play:0")
    with pytest.raises(ReplayError, match="action 1"):
        ReplayLog.from_json(log).final_state(sealed)


def test_malformed_replay_log_is_refused():
    with pytest.raises(ReplayError, match="format"):
        ReplayLog.from_json({"game": "x"})
    with pytest.raises(ReplayError, match="actions"):
        ReplayLog.from_json(
            {"format": "inkhorn-replay/1", "game": "x", "players": 2, "seed": 1, "options": {}, "actions": [1]}
        )


def test_ties_share_the_win(sealed):
    state = sealed.new_game(2, 1, {"rounds": 1})
    state.points = [5, 5]
    state.stack.clear()
    assert state.winners() == [0, 1]


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_random_games_keep_every_core_invariant(sealed, seed, players):
    state = check_random_game(sealed, players, seed, every=1)
    assert sum(len(r) for r in state.revealed) == 3 * players


@pytest.mark.parametrize("shared", ["hands", "points", "history"])
def test_clone_check_catches_a_list_shared_with_the_original(shared, monkeypatch):
    """A clone changed in place must never change its original: the core's clone check
    changes every field of a clone in place, so one shared list is enough to fail it."""
    import random

    from inkhorn.core.checks import check_clone
    from tests.core.sealed_bids import SealedBids, SealedBidsState

    honest = SealedBidsState.clone

    def leaky(self):
        twin = honest(self)
        setattr(twin, shared, getattr(self, shared))
        return twin

    state = SealedBids().new_game(2, 3)
    state.apply(state.legal_actions()[0])
    check_clone(state, random.Random(0))
    monkeypatch.setattr(SealedBidsState, "clone", leaky)
    with pytest.raises(AssertionError, match="changed the original"):
        check_clone(state, random.Random(0))
