"""Where a search's iterations go: how far each iteration's path reaches below the root.

For every game, at its default player count, seeded greedy games are played and every
``--every``-th decision with a choice is searched by ``--agent``. Each search's tree is
summed up per iteration's path (``SearchStats.shape``): its decisions, the searching seat's
own decisions, its own turns and the other seats' (a turn: a run of one seat's decisions),
and the share of iterations that reached the seat's second and third turn. A search whose
paths hold one turn of its own compares its moves by the leaf value one turn on, however
many iterations it is given: more iterations then go to the other seats' answers, not to
its own plans.

    python bench/search_shape.py [--games manuscript,novelist] [--agent mcts:iters=1000]
                                 [--seeds 3] [--every 40] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

COLUMNS = ("decisions", "own_decisions", "own_turns", "other_turns", "reached_second_turn", "reached_third_turn")


def shapes(game_id: str, agent_spec: str, seeds: int, every: int) -> list[dict[str, float]]:
    from inkhorn.agents import make_agent
    from inkhorn.agents.mcts import MCTSAgent
    from inkhorn.games import get_game
    from inkhorn.match import agent_seed

    game = get_game(game_id)
    players = game.default_players
    found = []
    for seed in range(seeds):
        searcher = make_agent(agent_spec, seed)
        if not isinstance(searcher, MCTSAgent):
            raise SystemExit(f"--agent {agent_spec!r}: the shape of a search needs an mcts agent")
        bots = [make_agent("greedy", agent_seed(seed, s)) for s in range(players)]
        state = game.new_game(players, seed)
        k = 0
        while not state.is_terminal():
            seat = state.current_seat()
            assert seat is not None
            if len(state.legal_actions()) > 1:
                if k % every == every - 1:
                    searcher.choose(state, seat)
                    shape = searcher.last.shape()
                    if shape:
                        found.append(shape)
                k += 1
            state.apply(bots[seat].choose(state, seat))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="ancients,manuscript,novelist,scriptoria,verse_variant")
    parser.add_argument("--agent", default="mcts:iters=1000")
    parser.add_argument("--seeds", type=int, default=3, help="greedy games per game")
    parser.add_argument("--every", type=int, default=40, help="search every this many decisions with a choice")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    if args.every < 1 or args.seeds < 1:
        parser.error("--every and --seeds must be at least 1")
    from inkhorn.core.errors import InkhornError

    table = {}
    print(f"{'game':<15}{'searches':>9}" + "".join(f"{c:>21}" for c in COLUMNS))
    for game_id in args.games.split(","):
        try:
            found = shapes(game_id.strip(), args.agent, args.seeds, args.every)
        except InkhornError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        means = {c: statistics.fmean(s[c] for s in found) if found else float("nan") for c in COLUMNS}
        table[game_id] = {"searches": len(found), **means}
        print(f"{game_id:<15}{len(found):>9}" + "".join(f"{means[c]:>21.2f}" for c in COLUMNS))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"agent": args.agent, "seeds": args.seeds, "every": args.every, "games": table}, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
