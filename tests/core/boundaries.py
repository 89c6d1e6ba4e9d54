"""Shared drivers for every game's boundary and secrets property tests.

The boundary tests (``tests/test_boundaries.py``) and each game's ``test_secrets.py`` call these with hypothesis-drawn
seeds and inputs; the checks themselves are the core's (``inkhorn.core.checks``).
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import strategies as st

from inkhorn.core import ActionLog, IllegalAction, InkhornError, ReplayLog
from inkhorn.core.checks import check_no_leaks, play_watched, snapshot
from inkhorn.core.game import Game
from inkhorn.core.state import GameState

# what a caller might pass where a seat is expected
SEATS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.integers(-3, 8),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.lists(st.integers(0, 3), max_size=2),
)

# what a corrupt or hostile file might hold instead of a field's value
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.just(10**5000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.just([]),
    st.just({}),
    st.just({"$t": "Nope"}),
    st.just({"$tuple": "x"}),
    st.just({"$map": [[1]]}),
    st.just({"$rng": [None, 1]}),
    st.lists(st.integers(-2, 300), max_size=4),
)


def played_state(game: Game, players: int, seed: int, moves: int) -> GameState:
    """A game ``moves`` random decisions in (fewer if it ends first)."""
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def only_library_errors(call: Any, *args: Any) -> Any:
    """Run ``call``; an InkhornError is a clean refusal (returns None), anything else fails."""
    try:
        return call(*args)
    except InkhornError:
        return None


def check_seat_arguments(state: GameState, seat: Any, seed: int) -> None:
    """A seat argument is a seat in range, ``None`` (spectator) or refused; refusals change nothing."""
    before = snapshot(state)
    valid = seat is None or (type(seat) is int and 0 <= seat < state.num_players)
    for call in (state.observation, lambda s: state.determinize(s, seed)):
        result = only_library_errors(call, seat)
        assert (result is not None) == valid, f"seat argument {seat!r} was {'refused' if valid else 'accepted'}"
        assert snapshot(state) == before, f"a call with seat {seat!r} changed the state"


def mutate(data: Any, path: list[Any], op: str, junk: Any) -> None:
    """Change the value at ``path`` in place: drop it, replace it, add a stranger beside it,
    or (for a list) lose or double an element."""
    *head, last = path
    parent = data
    for key in head:
        parent = parent[key]
    if op == "drop":
        del parent[last]
    elif op == "replace":
        parent[last] = junk
    elif op == "unknown" and isinstance(parent, dict):
        parent[f"{last}_extra"] = junk
    elif op == "shrink" and isinstance(parent[last], list) and parent[last]:
        parent[last].pop()
    elif op == "grow" and isinstance(parent[last], list) and parent[last]:
        parent[last].append(parent[last][0])
    else:
        parent[last] = junk


def check_mutated_state(game: Game, state: GameState, data: st.DataObject) -> None:
    """A saved state with one field dropped, replaced, doubled or joined by a stranger either
    loads as a working state or is refused with a library error; the source is unchanged."""
    before = snapshot(state)
    saved = json.loads(json.dumps(state.to_json()))
    inner = saved["state"]
    key = data.draw(st.sampled_from(sorted(k for k in inner if k != "$t")), label="field")
    path: list[Any] = ["state", key]
    value = inner[key]
    if isinstance(value, list) and value and isinstance(value[0], (list, dict)) and data.draw(st.booleans()):
        path.append(data.draw(st.integers(0, len(value) - 1), label="index"))
    op = data.draw(st.sampled_from(["drop", "replace", "unknown", "shrink", "grow"]), label="op")
    mutate(saved, path, op, data.draw(JUNK, label="junk"))
    if data.draw(st.booleans(), label="envelope too"):
        saved[data.draw(st.sampled_from(["format", "game", "extra"]))] = data.draw(JUNK)
    loaded = only_library_errors(game.state_from_json, saved)
    if loaded is not None:
        exercise(loaded)
    assert snapshot(state) == before, "loading a mutated copy changed the original"


def exercise(state: GameState) -> None:
    """A state that was accepted must work: every view, the legal actions and a move."""
    for seat in [None, *range(state.num_players)]:
        json.dumps(state.observation(seat))
    if not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "a loaded state offers no legal action"
        state.action_label(legal[0])
        state.apply(legal[0])


def check_mutated_log(game: Game, state: GameState, data: st.DataObject) -> None:
    """A replay log with one field replaced (seed, players, options, agents, actions) is
    replayed or refused with a library error."""
    log = json.loads(json.dumps(state.replay_log()))
    key = data.draw(st.sampled_from(sorted([*log, "agents", "extra"])), label="log field")
    op = data.draw(st.sampled_from(["drop", "replace", "shrink", "grow"]), label="op")
    if key not in log:
        op = "replace"
    mutate(log, [key], op, data.draw(JUNK, label="junk"))
    parsed = only_library_errors(ReplayLog.from_json, log)
    if parsed is not None:
        only_library_errors(parsed.final_state, game)


def check_illegal_ids(state: GameState, action: str) -> None:
    """Any id that is not legal now is an IllegalAction for ``check``, ``apply``,
    ``action_label`` and ``describe``, with a short message, and changes nothing."""
    if action in state.legal_actions():
        return
    before = snapshot(state)
    for call in (state.check, state.apply, state.action_label, state.describe):
        try:
            call(action)
        except IllegalAction as exc:
            assert len(str(exc)) < 2_000, "an error message echoes a huge input"
        else:
            raise AssertionError(f"{call.__name__} accepted the illegal id {action!r}")
    assert snapshot(state) == before, f"the illegal id {action!r} changed the state"


def watch_for_leaks(game: Game, players: int, seed: int, decisions: int, every: int = 1) -> None:
    """Play a seeded random game for up to ``decisions`` decisions, checking after each that
    no seat is shown, in the view of that action, a name hidden from it, and every ``every``
    decisions the whole table (observations, prompt and the decider's choices)."""
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    log = ActionLog()
    for k in range(decisions):
        if k % every == 0:
            check_no_leaks(state)
        if state.is_terminal():
            return
        play_watched(state, rng.choice(state.legal_actions()), log)
    check_no_leaks(state)
