"""Search speed: MCTS simulations (iterations) per second for every game, one core.

The yardstick, measured in the same run and in the same way, in turns with each game
(``side_by_side.py``), is OpenSpiel's Python information-set MCTS bot (``open_spiel.python.algorithms.ismcts``, random rollouts) on its
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

from side_by_side import Meter, Work, side_by_side


def yardstick(sims: int, stride: int, seed: int = 1) -> Work | None:
    """OpenSpiel's ISMCTS on Hearts, one search per unit."""
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

    def searches() -> Work:
        while True:
            state = game.new_initial_state()
            decisions = 0
            while not state.is_terminal():
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
                    yield sims, time.perf_counter() - started
                else:
                    action = int(rs.choice(legal))
                state.apply_action(action)

    return searches()


def searches(game_id: str, players: int | None, agent: Any, stride: int, seed: int = 2) -> Work:
    """Our bot on one of our games, one search per unit."""
    from inkhorn.games import get_game

    game = get_game(game_id)
    rng = random.Random(seed)
    match_seed = seed
    while True:
        state = game.new_game(players, match_seed)
        match_seed += 1
        decisions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            decisions += 1
            if len(legal) > 1 and decisions % stride == 0:
                seat = state.current_seat()
                started = time.perf_counter()
                action = agent.choose(state, seat)
                yield agent.last.iterations, time.perf_counter() - started
            else:
                action = rng.choice(legal)
            state.apply_trusted(action)


def measure_game(game_id: str, players: int | None, agent_spec: str, seconds: float, sims: int,
                 stride: int, base: Work | None, totals: Meter, seed: int = 2) -> dict[str, Any]:
    """Our figures for one game, searched in turns with the yardstick (whose work in these
    turns ``totals`` adds up)."""
    from inkhorn.agents import make_agent
    from inkhorn.games import get_game

    game = get_game(game_id)
    spec = agent_spec + ("," if ":" in agent_spec else ":") + f"iters={sims}"
    agent = make_agent(spec, seed)
    ours = Meter(searches(game_id, players, agent, stride, seed))
    theirs = Meter(base) if base is not None else None
    ratio = side_by_side(theirs, ours, seconds)
    figures: dict[str, Any] = {
        "players": players or game.default_players,
        # the spec, and the settings the game tunes for it where the spec is silent
        "agent": agent.spec() + "".join(f",{k}={v}" for k, v in game.search_settings.items()
                                        if k not in agent.params.model_fields_set),
        "sims_per_s": ours.rate,
        "searches": ours.units,
        "seconds": ours.seconds,
    }
    if ratio is not None and theirs is not None:
        figures["ratio"] = ratio
        totals.add(theirs)
    return figures


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

    base = yardstick(args.sims, args.stride)
    if base is None:
        print("(yardstick not measured: install the 'bench' extra for open_spiel)")
    totals = Meter()
    rows: dict[str, Any] = {}
    for game_id in [g for g in args.games.split(",") if g]:
        rows[game_id] = measure_game(game_id, args.players, args.agent, args.seconds, args.sims, args.stride,
                                     base, totals)
    print(f"{'game':<32}{'players':>8}{'searches':>10}{'sims/s':>10}{'ratio':>8}  agent")
    if totals.units:
        yard = {"sims_per_s": totals.rate, "searches": totals.units, "seconds": totals.seconds}
        rows = {"yardstick:hearts_ismcts": yard, **rows}
        print(f"{'hearts, OpenSpiel ISMCTS (yardstick)':<32}{4:>8}{yard['searches']:>10}"
              f"{yard['sims_per_s']:>10,.0f}{1.0:>8.2f}  ismcts uct_c=2 random rollouts")
    for game_id, figures in rows.items():
        if game_id.startswith("yardstick:"):
            continue
        print(f"{game_id:<32}{figures['players']:>8}{figures['searches']:>10}{figures['sims_per_s']:>10,.0f}"
              f"{figures.get('ratio', float('nan')):>8.2f}  {figures['agent']}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
