"""The authored components: text cards, exemplars and decoration tiles, validated on load.

The rulebook names the components but lists none of them, so the set shipped in
``content/`` is authored from real medieval works and the compilations that hold them.
A designer can point the ``content`` option at an edited folder (or a single JSON file with
the three lists); every problem is reported with the file and the offending entry.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from inkhorn.core.content import entries, read_json, validate_each
from inkhorn.core.errors import ContentError
from inkhorn.games.manuscript.grid import prose_lines

PAGE_COLS = 12  # derived from Example 4 (see the rulings)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TextCard(_Model):
    """One text card: verse has a line length and a number of lines, prose a total of squares."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str = Field(min_length=1)
    language: str = Field(min_length=1)
    form: Literal["verse", "prose"]
    line_length: int | None = Field(None, ge=1, le=PAGE_COLS)
    lines: int | None = Field(None, ge=1)
    squares: int | None = Field(None, ge=1)
    points_single: int = Field(ge=1)
    points_double: int = Field(ge=1)

    @model_validator(mode="after")
    def _shape(self) -> TextCard:
        if self.form == "verse":
            if self.line_length is None or self.lines is None or self.squares is not None:
                raise ValueError("a verse text gives line_length and lines (and no squares)")
            if self.lines < 2:
                raise ValueError("a verse text has at least 2 lines")
        else:
            if self.squares is None or self.line_length is not None or self.lines is not None:
                raise ValueError("a prose text gives squares (and no line_length or lines)")
            if self.squares < 2:
                raise ValueError("a prose text has at least 2 squares")
        if self.points_double < self.points_single:
            raise ValueError("double-spaced points may not be lower than single-spaced points")
        return self

    @property
    def total(self) -> int:
        if self.form == "prose":
            return self.squares or 0
        return (self.line_length or 0) * (self.lines or 0)


class Exemplar(_Model):
    """A real compilation: which texts it holds and what following it is worth."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str = Field(min_length=1)
    texts: list[str] = Field(min_length=2)
    partial_needs: int = Field(ge=1)
    partial_bonus: int = Field(ge=0)
    total_bonus: int = Field(ge=1)
    decoration: str

    @model_validator(mode="after")
    def _bonus(self) -> Exemplar:
        if len(set(self.texts)) != len(self.texts):
            raise ValueError("a component text is listed twice")
        if self.partial_needs >= len(self.texts):
            raise ValueError("partial_needs must be below the number of component texts")
        if self.total_bonus <= self.partial_bonus:
            raise ValueError("total_bonus must exceed partial_bonus")
        return self


class Decoration(_Model):
    """A decoration tile: its shape on the grid ('#' filled, '.' empty) and its points."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    shape: list[str] = Field(min_length=1)
    points: int = Field(ge=0)

    @model_validator(mode="after")
    def _grid(self) -> Decoration:
        width = len(self.shape[0])
        if width == 0 or any(len(row) != width for row in self.shape):
            raise ValueError("shape rows must be non-empty and of equal length")
        if any(ch not in "#." for row in self.shape for ch in row):
            raise ValueError("shape uses only '#' (filled) and '.' (empty)")
        if not any("#" in row for row in self.shape):
            raise ValueError("shape has no filled square")
        if width > PAGE_COLS // 2 or len(self.shape) > 8:
            raise ValueError("shape is larger than a quadrant")
        return self

    def cells(self) -> tuple[tuple[int, int], ...]:
        return tuple((r, c) for r, row in enumerate(self.shape) for c, ch in enumerate(row) if ch == "#")


