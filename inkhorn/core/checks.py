"""Invariants every game must keep, as reusable checks for property tests.

Each check raises ``AssertionError`` with a message naming what broke. Game test suites
call :func:`check_random_game` from hypothesis-driven tests, plus their own checks of
component conservation.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from inkhorn.core.errors import IllegalAction
from inkhorn.core.game import Game
from inkhorn.core.replay import ReplayLog
from inkhorn.core.state import GameState


def snapshot(state: GameState) -> str:
    """The state's full JSON as one string: equal snapshots mean equal states."""
    return json.dumps(state.to_json(), sort_keys=True)


def check_json_roundtrip(state: GameState) -> None:
    text = json.dumps(state.to_json())
    back = state.game.state_from_json(json.loads(text))
    assert snapshot(back) == snapshot(state), "JSON round-trip changed the state"
    assert back.legal_actions() == state.legal_actions(), "JSON round-trip changed the legal actions"


def check_clone(state: GameState, rng: random.Random) -> None:
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before, "clone differs from its original"
    if not twin.is_terminal():
        twin.apply_trusted(rng.choice(twin.legal_actions()))
        assert snapshot(state) == before, "playing on a clone changed the original"


def check_replay(state: GameState) -> None:
    log = ReplayLog.from_json(json.loads(json.dumps(state.replay_log())))
    again = log.final_state(state.game)
    assert snapshot(again) == snapshot(state), "replaying the log gave another state"


def check_determinize(state: GameState, seat: int | None, seed: int) -> None:
    """A world sampled for ``seat`` looks the same to ``seat``: nothing it knows changed,
    and whatever the sample re-dealt was not in ``seat``'s observation."""
    seen = state.observation(seat)
    world = state.determinize(seat, seed)
    assert world.observation(seat) == seen, f"determinizing for seat {seat} changed what it sees"
    if seat is not None and state.current_seat() == seat:
        assert world.legal_actions() == state.legal_actions(), "a world offers other legal actions"
    other = state.determinize(seat, seed)
    assert snapshot(other) == snapshot(world), "determinize is not reproducible from its seed"


def check_rejects_bad_actions(state: GameState) -> None:
    before = snapshot(state)
    for bad in ("", "no-such-action", "::", "\x00"):
        if bad in state.legal_actions():
            continue
        try:
            state.apply(bad)
        except IllegalAction as exc:
            assert str(exc), "an illegal action error must say something"
        else:
            raise AssertionError(f"illegal action {bad!r} was accepted")
        assert snapshot(state) == before, f"rejected action {bad!r} changed the state"


def check_observation_is_json(state: GameState) -> None:
    for seat in [None, *range(state.num_players)]:
        json.dumps(state.observation(seat))


def check_random_game(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    every: int = 25,
    max_decisions: int = 20_000,
    extra: Callable[[GameState], None] | None = None,
) -> GameState:
    """Play one seeded random game, checking the core invariants every ``every`` decisions
    (and ``extra``, a game's own invariant, at each of those points). Returns the end state."""
    rng = random.Random(seed)
    state = game.new_game(players, seed, options)
    decisions = 0
    while not state.is_terminal():
        if decisions % every == 0:
            seat = state.current_seat()
            check_clone(state, rng)
            check_json_roundtrip(state)
            check_determinize(state, seat, rng.randrange(1 << 30))
            check_determinize(state, None, rng.randrange(1 << 30))
            check_observation_is_json(state)
            if extra is not None:
                extra(state)
        legal = state.legal_actions()
        assert legal, "a pending decision offers no legal action"
        assert len(set(legal)) == len(legal), f"duplicate legal actions: {legal}"
        state.apply(rng.choice(legal))
        decisions += 1
        assert decisions <= max_decisions, f"game did not end within {max_decisions} decisions"
    winners = state.winners()
    assert all(0 <= w < players for w in winners), f"winners {winners} are not seats"
    assert winners or state.game.all_may_lose, "a finished game has no winner"
    assert len(state.scores()) == players
    check_json_roundtrip(state)
    check_replay(state)
    check_rejects_bad_actions(state)
    if extra is not None:
        extra(state)
    return state
