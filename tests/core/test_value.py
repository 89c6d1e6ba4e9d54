"""What a search values a leaf by (``inkhorn.core.value``): the heuristic, or a shipped fit."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from inkhorn import games
from inkhorn.core.errors import ContentError
from inkhorn.core.features import Numbers
from inkhorn.core.value import LearnedValue, load_fit, margins
from inkhorn.games import get_game

ALIKE = [(g, n) for g in games.game_ids() for n in sorted({2, get_game(g).default_players})
         if get_game(g).min_players <= n and (f := get_game(g).features(n, get_game(g).options())) is not None
         and f.alike]
FITTED = [(g, n) for g in games.game_ids() for n in get_game(g).leaf_value_fits]
FITTED_ALIKE = [(g, n) for g, n in FITTED if get_game(g).features(n, get_game(g).options()).alike]


def _positions(game_id: str, players: int, seed: int, every: int = 7):
    """Every ``every``-th state of a random game, and its end."""
    game = get_game(game_id)
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    k = 0
    while not state.is_terminal():
        if k % every == 0:
            yield state.clone()
        state.apply_trusted(rng.choice(state.legal_actions()))
        k += 1
    yield state


def _fresh(game_id: str, players: int, state, seat: int) -> np.ndarray:
    game = get_game(game_id)
    features = game.features(players, game.options())
    out = np.zeros(features.size, np.float32)
    features.write(state, seat, Numbers(out))
    return out


def test_some_game_says_its_seats_see_alike():
    assert ("scriptoria", 3) in ALIKE


@pytest.mark.parametrize("game_id, players", ALIKE)
def test_alike_features_are_one_seats_numbers_with_the_seats_renamed(game_id, players):
    """A game whose seats may all know the same writes, for every seat, the first seat's
    numbers in that seat's order (``seat_view``): one write serves every seat."""
    features = get_game(game_id).features(players, get_game(game_id).options())
    views = [features.seat_view(seat) for seat in range(players)]
    assert views[0] == list(range(features.size))
    for state in _positions(game_id, players, seed=4):
        first = _fresh(game_id, players, state, 0)
        for seat in range(1, players):
            assert np.array_equal(_fresh(game_id, players, state, seat), first[views[seat]]), (seat, len(state.log))


@pytest.mark.parametrize("game_id, players", FITTED)
def test_a_learned_leaf_value_is_its_fit_seat_by_seat_and_the_exact_margin_at_the_end(game_id, players):
    """Kept up to date from leaf to leaf (and from one seat's numbers where seats see alike),
    every seat's value is ``a * standing + b + w . numbers`` worked out from nothing."""
    game = get_game(game_id)
    fit = load_fit(game, players)
    value = game.leaf_value(players, game.options())
    assert isinstance(value, LearnedValue) and fit is not None
    features = game.features(players, game.options())
    w = np.array([fit.w.get(name, 0.0) for name in features.names])
    positions = [*_positions(game_id, players, seed=8), *_positions(game_id, players, seed=9)]
    random.Random(0).shuffle(positions)  # leaves of a search are not one game's steps in order
    for state in positions:
        got = value(state)
        if state.is_terminal():
            assert got == margins(state.scores())
            continue
        standings = game.standings(state)
        want = [fit.a * standings[s] + fit.b + float(_fresh(game_id, players, state, s) @ w)
                for s in range(players)]
        assert got == pytest.approx(want, abs=1e-3)


@pytest.mark.parametrize("game_id, players", FITTED_ALIKE)
def test_seats_written_one_by_one_give_what_one_seats_numbers_give_where_seats_see_alike(game_id, players,
                                                                                         monkeypatch):
    """The general way (every seat's numbers written and weighed) and the short way of a game
    whose seats see alike (one seat's numbers, each seat's weights in its order) agree."""
    game = get_game(game_id)
    short = game.leaf_value(players, game.options())
    features = game.features(players, game.options())
    monkeypatch.setattr(type(features), "alike", False)
    general = game.leaf_value(players, game.options())
    assert isinstance(short, LearnedValue) and short.alike and isinstance(general, LearnedValue)
    assert not general.alike
    for state in _positions(game_id, players, seed=11, every=3):
        assert general(state) == pytest.approx(short(state), abs=1e-3)


@pytest.mark.parametrize("game_id, players", FITTED)
def test_a_shipped_fit_names_only_features_of_its_game(game_id, players):
    game = get_game(game_id)
    fit = load_fit(game, players)
    assert fit is not None and fit.game == game_id and fit.players == players and fit.made_by
    assert set(fit.w) <= set(game.features(players, game.options()).names)


def test_without_a_fit_or_with_other_options_a_search_keeps_the_heuristic():
    scriptoria = get_game("scriptoria")
    assert 2 not in scriptoria.leaf_value_fits
    assert scriptoria.leaf_value(2, scriptoria.options()) == scriptoria.heuristics
    assert scriptoria.leaf_value(3, scriptoria.options({"master": True})) == scriptoria.heuristics
    novelist = get_game("novelist")
    assert novelist.leaf_value(3, novelist.options()) == novelist.heuristics


@pytest.mark.parametrize("broken, problem", [
    ("{", "not valid JSON"),
    (json.dumps({"game": "scriptoria", "players": 3, "a": 1.0}), "b"),
    (json.dumps({"game": "scriptoria", "players": 2, "a": 1.0, "b": 0.0, "w": {}, "made_by": "hand"}), "not scriptoria with 3"),
    (json.dumps({"game": "scriptoria", "players": 3, "a": 1.0, "b": 0.0, "w": {"cup.vermilion_x": 1.0}, "made_by": "hand"}),
     "no feature named 'cup.vermilion_x'"),
])
def test_a_broken_fit_is_a_content_error_naming_the_problem(tmp_path, monkeypatch, broken, problem):
    game = get_game("scriptoria")
    (tmp_path / "broken.json").write_text(broken)
    monkeypatch.setattr(type(game), "leaf_value_fits", {3: "broken.json"})
    monkeypatch.setattr("inkhorn.core.value.resources.files", lambda package: tmp_path)
    with pytest.raises(ContentError, match=problem):
        game.leaf_value(3, game.options())
