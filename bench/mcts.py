"""Search speed: MCTS simulations (iterations) per second for every game, one core.

The yardstick, measured in the same run and in the same way, is OpenSpiel's Python
information-set MCTS bot (``open_spiel.python.algorithms.ismcts``, random rollouts) on its
C++ Hearts (install the ``bench`` extra). The target for each game is a ratio of at least
1.0.

The same way, for both: random play through whole games; at every ``--stride``-th decision
that offers a real choice (more than one legal action), the bot searches with a fixed
budget of ``--sims`` simulations and the time is counted; the figure is simulations / time,
over ``--seconds`` of searching. Hearts' card-passing phase is played at random and not
searched, because OpenSpiel's Hearts re-sampling of hidden cards is inconsistent there
(rollouts from those worlds reach states with no legal action).

    python bench/mcts.py [--seconds 10] [--sims 200] [--games scriptoria,novelist]
                         [--agent mcts:depth=40] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any


def yardstick(seconds: float, sims: int, stride: int, seed: int = 1) -> dict[str, float] | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=sims,
                           random_state=rs)
    searched = spent = 0.0
    searches = 0
    while spent < seconds:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal() and spent < seconds:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions, probs = zip(*outcomes)
                state.apply_action(int(rs.choice(actions, p=probs)))
                continue
            legal = state.legal_actions()
            decisions += 1
            in_pass_phase = decisions <= 12
            if not in_pass_phase and len(legal) > 1 and decisions % stride == 0:
                started = time.perf_counter()
                action = bot.step(state)
                spent += time.perf_counter() - started
                searched += sims
                searches += 1
            else:
                action = int(rs.choice(legal))
            state.apply_action(action)
    return {"sims_per_s": searched / spent, "searches": searches, "seconds": spent}


def measure_game(game_id: str, players: int | None, agent_spec: str, seconds: float, sims: int,
                 stride: int, seed: int = 2) -> dict[str, Any]:
    from inkhorn.agents import make_agent
    from inkhorn.games import get_game

    game = get_game(game_id)
    spec = agent_spec + ("," if ":" in agent_spec else ":") + f"iters={sims}"
    agent = make_agent(spec, seed)
    rng = random.Random(seed)
    searched = spent = 0.0
    searches = 0
    match_seed = seed
    while spent < seconds:
        state = game.new_game(players, match_seed)
        match_seed += 1
        decisions = 0
        while not state.is_terminal() and spent < seconds:
            legal = state.legal_actions()
            decisions += 1
            if len(legal) > 1 and decisions % stride == 0:
                seat = state.current_seat()
                started = time.perf_counter()
                action = agent.choose(state, seat)
                spent += time.perf_counter() - started
                searched += agent.last.iterations
                searches += 1
            else:
                action = rng.choice(legal)
            state.apply_trusted(action)
    return {
        "players": players or game.default_players,
        # the spec, and the settings the game tunes for it where the spec is silent
        "agent": agent.spec() + "".join(f",{k}={v}" for k, v in game.search_settings.items()
                                        if k not in agent.params.model_fields_set),
        "sims_per_s": searched / spent if spent else 0.0,
        "searches": searches,
        "seconds": spent,
    }


def main() -> None:
    from inkhorn.games import game_ids

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="search time per figure")
    parser.add_argument("--sims", type=int, default=200, help="simulations per search")
    parser.add_argument("--stride", type=int, default=5, help="search every n-th decision")
    parser.add_argument("--games", default=",".join(game_ids()), help="comma-separated game ids")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--agent", default="mcts", help="agent spec of our bot (iters is set by --sims)")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args()

    base = yardstick(args.seconds, args.sims, args.stride)
    rows: dict[str, Any] = {"yardstick:hearts_ismcts": base}
    print(f"{'game':<32}{'players':>8}{'searches':>10}{'sims/s':>10}{'ratio':>8}  agent")
    if base:
        print(f"{'hearts, OpenSpiel ISMCTS (yardstick)':<32}{4:>8}{base['searches']:>10}"
              f"{base['sims_per_s']:>10,.0f}{1.0:>8.2f}  ismcts uct_c=2 random rollouts")
    else:
        print("(yardstick not measured: install the 'bench' extra for open_spiel)")
    for game_id in [g for g in args.games.split(",") if g]:
        figures = measure_game(game_id, args.players, args.agent, args.seconds, args.sims, args.stride)
        if base:
            figures["ratio"] = figures["sims_per_s"] / base["sims_per_s"]
        rows[game_id] = figures
        print(f"{game_id:<32}{figures['players']:>8}{figures['searches']:>10}{figures['sims_per_s']:>10,.0f}"
              f"{figures.get('ratio', float('nan')):>8.2f}  {figures['agent']}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
