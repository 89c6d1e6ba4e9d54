"""How well does a game's heuristic foretell the end, at each stage of the game?

A search bot values the leaves it cannot play out with the game's heuristic (``Game.heuristics``,
one value per seat), and compares leaves from different stages of the game. Where the
heuristic hardly foretells the final result, more search only optimises a short-sighted
proxy; where its scale differs between stages, the search prefers lines that end in a stage
it over-values.

This plays ``--games`` seeded greedy games (every seat greedy, the game's default player
count) and, at every decision with a real choice, takes every seat's heuristic value. For
each stage of the game (the share of its decisions already taken, in ``--stages`` equal
parts) and each kind of decision, it fits the final margin (a seat's score minus the best
other seat's) to that value: the slope (final points per heuristic point) and the
correlation. A well-calibrated heuristic has slopes alike across stages and kinds, and a
correlation that grows towards the end. Beside it, the correlation of the score margin so far
(``scores()`` of the state, each seat's minus the best other's) with the final margin: what a
heuristic should add to. Where even the score so far says nothing (Scriptoria's first Day:
points taken early do not foretell the end), a search's early choices have little to win.

    python bench/calibration.py [--game scriptoria] [--games 200] [--seed 5000]
                                [--stages 5] [--min-rows 300] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from typing import Any

Row = tuple[float, str, float, float, float]


def sample(game_id: str, games: int, seed: int) -> list[Row]:
    """(stage, decision kind, heuristic value, score margin so far, final margin) for every
    seat at every real choice."""
    from inkhorn.agents import make_agent
    from inkhorn.core.value import margins
    from inkhorn.games import get_game

    game = get_game(game_id)
    rows = []
    for g in range(seed, seed + games):
        state = game.new_game(game.default_players, g)
        bots = [make_agent("greedy", seed=g * 10 + s) for s in range(state.num_players)]
        taken: list[tuple[int, str, list[float], list[float]]] = []
        decisions = 0
        while not state.is_terminal():
            seat = state.current_seat()
            assert seat is not None  # a game not over has a seat to move
            if len(state.legal_actions()) > 1:
                taken.append((decisions, type(state.decision()).__name__, game.heuristics(state),
                              margins(state.scores())))
            state.apply(bots[seat].choose(state, seat))
            decisions += 1
        final = margins(state.scores())
        for index, kind, values, so_far in taken:
            for s in range(len(final)):
                rows.append((index / decisions, kind, values[s], so_far[s], final[s]))
    return rows


def fit(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Least-squares slope of ys on xs, and their correlation."""
    if len(set(xs)) < 2 or len(set(ys)) < 2:
        return 0.0, 0.0
    slope = statistics.covariance(xs, ys) / statistics.variance(xs)
    return slope, statistics.correlation(xs, ys)


def table(rows: list[Row], stages: int, min_rows: int) -> list[dict[str, Any]]:
    cells: dict[tuple[int, str], tuple[list[float], list[float], list[float]]] = defaultdict(lambda: ([], [], []))
    for stage, kind, value, so_far, final in rows:
        part = min(int(stage * stages), stages - 1)
        for key in ((part, "(all)"), (part, kind)):
            cells[key][0].append(value)
            cells[key][1].append(so_far)
            cells[key][2].append(final)
    out = []
    for (part, kind), (xs, sofar, ys) in sorted(cells.items()):
        if len(xs) < min_rows:
            continue
        slope, corr = fit(xs, ys)
        out.append({"stage": f"{part / stages:.0%}-{(part + 1) / stages:.0%}", "kind": kind, "rows": len(xs),
                    "slope": round(slope, 3), "correlation": round(corr, 3),
                    "mean_abs_value": round(statistics.fmean(abs(x) for x in xs), 3),
                    "score_correlation": round(fit(sofar, ys)[1], 3)})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="scriptoria")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5000, help="first game seed (the ladders use 0 upwards)")
    parser.add_argument("--stages", type=int, default=5)
    parser.add_argument("--min-rows", type=int, default=300, help="leave out cells with fewer rows")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    from inkhorn.games import game_ids

    if args.game not in game_ids():
        parser.error(f"unknown game {args.game!r}; games: {', '.join(game_ids())}")
    result = table(sample(args.game, args.games, args.seed), args.stages, args.min_rows)
    print(f"{args.game}: heuristic value against final margin, {args.games} greedy games")
    print(f"{'stage':<10}{'decision':<18}{'rows':>8}{'slope':>8}{'corr':>7}{'mean |h|':>10}{'score corr':>12}")
    for r in result:
        print(f"{r['stage']:<10}{r['kind']:<18}{r['rows']:>8}{r['slope']:>8.2f}{r['correlation']:>7.2f}"
              f"{r['mean_abs_value']:>10.2f}{r['score_correlation']:>12.2f}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"game": args.game, "games": args.games, "seed": args.seed, "cells": result}, fh, indent=1)


if __name__ == "__main__":
    main()
