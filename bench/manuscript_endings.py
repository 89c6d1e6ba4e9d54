"""Do Manuscript's bots end their games by the rulebook's trigger?

A scribe with text in every quadrant and eight texts finished ends the game; the round
limit (an option, 30 by default) is only our safety net. Bots that never finish their texts,
or never scrape when stuck, run into it. For each player count this plays ``--games``
seeded games with every seat the same bot and counts those ended by the trigger. Targets:
at least 99 of 100 for greedy and 95 of 100 for mcts, at every player count.

    python bench/manuscript_endings.py [--agents greedy,mcts:iters=300] [--players 2,3,4]
                                       [--games 100] [--workers 2] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def one_game(agent: str, players: int, seed: int) -> tuple[bool, int]:
    from inkhorn.games import get_game
    from inkhorn.match import play_match

    result = play_match("manuscript", [agent] * players, seed)
    game = get_game("manuscript")
    by_trigger = result.ending == game.endings(game.options())[0]
    return by_trigger, int(result.stats.get("rounds", 0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agents", default="greedy;mcts:iters=300", help="agent specs, separated by ';'")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    print(f"{'agent':<22}{'players':>8}{'games':>7}{'by trigger':>11}{'mean rounds':>12}{'max rounds':>11}")
    with ProcessPoolExecutor(args.workers) as pool:
        for agent in [a for a in args.agents.split(";") if a]:
            for players in [int(p) for p in args.players.split(",")]:
                seeds = range(args.seed, args.seed + args.games)
                results = list(pool.map(one_game, [agent] * args.games, [players] * args.games, seeds))
                by_trigger = sum(1 for ok, _ in results if ok)
                rounds = [r for _, r in results]
                row = {"agent": agent, "players": players, "games": args.games, "by_trigger": by_trigger,
                       "mean_rounds": sum(rounds) / len(rounds), "max_rounds": max(rounds),
                       "limited_seeds": [s for s, (ok, _) in zip(seeds, results) if not ok]}
                rows.append(row)
                print(f"{agent:<22}{players:>8}{args.games:>7}{by_trigger:>11}{row['mean_rounds']:>12.1f}"
                      f"{row['max_rounds']:>11}", flush=True)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
