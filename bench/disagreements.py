"""Where the search bot and greedy disagree, which one is right?

Plays seeded games of one search bot (seat 0) against greedy bots. At every decision of the
search bot where greedy, asked in the same state, would choose otherwise and the search's own
values of the two moves differ by at least ``--min-gap``, both moves are played on to the end
by greedy bots at every seat, ``--playouts`` times each, in worlds seat 0 cannot tell apart
from the real one. The mean final margin of each (own score minus the best other's) is
compared. The table sums this up per kind of decision: where the search plays into its
heuristic's errors, the gain is negative.

    python bench/disagreements.py [--game scriptoria] [--agent mcts:iters=300]
                                  [--seeds 21,22,23] [--playouts 12] [--min-gap 0.03]
                                  [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from typing import Any


def margin_after(state: Any, action: str, playouts: int) -> float:
    """Mean final margin of seat 0 when ``action`` is taken and greedy bots play on."""
    from inkhorn.agents import make_agent

    margins = []
    for k in range(playouts):
        world = state.determinize(0, 1000 + k)
        world.apply_trusted(action)
        bots = [make_agent("greedy", seed=500 + 7 * k + s) for s in range(world.num_players)]
        while not world.is_terminal():
            seat = world.current_seat()
            world.apply_trusted(bots[seat].choose(world, seat))
        scores = world.scores()
        margins.append(scores[0] - max(scores[1:]))
    return statistics.mean(margins)


def main() -> None:
    from inkhorn.agents import make_agent, split_agents
    from inkhorn.games import get_game

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="scriptoria")
    parser.add_argument("--agent", default="mcts:iters=300", help="the search bot (one agent)")
    parser.add_argument("--seeds", default="21,22,23", help="comma-separated game seeds")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--playouts", type=int, default=12, help="greedy playouts per move compared")
    parser.add_argument("--min-gap", type=float, default=0.03, help="least difference in the search's values")
    parser.add_argument("--json", default=None, help="also write every compared decision to this file")
    args = parser.parse_args()
    agents = split_agents(args.agent)
    if len(agents) != 1:
        parser.error(f"--agent names one agent, not {len(agents)}")

    game = get_game(args.game)
    rows: list[dict[str, Any]] = []
    for seed in [int(s) for s in args.seeds.split(",") if s]:
        state = game.new_game(args.players, seed)
        bots = [make_agent(agents[0], seed=seed)] + [make_agent("greedy", seed=2 + s) for s in range(state.num_players - 1)]
        probe = make_agent("greedy", seed=77)
        while not state.is_terminal():
            seat = state.current_seat()
            action = bots[seat].choose(state, seat)
            if seat == 0 and len(state.legal_actions()) > 1:
                values = getattr(bots[0], "last", None)
                values = values.values if values is not None else {}
                other = probe.choose(state, 0)
                gap = values.get(action, 0.0) - values.get(other, 0.0)
                if other != action and gap >= args.min_gap:
                    gain = margin_after(state, action, args.playouts) - margin_after(state, other, args.playouts)
                    step = type(state.decision()).__name__
                    rows.append({"seed": seed, "decision": step, "search": action, "greedy": other,
                                 "search_gap": round(gap, 4), "playout_gain": round(gain, 3)})
                    print(f"seed {seed} {step:16} search {action} over greedy's {other}: "
                          f"search +{gap:.3f}, playouts {gain:+.2f}", flush=True)
            state.apply_trusted(action)

    by_kind: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        by_kind[row["decision"]].append(row["playout_gain"])
    print(f"\n{'decision':<18}{'n':>4}{'mean gain':>11}{'better':>9}")
    for kind, gains in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
        print(f"{kind:<18}{len(gains):>4}{statistics.mean(gains):>+11.2f}{sum(g > 0 for g in gains):>6}/{len(gains)}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
