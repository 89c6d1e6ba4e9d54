"""Two ladder runs of one spec, compared game by game: how often an agent beats another in
each run, on the games both have played, and the paired difference with its 95% interval
(``inkhorn.lab.stats.paired``). Same seeds, same seats: only the agent changed, so the
comparison needs far fewer games than two shares side by side.

    python bench/paired.py ladder-scriptoria ladder-scriptoria-bias --first mcts --second greedy

``--first`` matches the agent's spec by its start (``mcts`` matches ``mcts:iters=1000,bias=1``),
so the two runs may name their search differently. ``--by-seat`` also splits the results by
whether the first agent's seat number is below the second's.
"""

from __future__ import annotations

import argparse

from inkhorn.core.errors import InkhornError
from inkhorn.lab.query import connect
from inkhorn.lab.stats import paired


def per_game(out: str, first: str, second: str, by_seat: bool) -> dict[tuple[int, bool], float]:
    """Per game (and, with ``by_seat``, whether the first agent sits lower): the share of
    head-to-head results the first agent wins against the second (a tie counts a half)."""
    con = connect(out)
    if not con.execute("SELECT view_name FROM duckdb_views() WHERE view_name = 'pairs'").fetchall():
        raise SystemExit(f"{out}: no game finished yet")
    # without ``by_seat`` a game is one group: a game with two pairs of these agents (two
    # seats of one agent, in a game of more seats than agents) is not split by seat order
    lower = "first_seat < second_seat" if by_seat else "true"
    rows = con.execute(
        f"SELECT game_index, {lower}, avg(beats) FROM pairs "
        "WHERE starts_with(first, ?) AND starts_with(second, ?) GROUP BY ALL",
        [first, second],
    ).fetchall()
    return {(int(game), bool(low)): float(share) for game, low, share in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", help="the lab output folder of the first run")
    parser.add_argument("other", help="the lab output folder of the run compared with it")
    parser.add_argument("--first", default="mcts", help="the agent whose results are compared (spec prefix)")
    parser.add_argument("--second", default="greedy", help="its opponent (spec prefix)")
    parser.add_argument("--by-seat", action="store_true", help="split by whether the first agent sits lower")
    args = parser.parse_args()
    try:
        base = per_game(args.baseline, args.first, args.second, args.by_seat)
        other = per_game(args.other, args.first, args.second, args.by_seat)
    except InkhornError as exc:  # not a results folder
        raise SystemExit(str(exc)) from None
    groups = sorted({key[1] for key in base} | {key[1] for key in other})
    if not groups:
        raise SystemExit(f"no result of {args.first!r} against {args.second!r} in either run")
    for group in groups:
        common = sorted(k for k in base.keys() & other.keys() if k[1] == group)
        label = ("" if not args.by_seat else
                 f"{args.first} at the lower seat: " if group else f"{args.first} at the higher seat: ")
        if not common:
            print(f"{label}no game played by both runs")
            continue
        a = sum(base[k] for k in common) / len(common)
        b = sum(other[k] for k in common) / len(common)
        est = paired([other[k] - base[k] for k in common])
        print(f"{label}{len(common)} games: {args.first} beats {args.second} in {a:.1%} -> {b:.1%}; "
              f"difference {est.mean:+.1%} (95%: {est.low:+.1%} to {est.high:+.1%})")


if __name__ == "__main__":
    main()
