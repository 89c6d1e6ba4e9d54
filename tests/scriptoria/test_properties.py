"""Seeded random games for 2, 3 and 4 copyists: the core invariants plus conservation."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.core.checks import check_random_game, snapshot
from inkhorn.games import get_game
from inkhorn.games.scriptoria.content import load_content
from inkhorn.games.scriptoria.state import ScriptoriaState

from .helpers import GAME, new


def conserved(state: ScriptoriaState) -> None:
    """Every ink and every sketch is somewhere, exactly once."""
    c = state.content
    assert all(n >= 0 for n in state.cup + state.ink_bag + state.inks), "negative ink count"
    for col in range(5):
        held = sum(state.inks[s * 5 + col] for s in range(state.num_players))
        assert state.ink_bag[col] + state.cup[col] + held == c.ink_counts[col], f"ink colour {col} not conserved"
    places = (
        list(state.sketch_bag)
        + list(state.scriptorium)
        + list(state.discards)
        + [i for lec in state.lectern_sketches for i in lec]
        + [i for stock in state.stocks for i in stock]
        + [i for scroll in state.scrolls for i in scroll if i >= 0]
    )
    assert sorted(places) == list(range(len(c.sketches))), "sketches not conserved"
    assert state.sketch_bag == sorted(state.sketch_bag), "the sketch bag is kept in canonical order"
    taken = [a for achs in state.achievements for a in achs]
    assert len(taken) == len(set(taken)) == sum(state.pile_taken), "achievement tiles not conserved"
    assert sum(state.help_left) + sum(state.help_received) <= 3 * state.num_players


@settings(max_examples=20)
@given(seed=st.integers(0, 10**6))
def test_random_games_two_players(seed):
    end = check_random_game(get_game("scriptoria"), 2, seed, every=20, extra=conserved)
    assert end.day <= 10


@settings(max_examples=20)
@given(seed=st.integers(0, 10**6))
def test_random_games_three_players(seed):
    end = check_random_game(get_game("scriptoria"), 3, seed, every=20, extra=conserved)
    assert end.day <= 8


@settings(max_examples=20)
@given(seed=st.integers(0, 10**6))
def test_random_games_four_players(seed):
    end = check_random_game(get_game("scriptoria"), 4, seed, every=20, extra=conserved)
    assert end.day <= 7


@settings(max_examples=6)
@given(seed=st.integers(0, 10**6), master=st.booleans(), to_scriptorium=st.booleans())
def test_random_games_with_variants(seed, master, to_scriptorium):
    opts = {"master": master, "discards_to_scriptorium": to_scriptorium, "hell_level": seed % 4}
    check_random_game(get_game("scriptoria"), 2 + seed % 3, seed, opts, every=30, extra=conserved)


def test_observation_holds_no_hidden_information():
    """The only unknowns are the bags' future draws: observations name no bag order and no
    sketch inside a bag; every seat sees the same table."""
    state = new(4, seed=3)
    for _ in range(40):
        state.apply(state.legal_actions()[0])
    public = state.observation(None)
    text = json.dumps(public)
    ids = {state.content.sketches[i].id for i in state.sketch_bag}
    assert not any(f'"{sid}"' in text for sid in ids), "a sketch in the bag is visible"
    for seat in range(4):
        mine = state.observation(seat)
        assert mine["you"] == seat
        assert {k: v for k, v in mine.items() if k != "you"} == {k: v for k, v in public.items() if k != "you"}


def test_determinized_worlds_differ_only_in_future_draws():
    state = new(3, seed=9)
    world_a = state.determinize(1, 1)
    world_b = state.determinize(1, 2)
    assert world_a.observation(1) == world_b.observation(1) == state.observation(1)
    while world_a.day == 1:
        world_a.apply(world_a.legal_actions()[0])
        world_b.apply(world_b.legal_actions()[0])
    assert world_a.lectern_sketches != world_b.lectern_sketches  # the next Day is not foreknown


def test_replay_and_json_round_trip_rebuild_the_same_game():
    from inkhorn.core.replay import ReplayLog

    state = new(3, seed=21, master=True)
    for _ in range(150):
        state.apply(state.legal_actions()[len(state.history) % len(state.legal_actions())])
    again = ReplayLog.from_json(json.loads(json.dumps(state.replay_log()))).final_state(state.game)
    assert snapshot(again) == snapshot(state)
    back = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(back) == snapshot(state)
    assert back.content is load_content(None)
    assert back.legal_actions() == state.legal_actions()


def test_same_seed_same_actions_same_game():
    a, b = new(4, seed=77), new(4, seed=77)
    assert snapshot(a) == snapshot(b)
    while not a.is_terminal():
        act = a.legal_actions()[-1]
        a.apply(act)
        b.apply(act)
    assert snapshot(a) == snapshot(b)
