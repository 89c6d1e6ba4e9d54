"""What the HTTP API takes and gives (pydantic): the OpenAPI schema is made from these.

Every text a person typed is bounded and cleaned of control characters here, before it
reaches the database or a page; pages still escape it (it is shown as text, never markup).
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr

from inkhorn.agents import DEFAULT_BOT


def _plain(text: str) -> str:
    """One line of printable text: control and format characters (NUL, newlines, bidi
    overrides) dropped, white space folded."""
    kept = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    return " ".join(kept.split())


Name = Annotated[str, Field(max_length=40), AfterValidator(_plain)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    """A seat of a new table: a person (who gets a secret seat link) or a bot."""

    kind: Literal["human", "bot"] = "human"
    agent: Annotated[str, Field(max_length=200,
                                description="For a bot: an agent spec such as greedy, random, mcts:time=1.")] = DEFAULT_BOT
    name: Annotated[Name, Field(description="Shown to the table; a default is given when empty.")] = ""


class NewTable(Strict):
    game: Annotated[str, Field(max_length=32, description="A game id, e.g. scriptoria.")]
    players: Annotated[int, Field(ge=1, le=8)] | None = Field(
        None, description="Default: the game's own, or as many as the seats listed if more.")
    options: dict[Annotated[str, Field(max_length=64)], Any] = Field(
        default_factory=dict, description="The game's options (GET /api/games lists them)."
    )
    seats: Annotated[list[SeatSpec], Field(max_length=8)] = Field(
        default_factory=list, description="One per player; missing seats are people."
    )
    name: Annotated[str, Field(max_length=80), AfterValidator(_plain)] = ""


class SeatInfo(BaseModel):
    seat: int
    name: str
    kind: Literal["human", "bot"]
    agent: str | None = None


class TableInfo(BaseModel):
    """What anyone may know of a table."""

    id: str
    name: str
    game: str
    game_name: str
    players: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    version: int
    to_move: int | None
    finished: bool
    url: str


class SeatLink(BaseModel):
    seat: int
    name: str
    token: str = Field(description="Secret: whoever holds it plays this seat. Shown once.")
    url: str


class Created(BaseModel):
    table: TableInfo
    seat_links: list[SeatLink]
    spectator_url: str


class OptionInfo(BaseModel):
    key: str
    default: Any
    description: str
    schema_: dict[str, Any] = Field(alias="schema")

    model_config = ConfigDict(populate_by_name=True)


class GameInfo(BaseModel):
    id: str
    name: str
    min_players: int
    max_players: int
    default_players: int
    options: list[OptionInfo]


class GamesInfo(BaseModel):
    games: list[GameInfo]
    agents: list[str] = Field(description="Agent names; parameters follow a colon, e.g. mcts:time=1.")
    default_bot: str = Field(DEFAULT_BOT, description="The agent spec a bot seat gets unless another is chosen.")


class Move(Strict):
    action: Annotated[StrictStr, Field(min_length=1, max_length=2000)]
    version: Annotated[StrictInt, Field(ge=0, description="The table's version the move was chosen at.")]


class Undo(Strict):
    version: Annotated[StrictInt, Field(ge=1, description="The table's version the undo was asked at.")]


class ActionChoice(BaseModel):
    id: str
    label: str


class LogEntry(BaseModel):
    index: int
    seat: int
    text: str | None
    action: str | None
    hidden: bool


class Turn(BaseModel):
    seat: int
    name: str
    sealed: bool


class Result(BaseModel):
    scores: list[float]
    winners: list[int]


class SeatView(BaseModel):
    """Everything one seat (or a spectator, ``seat`` null) is shown of a table now."""

    type: Literal["state"] = "state"
    table: str
    version: int
    seat: int | None
    finished: bool
    turn: Turn | None
    prompt: str | None = Field(None, description="Only for the seat that decides.")
    open: bool = False
    actions: list[ActionChoice] = Field(default_factory=list, description="Only for the seat that decides.")
    observation: dict[str, Any]
    scene: dict[str, Any] | None = Field(None, description="The table drawn from the observation (see "
                                         "inkhorn.core.scene), when asked for (scene=true; a page's hello).")
    log_from: int
    log: list[LogEntry]
    result: Result | None = None
    undo: bool = Field(False, description="Whether your last move may be taken back now.")


class Problem(BaseModel):
    error: str
    code: str
    version: int | None = None
