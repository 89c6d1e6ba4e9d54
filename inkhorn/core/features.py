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

``out`` is a :class:`Numbers`: a seat's float32s, made once over a buffer of them (a numpy
array, a memoryview), and it belongs to one seat: between two calls for that seat the
caller leaves it as written, so a game rewrites only the parts that changed since. A step
changes a few dozen numbers, and numpy's overhead per call is several times the cost of a
number, so single numbers are set by index (``out[i] = x``, or ``out.floats[i] = x``) and
blocks with the helpers below (``clear``, ``ones``, ``zeros``, ``put``, ``mark``,
``remark``); work on a whole block at once may view the buffer as an array
(``numpy.frombuffer(out.view, numpy.float32)``). A game's features read at every step of a
learner, so each game writes them in module functions that a ``features.pxd`` beside them
types for the compiled build: there ``out.floats`` is a typed view (a store is one C
instruction), the seat's memory a dict looked up in C, and these helpers C functions.
``forget()`` starts every seat afresh (a new game).
Seats are written in turn order from the viewer's (the viewer's own numbers first), so a
policy reads "me, next, next after" whatever seat it plays; a block about seats labels them
``seat+r``, the r-th after the viewer. In a game without secrets between seats
(``alike``), a seat's numbers are the first seat's with the seats renamed, so one seat's
numbers serve every seat (``seat_view``).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from inkhorn.core.state import GameState

S = TypeVar("S", bound=GameState)


_SEAT = re.compile(r"\bseat\+(\d+)\b")  # a seat named from the viewer's: the r-th after it


class Numbers:
    """A seat's numbers: float32s over a buffer of them, set one by one (``out[i] = x``,
    ``out[i] += x``), a slice at a time from a buffer of float32s, or by the helpers below.

    ``features.pxd`` makes it a C type whose ``floats`` are a typed memoryview, made once
    here: setting a number is then a C store, and the helpers are C loops. (A compiled
    function handed the memoryview itself would check its format and make a typed one at
    every call.) ``floats`` can be read from Python too, for a module run from its source
    beside the compiled core."""

    def __init__(self, buffer: Any) -> None:
        view = memoryview(buffer)
        if view.format != "f" or view.ndim != 1:
            raise TypeError(f"a seat's numbers are float32s in one row, not {view.format!r} in {view.ndim}")
        self.view = view
        self.floats: memoryview[float] = cast("memoryview[float]", view)

    def __len__(self) -> int:
        return len(self.view)

    def __getitem__(self, i: int) -> float:
        return float(self.view[i])

    def __setitem__(self, i: int | slice, value: Any) -> None:
        if type(i) is slice:  # from a buffer of float32s as long as the slice
            self.view[i] = value
        else:
            store(self, i, value)


def store(out: Numbers, i: int, value: float) -> None:
    """Number ``i`` set to ``value``."""
    out.floats[i] = value


def number(value: float) -> float:
    """A count or a number read from a state, to be stored as a float. In the compiled build a
    whole number is read as a C integer: storing it as it is converts it through a float
    object made and freed at once (17 ns against 3 a number, measured)."""
    if type(value) is int:
        whole = value
        return whole
    return value


def put(out: Numbers, start: int, values: Iterable[float]) -> None:
    """``values`` written one after another from ``start``."""
    floats = out.floats
    for value in values:
        floats[start] = number(value)
        start += 1


def clear(out: Numbers, start: int, end: int) -> None:
    """Numbers ``start`` to ``end`` (excluded) set to zero; an ``IndexError``, with none set,
    when the range is not among them."""
    floats = out.floats
    if not 0 <= start <= end <= len(floats):
        raise IndexError(f"numbers {start} to {end} are not among the {len(floats)} there are")
    for i in range(start, end):
        floats[i] = 0.0


def ones(out: Numbers, start: int, where: Iterable[int]) -> None:
    """The numbers at ``start + i`` for each ``i`` in ``where`` set to one."""
    floats = out.floats
    for i in where:
        floats[start + i] = 1.0


def zeros(out: Numbers, start: int, where: Iterable[int]) -> None:
    """The numbers at ``start + i`` for each ``i`` in ``where`` set to zero."""
    floats = out.floats
    for i in where:
        floats[start + i] = 0.0


def remark(out: Numbers, start: int, old: Iterable[int], new: Iterable[int]) -> None:
    """A block of flags marked ``old`` (and nothing else) marked ``new`` instead: only the
    flags of the two are written, not the whole block."""
    zeros(out, start, old)
    ones(out, start, new)


class Layout:
    """Named blocks of positions laid end to end: ``block(name, labels)`` gives the first
    position of a block of ``len(labels)`` numbers named ``name.label``."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def block(self, name: str, labels: Iterable[str]) -> int:
        start = len(self.names)
        self.names.extend(f"{name}.{label}" for label in labels)
        return start


class SeatFeatures(ABC, Generic[S]):
    """One game and player count's numeric view of a seat (see the module's docstring)."""

    size: int
    names: tuple[str, ...]
    # Every seat may know the same: a seat's numbers differ from another's only by the
    # seats' order (checked by the tests on every game that says so).
    alike: ClassVar[bool] = False

    def __init__(self, layout: Layout) -> None:
        self.names = tuple(layout.names)
        self.size = len(self.names)
        self._seen: dict[int, dict[str, Any]] = {}

    def seat_view(self, seat: int) -> list[int]:
        """Where each of ``seat``'s numbers is among seat 0's (for ``alike`` features):
        ``numbers(seat)[i] == numbers(0)[view[i]]``. A name's ``seat+r`` is seat 0's
        ``seat+(seat+r)``."""
        index = {name: i for i, name in enumerate(self.names)}
        players = 1 + max((int(r) for name in self.names for r in _SEAT.findall(name)), default=0)
        return [index[_SEAT.sub(lambda m: f"seat+{(seat + int(m[1])) % players}", name)] for name in self.names]

    @abstractmethod
    def write(self, state: S, seat: int, out: Numbers) -> None:
        """Bring ``out`` (this seat's numbers as last written, or all zero) up to date."""

    def forget(self) -> None:
        """Forget what was written for every seat: the next ``write`` writes everything."""
        self._seen.clear()

    def memory(self, seat: int, out: Numbers) -> dict[str, Any]:
        """What ``write`` keeps of the parts it last wrote for ``seat``, to compare with the
        state now; empty the first time, when ``out`` is set to zero."""
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = {}
            clear(out, 0, self.size)
        return seen


def mark(out: Numbers, start: int, width: int, flags: Iterable[int]) -> None:
    """A block of ``width`` flags from ``start``: those at ``start + i`` for each ``i`` in
    ``flags`` set, the others clear."""
    clear(out, start, start + width)
    ones(out, start, flags)


def mark_changed(seen: dict[Any, Any], key: Any, out: Numbers, start: int, width: int, flags: Sequence[int]) -> None:
    """:func:`mark` a block of flags, only when ``flags`` differs from what was marked under
    ``key`` of the seat's ``memory`` last time (a copy is kept: the state may change its lists
    in place); only the flags that changed are written."""
    old = seen.get(key)
    if old != flags:
        k = len(old) if old is not None else -1
        if 0 <= k < len(flags) and flags[:k] == old:  # a pile added to: only the flags added
            ones(out, start, flags[k:])
        elif old is not None:  # the block holds old's flags and nothing else
            remark(out, start, old, flags)
        else:
            mark(out, start, width, flags)
        seen[key] = flags[:]
