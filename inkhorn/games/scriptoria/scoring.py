"""Final score, in the rulebook's order: points already scored, achievements, Help tokens.

Points already scored are the start (Hell of the Library), the sketches and the quill. Each
Help token still unused, and each received from another copyist, adds 2 (ruling R7). The
track wraps at 66 only on the physical board; the score is the plain total (ruling R17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from inkhorn.games.scriptoria.state import ScriptoriaState

HELP_POINTS = 2
HELL_STEP = 2
HELL_DOOR = 66


def achievement_points(state: ScriptoriaState, seat: int) -> int:
    piles = state.content.achievements
    return sum(piles[code >> 4][code & 15][2] for code in state.achievements[seat])


def help_points(state: ScriptoriaState, seat: int) -> int:
    return HELP_POINTS * (state.help_left[seat] + state.help_received[seat])


def score(state: ScriptoriaState, seat: int) -> int:
    return state.points[seat] + achievement_points(state, seat) + help_points(state, seat)


def breakdown(state: ScriptoriaState, seat: int) -> dict[str, int]:
    return {
        "scored": state.points[seat],
        "achievements": achievement_points(state, seat),
        "help": help_points(state, seat),
        "total": score(state, seat),
    }


def start_points(hell_level: int) -> int:
    """Hell of the Library: every copyist starts 2 points further per game of experience."""
    return HELL_STEP * hell_level
