"""Where one bot decision spends its time: cProfile of one search per game.

Plays ``--decision`` decisions of a seeded game at random, then profiles one search by the
given agent and prints, per game, the search's time and the share of it spent in what the
bot asks of the game (heuristic, legal actions, cloning, applying actions, sampling worlds).
cProfile sees only calls made by Python code, so profile a build from source
(``INKHORN_PURE=1 pip install -e .``): in a compiled one it says so and stops.

    python bench/profile_search.py [--agent mcts:iters=300] [--decision 40] [--seed 3]
                                   [--games scriptoria] [--top 12]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random

# Parts of a search, by the functions that own them (cumulative time of the outermost call).
PARTS = {
    "heuristic": ("heuristic", "heuristics"),
    "legal actions": ("legal_actions",),
    "clone": ("clone",),
    "apply": ("apply_trusted",),
    "determinize": ("determinize",),
}


def position(game_id: str, players: int | None, decision: int, seed: int):
    from inkhorn.games import get_game

    state = get_game(game_id).new_game(players, seed)
    rng = random.Random(seed)
    done = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) > 1:
            done += 1
            if done >= decision:
                return state
        state.apply_trusted(rng.choice(legal))
    raise SystemExit(f"{game_id}: the game ended before decision {decision}")


def profile(game_id: str, agent_spec: str, players: int | None, decision: int, seed: int, top: int) -> dict:
    from inkhorn.agents import make_agent

    state = position(game_id, players, decision, seed)
    agent = make_agent(agent_spec, seed)
    profiler = cProfile.Profile()
    profiler.enable()
    agent.choose(state, state.current_seat())
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = max(t for (_, _, _), (_, _, _, t, _) in stats.stats.items())  # type: ignore[attr-defined]
    parts: dict[str, float] = {}
    for part, names in PARTS.items():
        # the largest cumulative time among the functions of that name: the outermost call
        parts[part] = max(
            (ct for (_, _, name), (_, _, _, ct, _) in stats.stats.items() if name in names),  # type: ignore[attr-defined]
            default=0.0,
        )
    print(f"\n== {game_id}: {agent.spec()}, decision {decision}, seed {seed}: "
          f"{total:.3f} s, {getattr(agent, 'last', None) and agent.last.iterations} iterations")
    for part, seconds in parts.items():
        print(f"   {part:<14}{seconds:>8.3f} s {seconds / total:>6.0%}")
    if top:
        stats.sort_stats("tottime").print_stats(top)
    return {"total": total, **parts}


def main() -> None:
    from inkhorn.games import game_ids

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agent", default="mcts:iters=300")
    parser.add_argument("--games", default=",".join(game_ids()))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--decision", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--top", type=int, default=0, help="also print the n costliest functions")
    args = parser.parse_args()
    import inkhorn.core.state

    if not str(inkhorn.core.state.__file__).endswith(".py"):
        raise SystemExit("the core is compiled, and cProfile cannot see inside it: reinstall with "
                         "INKHORN_PURE=1 pip install -e . to profile the source")
    rows = {g: profile(g, args.agent, args.players, args.decision, args.seed, args.top)
            for g in args.games.split(",") if g}
    print(f"\n{'game':<16}{'search s':>9}" + "".join(f"{p:>15}" for p in PARTS))
    for g, row in rows.items():
        print(f"{g:<16}{row['total']:>9.3f}" + "".join(
            f"{row[p]:>8.3f} {row[p] / row['total']:>5.0%}" for p in PARTS))


if __name__ == "__main__":
    main()
