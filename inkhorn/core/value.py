"""What a search values a leaf by, when it stops short of the game's end.

A greedy bot compares positions one move apart, and a game's ``heuristic`` is made for that.
A search compares lines cut many moves apart, at different points of the game, so what it
needs is an estimate of each seat's final margin (its score minus the best other's) that
keeps one scale from the first Day to the last. ``Game.leaf_value(players, options)`` gives
the search that estimate as a :data:`LeafValue`: by default the game's ``heuristics``; for
a game that ships a fit (``Game.leaf_value_fits``), a :class:`LearnedValue`.

A fit is a linear correction of the heuristic (as the position stands, ``Game.standings``)
by the seat's numbers (``Game.features``, so only what the seat may know), learned from
thousands of greedy games by ``bench/value_fit.py``::

    margin ~ a * standing + b + features . w

It is kept as JSON beside the game (``game``, ``players``, ``a``, ``b``, ``w`` by feature
name, and how it was made). The numbers are those of the game's default content: with other
options the search keeps the heuristic.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING, Any

import numpy as np
from pydantic import BaseModel, ConfigDict

from inkhorn.core.content import read_json, validate
from inkhorn.core.errors import ContentError
from inkhorn.core.features import Numbers, SeatFeatures
from inkhorn.core.state import GameState

if TYPE_CHECKING:
    from inkhorn.core.game import Game

# Every seat's value of a state, in seat order, on the scale of a score margin.
LeafValue = Callable[[GameState], list[float]]


def margins(values: list[float]) -> list[float]:
    """Each seat's value minus the best other seat's: the usual heuristic of a seat."""
    if len(values) < 2:
        return list(values)
    ranked = sorted(range(len(values)), key=values.__getitem__, reverse=True)
    first, second = values[ranked[0]], values[ranked[1]]
    return [v - (second if s == ranked[0] else first) for s, v in enumerate(values)]


class ValueFit(BaseModel):
    """A fitted leaf value as ``bench/value_fit.py --out`` writes it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    players: int
    a: float
    b: float
    w: dict[str, float]
    made_by: str  # the command that made it


def load_fit(game: Game, players: int) -> ValueFit | None:
    """The fit ``game`` ships for ``players`` seats, or ``None``."""
    name = game.leaf_value_fits.get(players)
    if name is None:
        return None
    package = type(game).__module__.rpartition(".")[0]
    source = f"{game.id} {name}"
    fit = validate(ValueFit, read_json(resources.files(package).joinpath(name), source), source)
    if fit.game != game.id or fit.players != players:
        raise ContentError(source, f"a fit for {fit.game} with {fit.players} seats, not {game.id} with {players}")
    return fit


class LearnedValue:
    """``a * standing + b + features . w`` for every seat; a finished game's exact margins.

    One per bot and game: it keeps the numbers as last written, so a leaf rewrites only what
    differs from the leaf before it, as a learner's step does. Where every seat may know
    the same (``SeatFeatures.alike``), the first seat's numbers are written once and each
    seat's weights are laid over them in its order, one product for all the seats.
    """

    def __init__(self, game: Game, features: SeatFeatures[Any], fit: ValueFit, players: int) -> None:
        index = {name: i for i, name in enumerate(features.names)}
        unknown = sorted(set(fit.w) - set(index))
        if unknown:
            raise ContentError(f"{game.id} leaf value", f"no feature named {unknown[0]!r} in its layout")
        self.standings = game.standings
        self.features = features
        self.a, self.b = fit.a, fit.b
        w = np.zeros(features.size, np.float32)
        for name, weight in fit.w.items():
            w[index[name]] = weight
        self.w = w
        self.alike = features.alike
        if self.alike:  # seat p's value: w . numbers(p) == sum_i w[i] * numbers(0)[view_p[i]]
            self.by_seat = np.zeros((players, features.size), np.float32)
            for seat in range(players):
                np.add.at(self.by_seat[seat], features.seat_view(seat), w)
        self.numbers = [np.zeros(features.size, np.float32) for _ in range(1 if self.alike else players)]
        self.views = [Numbers(n) for n in self.numbers]

    def __call__(self, state: GameState) -> list[float]:
        if state.is_terminal():
            return margins(state.scores())
        values = self.standings(state)
        a, b, write = self.a, self.b, self.features.write
        if self.alike:
            write(state, 0, self.views[0])
            corrections = (self.by_seat @ self.numbers[0]).tolist()
        else:
            corrections = []
            for seat, numbers in enumerate(self.numbers):
                write(state, seat, self.views[seat])
                corrections.append(float(numbers @ self.w))
        return [a * value + b + c for value, c in zip(values, corrections, strict=True)]
