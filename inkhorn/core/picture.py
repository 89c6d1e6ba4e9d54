"""The terminal's picture of the table for one seat, in parts a screen can lay out.

``Game.picture(state, seat)`` returns a :class:`Picture`: the ``shared`` table everyone
sees, each seat's part (its full ``detail`` and a one-line ``summary``), and the ``status``
lines (who acts, the game's end). It shows what ``Game.render`` shows, no more: the same
rule holds (nothing hidden from ``seat``). The terminal lays it out for the screen's real
size: the viewer's own part and the prompt always in view, the other seats as their
summary lines (``show N`` for one in full), the shared table above, cut with a note when it
does not fit (``board`` shows all). Piped output prints every part in full.

The parts are rich renderables; the core never draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class SeatPicture:
    """One seat's part of the table."""

    summary: str  # one line: "seat 1 · 11 points · 3 inks · stock 8 · scroll 2 of 16"
    detail: Any  # the whole part (a rich renderable)


@dataclass
class Picture:
    shared: list[Any] = field(default_factory=list)
    seats: list[SeatPicture] = field(default_factory=list)
    status: list[Any] = field(default_factory=list)

    def whole(self) -> list[Any]:
        """Every part in order: what a pipe or ``board`` shows."""
        return [*self.shared, *(s.detail for s in self.seats), *self.status]
