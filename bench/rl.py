"""RL environment speed: AEC steps/s with random masked actions, every game, one core.

The yardstick, measured in the same run and in the same loop, is PettingZoo's own
tic-tac-toe (``pettingzoo.classic.tictactoe_v3``, which needs ``pygame``; both come with
the ``rl`` extra). Each step is what a learner pays: ``last()`` (the observation vector and
mask), a masked random sample from the action space, and ``step``. Target: a ratio of at
least 1.0 for every game.

    python bench/rl.py [--seconds 3] [--games scriptoria,novelist] [--json out.json]
"""

from __future__ import annotations

import argparse
import functools
import json
import time
from collections.abc import Callable
from typing import Any


def steps_per_second(make_env: Callable[[], Any], seconds: float, seed: int = 0) -> tuple[float, int]:
    """Random masked play for ``seconds``: (steps/s, episodes finished)."""
    env = make_env()
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    steps = episodes = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
            env.step(action)
            steps += 1
            if steps % 256 == 0 and time.perf_counter() >= deadline:
                break
        else:
            episodes += 1
            env.reset()
    return steps / (time.perf_counter() - started), episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default="")
    parser.add_argument("--json", default="")
    args = parser.parse_args()

    import inkhorn.rl as rl
    from inkhorn.games import all_games

    try:
        from pettingzoo.classic import tictactoe_v3
    except ImportError as exc:
        raise SystemExit(f"the yardstick needs PettingZoo's classic games and pygame: {exc}") from None

    steps_per_second(tictactoe_v3.env, 0.5)  # warm-up
    yard, _ = steps_per_second(tictactoe_v3.env, args.seconds)
    wanted = [g for g in args.games.split(",") if g]
    rows: list[dict[str, Any]] = []
    print(f"yardstick: PettingZoo tictactoe_v3 {yard:,.0f} steps/s")
    print(f"{'game':<14} {'players':>7} {'steps/s':>10} {'episodes':>8} {'ratio':>6}")
    for game in all_games():
        if wanted and game.id not in wanted:
            continue
        players = game.default_players
        speed, episodes = steps_per_second(functools.partial(rl.env, game, players=players), args.seconds)
        rows.append({"game": game.id, "players": players, "steps_per_s": speed, "episodes": episodes,
                     "ratio": speed / yard})
        print(f"{game.id:<14} {players:>7} {speed:>10,.0f} {episodes:>8} {speed / yard:>6.2f}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"yardstick": yard, "rows": rows}, out, indent=1)


if __name__ == "__main__":
    main()
