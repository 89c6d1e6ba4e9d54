"""Invariants every game must keep, as reusable checks for property tests.

Each check raises ``AssertionError`` with a message naming what broke. Game test suites
call :func:`check_random_game` from hypothesis-driven tests, plus their own checks of
component conservation.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from inkhorn.core.errors import IllegalAction
from inkhorn.core.game import Game
from inkhorn.core.history import ActionLog, ActionRecord
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
    """A clone equals its original, and nothing done to it reaches the original: neither
    playing on it nor changing any of its fields in place (every list, dict and set, at
    every depth)."""
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before, "clone differs from its original"
    if not twin.is_terminal():
        twin.apply_trusted(rng.choice(twin.legal_actions()))
        assert snapshot(state) == before, "playing on a clone changed the original"
    twin = state.clone()
    for f in dataclasses.fields(twin):
        if not f.metadata.get("transient"):
            _change_in_place(getattr(twin, f.name))
            assert snapshot(state) == before, f"changing the clone's {f.name!r} in place changed the original"


_MARK = "\u2020changed-in-a-clone"  # encodable, so a leak shows as a difference


def _change_in_place(value: Any) -> None:
    """Change every mutable container inside ``value`` in place (a clone-independence probe)."""
    kind = type(value)
    if kind is list:
        for item in value:
            _change_in_place(item)
        value.append(_MARK)
    elif kind is dict:
        for item in value.values():
            _change_in_place(item)
        value[_MARK] = _MARK
    elif kind is set:
        value.add(_MARK)
    elif kind is tuple:
        for item in value:
            _change_in_place(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):  # a pending decision (frozen) holding a list too
            _change_in_place(getattr(value, f.name))


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


def secrets(state: GameState) -> dict[int | None, set[str]]:
    """The names hidden from each seat and from the spectator (``None``) now."""
    game = state.game
    return {seat: game.hidden_names(state, seat) for seat in [None, *range(state.num_players)]}


def leaked_name(names: Iterable[str], text: str) -> str | None:
    """The first of ``names`` that ``text`` holds as a whole token ("K5" in "echo K5[A]", not
    in "K50"): a plain substring test first, the regex only to confirm a hit."""
    for name in sorted(names, key=len, reverse=True):
        if name in text and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text):
            return name
    return None


def check_no_leaks(
    state: GameState,
    records: Iterable[ActionRecord] = (),
    before: Mapping[int | None, set[str]] | None = None,
    *,
    table: bool = True,
) -> None:
    """Nothing a seat is shown names a component hidden from it (``Game.hidden_names``).

    Checked for every seat and the spectator: ``observation(seat)`` and, for the seat
    deciding now, its prompt and the words of each of its legal actions (``table=False``
    skips these); and the seat's view of each of ``records``. A record is judged against
    the names hidden from the seat both now and, when given, in ``before``
    (``secrets(state)`` taken before those actions were applied): a card played face up
    from a hand was hidden before and is seen now, so naming it is no leak; a card moved
    from a hand to a face-down pile was hidden throughout.
    """
    records = list(records)
    now = secrets(state)
    deciding = state.current_seat()
    for seat in [None, *range(state.num_players)]:
        who = "the spectator" if seat is None else f"seat {seat}"
        secret = now[seat]
        if table:
            name = leaked_name(secret, json.dumps(state.observation(seat), ensure_ascii=False))
            assert name is None, f"{who}'s observation names {name!r}, hidden from it"
            step = state.decision()
            if step is not None and seat == deciding:
                name = leaked_name(secret, step.prompt(state))
                assert name is None, f"the prompt to {who} names {name!r}, hidden from it"
                for action in state.legal_actions():
                    name = leaked_name(secret, step.label(state, action))
                    assert name is None, f"the words of {who}'s choice {action!r} name {name!r}, hidden from it"
        if before is not None:
            secret = now[seat] & before[seat]
        for record in records:
            name = leaked_name(secret, json.dumps(record.view(seat), ensure_ascii=False))
            assert name is None, (
                f"{who}'s view of action {record.index} by seat {record.seat} ({record.label!r}) "
                f"names {name!r}, hidden from it: {record.seen_by(seat)!r}"
            )


def play_watched(state: GameState, action: str, log: ActionLog) -> ActionRecord:
    """Apply ``action`` through ``log`` and check that what each seat is shown of it names
    none of its secrets (the table is checked by :func:`check_no_leaks` at checkpoints).

    An action that drew on the random source may have shuffled a face-up pile back into a
    face-down one (a card paid to the discard pile, then the pile re-shuffled into the empty
    deck): its cards were seen between the two states, so that action is not judged here.
    """
    before = secrets(state)
    draws = state.rng.counter
    record = log.apply(state, action)
    if state.rng.counter == draws:
        check_no_leaks(state, [record], before, table=False)
    return record


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
    log = ActionLog()
    decisions = 0
    while not state.is_terminal():
        if decisions % every == 0:
            seat = state.current_seat()
            check_no_leaks(state)
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
        play_watched(state, rng.choice(legal), log)
        decisions += 1
        assert decisions <= max_decisions, f"game did not end within {max_decisions} decisions"
    winners = state.winners()
    assert all(0 <= w < players for w in winners), f"winners {winners} are not seats"
    assert winners or state.game.all_may_lose, "a finished game has no winner"
    assert len(state.scores()) == players
    check_no_leaks(state)
    check_json_roundtrip(state)
    check_replay(state)
    check_rejects_bad_actions(state)
    if extra is not None:
        extra(state)
    return state
