"""One game on a worker: played with ``play_match``, watched through the core contract only.

Whenever the seat to act changes (and at the end) the worker reads ``Game.holdings`` (where
each seat's named components are) and the running scores; a component count going up is a
content event, numbered by the decisions played so far (so a turn's events carry the number
of its last decision). Scores are read when the game's chapter changes (its Day, Round or
Session, ``Game.chapter``; every turn for a game without chapters): a new leader there is a
lead change. Watching once a turn and once a chapter rather than once a decision keeps the
cost a small share of a game (some games' scores take as long to count as a move). The time spent watching is measured apart from the time spent playing,
so the lab's overhead can be told from the games'.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from inkhorn.agents import make_agent
from inkhorn.core.state import GameState
from inkhorn.lab.spec import resolve_game
from inkhorn.match import play_match


def _leader(scores: list[float]) -> int:
    """The seat ahead, or -1 when the lead is shared."""
    best = max(scores)
    top = [s for s, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else -1


@dataclass
class _Watch:
    """What one game's watcher remembers between looks."""

    prev: list[dict[str, Counter[str]]] | None = None  # holdings at the last look
    leader: int = -1
    changes: int = 0  # lead changes
    seconds: float = 0.0  # time spent watching
    decisions: int = 0
    state: GameState | None = None
    seat: int = -1  # the seat that acted last
    chapter: str | None = None


def warm_up(task: dict[str, Any]) -> None:
    """Load a game's code and content and its agents on a worker before any game is timed,
    so a worker's one-off start-up is not counted against its first game."""
    game = resolve_game(task["game"])
    game.new_game(task["players"], task["seed"], task["options"])
    for spec in set(task["agents"]):
        make_agent(spec, 0)


def play_task(task: dict[str, Any]) -> dict[str, Any]:
    """Play one game of an experiment and return its rows (game, seats, events)."""
    game = resolve_game(task["game"])
    watch_events = task["events"]
    events: list[tuple[int, int, str, str]] = []  # (seat, decision, kind, component)
    watch = _Watch()

    def look(state: GameState, decision: int) -> None:
        started = time.perf_counter()
        chapter = game.chapter(state)
        if chapter != watch.chapter or not chapter or state.is_terminal():
            watch.chapter = chapter
            leader = _leader(state.scores())
            if leader >= 0 and leader != watch.leader:
                if watch.leader >= 0:
                    watch.changes += 1
                watch.leader = leader
        if watch_events:
            now = game.holdings(state)
            prev = watch.prev
            if now is not None and prev is not None:
                for seat, (before, after) in enumerate(zip(prev, now)):
                    for kind, names in after.items():
                        old = before.get(kind)
                        if old is None or dict.__ne__(names, old):  # Counter.__eq__ is slow
                            for name, count in (names - old if old else names).items():
                                events.extend((seat, decision, kind, name) for _ in range(count))
            watch.prev = now
        watch.seconds += time.perf_counter() - started

    def on_decision(state: GameState, seat: int, action: str) -> None:
        # Called before a decision is applied: what changed since the last look is the doing
        # of the decisions already counted.
        if seat != watch.seat:
            watch.state, watch.seat = state, seat
            look(state, watch.decisions)
        watch.decisions += 1

    result = play_match(game, task["agents"], task["seed"], task["options"], on_decision=on_decision,
                        max_decisions=task["max_decisions"])
    if watch.state is not None:
        look(watch.state, watch.decisions)
    scores, winners = result.scores, result.winners
    share = 1.0 / len(winners) if winners else 0.0
    order = sorted(range(result.players), key=lambda s: (s not in winners, -scores[s]))
    rank = {s: i + 1 for i, s in enumerate(order)}
    key = {"variant": task["variant"], "players": result.players, "game_index": task["index"],
           "seed": task["seed"]}
    seats = []
    for s in range(result.players):
        best_other = max((scores[o] for o in range(result.players) if o != s), default=0.0)
        seats.append({**key, "seat": s, "agent": task["agents"][s], "score": float(scores[s]),
                      "win": share if s in winners else 0.0, "rank": rank[s],
                      "margin": float(scores[s] - best_other)})
    spread = float(max(scores) - min(scores)) if scores else 0.0
    game_row = {
        **key,
        "game": game.id,
        "agents": ",".join(task["agents"]),
        "winners": ",".join(map(str, winners)),
        "decisions": result.decisions,
        "lead_changes": watch.changes,
        "spread": spread,
        "play_seconds": result.seconds - watch.seconds,
        "watch_seconds": watch.seconds,
        "ending": result.ending,
        **{f"stat_{k}": float(v) for k, v in result.stats.items()},
    }
    event_rows = [
        {**key, "seat": seat, "agent": task["agents"][seat], "decision": decision, "kind": kind,
         "component": name}
        for seat, decision, kind, name in events
    ]
    return {"game": game_row, "seats": seats, "events": event_rows}

