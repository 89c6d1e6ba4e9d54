"""A seat's view as numbers, for learners: the contract a game's ``features.py`` fulfils.

``Game.features(players, options)`` gives a :class:`SeatFeatures`: a fixed layout of
``size`` numbers, ``names`` saying what each one is, and ``write(state, seat, out)``, which
brings ``out`` up to date with what ``seat`` may know now.

Why not hash ``observation(seat)``? The observation is a JSON dict of names, made for people
and the browser; building it and walking it cost a learner several times the game's own
step. A game's features read the state directly, and so they must read exactly what
``observation(seat)`` shows and nothing else. Every game is held to that by the tests: a
world re-dealt from everything the seat cannot see (``state.determinize(seat, seed)``)
writes the very same numbers, and so does a fresh ``SeatFeatures``.

``out`` (a numpy float array, or a view of one) belongs to one seat:
between two calls for that seat the caller leaves it as written, so a game rewrites only
the parts that changed since. ``forget()`` starts every seat afresh (a new game).
Seats are written in turn order from the viewer's (the viewer's own numbers first), so a
policy reads "me, next, next after" whatever seat it plays.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Generic, TypeVar

from inkhorn.core.state import GameState

if TYPE_CHECKING:  # numpy comes with the rl extra; the core does not need it to run
    import numpy as np

S = TypeVar("S", bound=GameState)


class SeatFeatures(ABC, Generic[S]):
    """One game and player count's numeric view of a seat (see the module's docstring)."""

    size: int
    names: tuple[str, ...]

    @abstractmethod
    def write(self, state: S, seat: int, out: np.ndarray) -> None:
        """Bring ``out`` (this seat's numbers as last written, or all zero) up to date."""

    @abstractmethod
    def forget(self) -> None:
        """Forget what was written for every seat: the next ``write`` writes everything."""
