"""A picture of the table for one seat, as data: what the browser draws.

The contract (declared here, in full)
=====================================

``Game.scene(observation, seat, options)`` turns what a seat is shown (its ``observation``,
and the public content the table was set up with) into a :class:`Scene`. It is built from
the observation only, never from the state, so a scene can hold nothing the seat may not
see: the page is as safe as the observation it was drawn from.

A scene is a list of :class:`Zone` s, shared ones first, then each seat's area (the viewing
seat's own first). A zone lays out :class:`Piece` s: in a ``row`` (a hand, the shop), on a
``grid`` (a scroll, an Institution board: each piece has its ``at`` square; a grid that
``fill`` s is drawn with a blank square wherever no piece lies, so a page of squares lists
only its marked ones), as a ``track``
(stacks that grow) or as a ``word`` (cards laid out in order).

A piece that stands for something the seat may choose lists the action ids it stands for in
``choices``: the page makes it clickable when one of them is legal now (a piece that stands
for several legal actions asks which). ``covers`` says, for a choice, which squares of its
grid it would take, so pointing at it highlights them. Actions no piece stands for are
offered as buttons beside the prompt.

A word is spelled on the table by clicking cards: a zone that ``compose`` s names the action
a word is sent as (``spell:`` then the letters), and each piece with a ``letter`` adds it to
the word when clicked (the page keeps the word until it is sent; the game judges it then).

Colours are palette names (:data:`COLOURS`); the page draws each with its mark (a letter and
a shape), so no choice depends on telling colours apart. Every piece has a ``tip``: its
full description, shown on hover and read by screen readers. ``legend`` explains a scene's
symbols.

Everything is plain JSON (:meth:`Scene.to_json`), with empty fields left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# palette name -> (letter, shape): drawn beside the colour, for readers who cannot tell
# colours apart
COLOURS: dict[str, tuple[str, str]] = {
    "red": ("R", "▲"),
    "blue": ("B", "●"),
    "green": ("G", "■"),
    "black": ("K", "◆"),
    "gold": ("Au", "★"),
    "yellow": ("Y", "✦"),
    "purple": ("P", "⬟"),
    "white": ("W", "○"),
    "brown": ("Br", "▼"),
    "grey": ("", ""),
}


@dataclass(slots=True)
class Piece:
    """One thing on the table: a card, a tile, a token, a square of a grid, a counter."""

    text: str
    kind: str = "card"  # card, tile, token, cube, square, counter, slot
    sub: str = ""  # a second line: cost, points, rank
    tip: str = ""  # the full description (hover text and accessible name)
    colour: str | None = None
    choices: tuple[str, ...] = ()
    covers: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    at: tuple[int, int] | None = None  # (row, column) on a grid zone, from 0
    span: tuple[int, int] = (1, 1)  # (rows, columns) taken on a grid zone
    count: int | None = None  # how many (a stack, a pile, a counter)
    face_down: bool = False
    marks: tuple[str, ...] = ()  # small badges: "new", "declining", "locked", a seat's initial
    empty: bool = False  # a space with nothing on it
    letter: str = ""  # what clicking it adds to a word being spelled (see Zone.compose)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "kind": self.kind}
        if self.sub:
            out["sub"] = self.sub
        if self.tip:
            out["tip"] = self.tip
        if self.colour:
            out["colour"] = self.colour
        if self.choices:
            out["choices"] = list(self.choices)
        if self.covers:
            out["covers"] = {a: [list(c) for c in cells] for a, cells in self.covers.items()}
        if self.at is not None:
            out["at"] = list(self.at)
        if self.span != (1, 1):
            out["span"] = list(self.span)
        if self.count is not None:
            out["count"] = self.count
        if self.face_down:
            out["face_down"] = True
        if self.marks:
            out["marks"] = list(self.marks)
        if self.empty:
            out["empty"] = True
        if self.letter:
            out["letter"] = self.letter
        return out


@dataclass(slots=True)
class Zone:
    """A part of the table: one area of pieces with a title."""

    title: str
    pieces: list[Piece] = field(default_factory=list)
    layout: str = "row"  # row, grid, track, word
    seat: int | None = None  # whose it is; None: shared
    note: str = ""  # a line under the title ("deck 12 · discard 3")
    tip: str = ""
    size: tuple[int, int] | None = None  # (rows, columns) of a grid
    key: str = ""  # a stable name for tests and styles ("hand", "grid-0")
    fill: bool = False  # a grid: draw a blank square wherever no piece lies (pages of squares)
    compose: str = ""  # a word spelled here by clicking lettered pieces is sent as this + the word

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"title": self.title, "layout": self.layout,
                               "pieces": [p.to_json() for p in self.pieces]}
        for name in ("note", "tip", "key", "compose"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.seat is not None:
            out["seat"] = self.seat
        if self.size is not None:
            out["size"] = list(self.size)
        if self.fill:
            out["fill"] = True
        return out


@dataclass(slots=True)
class Scene:
    """What one seat sees of the table, ready to draw."""

    status: str = ""  # where the game stands in the rulebook's words ("Day 2 · Second Hour")
    zones: list[Zone] = field(default_factory=list)
    legend: list[tuple[str, str]] = field(default_factory=list)  # (symbol, meaning)

    def to_json(self) -> dict[str, Any]:
        used = sorted({p.colour for z in self.zones for p in z.pieces if p.colour in COLOURS})
        return {
            "status": self.status,
            "zones": [z.to_json() for z in self.zones],
            "legend": [list(e) for e in self.legend],
            "colours": {c: list(COLOURS[c]) for c in used},
        }


def seat_order(players: int, seat: int | None) -> list[int]:
    """The seats in the order their areas are drawn: the viewer's own first, then the
    others clockwise from it (everyone from seat 0 for a spectator)."""
    first = 0 if seat is None else seat
    return [(first + k) % players for k in range(players)]


def plain_scene(observation: dict[str, Any]) -> Scene:
    """A scene of an observation's facts, one piece per top-level entry: what a game that
    draws no table of its own is shown as."""
    pieces = [Piece(text=str(key), sub=_short(value), kind="counter", tip=f"{key}: {_short(value, 400)}")
              for key, value in observation.items()]
    return Scene(zones=[Zone(title="What you see", pieces=pieces, key="facts")])


def _short(value: Any, limit: int = 60) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
