"""Who closes Manuscript, and who wins when they do: the race to eight texts.

Plays ``--games`` seated games of the given agents (every order over the seats in turn) and
prints, for each, the scribe whose eighth text triggered the end, the round, each scribe's
standing at that moment (score, texts finished, the text under way, cubes in hand) and the
final scores; then per agent how often it triggered and how often it won when it did and
when another did.

    python bench/manuscript_race.py [--agents "mcts:iters=300,greedy,random"] [--games 18]
                                    [--seed 100]
"""

from __future__ import annotations

import argparse
import itertools
from collections import Counter


def main() -> None:
    from inkhorn.agents import split_agents
    from inkhorn.games.manuscript import scoring
    from inkhorn.match import play_match

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agents", default="mcts:iters=300,greedy,random",
                        help="comma-separated agents, as the command line takes them")
    parser.add_argument("--games", type=int, default=18)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    specs = split_agents(args.agents)
    orders = list(itertools.permutations(range(len(specs))))
    triggered: Counter[str] = Counter()
    won_own: Counter[str] = Counter()
    won_other: Counter[str] = Counter()
    other: Counter[str] = Counter()
    for seed in range(args.seed, args.seed + args.games):
        names = [specs[i] for i in orders[seed % len(orders)]]
        seen: dict[str, object] = {}

        def look(state, _seat: int, _action: str, names: list[str] = names, seen: dict = seen) -> None:
            """The first decision after the end was triggered: where every scribe stands."""
            if state.end_trigger < 0 or "closer" in seen:
                return
            seen["closer"] = names[state.end_trigger]
            parts = []
            for s, name in enumerate(names):
                under_way = f"{state.progress[s]}/{len(state.plan[s])}" if state.plan[s] else "-"
                parts.append(f"{name}: {scoring.total(state, s)} pts, {len(state.finished[s])} texts, "
                             f"under way {under_way}, {state.hand[s]} cubes")
            seen["standing"] = f"round {state.round}, " + "; ".join(parts)

        result = play_match("manuscript", names, seed, on_decision=look)
        winners = {names[w] for w in result.winners}
        closer = str(seen.get("closer", "the end of the game"))
        scores = ", ".join(f"{n} {v:g}" for n, v in zip(names, result.scores))
        print(f"seed {seed}: {closer} closed ({seen.get('standing', 'on the last decision')}) -> {scores}; "
              f"won: {', '.join(sorted(winners))}")
        for name in set(names):
            if name == closer:
                triggered[name] += 1
                won_own[name] += name in winners
            else:
                other[name] += 1
                won_other[name] += name in winners
    print()
    print(f"{'agent':<28}{'closed':>8}{'won then':>10}{'another closed':>16}{'won then':>10}")
    for name in specs:
        print(f"{name:<28}{triggered[name]:>8}{won_own[name]:>10}{other[name]:>16}{won_other[name]:>10}")


if __name__ == "__main__":
    main()
