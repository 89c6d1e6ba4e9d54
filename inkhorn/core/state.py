"""The game state contract shared by all five games.

A state is a dataclass holding the game's components plus the few fields every game needs
(seat count, seed, options, the random source, the decision stack, the action history).
Everything a caller does goes through the methods below:

========================  ==================================================================
``current_seat()``        who decides now (``None`` once the game is over)
``decision()``            the pending :class:`~inkhorn.core.step.Step` (prompt, sealed, open)
``legal_actions()``       the finite list of legal action ids now
``check(action)``         raise :class:`IllegalAction` (naming the legal ones) or return
``apply(action)``         check, then carry out; a rejected action leaves the state untouched
``apply_trusted(action)`` carry out an id taken from ``legal_actions()`` (search bots)
``observation(seat)``     JSON-ready dict of what ``seat`` may know; ``None`` = spectator
``describe(action)``      the :class:`~inkhorn.core.history.ActionRecord` of a legal action:
                          what its seat and what everyone else may know of it
``determinize(seat, s)``  a full state consistent with ``seat``'s knowledge, future re-seeded
``clone()``               an independent copy, hand-written per game for speed
``is_terminal()``         no decision is pending
``scores()``              final (or running) points per seat
``winners()``             seats with the best (score, tie-breakers...); ties share the win
``to_json()``             the whole state; ``Game.state_from_json`` reads it back
``replay_log()``          game id, players, seed, options and actions: re-creates the game
========================  ==================================================================

Every call that takes a seat accepts only an ``int`` seat in range, or ``None`` for a
spectator where that makes sense, and refuses anything else with :class:`SeatError`
(``-1`` is not "the last seat", ``True`` is not seat 1).

Games subclass :class:`GameState` and implement ``observe`` (the body of ``observation``),
``resample_hidden`` and ``clone``; the rules and the scoring stay in the game's own modules,
reached through the :class:`Game` hooks ``advance``, ``scores`` and ``tiebreak``, so a
state module never imports its rules back. All randomness goes through ``self.rng``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from inkhorn.core.errors import IllegalAction, SeatError, StateError, clip
from inkhorn.core.history import ActionRecord
from inkhorn.core.options import GameOptions
from inkhorn.core.rng import StateRng
from inkhorn.core.step import Step

if TYPE_CHECKING:
    from inkhorn.core.game import Game

S = TypeVar("S", bound="GameState")

STATE_FORMAT = "inkhorn-state/1"


@dataclass(kw_only=True, eq=False)
class GameState(ABC):
    num_players: int
    seed: int
    options: GameOptions
    rng: StateRng
    stack: list[Step] = field(default_factory=list)
    history: list[str] = field(default_factory=list)
    # A determinized world is a sample, not a game that happened: it has no replay.
    is_world: bool = False

    game: ClassVar[Game]

    # ---- decisions ------------------------------------------------------------------
    def current_seat(self) -> int | None:
        return self.stack[-1].seat if self.stack else None

    def decision(self) -> Step | None:
        return self.stack[-1] if self.stack else None

    def is_terminal(self) -> bool:
        return not self.stack

    def legal_actions(self) -> list[str]:
        if not self.stack:
            return []
        return self.stack[-1].legal_actions(self)

    def check(self, action: str) -> None:
        if not isinstance(action, str):
            raise IllegalAction(action, "an action is a text id", self.legal_actions())
        if not self.stack:
            raise IllegalAction(action, "the game is over")
        self.stack[-1].check(self, action)

    def apply(self, action: str) -> None:
        self.check(action)
        self.apply_trusted(action)

    def apply_trusted(self, action: str) -> None:
        step = self.stack.pop()
        step.resolve(self, action)
        self.history.append(action)
        if not self.stack:
            self.advance()

    def action_label(self, action: str) -> str:
        """Words for a legal action, as the deciding seat sees them."""
        self.check(action)
        return self.stack[-1].label(self, action)

    def describe(self, action: str, trusted: bool = False) -> ActionRecord:
        """The record of a legal ``action``, taken before it is applied (``trusted``: an id
        taken from ``legal_actions()``, not checked again)."""
        if not trusted:
            self.check(action)
        step = self.stack[-1]
        return ActionRecord(
            index=len(self.history),
            seat=step.seat,
            action=action,
            label=step.label(self, action),
            public=step.public_label(self, action),
        )

    def push(self, *steps: Step) -> None:
        """Queue decisions; the first one listed is decided first. (Most decisions push one;
        ``reversed()`` would make an iterator and, for its length hint, a bound method.)"""
        if len(steps) == 1:
            self.stack.append(steps[0])
        else:
            self.stack.extend(steps[::-1])

    def advance(self) -> None:
        """The stack ran empty: the game's rules play on to the next decision, or end it."""
        self.game.advance(self)

    # ---- information ------------------------------------------------------------------
    def seat_arg(self, seat: object, spectator: bool = True) -> int | None:
        """``seat`` if it names a seat of this game (or ``None`` where a spectator may ask)."""
        if seat is None and spectator:
            return None
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise SeatError(f"a seat is a whole number from 0 to {self.num_players - 1}, not {clip(seat)}")
        if not 0 <= seat < self.num_players:
            raise SeatError(
                f"no seat {clip(seat)} in a {self.num_players}-player game (seats 0 to {self.num_players - 1})"
            )
        return seat

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Exactly what ``seat`` may know now (``None``: only what is public)."""
        return self.observe(self.seat_arg(seat))

    @abstractmethod
    def observe(self, seat: int | None) -> dict[str, Any]:
        """The body of :meth:`observation`, for a seat already checked."""

    def determinize(self: S, seat: int | None, seed: int) -> S:
        """A full state ``seat`` cannot tell apart from this one.

        The world gets a fresh future (its random source is re-seeded from ``seed``, so no
        bag draw is foreknown) and ``resample_hidden`` re-deals what ``seat`` cannot see.
        """
        seat = self.seat_arg(seat)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SeatError(f"a world's seed is a whole number, not {clip(seed)}")
        world = self.clone()
        world.rng.reseed(seed)
        world.seed = seed
        world.history = []
        world.is_world = True
        world.resample_hidden(seat)
        return world

    @abstractmethod
    def resample_hidden(self, seat: int | None) -> None:
        """Re-deal, from ``self.rng``, every component ``seat`` cannot see.

        The result must depend only on what ``seat`` knows: gather the unseen components,
        put them in a canonical order (sorted), then deal them back to where unseen
        components are (same counts) from one ``self.rng.dealer()`` (``rng.permute``).
        """

    # ---- copies -------------------------------------------------------------------------
    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy; hand-written per game (no deepcopy)."""

    def _clone_base(self: S) -> S:
        """A new instance sharing every field, with the core's changing ones (rng, stack,
        history) copied: a clone is independent even if they change in place. The game then
        copies the lists of its own that change in place (``new.__dict__`` at once is fastest)."""
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        rng = self.rng
        d["rng"] = StateRng(rng.seed, rng.counter)
        d["stack"] = self.stack.copy()
        d["history"] = self.history.copy()
        new.__dict__ = d
        return new

    # ---- results --------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Points per seat: final once the game is over, running before."""
        return self.game.scores(self)

    def tiebreak(self, seat: int) -> tuple[float, ...]:
        """Keys compared after the score, best first (higher is better)."""
        return self.game.tiebreak(self, seat)

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        scores = self.scores()
        keys = [(scores[s], *self.tiebreak(s)) for s in range(self.num_players)]
        best = max(keys)
        return [s for s in range(self.num_players) if keys[s] == best]

    # ---- persistence ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"format": STATE_FORMAT, "game": self.game.id, "state": self.game.codec.encode(self)}

    def replay_log(self) -> dict[str, Any]:
        from inkhorn.core.replay import ReplayLog

        if self.is_world:
            raise ValueError("a determinized world has no replay log")
        return ReplayLog(
            game=self.game.id,
            players=self.num_players,
            seed=self.seed,
            options=self.options.model_dump(mode="json"),
            actions=list(self.history),
        ).to_json()

    def restore_transient(self) -> None:
        """Re-attach what the codec does not write (content); called after decoding."""
        return None  # a game with no transient parts has nothing to re-attach

    # ---- integrity of a loaded state (see ``Game.check_integrity``) ---------------------------
    def require(self, ok: bool, field: str, problem: str) -> None:
        """Refuse a loaded state: ``field`` (its name in the saved state) has ``problem``."""
        if not ok:
            raise StateError(f"{field}: {problem}")

    def require_per_seat(self, *fields: str, width: int = 1) -> None:
        """Each named field holds ``width`` entries per seat."""
        want = width * self.num_players
        for name in fields:
            have = len(getattr(self, name))
            self.require(have == want, name, f"{have} entries for {self.num_players} seats (want {want})")

    def require_seat(self, field: str, value: int, none: int | None = None) -> None:
        """``value`` is a seat of this game (or the ``none`` marker, e.g. -1 for nobody)."""
        ok = 0 <= value < self.num_players or (none is not None and value == none)
        self.require(ok, field, f"{clip(value)} is no seat of a {self.num_players}-player game")

    def require_each_once(self, what: str, places: list[int], count: int) -> None:
        """Every one of ``count`` components (numbered from 0) is in exactly one place."""
        if sorted(places) != list(range(count)):
            seen = set(places)
            bad = next((x for x in places if not 0 <= x < count), None)
            if bad is None:
                bad = next((x for x in range(count) if x not in seen), None)
            if bad is None:
                bad = next(x for x in places if places.count(x) > 1)
            self.require(False, what, f"component {clip(bad)} is lost, duplicated or unknown")
