"""What each seat may know of the actions taken: the per-seat view of a game's history.

A replay log is a list of action ids, and an id can name a secret ("discard:K5" chosen face
down). Every surface that shows a seat what happened (the terminal, the browser, an RL
observation) shows it only through this module and ``observation(seat)``.

The contract
============

``ActionRecord``
    One action as it was taken: its index in the history, the seat that chose it, the id,
    the full ``label`` (words for the chooser) and ``public``, the words every other seat
    may know, or ``None`` when the action is public in full.

``GameState.describe(action)``
    Builds the record from the pending step, *before* the action is applied, because a
    step's words describe the choice as it stood (the card in hand, not the card already
    played).

``Step.public_label(state, action)``
    The step's own say on what the table sees. The default is safe: a sealed or hidden
    step's answer is redacted ("seat 2 chose in secret"); any other step is public. Steps
    that know better say so ("seat 3 played an echo card face down").

``ActionLog``
    Applies actions and keeps their records (or, with ``keep``, the last few: a learner's
    env); ``seen_by(seat)`` is a seat's view of every action kept (``None``: a spectator, who
    sees only public words).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from inkhorn.core.state import GameState


class ActionRecord(NamedTuple):
    """Immutable, and made at every action a learner takes: a named tuple costs about a
    third of a frozen dataclass to make."""

    index: int  # type: ignore[assignment]  # the action's place in the history, not tuple.index
    seat: int
    action: str
    label: str
    public: str | None = None

    @property
    def hidden(self) -> bool:
        return self.public is not None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may know this action in full (id and label)."""
        return self.public is None or seat == self.seat

    def seen_by(self, seat: int | None) -> str:
        return self.label if self.visible_to(seat) else str(self.public)

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready: what ``seat`` is shown of this action (the id only when it may know it)."""
        full = self.visible_to(seat)
        return {
            "index": self.index,
            "seat": self.seat,
            "text": self.label if full else self.public,
            "action": self.action if full else None,
            "hidden": not full,
        }


# A learner's every action makes a record: built by the tuple's own constructor, a C call,
# not the named tuple's ``__new__``, a Python function (0.44 -> 0.21 µs a record, measured).
_made = tuple.__new__


@dataclass
class ActionLog:
    """The records of a game's actions, kept while they are applied.

    ``words=False`` keeps each action's id in place of its words for the chooser (a learner
    reads ids, and wording every action costs more than applying it); what the other seats
    may know (``public``) is the step's own say, as ever.

    ``keep``: at least the last ``keep`` records are kept and earlier ones let go (a learner's
    env reads the last few). Records kept to a game's end outlive the cycle collector's
    youngest generation, and it walks every one of them at its passes, which a learner's every
    step pays for. ``start`` is the index of the first record kept."""

    records: list[ActionRecord] = field(default_factory=list)
    words: bool = True
    keep: int | None = None
    start: int = 0

    def apply(self, state: GameState, action: str) -> ActionRecord:
        """Check, describe and apply ``action``; a refused action leaves both untouched."""
        state.check(action)
        return self.apply_trusted(state, action)

    def apply_trusted(self, state: GameState, action: str) -> ActionRecord:
        """As :meth:`apply`, for an id taken from ``state.legal_actions()`` (no second check)."""
        if self.words:
            record = state.describe(action, trusted=True)
        else:
            step = state.stack[-1]
            record = _made(ActionRecord, (len(state.history), step.seat, action, action, step.public_label(state, action)))
        state.apply_trusted(action)
        records = self.records
        records.append(record)
        if self.keep is not None and len(records) >= 2 * self.keep:  # let go in batches
            gone = len(records) - self.keep
            del records[:gone]
            self.start += gone
        return record

    def seen_by(self, seat: int | None, start: int = 0) -> list[str]:
        """What ``seat`` saw of each action from index ``start`` on (negative: the last few)."""
        return [r.seen_by(seat) for r in self.records[self._kept(start):]]

    def views(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        return [r.view(seat) for r in self.records[self._kept(start):]]

    def _kept(self, start: int) -> int:
        """Where the action of index ``start`` is among the records kept."""
        if start < 0 or not self.start:
            return start
        if start < self.start:
            raise IndexError(f"the records before action {self.start} were let go (keep={self.keep})")
        return start - self.start

    def __len__(self) -> int:
        """How many actions were applied (kept or not)."""
        return self.start + len(self.records)

    def __iter__(self) -> Iterator[ActionRecord]:
        """The records kept."""
        return iter(self.records)

    @classmethod
    def replay(cls, state: GameState, actions: Iterable[str]) -> ActionLog:
        """Apply ``actions`` to ``state`` (a new game), keeping every record."""
        log = cls()
        for action in actions:
            log.apply(state, action)
        return log
