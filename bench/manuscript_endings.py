"""Do Manuscript's bots end their games by the rulebook's trigger?

A scribe with text in every quadrant and eight texts finished ends the game; the round
limit (an option, 30 by default) is only our safety net. Bots that never finish their texts,
or never scrape when stuck, run into it. For each agent and player count this plays
``--games`` seeded games with every seat the same bot, as a lab experiment (Dask workers,
results in ``--out``/<agent>), and counts those ended by the trigger. Targets: at least 99
of 100 for greedy and 95 of 100 for mcts, at every player count.

The games are kept: stopping (Ctrl-C) and running the same command again plays only the
games still missing, so the long all-mcts measure can be spread over several runs.

    python bench/manuscript_endings.py [--agents "greedy,mcts:iters=600"] [--players 2,3,4]
                                       [--games 100] [--seed 0] [--workers 2]
                                       [--out manuscript-endings] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

TRIGGERED = """
SELECT players, count(*) AS games, sum(CASE WHEN stat_end_triggered > 0 THEN 1 ELSE 0 END) AS by_trigger,
       avg(stat_rounds) AS mean_rounds, max(stat_rounds) AS max_rounds,
       list(seed ORDER BY seed) FILTER (WHERE stat_end_triggered = 0) AS limited_seeds
FROM games GROUP BY players ORDER BY players
"""


def measure(agent: str, players: list[int], games: int, seed: int, workers: int, out: Path) -> list[dict[str, Any]]:
    from inkhorn.lab.query import run_query
    from inkhorn.lab.run import run_experiment
    from inkhorn.lab.spec import make_spec

    spec = make_spec({"game": "manuscript", "agents": [agent], "players": players, "games": games, "seed": seed,
                      "events": False})
    folder = out / re.sub(r"[^A-Za-z0-9_.=-]+", "_", agent)
    run_experiment(spec, folder, workers=workers)
    columns, rows = run_query(folder, TRIGGERED)
    return [{"agent": agent, **dict(zip(columns, row, strict=True))} for row in rows]


def main() -> None:
    from inkhorn.agents import split_agents

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agents", default="greedy,mcts:iters=600",
                        help="comma-separated agents, as the command line takes them")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None, help="Dask workers (default: one per core)")
    parser.add_argument("--out", default="manuscript-endings", help="folder of the results, one per agent")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    players = [int(p) for p in args.players.split(",")]
    rows: list[dict[str, Any]] = []
    print(f"{'agent':<22}{'players':>8}{'games':>7}{'by trigger':>11}{'mean rounds':>12}{'max rounds':>11}")
    for agent in split_agents(args.agents):
        for row in measure(agent, players, args.games, args.seed, args.workers, Path(args.out)):
            rows.append(row)
            print(f"{agent:<22}{row['players']:>8}{row['games']:>7}{row['by_trigger']:>11}"
                  f"{row['mean_rounds']:>12.1f}{row['max_rounds']:>11.0f}", flush=True)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1, default=str)


if __name__ == "__main__":
    main()
