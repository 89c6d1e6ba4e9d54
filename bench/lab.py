"""Lab throughput: games/s of one experiment on 1 Dask worker and on 2, same run.

The experiment is greedy Scriptoria at its default player count with content events on.
The yardstick is the play time measured inside the workers (``play_match``'s own clock,
less the time spent reading holdings and scores): the lab's overhead is the worker time
not spent playing, ``(wall x workers - play) / play``, which covers scheduling, Parquet
writing and the watching of each decision. Targets: 2 workers at least 1.8x the games/s
of 1, and an overhead under 5 %.

    python bench/lab.py [--games 40] [--game scriptoria] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from inkhorn.lab.run import run_experiment
from inkhorn.lab.spec import make_spec


def measure(game: str, games: int, workers: int) -> dict[str, float]:
    spec = make_spec({"game": game, "agents": ["greedy"], "games": games, "seed": 1000})
    with tempfile.TemporaryDirectory() as folder:
        s = run_experiment(spec, Path(folder) / "results", workers=workers, chunk=20)
    return {
        "workers": workers,
        "games": s.played,
        "wall_s": round(s.wall_seconds, 2),
        "games_per_s": round(s.games_per_second, 3),
        "play_s": round(s.play_seconds, 2),
        "watch_s": round(s.watch_seconds, 3),
        "watch_share": round(s.watch_seconds / s.play_seconds, 4),
        "overhead": round(s.overhead, 4),
        "startup_s": round(s.startup_seconds, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", default="scriptoria")
    parser.add_argument("--json")
    args = parser.parse_args()
    one = measure(args.game, args.games, 1)
    two = measure(args.game, args.games, 2)
    speedup = two["games_per_s"] / one["games_per_s"]
    print(f"{'workers':>7} {'games':>5} {'start-up s':>10} {'wall s':>7} {'games/s':>8} {'play s':>7} "
          f"{'watch':>6} {'overhead':>8}")
    for r in (one, two):
        print(f"{r['workers']:>7} {r['games']:>5} {r['startup_s']:>10} {r['wall_s']:>7} {r['games_per_s']:>8} "
              f"{r['play_s']:>7} {r['watch_share']:>6.1%} {r['overhead']:>8.1%}")
    print(f"speed-up 1 -> 2 workers: {speedup:.2f}x (target >= 1.8x); "
          f"overhead {one['overhead']:.1%} / {two['overhead']:.1%} (target < 5%)")
    if args.json:
        Path(args.json).write_text(json.dumps({"one": one, "two": two, "speedup": speedup}, indent=1))


if __name__ == "__main__":
    main()