class Content:
    """The loaded set plus flat lookup tuples the engine reads in its hot paths (shared, never copied)."""

    def __init__(self, texts: tuple[TextCard, ...], exemplars: tuple[Exemplar, ...],
                 decorations: tuple[Decoration, ...], source: str):
        self.texts = texts
        self.exemplars = exemplars
        self.decorations = decorations
        self.source = source
        self.text_index = {t.id: i for i, t in enumerate(texts)}
        self.exemplar_index = {e.id: i for i, e in enumerate(exemplars)}
        deco_index = {d.id: i for i, d in enumerate(decorations)}
        self.squares = tuple(t.total for t in texts)
        self.prose = tuple(t.form == "prose" for t in texts)
        self.line_length = tuple(t.line_length or 0 for t in texts)
        self.points = tuple((t.points_single, t.points_double) for t in texts)
        self.components = tuple(tuple(self.text_index[c] for c in e.texts) for e in exemplars)
        self.deco_of = tuple(deco_index[e.decoration] for e in exemplars)
        self.deco_cells = tuple(d.cells() for d in decorations)

    def lines(self, card: int, width: int) -> tuple[int, ...]:
        """Line lengths of text ``card``: a verse text's own, a prose text's in lines of
        ``width`` (the width a scribe chose; unused for verse)."""
        total = self.squares[card]
        if not self.prose[card]:
            return (self.line_length[card],) * (total // self.line_length[card])
        return prose_lines(total, width)


def build(raw_texts: list[Any], raw_ex: list[Any], raw_deco: list[Any], sources: tuple[str, str, str]) -> Content:
    """Validate three raw lists into a :class:`Content`, naming the file and entry at fault."""
    models: list[list[Any]] = []
    for raw, model, src in ((raw_texts, TextCard, sources[0]), (raw_ex, Exemplar, sources[1]),
                            (raw_deco, Decoration, sources[2])):
        items: list[Any] = validate_each(model, raw, src)
        ids = [i.id for i in items]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise ContentError(src, f"duplicate id {dup[0]!r}")
        models.append(items)
    texts, exemplars, decorations = models
    if len(texts) < 12:
        raise ContentError(sources[0], f"at least 12 text cards are needed, found {len(texts)}")
    if len(exemplars) < 6:
        raise ContentError(sources[1], f"at least 6 exemplars are needed (four scribes + 2), found {len(exemplars)}")
    text_ids = {t.id for t in texts}
    deco_ids = {d.id for d in decorations}
    used: list[str] = []
    for e in exemplars:
        missing = [t for t in e.texts if t not in text_ids]
        if missing:
            raise ContentError(sources[1], f"exemplar {e.id}: unknown component text {missing[0]!r}")
        if e.decoration not in deco_ids:
            raise ContentError(sources[1], f"exemplar {e.id}: unknown decoration {e.decoration!r}")
        used.append(e.decoration)
    dup = sorted({d for d in used if used.count(d) > 1})
    if dup:
        raise ContentError(sources[1], f"decoration {dup[0]!r} belongs to more than one exemplar")
    spare = sorted(deco_ids - set(used))
    if spare:
        raise ContentError(sources[2], f"decoration {spare[0]!r} belongs to no exemplar")
    return Content(tuple(texts), tuple(exemplars), tuple(decorations), source=sources[0])


FILES = ("texts.json", "exemplars.json", "decorations.json")
KEYS = ("texts", "exemplars", "decorations")


@cache
def load_content(path: str | None = None) -> Content:
    """The shipped set (``path=None``), or an edited folder / single JSON file."""
    if path is None:
        base = resources.files(__package__).joinpath("content")
        srcs = tuple(f"content/{f}" for f in FILES)
        raw = [read_json(base.joinpath(f), src) for f, src in zip(FILES, srcs)]
    else:
        p = Path(path)
        if p.is_dir():
            srcs = tuple(str(p / f) for f in FILES)
            raw = [read_json(p / f) for f in FILES]
        else:
            srcs = (str(p),) * 3
            raw = [read_json(p)] * 3
    texts, exemplars, decorations = (entries(r, key, src) for r, key, src in zip(raw, KEYS, srcs))
    return build(texts, exemplars, decorations, srcs)  # type: ignore[arg-type]
