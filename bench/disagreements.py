"""Where the search bot and greedy disagree, which one is right?

Plays seeded games of one search bot (seat 0) against greedy bots. At every decision of the
search bot where greedy, asked in the same state, would choose otherwise and the search's own
values of the two moves differ by at least ``--min-gap``, both moves are played on to the end
by greedy bots at every seat, ``--playouts`` times each, in worlds seat 0 cannot tell apart
from the real one. The mean final margin of each (own score minus the best other's) is
compared. The tables sum this up per kind of decision (where the search plays into its
heuristic's errors, the gain is negative) and by how far the search preferred its move (a
negative gain where it hardly did asks for ``mcts:confidence``), each mean with its 95%
interval.

    python bench/disagreements.py [--game scriptoria] [--agent mcts:iters=300]
                                  [--seeds 21,22,23] [--playouts 12] [--min-gap 0.03]
                                  [--json out.json]
    python bench/disagreements.py --tables a.json b.json   # the tables of runs played apart
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


GAP_EDGES = (0.0, 0.01, 0.03, 0.1)  # bins of the search's preference for its move


def tables(rows: list[dict[str, Any]]) -> None:
    """The playouts' gain of the search's move per kind of decision, and by its preference."""
    labels = [f"{lo:g}-{hi:g}" for lo, hi in zip(GAP_EDGES, GAP_EDGES[1:])] + [f"{GAP_EDGES[-1]:g}-"]
    by_gap: dict[str, list[float]] = {label: [] for label in labels}
    by_kind: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        by_kind[row["decision"]].append(row["playout_gain"])
        below = sum(row["search_gap"] >= edge for edge in GAP_EDGES)
        by_gap[labels[max(below, 1) - 1]].append(row["playout_gain"])
    most_first = sorted(by_kind.items(), key=lambda kv: -len(kv[1]))
    for title, groups in (("decision", most_first), ("search's margin", list(by_gap.items()))):
        print(f"\n{title:<18}{'n':>4}{'mean gain':>11}{'95%':>17}{'better':>9}")
        for kind, gains in groups:
            if not gains:
                continue
            mean = statistics.mean(gains)
            half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else float("nan")
            interval = f"{mean - half:+.2f} to {mean + half:+.2f}"
            print(f"{kind:<18}{len(gains):>4}{mean:>+11.2f}{interval:>17}{sum(g > 0 for g in gains):>6}/{len(gains)}")


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
    parser.add_argument("--tables", nargs="+", metavar="JSON", help="only print the tables of these --json files")
    args = parser.parse_args()
    if args.tables:
        rows: list[dict[str, Any]] = []
        for path in args.tables:
            try:
                with open(path) as handle:
                    found = json.load(handle)
                if not isinstance(found, list) or not all(
                        isinstance(r, dict) and {"decision", "search_gap", "playout_gain"} <= r.keys() for r in found):
                    raise ValueError("a list of compared decisions was expected")
            except (OSError, ValueError) as exc:
                raise SystemExit(f"{path}: not a --json file of this script ({exc})") from None
            rows += found
        tables(rows)
        return
    agents = split_agents(args.agent)
    if len(agents) != 1:
        parser.error(f"--agent names one agent, not {len(agents)}")

    game = get_game(args.game)
    rows = []
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

    tables(rows)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
