"""Can a game's evaluation be learned? A linear correction to the heuristic, fitted on greedy games.

Plays ``--games`` seeded greedy games (every seat greedy, the game's default player count, in
``--workers`` processes). At every ``--every``-th decision, each seat's numbers
(``Game.features``, written afresh: only what that seat may know) and its heuristic as the
position stands (``Game.standings``, not looking through a choice under way) are kept,
with the seat's final margin (its score minus the best other's) as the target. Games with
seed % 5 == 0 are held out for the test, seed % 5 == 1 choose the ridge penalty, and the
rest fit it:

    margin ~ a * standing + b + features . w          (ridge on w, penalty chosen on validation)

The table gives the correlation with the final margin of the standing alone and of the
fitted correction, on the held-out games, by fifth of the game (decision index over the
game's length). Blocks that say only where a turn stands (the Day, phase, decision kind, the
seat to act and the decision's detail, ``--drop``) are left out, so that a search comparing
lines cut at different points of a turn is not steered by them. ``--out`` saves the fit
(``a``, ``b``, ``w`` by feature name) as JSON.

    python bench/value_fit.py [--game scriptoria] [--games 3000] [--every 5] [--workers 2]
                              [--drop day,phase,to_act,decision,detail] [--out fit.json]
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

PENALTIES = (1e3, 1e4, 1e5)


def play(job: tuple[str, int, int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One greedy game's rows: features (float16: small whole numbers), standing, stage,
    final margin, seed."""
    from inkhorn.agents import make_agent
    from inkhorn.core.features import Numbers
    from inkhorn.core.value import margins
    from inkhorn.games import get_game
    from inkhorn.match import agent_seed

    game_id, players, seed, every = job
    game = get_game(game_id)
    features = game.features(players, game.options({}))
    if features is None:
        raise SystemExit(f"{game_id} has no features to fit on")
    bots = [make_agent("greedy", agent_seed(seed, s)) for s in range(players)]
    state = game.new_game(players, seed)
    rows: list[tuple[np.ndarray, float, int, int]] = []
    k = 0
    while not state.is_terminal():
        if k % every == 0:
            values = game.standings(state)
            for s in range(players):
                features.forget()
                out = np.zeros(features.size, np.float32)
                features.write(state, s, Numbers(out))
                rows.append((out.astype(np.float16), values[s], k, s))
        seat = state.current_seat()
        assert seat is not None
        state.apply_trusted(bots[seat].choose(state, seat))
        k += 1
    margin = margins(state.scores())
    return (np.array([r[0] for r in rows]), np.array([r[1] for r in rows]), np.array([r[2] / k for r in rows]),
            np.array([margin[r[3]] for r in rows]), np.full(len(rows), seed))


CHUNK = 20_000  # rows turned to float64 at a time: the numbers stay float16 in memory


def products(x: np.ndarray, rows: np.ndarray, target: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Over ``rows`` of ``x`` (float16): the column means, and the centred X'X and X'target."""
    picked = np.flatnonzero(rows)
    width = x.shape[1]
    total, gram, rhs = np.zeros(width), np.zeros((width, width)), np.zeros(width)
    for start in range(0, len(picked), CHUNK):
        part = picked[start : start + CHUNK]
        chunk = x[part].astype(np.float64)
        total += chunk.sum(axis=0)
        gram += chunk.T @ chunk
        rhs += chunk.T @ target[part]
    n = len(picked)
    mu = total / n
    return mu, gram - n * np.outer(mu, mu), rhs - mu * target[picked].sum()


def predict(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return np.concatenate([x[start : start + CHUNK].astype(np.float64) @ w for start in range(0, len(x), CHUNK)])


def fit(x: np.ndarray, h: np.ndarray, y: np.ndarray, train: np.ndarray, val: np.ndarray) -> dict[str, Any]:
    """Ridge on the standing's residual; the penalty that predicts the validation games best."""
    a, b = np.polyfit(h[train], y[train], 1)
    residual = y - (a * h + b)
    mu, gram, rhs = products(x, train, residual)
    base = float(residual[train].mean())
    x_val = x[val].astype(np.float64)
    best: dict[str, Any] | None = None
    for penalty in PENALTIES:
        w = np.linalg.solve(gram + penalty * np.eye(len(gram)), rhs)
        c = base - float(mu @ w)
        r = float(np.corrcoef(a * h[val] + b + x_val @ w + c, y[val])[0, 1])
        if best is None or r > best["validation"]:
            best = {"a": float(a), "b": float(b) + c, "w": w, "penalty": penalty, "validation": r}
    assert best is not None
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="scriptoria")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--drop", default="day,phase,to_act,decision,detail")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()

    from inkhorn.games import get_game

    game = get_game(args.game)
    players = game.check_players(args.players)
    names = game.features(players, game.options({})).names
    jobs = [(game.id, players, seed, args.every) for seed in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        parts = list(pool.map(play, jobs, chunksize=16))
    dropped = tuple(f"{block}." for block in args.drop.split(",") if block)
    kept = [i for i, name in enumerate(names) if not name.startswith(dropped)]
    x = np.concatenate([p[0][:, kept] for p in parts])
    h, stage, y, seeds = (np.concatenate([p[i] for p in parts]) for i in range(1, 5))
    del parts
    test, val = seeds % 5 == 0, seeds % 5 == 1
    model = fit(x, h, y, ~test & ~val, val)
    predicted = model["a"] * h + model["b"] + predict(x, model["w"])
    print(f"{args.game}, {players} seats: {args.games} greedy games, {len(x):,} rows of {len(names)} numbers "
          f"({len(kept)} kept); penalty {model['penalty']:g}")
    print(f"{'fifth of the game':>18} {'rows':>7} {'standing':>10} {'fitted':>8}   (correlation with the final margin)")
    for fifth in range(5):
        rows = test & (stage >= fifth / 5) & (stage < (fifth + 1) / 5)
        print(f"{fifth + 1:>18} {int(rows.sum()):>7} {np.corrcoef(h[rows], y[rows])[0, 1]:>10.3f} "
              f"{np.corrcoef(predicted[rows], y[rows])[0, 1]:>8.3f}")
    if args.out:
        weights = {names[i]: float(v) for i, v in zip(kept, model["w"], strict=True) if v != 0.0}
        with open(args.out, "w") as fh:
            made_by = (f"bench/value_fit.py --game {game.id} --players {players} --games {args.games} "
                       f"--every {args.every} --drop {args.drop} (ridge penalty {model['penalty']:g})")
            json.dump({"game": game.id, "players": players, "a": model["a"], "b": model["b"], "w": weights,
                       "made_by": made_by}, fh, indent=1)


if __name__ == "__main__":
    main()
