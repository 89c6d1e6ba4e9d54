"""Replay logs: the smallest record that re-creates every position of a game."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from inkhorn.core.errors import IllegalAction, ReplayError

REPLAY_FORMAT = "inkhorn-replay/1"


@dataclass
class ReplayLog:
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: list[str]
    agents: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": REPLAY_FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": self.actions,
        }
        if self.agents:
            data["agents"] = self.agents
        return data

    @classmethod
    def from_json(cls, data: Any, source: str = "replay") -> ReplayLog:
        if not isinstance(data, dict):
            raise ReplayError(f"{source}: a replay log is a JSON object")
        if data.get("format") != REPLAY_FORMAT:
            raise ReplayError(f"{source}: format is {data.get('format')!r}, expected {REPLAY_FORMAT!r}")
        missing = [k for k in ("game", "players", "seed", "options", "actions") if k not in data]
        if missing:
            raise ReplayError(f"{source}: missing {', '.join(missing)}")
        if not isinstance(data["actions"], list) or not all(isinstance(a, str) for a in data["actions"]):
            raise ReplayError(f"{source}: actions must be a list of action ids")
        return cls(
            game=data["game"],
            players=int(data["players"]),
            seed=int(data["seed"]),
            options=dict(data["options"]),
            actions=list(data["actions"]),
            agents=list(data.get("agents", [])),
        )

    @classmethod
    def load(cls, path: str | Path) -> ReplayLog:
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, json.JSONDecodeError) as exc:
            raise ReplayError(f"{path}: cannot read replay log ({exc})") from None
        return cls.from_json(data, str(path))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1))

    def states(self):
        """Yield one state object, advanced action by action (first yield: before any action)."""
        from inkhorn import games

        state = games.get_game(self.game).new_game(self.players, self.seed, self.options)
        yield state
        for index, action in enumerate(self.actions):
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise ReplayError(f"action {index} ({action!r}) does not replay: {exc}") from None
            yield state

    def final_state(self):
        state = None
        for state in self.states():
            pass
        return state
