"""Errors a user can meet. Each names the problem and, where useful, the legal alternatives."""

from __future__ import annotations

from collections.abc import Sequence


class InkhornError(Exception):
    """Base class: anything inkhorn reports to a user as a clear message."""


def _listing(items: Sequence[str], limit: int = 12) -> str:
    shown = ", ".join(items[:limit])
    if len(items) > limit:
        shown += f", … ({len(items) - limit} more)"
    return shown


def clip(value: object, limit: int = 80) -> str:
    """``repr`` of user input, cut so a huge input never floods a message."""
    if isinstance(value, int) and value.bit_length() > 256:
        return f"a {value.bit_length()}-bit number"
    try:
        text = repr(value)
    except Exception:  # a hostile object's repr must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


class UnknownGame(InkhornError):
    def __init__(self, game_id: str, known: Sequence[str]):
        self.game_id = game_id
        self.known = list(known)
        super().__init__(f"unknown game {clip(game_id)}; known games: {_listing(self.known)}")


class OptionError(InkhornError):
    """A bad option or player count; the state is never created."""


class ContentError(InkhornError):
    """A content file (cards, tiles, boards) that does not load or validate."""

    def __init__(self, source: str, problem: str):
        self.source = source
        self.problem = problem
        super().__init__(f"{source}: {problem}")


REASON_LIMIT = 240


class IllegalAction(InkhornError):
    """An action that is malformed or not legal now. The state is left untouched."""

    def __init__(self, action: object, reason: str, legal: Sequence[str] = (), seat: int | None = None):
        self.action = action
        # a game's reason may quote the input whole ("no sketch called 'B53…'"): cut here, once
        # for every game, so a huge input never makes a huge message
        self.reason = reason if len(reason) <= REASON_LIMIT else f"{reason[:REASON_LIMIT]}… ({len(reason)} characters)"
        self.legal = list(legal)
        self.seat = seat
        message = f"illegal action {clip(action)}: {self.reason}"
        if self.legal:
            message += f"; legal now: {_listing(self.legal)}"
        super().__init__(message)


class SeatError(InkhornError, ValueError):
    """A seat argument that is not a seat of this game (or not allowed to be a spectator)."""


class StateError(InkhornError):
    """A saved state that is malformed or breaks its game's invariants; it is never loaded."""


class ReplayError(InkhornError):
    """A replay log that is malformed or does not re-create a legal game."""


class AgentError(InkhornError):
    """An unknown agent name or a bad agent parameter."""
