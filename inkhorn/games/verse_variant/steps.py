"""The two step classes of Verse & Variant.

Every decision is an :class:`Ask` (or a :class:`SealedAsk` for the face-down echo and other
hidden simultaneous picks): ``kind`` names a handler (a flow step like ``"turn"`` or
``"window"``, or a Tool code like ``"T-5a"``), ``stage`` and ``data`` carry the progress of
a multi-part choice. Handlers register themselves in :data:`HANDLERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from inkhorn.core.step import Step


@dataclass(frozen=True)
class Handler:
    legal: Callable[[Any, Any], list[str]]
    resolve: Callable[[Any, Any, str], None]
    prompt: Callable[[Any, Any], str]


HANDLERS: dict[str, Handler] = {}

# Open choices whose answer the rulebook keeps from the table, by (kind, stage): what the
# other scholars see instead. T-5d: the set-aside Tools are searched and the one taken goes
# to the hand, unseen.
SECRET_CHOICES: dict[tuple[str, int], str] = {
    ("T-5d", 0): "took a set-aside Tool into hand",
}


def handler(kind: str, prompt: str | Callable[[Any, Any], str]):
    """Register ``legal`` then ``resolve`` for a kind: ``@handler("x", "...")`` on a class."""

    def wrap(cls):
        p = prompt if callable(prompt) else (lambda s, st, _p=prompt: _p)
        HANDLERS[kind] = Handler(cls.legal, cls.resolve, p)
        return cls

    return wrap


@dataclass(frozen=True)
class Ask(Step):
    kind: str = ""
    stage: int = 0
    data: tuple = ()

    def legal_actions(self, state) -> list[str]:
        return HANDLERS[self.kind].legal(state, self)

    def resolve(self, state, action: str) -> None:
        HANDLERS[self.kind].resolve(state, self, action)

    def prompt(self, state) -> str:
        return HANDLERS[self.kind].prompt(state, self)

    def label(self, state, action: str) -> str:
        from inkhorn.games.verse_variant.view import action_label

        return action_label(state, self, action)

    def public_label(self, state, action: str) -> str | None:
        secret = SECRET_CHOICES.get((self.kind, self.stage))
        if secret is not None:
            return f"seat {self.seat} {secret}"
        return super().public_label(state, action)


@dataclass(frozen=True)
class SealedAsk(Ask):
    """A hidden simultaneous pick, asked of one seat at a time."""

    sealed = True

    def public_label(self, state, action: str) -> str | None:
        """What the table sees of the pick: that it was made, never which card or colour."""
        if self.kind == "echo":  # "Play one card face-down directly onto the Reading Desk"
            return f"seat {self.seat} played an echo card face down"
        if self.kind == "T-1c":  # Synoptic Chart: the colours are shown together once all chose
            return f"seat {self.seat} picked a Witness colour in secret"
        return super().public_label(state, action)
