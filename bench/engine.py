"""Engine speed: random-play decisions/s, games/s and clones/s for every game, one core.

The yardstick, measured in the same run and in the same way, in turns with each game
(``side_by_side.py``), is OpenSpiel's pure-Python tic-tac-toe (``python_tic_tac_toe``;
install the ``bench`` extra). The target for each game
is a ratio of at least 1.0 on decisions/s and clones/s, although a decision of ours does far
more work than a tic-tac-toe move.

    python bench/engine.py [--seconds 3] [--games scriptoria,novelist] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

from side_by_side import Meter, Work, side_by_side


def _plays(new_state: Callable[[], Any], legal: Callable[[Any], list], apply: Callable[[Any, Any], None],
           terminal: Callable[[Any], bool], seed: int, samples: list[Any]) -> Work:
    """Random play, one game per unit (its decisions); keeps a sample of mid-game states."""
    rng = random.Random(seed)
    while True:
        started = time.perf_counter()
        state = new_state()
        moves = 0
        while not terminal(state):
            apply(state, rng.choice(legal(state)))
            moves += 1
            if moves % 7 == 3 and len(samples) < 400:
                samples.append(state.clone())
        yield moves, time.perf_counter() - started


def _clones(samples: list[Any]) -> Work:
    """One clone of every sampled state per unit."""
    while samples:
        started = time.perf_counter()
        for state in samples:
            state.clone()
        yield len(samples), time.perf_counter() - started


class Subject:
    """What is measured of one side: its play and, from the states it passed, its clones."""

    def __init__(self, new_state: Callable[[], Any], legal: Callable[[Any], list],
                 apply: Callable[[Any, Any], None], terminal: Callable[[Any], bool], seed: int) -> None:
        self.samples: list[Any] = []
        self.plays = _plays(new_state, legal, apply, terminal, seed, self.samples)
        self.clones = _clones(self.samples)


def yardstick() -> Subject | None:
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    return Subject(game.new_initial_state, lambda s: s.legal_actions(), lambda s, a: s.apply_action(a),
                   lambda s: s.is_terminal(), 1)


def subject(game_id: str, players: int | None) -> Subject:
    from inkhorn.games import get_game

    game = get_game(game_id)
    warm = game.new_game(players, 0)  # one-off loading (content, dictionaries) is not play
    pick = random.Random(0)
    for _ in range(500):
        if warm.is_terminal():
            break
        warm.apply_trusted(pick.choice(warm.legal_actions()))
    counter = iter(range(10**9))
    return Subject(lambda: game.new_game(players, next(counter)), lambda s: s.legal_actions(),
                   lambda s, a: s.apply_trusted(a), lambda s: s.is_terminal(), 2)


def measure(ours: Subject, base: Subject | None, seconds: float, totals: dict[str, Meter]) -> dict[str, float]:
    """Our decisions/s and clones/s, each in turns with the yardstick's (``totals`` adds up
    the yardstick's own figures over every game)."""
    figures: dict[str, float] = {}
    for kind in ("plays", "clones"):
        mine = Meter(getattr(ours, kind))
        theirs = Meter(getattr(base, kind)) if base else None
        ratio = side_by_side(theirs, mine, seconds)
        name = "decisions" if kind == "plays" else "clones"
        figures[f"{name}_per_s"] = mine.rate
        if kind == "plays":
            figures["games_per_s"] = mine.units / mine.seconds if mine.seconds else 0.0
        if ratio is not None and theirs is not None:
            figures[f"ratio_{name}"] = ratio
            totals.setdefault(kind, Meter()).add(theirs)
    return figures


def main() -> None:
    from inkhorn.games import game_ids

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    parser.add_argument("--games", default=",".join(game_ids()), help="comma-separated game ids")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args()

    base = yardstick()
    if base is None:
        print("(yardstick not measured: install the 'bench' extra for open_spiel)")
    totals: dict[str, Meter] = {}
    rows: dict[str, Any] = {}
    lines = []
    for game_id in [g for g in args.games.split(",") if g]:
        ours = subject(game_id, args.players)
        figures = {"players": args.players or ours_players(game_id), **measure(ours, base, args.seconds, totals)}
        rows[game_id] = figures
        lines.append(f"{game_id:<30}{figures['players']:>8}{figures['decisions_per_s']:>14,.0f}"
                     f"{figures['games_per_s']:>10,.1f}{figures['clones_per_s']:>12,.0f}"
                     f"{figures.get('ratio_decisions', float('nan')):>11.2f}"
                     f"{figures.get('ratio_clones', float('nan')):>13.2f}")
    print(f"{'game':<30}{'players':>8}{'decisions/s':>14}{'games/s':>10}{'clones/s':>12}{'ratio dec':>11}{'ratio clone':>13}")
    if totals:
        plays, clones = totals["plays"], totals["clones"]
        yard = {"decisions_per_s": plays.rate, "games_per_s": plays.units / plays.seconds, "clones_per_s": clones.rate}
        rows = {"yardstick:python_tic_tac_toe": yard, **rows}
        print(f"{'python_tic_tac_toe (yardstick)':<30}{2:>8}{yard['decisions_per_s']:>14,.0f}"
              f"{yard['games_per_s']:>10,.1f}{yard['clones_per_s']:>12,.0f}{1.0:>11.2f}{1.0:>13.2f}")
    print("\n".join(lines))
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)


def ours_players(game_id: str) -> int:
    from inkhorn.games import get_game

    return get_game(game_id).default_players


if __name__ == "__main__":
    main()
