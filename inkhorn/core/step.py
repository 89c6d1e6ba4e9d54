"""Pending decisions: the stack of small choices every game is made of.

The contract (declared here, in full)
=====================================

A game never offers a flattened product of options ("pay red with gold and place the tile
on corner 3"). It offers one small decision at a time. Every decision the game is waiting
for is a :class:`Step` on the state's ``stack``; the top step is the decision *now*.

``seat``
    The seat that must decide. Exactly one seat decides at a time. Choices that the rulebook
    makes simultaneously (a face-down card chosen by everyone) are asked of each seat in
    turn with ``sealed = True``: the game stores each sealed answer as hidden information,
    so nothing about it reaches another seat's observation, and the order of asking leaks
    nothing because no seat sees the others' answers before revealing.

``legal_actions(state)``
    The finite list of action ids legal now, each a short stable string that reads well
    (``"take:red+gold"``, ``"place:corner:2"``). Ids are the JSON form of actions: a replay
    log is a list of them. The list is never empty.

``open``
    ``True`` when the decision accepts structured actions beyond the listed ones (a word
    spelled from a hand). Then ``legal_actions`` is the candidate list bots use, and
    :meth:`check` validates any other id, raising :class:`IllegalAction` with the reason.

``detail``
    ``True`` when the decision only settles how a choice the seat has just made is carried
    out (which page, how many cubes, where a text starts), not what to do. A searching bot
    may settle such a step by the game's heuristic below its root instead of searching it,
    so the value of the choice above is judged by its best way of being carried out, not by
    an average over poor ones. It changes nothing of the rules.

``check(state, action)``
    Raise :class:`IllegalAction` unless ``action`` is legal. It must not change the state.

``resolve(state, action)``
    Carry out the decision. The step has already been popped from the stack: to ask a
    follow-up question, push a new step (often a copy of this one with ``replace``); to
    ask several, push them with :meth:`GameState.push` (first listed decides first). When
    the stack is empty after resolving, the state calls its game's ``advance`` hook,
    which pushes the next decisions or leaves the stack empty when the game is over.

Steps are frozen dataclasses: a state's clone copies the stack list and shares the steps,
and the codec writes them to JSON like any other state part. A step made at most decisions
may write its own ``__init__`` (``@dataclass(frozen=True, init=False)``) that stores its
fields in ``self.__dict__``, as a frozen dataclass's own does through ``object.__setattr__``
one call at a time: that ``__init__`` is Python made at import, never compiled (an
``Arrange`` of Novelist: 0.62 -> 0.22 µs).

``prompt(state)``
    A short sentence for people ("Choose up to 2 different inks from the Cup").

``label(state, action)``
    Words for one of the step's actions, as the deciding seat sees them.

``hidden`` and ``public_label(state, action)``
    What the *other* seats may know of the answer (see ``inkhorn.core.history``). A step
    whose answer the rulebook keeps from the table (a card set aside face down) sets
    ``hidden = True``; sealed steps are hidden too. ``public_label`` returns ``None`` for a
    public answer, else the words the table may know. The default for a hidden step names
    only the seat, so a step that says nothing leaks nothing.

``check_loaded(state)``
    A saved state is read from a file a person may have edited. After the state's own
    invariants hold, each pending step checks its fields against it (a card that is in the
    hand, a slot on the board) and raises :class:`~inkhorn.core.errors.StateError` naming
    the field; the game then also asks the step on top for its choices once. So a corrupt
    save is refused on loading, not later in the middle of ``resolve``.

This is the equivalent of TAG's ``IExtendedSequence`` (``_computeAvailableActions`` ->
``legal_actions``, ``getCurrentPlayer`` -> ``seat``, ``_afterAction`` and
``executionComplete`` -> ``resolve`` pushing or not pushing a successor).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from inkhorn.core.errors import IllegalAction

if TYPE_CHECKING:
    from inkhorn.core.state import GameState

# The state type a step works on: a game's steps are ``Step[ScriptoriaState]`` and so on,
# so each step's methods take the game's own state, type-checked.
S = TypeVar("S", bound="GameState")


@dataclass(frozen=True)
class Step(ABC, Generic[S]):
    seat: int

    sealed: ClassVar[bool] = False
    open: ClassVar[bool] = False
    hidden: ClassVar[bool] = False
    detail: ClassVar[bool] = False

    @abstractmethod
    def legal_actions(self, state: S) -> list[str]: ...

    def check(self, state: S, action: str) -> None:
        legal = self.legal_actions(state)
        if action not in legal:
            raise IllegalAction(action, f"not a legal choice for: {self.prompt(state)}", legal, self.seat)

    @abstractmethod
    def resolve(self, state: S, action: str) -> None: ...

    def prompt(self, state: S) -> str:
        return type(self).__name__

    def check_loaded(self, state: S) -> None:
        """Refuse a loaded step whose fields do not fit ``state`` (``state.require``)."""
        return None  # a step without fields of its own has nothing more to check

    def label(self, state: S, action: str) -> str:
        """Words for one of this step's actions; the id itself unless a step says better."""
        return action

    def public_label(self, state: S, action: str) -> str | None:
        """What the other seats may know of ``action``; ``None`` when it is public in full."""
        if self.sealed or self.hidden:
            return f"seat {self.seat} chose in secret"
        return None
