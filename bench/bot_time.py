"""Does a time-bounded bot keep to its budget? Every decision of whole games, timed.

One game per game id: the bot (by default the one ``play`` and the browser tables seat,
``inkhorn.agents.DEFAULT_BOT``) takes seat 0, greedy bots the others. Every decision of the
bot that offers a real choice is timed from the call to ``choose`` to its answer; the
target is that each lies within 10% of the budget. The search iterations a decision gets
in that time are shown too (the budget the ladders state is a fixed count of them).

    python bench/bot_time.py [--agent mcts:time=1] [--games ancients,novelist] [--seed 0]
                             [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any


def measure(game_id: str, agent_spec: str, seed: int) -> dict[str, Any]:
    from inkhorn.agents import make_agent
    from inkhorn.games import get_game

    game = get_game(game_id)
    state = game.new_game(None, seed)
    bot = make_agent(agent_spec, seed)
    budget = getattr(bot.params, "time", None)
    if not budget:
        raise SystemExit(f"{agent_spec} has no time budget")
    others = [make_agent("greedy", seed + s) for s in range(state.num_players)]
    times: list[float] = []
    iterations: list[int] = []
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        if seat == 0 and len(state.legal_actions()) > 1:
            started = time.perf_counter()
            action = bot.choose(state, seat)
            times.append(time.perf_counter() - started)
            iterations.append(bot.last.iterations)
        else:
            action = (bot if seat == 0 else others[seat]).choose(state, seat)
        state.apply(action)
    within = sum(1 for t in times if abs(t - budget) <= 0.1 * budget)
    return {
        "players": state.num_players,
        "budget": budget,
        "decisions": len(times),
        "within_10pct": within,
        "min": min(times),
        "median": statistics.median(times),
        "max": max(times),
        "iterations_min": min(iterations),
        "iterations_median": statistics.median(iterations),
    }


def main() -> None:
    from inkhorn.agents import DEFAULT_BOT
    from inkhorn.games import game_ids

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agent", default=DEFAULT_BOT, help="a time-bounded agent spec")
    parser.add_argument("--games", default=",".join(game_ids()))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    rows = {}
    print(f"{'game':<15}{'players':>8}{'decisions':>10}{'within 10%':>11}{'min s':>8}{'median s':>9}{'max s':>8}"
          f"{'iterations (min, median)':>26}  {args.agent}")
    for game_id in [g for g in args.games.split(",") if g]:
        r = rows[game_id] = measure(game_id, args.agent, args.seed)
        print(f"{game_id:<15}{r['players']:>8}{r['decisions']:>10}{r['within_10pct']:>11}{r['min']:>8.3f}"
              f"{r['median']:>9.3f}{r['max']:>8.3f}{r['iterations_min']:>14,}{r['iterations_median']:>12,.0f}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
