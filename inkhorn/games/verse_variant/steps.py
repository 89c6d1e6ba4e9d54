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

from inkhorn.core.errors import clip
from inkhorn.core.step import Step
from inkhorn.games.verse_variant.content import COLOURS, TOOL_BY_CODE
from inkhorn.games.verse_variant.state import LACUNA_TOKENS, TRACK_SPACES


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


# What ``data`` holds, by (kind, stage), for the decisions that carry any: one container per
# entry that the entry must be in. A kind not listed asks at stage 0 with no data. (Checked
# when a saved state is loaded; see ``Ask.check_loaded``.)
COLOUR = range(len(COLOURS))
TOKEN_KIND = range(len(COLOURS) + 1)  # a Feature colour or Lacuna
SLOT = range(3 * len(COLOURS))  # the Institutions' fifteen slots
TOOL = frozenset(TOOL_BY_CODE)
DATA: dict[tuple[str, int], tuple[range | frozenset[str], ...]] = {
    ("turn", 0): (range(3),),  # Primary cards already played this turn (Rapid Response)
    ("trig", 0): (TOOL,),
    ("grant", 0): (frozenset({"normal", "gloss"}),),
    ("crew", 0): (range(1, 4),),  # Features still to discard
    ("exchange", 1): (),
    ("T-1a", 1): (TOKEN_KIND,),
    ("T-1d", 0): (range(1, 3),),
    ("T-2b", 1): (COLOUR,),
    ("T-3a", 0): (range(1, 3),),
    ("T-3b", 0): (COLOUR,),
    ("T-3e", 1): (SLOT,),
    ("T-5a", 1): (COLOUR, range(TRACK_SPACES)),
    ("T-5d", 1): (),
    ("T-6c", 0): (range(1, 4),),
    ("T-6c", 1): (range(1, 4),),
    ("T-7c", 1): (COLOUR,),
    ("shelve", 0): (range(1, 4), TOOL),
    ("T-11b", 0): (range(1, LACUNA_TOKENS + 1),),
    ("T-11c", 0): (range(1, 3), range(0, 2)),  # Lacunae still to count, and counted so far
    ("lose", 0): (range(1, 3), TOOL),
}
# decisions with no data listed above that are also asked with none
BARE = frozenset({("T-11c", 0)})


@dataclass(frozen=True, init=False)
class Ask(Step):
    kind: str = ""
    stage: int = 0
    data: tuple = ()

    def __init__(self, seat: int, kind: str = "", stage: int = 0, data: tuple = ()) -> None:
        fields = self.__dict__  # see inkhorn.core.step: made at most decisions
        fields["seat"] = seat
        fields["kind"] = kind
        fields["stage"] = stage
        fields["data"] = data

    def legal_actions(self, state) -> list[str]:
        return HANDLERS[self.kind].legal(state, self)

    def resolve(self, state, action: str) -> None:
        HANDLERS[self.kind].resolve(state, self, action)

    def check_loaded(self, state) -> None:
        state.require(self.kind in HANDLERS, "kind", f"{clip(self.kind)} is no decision")
        spec = DATA.get((self.kind, self.stage))
        if spec is None:
            state.require(self.stage == 0, "stage", f"{self.kind} has no stage {clip(self.stage)}")
            spec = ()
        data = self.data
        if not data and (self.kind, self.stage) in BARE:
            return
        fits = len(data) == len(spec) and all(
            type(x) is (int if isinstance(within, range) else str) and x in within
            for x, within in zip(data, spec, strict=False)
        )
        state.require(fits, "data", f"{clip(data)} is not what a {self.kind} decision holds")
        if (self.kind, self.stage) == ("T-5a", 1):  # a stack chosen on a track
            state.require(data[1] < len(state.tracks[data[0]]), "data", "no such stack on the track")

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


@dataclass(frozen=True, init=False)
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
