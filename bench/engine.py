"""Engine speed: random-play decisions/s, games/s and clones/s for every game, one core.

The yardstick, measured in the same run and in the same way, is OpenSpiel's pure-Python
tic-tac-toe (``python_tic_tac_toe``; install the ``bench`` extra). The target for each game
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


def _measure_play(new_state: Callable[[], Any], legal: Callable[[Any], list], apply: Callable[[Any, Any], None],
                  terminal: Callable[[Any], bool], seconds: float, seed: int) -> tuple[float, float, list[Any]]:
    """Random play for ``seconds``: (decisions/s, games/s, sample of mid-game states)."""
    rng = random.Random(seed)
    decisions = games = 0
    samples: list[Any] = []
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state = new_state()
        moves = 0
        while not terminal(state):
            apply(state, rng.choice(legal(state)))
            moves += 1
            if moves % 7 == 3 and len(samples) < 400:
                samples.append(state.clone())
        decisions += moves
        games += 1
    elapsed = time.perf_counter() - started
    return decisions / elapsed, games / elapsed, samples


def _measure_clone(samples: list[Any], seconds: float) -> float:
    if not samples:
        return 0.0
    clones = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for state in samples:
            state.clone()
        clones += len(samples)
    return clones / (time.perf_counter() - started)


def yardstick(seconds: float) -> dict[str, float] | None:
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    dps, gps, samples = _measure_play(
        game.new_initial_state, lambda s: s.legal_actions(), lambda s, a: s.apply_action(a),
        lambda s: s.is_terminal(), seconds, 1,
    )
    return {"decisions_per_s": dps, "games_per_s": gps, "clones_per_s": _measure_clone(samples, seconds)}


def measure_game(game_id: str, players: int | None, seconds: float) -> dict[str, float]:
    from inkhorn.games import get_game

    game = get_game(game_id)
    warm = game.new_game(players, 0)  # one-off loading (content, dictionaries) is not play
    pick = random.Random(0)
    for _ in range(500):
        if warm.is_terminal():
            break
        warm.apply_trusted(pick.choice(warm.legal_actions()))
    counter = iter(range(10**9))
    dps, gps, samples = _measure_play(
        lambda: game.new_game(players, next(counter)), lambda s: s.legal_actions(),
        lambda s, a: s.apply_trusted(a), lambda s: s.is_terminal(), seconds, 2,
    )
    return {
        "players": players or game.default_players,
        "decisions_per_s": dps,
        "games_per_s": gps,
        "clones_per_s": _measure_clone(samples, seconds),
    }


def main() -> None:
    from inkhorn.games import game_ids

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    parser.add_argument("--games", default=",".join(game_ids()), help="comma-separated game ids")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args()

    base = yardstick(args.seconds)
    rows: dict[str, Any] = {"yardstick:python_tic_tac_toe": base}
    header = f"{'game':<30}{'players':>8}{'decisions/s':>14}{'games/s':>10}{'clones/s':>12}{'ratio dec':>11}{'ratio clone':>13}"
    print(header)
    if base:
        print(f"{'python_tic_tac_toe (yardstick)':<30}{2:>8}{base['decisions_per_s']:>14,.0f}"
              f"{base['games_per_s']:>10,.1f}{base['clones_per_s']:>12,.0f}{1.0:>11.2f}{1.0:>13.2f}")
    else:
        print("(yardstick not measured: install the 'bench' extra for open_spiel)")
    for game_id in [g for g in args.games.split(",") if g]:
        figures = measure_game(game_id, args.players, args.seconds)
        if base:
            figures["ratio_decisions"] = figures["decisions_per_s"] / base["decisions_per_s"]
            figures["ratio_clones"] = figures["clones_per_s"] / base["clones_per_s"]
        rows[game_id] = figures
        print(f"{game_id:<30}{figures['players']:>8}{figures['decisions_per_s']:>14,.0f}"
              f"{figures['games_per_s']:>10,.1f}{figures['clones_per_s']:>12,.0f}"
              f"{figures.get('ratio_decisions', float('nan')):>11.2f}{figures.get('ratio_clones', float('nan')):>13.2f}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
