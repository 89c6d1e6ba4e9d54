"""Replay logs: the smallest record that re-creates every position of a game.

A log comes from a file a person may have edited, so it is validated before anything is
built from it: every field's type and range, with pydantic, naming the field at fault.
The core never looks a game up by id; whoever reads a log hands its :class:`Game` over.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from inkhorn.core.errors import IllegalAction, InkhornError, ReplayError, clip
from inkhorn.core.history import ActionLog

if TYPE_CHECKING:
    from inkhorn.core.game import Game
    from inkhorn.core.state import GameState

REPLAY_FORMAT = "inkhorn-replay/1"
# Seeds are 64-bit in practice; a bound keeps a 5,000-digit "seed" out of every hash.
MAX_SEED = (1 << 64) - 1
MAX_ACTIONS = 1_000_000
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_NESTING = 64


class _LogModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: StrictStr
    game: Annotated[StrictStr, Field(max_length=64)]
    players: Annotated[StrictInt, Field(ge=1, le=64)]
    seed: Annotated[StrictInt, Field(ge=-MAX_SEED, le=MAX_SEED)]
    options: dict[StrictStr, Any]
    actions: Annotated[list[Annotated[StrictStr, Field(max_length=10_000)]], Field(max_length=MAX_ACTIONS)]
    agents: list[Annotated[StrictStr, Field(max_length=200)]] = []


def _nesting(value: Any, depth: int = 0) -> int:
    if depth > MAX_NESTING:
        return depth
    if isinstance(value, dict):
        return max((_nesting(v, depth + 1) for v in value.values()), default=depth + 1)
    if isinstance(value, list):
        return max((_nesting(v, depth + 1) for v in value), default=depth + 1)
    return depth


def validation_message(source: str, exc: ValidationError) -> str:
    """One line naming the first field at fault (pydantic's own words, cut short)."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "(top level)"
    return f"{source}: field {where}: {first['msg']}"[:300]


class ReplayLog:
    """game id, seat count, seed, options and the actions taken (and who took the seats)."""

    __slots__ = ("game", "players", "seed", "options", "actions", "agents")

    def __init__(
        self,
        game: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        actions: list[str],
        agents: list[str] | None = None,
    ):
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.actions = actions
        self.agents = agents or []

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
            raise ReplayError(f"{source}: format is {clip(data.get('format'), 40)}, expected {REPLAY_FORMAT!r}")
        missing = [k for k in ("game", "players", "seed", "options", "actions") if k not in data]
        if missing:
            raise ReplayError(f"{source}: missing {', '.join(missing)}")
        if _nesting(data) > MAX_NESTING:
            raise ReplayError(f"{source}: nested more than {MAX_NESTING} levels deep")
        try:
            model = _LogModel.model_validate(data)
        except ValidationError as exc:
            raise ReplayError(validation_message(source, exc)) from None
        return cls(model.game, model.players, model.seed, model.options, model.actions, model.agents)

    @classmethod
    def load(cls, path: str | Path) -> ReplayLog:
        try:
            raw = Path(path).read_bytes()[: MAX_FILE_BYTES + 1]
            if len(raw) > MAX_FILE_BYTES:
                raise ReplayError(f"{path}: larger than {MAX_FILE_BYTES >> 20} MiB; not a replay log")
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise ReplayError(f"{path}: not UTF-8 text (byte {exc.start})") from None
        except RecursionError:
            raise ReplayError(f"{path}: nested too deeply to be a replay log") from None
        except (OSError, ValueError) as exc:
            raise ReplayError(f"{path}: cannot read replay log ({exc})"[:300]) from None
        return cls.from_json(data, str(path))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1))

    def new_game(self, game: Game) -> GameState:
        if game.id != self.game:
            raise ReplayError(f"this log is a {self.game!r} game, not {game.id!r}")
        try:
            return game.new_game(self.players, self.seed, self.options)
        except InkhornError as exc:
            raise ReplayError(f"the log's set-up is refused: {exc}") from None

    def states(self, game: Game) -> Iterator[GameState]:
        """Yield one state object, advanced action by action (first yield: before any action)."""
        state = self.new_game(game)
        yield state
        for index, action in enumerate(self.actions):
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise ReplayError(f"action {index} ({action[:60]!r}) does not replay: {exc}") from None
            yield state

    def final_state(self, game: Game) -> GameState:
        state = self.new_game(game)
        for _ in self.records(game, state):
            pass
        return state

    def records(self, game: Game, state: GameState | None = None) -> Iterator[tuple[GameState, Any]]:
        """Apply the actions one by one, yielding the state after each with its record.

        The records (:class:`~inkhorn.core.history.ActionRecord`) carry what every seat may
        know of each action: ``replay --seat`` and a replay page show only that.
        """
        state = state if state is not None else self.new_game(game)
        log = ActionLog()
        for index, action in enumerate(self.actions):
            try:
                record = log.apply(state, action)
            except IllegalAction as exc:
                raise ReplayError(f"action {index} ({action[:60]!r}) does not replay: {exc.reason}") from None
            yield state, record
