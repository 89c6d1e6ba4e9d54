"""Validated per-game options.

Each game declares a pydantic model derived from :class:`GameOptions`. Values arrive as
Python objects (library use) or as ``key=value`` strings (command line); both go through the
same validation and any problem names the key and the options that exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from inkhorn.core.errors import OptionError, clip

OptionsT = TypeVar("OptionsT", bound="GameOptions")


class GameOptions(BaseModel):
    """Base of every game's options: immutable, unknown keys rejected."""

    model_config = ConfigDict(extra="forbid", frozen=True, validate_default=True)

    @field_validator("*", mode="before")
    @classmethod
    def _plain_text(cls, value: Any) -> Any:
        """No option's text holds a NUL or runs past a path's length (file options are paths)."""
        if isinstance(value, str) and ("\x00" in value or len(value) > 4096):
            raise ValueError("not a usable value (a NUL character, or longer than 4096 characters)")
        return value

    @classmethod
    def describe(cls) -> list[tuple[str, str, str]]:
        """(key, default, description) for every option, for help texts."""
        rows = []
        for name, field in cls.model_fields.items():
            rows.append((name, repr(field.default), field.description or ""))
        return rows


def parse_options(
    model: type[OptionsT], raw: Mapping[str, Any] | OptionsT | None, owner: str = "this game"
) -> OptionsT:
    """``raw`` validated by ``model``; an unknown key is refused with the options of ``owner``."""
    if raw is None:
        raw = {}
    if isinstance(raw, model):
        return raw
    if isinstance(raw, BaseModel):
        raise OptionError(f"options of type {type(raw).__name__} given where {model.__name__} is expected")
    known = list(model.model_fields)
    unknown = [k for k in raw if k not in model.model_fields]
    if unknown:
        raise OptionError(
            f"unknown option {clip(unknown[0])}; options of {owner}: {', '.join(known) or '(none)'}"
        )
    try:
        return model.model_validate(dict(raw))
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err["loc"]) or "options"
            problems.append(f"{clip(where)}: {err['msg']} (got {clip(err.get('input'))})")
        raise OptionError("bad option " + "; ".join(problems)) from None


def parse_key_values(pairs: Iterable[str]) -> dict[str, str]:
    """``["a=1", "b=x"]`` from a command line into a dict; a pair without ``=`` is an error."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {clip(pair)} is not of the form key=value")
        out[key.strip()] = value.strip()
    return out
