"""Train a small masked policy on one inkhorn game against random bots, on the CPU.

MaskablePPO (sb3-contrib) learns seat 0 of ``inkhorn.rl.SingleSeatEnv``; the other seats
are inkhorn's ``random`` bots. Every ``--eval-every`` steps the policy plays
``--eval-games`` fresh games (seeds never used in training) and the win share is printed,
so you can watch it rise above the share a random seat gets.

    pip install torch --index-url https://download.pytorch.org/whl/cpu   # the CPU build (any works)
    pip install -e ".[rl]" -r examples/requirements.txt
    python examples/train_maskable_ppo.py --game scriptoria --players 2 --minutes 5

``--steps N`` trains for N steps instead of a time (the same seed then gives the same curve
on any machine, to compare two versions of an environment).
"""

from __future__ import annotations

import argparse
import time


def evaluate(model, game: str, players: int, games: int, seed: int, opponents: str) -> float:
    """The policy's win share as seat 0 over ``games`` games (a shared win counts a share)."""
    from inkhorn.rl import SingleSeatEnv

    env = SingleSeatEnv(game, players, seat=0, opponents=opponents)
    total = 0.0
    for i in range(games):
        obs, info = env.reset(seed=seed + i)
        done = truncated = False
        reward = 0.0
        while not (done or truncated):
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, truncated, info = env.step(int(action))
        total += reward
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="scriptoria")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--steps", type=int, default=None, help="train this many steps instead of --minutes")
    parser.add_argument("--eval-every", type=int, default=20_000)
    parser.add_argument("--eval-games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO

    from inkhorn.rl import SingleSeatEnv

    torch.set_num_threads(1)
    env = SingleSeatEnv(args.game, args.players, seat=0, opponents=args.opponents)
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy", env, seed=args.seed, n_steps=2048, batch_size=256, learning_rate=3e-4,
        policy_kwargs={"net_arch": [128, 128]}, verbose=0,
    )
    eval_seed = 10**9  # evaluation games are dealt from seeds training never uses
    started = time.perf_counter()
    share = evaluate(model, args.game, args.players, args.eval_games, eval_seed, args.opponents)
    print(f"{'steps':>8} {'minutes':>8} {'win share':>10}")
    print(f"{0:>8} {0.0:>8.1f} {share:>10.1%}   (untrained)")
    steps = 0
    while (steps < args.steps) if args.steps is not None else (time.perf_counter() - started < args.minutes * 60):
        model.learn(args.eval_every, reset_num_timesteps=False)
        steps += args.eval_every
        share = evaluate(model, args.game, args.players, args.eval_games, eval_seed, args.opponents)
        print(f"{steps:>8} {(time.perf_counter() - started) / 60:>8.1f} {share:>10.1%}", flush=True)
    baseline = 1 / args.players
    print(f"a random seat's expected share: {baseline:.1%}; final share {share:.1%} "
          f"({'above' if share > baseline else 'not above'} it)")


if __name__ == "__main__":
    main()
