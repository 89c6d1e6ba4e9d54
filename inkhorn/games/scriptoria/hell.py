"""The Hell of the Library: a table's experience, kept between games in a small JSON file.

Every finished game moves the copyists' starting square 2 points further (the game's
``hell_level`` option). A group whose members differ in experience uses the file of its most
experienced copyist, as the rulebook moves every piece to the highest level.
"""

from __future__ import annotations

import json
from pathlib import Path

from inkhorn.core.errors import InkhornError


def experience(path: Path) -> int:
    """Games finished so far with this profile (0 for a profile not yet written)."""
    if not path.exists():
        return 0
    try:
        data = json.loads(path.read_text())
        games = data["games"]
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as exc:
        raise InkhornError(f"{path}: not a Hell of the Library profile ({exc})") from None
    if not isinstance(games, int) or games < 0:
        raise InkhornError(f"{path}: 'games' must be a whole number of games, not {games!r}")
    return games


def record_finished_game(path: Path, best_score: float) -> int:
    """Count one more game; remember whether the door at 66 was ever reached."""
    games = experience(path) + 1
    data = json.loads(path.read_text()) if path.exists() else {}
    data["games"] = games
    data["door_opened"] = bool(data.get("door_opened")) or best_score >= 66
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1))
    return games
