"""Reading and validating the authored content (cards, tiles, boards) every game ships as JSON.

A designer can load an edited copy of a game's content through its ``content`` option, so a
broken file is a user's mistake, not a bug: it must surface as a :class:`ContentError` that
names the file, the entry and the field at fault, never as a traceback from ``json`` or
pydantic. These helpers are the one place that turns those failures into that message; the
games keep only their own checks (counts, cross references) on top.
"""

from __future__ import annotations

import json
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from inkhorn.core.errors import ContentError

M = TypeVar("M", bound=BaseModel)


class Readable(Protocol):
    """A file path: a :class:`pathlib.Path` or a packaged resource (``importlib.resources``)."""

    def read_text(self, encoding: str | None = None) -> str: ...


def read_json(path: Readable, source: str | None = None) -> Any:
    """The parsed JSON of ``path``.

    A missing, unreadable or malformed file raises :class:`ContentError` under ``source``
    (default: the path itself), so a game can name its files the way its users know them.
    """
    name = str(path) if source is None else source
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(name, "file not found") from None
    except OSError as exc:
        raise ContentError(name, f"cannot be read: {exc}") from None
    except UnicodeDecodeError as exc:
        raise ContentError(name, f"not UTF-8 text: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(name, f"not valid JSON: {exc}") from None


def entries(data: Any, key: str, source: str) -> list[Any]:
    """The list under ``key`` of a JSON object (the usual layout of a content file)."""
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise ContentError(source, f"expected an object with a list {key!r}")
    return data[key]


SHOWN_PROBLEMS = 20  # a file broken throughout is told in a screenful, with the rest counted


def validate(model: type[M], data: Any, source: str, entry: str | None = None) -> M:
    """``data`` as a ``model``; a failure names the file (``source``), the entry and the field
    of every problem, so a designer fixes them all in one go."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ContentError(source, _together(_problems(exc, entry))) from None


def validate_each(model: type[M], items: Any, source: str, noun: str = "entry") -> list[M]:
    """Every item of a JSON list as a ``model``; a failure names the item as ``noun`` and
    its ``id`` (``#n``, counted from 0, when it has none), for every item that fails."""
    if not isinstance(items, list):
        raise ContentError(source, "expected a JSON list")
    out: list[M] = []
    problems: list[str] = []
    for n, item in enumerate(items):
        try:
            out.append(model.model_validate(item))
        except ValidationError as exc:
            problems.extend(_problems(exc, f"{noun} {_label(item, n)}"))
    if problems:
        raise ContentError(source, _together(problems))
    return out


def _problems(exc: ValidationError, entry: str | None) -> list[str]:
    found = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"])
        if not where and entry is None:
            where = "top level"
        found.append(": ".join(p for p in (entry, where, error["msg"]) if p))
    return found


def _together(problems: list[str]) -> str:
    if len(problems) == 1:
        return problems[0]
    shown = "; ".join(problems[:SHOWN_PROBLEMS])
    more = f"; and {len(problems) - SHOWN_PROBLEMS} more" if len(problems) > SHOWN_PROBLEMS else ""
    return f"{len(problems)} problems: {shown}{more}"


def _label(item: Any, n: int) -> str:
    ident = item.get("id") if isinstance(item, dict) else None
    return f"#{n}" if ident is None or ident == "" else str(ident)
