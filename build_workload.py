"""The training run of the build's profile-guided optimisation (see ``setup.py``).

Between its two compiles the build runs this on the instrumented modules: every game's
learner loop (PettingZoo's AEC cycle with random masked slots, and the single-seat
environment) and games between the bots, so that the compiler learns which paths a step
takes. A fixed number of steps and fixed seeds: the same build makes the same profile.

    python build_workload.py [FOLDER]    # FOLDER: where the built package is (default: here)
"""

from __future__ import annotations

import sys
import time

GAMES = ("ancients", "manuscript", "novelist", "scriptoria", "verse_variant")
LEARNER_STEPS = 4000  # at each game's usual player count; a quarter of it at every other count
SINGLE_SEAT_STEPS = 600
BOT_GAMES = (("greedy", "random"), ("mcts:iters=40", "greedy"))


def learner_steps(game_id: str, players: int, steps: int, seed: int) -> None:
    """The loop of ``bench/rl.py``: ``last()``, a masked sample, ``step``."""
    from inkhorn.rl import env

    aec = env(game_id, players=players)
    aec.reset(seed=seed)
    for i, agent in enumerate(aec.possible_agents):
        aec.action_space(agent).seed(seed + i)
    done = 0
    while done < steps:
        for agent in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last()
            aec.step(None if terminated or truncated else aec.action_space(agent).sample(obs["action_mask"]))
            done += 1
            if done >= steps:
                break
        else:
            aec.reset()


def single_seat_steps(game_id: str, steps: int, seed: int) -> None:
    import numpy as np

    from inkhorn.rl import SingleSeatEnv

    single = SingleSeatEnv(game_id, opponents="random")
    _, info = single.reset(seed=seed)
    pick = np.random.default_rng(seed)
    for _ in range(steps):
        mask = info["action_mask"]
        _, _, terminated, truncated, info = single.step(int((pick.random(mask.shape) * mask).argmax()))
        if terminated or truncated:
            _, info = single.reset()


def bot_games(game_id: str, seed: int) -> None:
    from inkhorn.games import get_game
    from inkhorn.match import play_match

    players = get_game(game_id).default_players
    for k, (first, rest) in enumerate(BOT_GAMES):
        play_match(game_id, [first] + [rest] * (players - 1), seed + k)


def main() -> None:
    if len(sys.argv) > 1:
        sys.path.insert(0, sys.argv[1])
    from inkhorn.games import get_game

    try:
        import gymnasium  # noqa: F401  (the learner's loop needs the rl extra)
        import pettingzoo  # noqa: F401
    except ImportError:
        learner = False
    else:
        learner = True
    started = time.perf_counter()
    for n, game_id in enumerate(GAMES):
        game = get_game(game_id)
        if learner:
            for players in range(max(2, game.min_players), game.max_players + 1):  # solo games need options
                steps = LEARNER_STEPS if players == game.default_players else LEARNER_STEPS // 4
                learner_steps(game_id, players, steps, seed=n)
            single_seat_steps(game_id, SINGLE_SEAT_STEPS, seed=n)
        bot_games(game_id, seed=n)
    print(f"training run: {len(GAMES)} games{'' if learner else ' (bots only: no rl extra)'} in "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
