"""An experiment: what to play, read from a TOML file or the command line's flags.

.. code-block:: toml

    game = "scriptoria"          # a game id, or "package.module:GAME" for a game in development
    players = [3, 4]             # one cell per player count (and per variant)
    agents = ["greedy"]          # seats filled from this list and rotated; more agents than
                                 # seats: every ordered choice of them (see inkhorn.arena)
    games = 200                  # games per cell
    seed = 0                     # first deal seed; a seat-rotation block shares one seed
    [options]                    # options of every game (the baseline)
    master = true
    [variants.literal_discards]  # each variant: options laid over the baseline's
    discards_to_scriptorium = false
    [variants.edited_cards]
    content = "my-sketches/"     # paths are read relative to the spec file

Every variant plays exactly the games of the baseline (same seeds, same seats), so a
difference between them is the variant's doing, not the deal's.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tomllib
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from inkhorn import games as registry
from inkhorn.agents import make_agent
from inkhorn.arena import seatings
from inkhorn.core.errors import InkhornError, OptionError
from inkhorn.core.game import Game

BASELINE = "baseline"


class LabError(InkhornError):
    """A spec, results folder or query the lab cannot use (one line, names the problem)."""


@cache
def resolve_game(ref: str) -> Game:
    """A registered game id, or ``module:attribute`` naming a Game outside the registry, a
    game in development (importable from the current folder, on every worker)."""
    if ":" not in ref:
        return registry.get_game(ref)
    module, _, attr = ref.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        game = getattr(import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise LabError(f"game {ref!r} cannot be loaded: {exc}") from None
    if not isinstance(game, Game):
        raise LabError(f"game {ref!r} is a {type(game).__name__}, not a Game")
    return game


class Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    players: list[int] = Field(default_factory=list, description="player counts (empty: the game's default)")
    agents: list[str] = Field(default_factory=lambda: ["greedy"], min_length=1)
    games: int = Field(100, ge=1, le=10_000_000, description="games per cell")
    seed: int = Field(0, ge=0)
    options: dict[str, Any] = Field(default_factory=dict)
    variants: dict[str, dict[str, Any]] = Field(default_factory=dict)
    events: bool = Field(True, description="record content events (acquired, played, scored)")
    max_decisions: int = Field(200_000, ge=1)

    @field_validator("players", mode="before")
    @classmethod
    def _one_count(cls, v: Any) -> Any:
        return [v] if isinstance(v, int) else v

    @field_validator("variants")
    @classmethod
    def _names(cls, v: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        if BASELINE in v:
            raise ValueError(f"{BASELINE!r} is the name of the plain options; give the variant another name")
        return v

    # ---- derived ------------------------------------------------------------------------
    def game_obj(self) -> Game:
        return resolve_game(self.game)

    def player_counts(self) -> list[int]:
        game = self.game_obj()
        return [game.check_players(p) for p in self.players] if self.players else [game.default_players]

    def variant_options(self) -> dict[str, dict[str, Any]]:
        """Every variant's full options, the baseline first."""
        out = {BASELINE: dict(self.options)}
        for name, extra in self.variants.items():
            out[name] = {**self.options, **extra}
        return out

    def fingerprint(self) -> str:
        """What decides the games played: a results folder belongs to one fingerprint."""
        data = self.model_dump(mode="json")
        data.pop("games")  # more games extend a run; the games already played stay valid
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]

    def check(self) -> None:
        """Every problem a worker would hit, found before any game is played."""
        game = self.game_obj()
        for spec in self.agents:
            make_agent(spec)
        for name, opts in self.variant_options().items():
            try:
                game.options(opts)
            except OptionError as exc:
                raise LabError(f"variant {name}: {exc}") from None
        for players in self.player_counts():
            seatings(len(self.agents), players)

    def tasks(self) -> Iterator[dict[str, Any]]:
        """Every game of the experiment, as what a worker needs to play it."""
        for players in self.player_counts():
            block = seatings(len(self.agents), players)
            for name, opts in self.variant_options().items():
                for index in range(self.games):
                    b, k = divmod(index, len(block))
                    yield {
                        "game": self.game,
                        "variant": name,
                        "players": players,
                        "index": index,
                        "seed": self.seed + b,
                        "agents": [self.agents[a] for a in block[k]],
                        "options": opts,
                        "events": self.events,
                        "max_decisions": self.max_decisions,
                    }


def absolute_paths(values: Mapping[str, Any], base: Path) -> dict[str, Any]:
    """Option values naming a file or folder next to the spec, made absolute for workers."""
    out = {}
    for key, value in values.items():
        if isinstance(value, str) and value and (base / value).exists() and not Path(value).is_absolute():
            value = str((base / value).resolve())
        out[key] = value
    return out


def load_spec(path: str | Path, **overrides: Any) -> Spec:
    """The spec in a TOML file, with command-line overrides laid over it."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LabError(f"spec file {path} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LabError(f"spec file {path} cannot be read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise LabError(f"spec file {path} is not valid TOML: {exc}") from None
    base = path.resolve().parent
    if isinstance(data.get("options"), dict):
        data["options"] = absolute_paths(data["options"], base)
    if isinstance(data.get("variants"), dict):
        data["variants"] = {
            k: absolute_paths(v, base) if isinstance(v, dict) else v for k, v in data["variants"].items()
        }
    data.update({k: v for k, v in overrides.items() if v is not None})
    return make_spec(data, source=str(path))


def make_spec(data: Mapping[str, Any], source: str = "spec") -> Spec:
    try:
        spec = Spec.model_validate(dict(data))
    except ValidationError as exc:
        e = exc.errors()[0]
        where = ".".join(str(p) for p in e["loc"]) or "spec"
        known = ", ".join(Spec.model_fields)
        hint = f" (keys of a spec: {known})" if e["type"] == "extra_forbidden" else ""
        raise LabError(f"{source}: {where}: {e['msg']}{hint}") from None
    spec.check()
    return spec
