"""Bot games for the content check (not part of the test suite: run by hand).

    python -m tests.ancients.balance --games 1000 --seconds 900 --out report.json

Plays seeded games with 2-4 builders, half all-greedy and half greedy/random mixes, and
reports for every card how often it was played (created or learned) and, in the all-greedy
games (equal bots), the win rate of the builders who played it against the 1/players
expectation ("lift"), plus greedy-against-random win rates with the greedy seat rotated.
One process; stops at the time limit.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict

from inkhorn.games import get_game
from inkhorn.games.ancients.state import EMPTY
from inkhorn.match import play_match


def played_cards(state, seat):
    cards = set(state.past[seat]) | set(state.artifacts[seat]) | set(state.techs[seat])
    cards |= {x for x in state.timeline[seat * 12 : seat * 12 + 12] if x != EMPTY}
    return cards


def run(games: int, seconds: float) -> dict:
    game = get_game("ancients")
    content = game.new_game(2, 0).content
    uses = defaultdict(int)
    mirror_uses = defaultdict(int)  # all-greedy games: equal bots, so the win rate speaks of the card
    wins = defaultdict(float)
    expected = defaultdict(float)
    gvr = {p: [0, 0] for p in (2, 3, 4)}
    started = time.perf_counter()
    played = 0
    decisions = 0
    for g in range(games):
        if time.perf_counter() - started > seconds:
            break
        players = 2 + g % 3
        if g % 2 == 0:
            agents = ["greedy"] * players
        else:
            agents = ["random"] * players
            agents[(g // 2) % players] = "greedy"
        res = play_match("ancients", agents, 50_000 + g)
        decisions += res.decisions
        final = game.new_game(players, 50_000 + g)
        for a in res.actions:
            final.apply_trusted(a)
        share = 1.0 / len(res.winners)
        for s in range(players):
            won = share if s in res.winners else 0.0
            for x in played_cards(final, s):
                uses[x] += 1
                if g % 2 == 0:
                    mirror_uses[x] += 1
                    wins[x] += won
                    expected[x] += 1.0 / players
        if g % 2 == 1:
            gs = (g // 2) % players
            gvr[players][0] += share if gs in res.winners else 0.0
            gvr[players][1] += 1
        played += 1
    elapsed = time.perf_counter() - started
    cards = []
    for x, card in enumerate(content.all):
        n = mirror_uses[x]
        cards.append(
            {
                "id": card.id,
                "name": card.name,
                "uses": uses[x],
                "greedy_mirror_uses": n,
                "win_rate": round(wins[x] / n, 3) if n else None,
                "lift": round(wins[x] / expected[x], 3) if n else None,
            }
        )
    solid = [c["lift"] for c in cards if c["greedy_mirror_uses"] >= 30]
    return {
        "games": played,
        "seconds": round(elapsed, 1),
        "decisions": decisions,
        "never_played": [c["id"] for c in cards if c["uses"] == 0],
        "uses_min_median_max": [
            min(c["uses"] for c in cards),
            statistics.median(c["uses"] for c in cards),
            max(c["uses"] for c in cards),
        ],
        "lift_min_median_max_stdev": [
            min(solid),
            statistics.median(solid),
            max(solid),
            round(statistics.pstdev(solid), 3),
        ]
        if solid
        else None,
        "greedy_vs_random": {p: {"greedy_win_share": round(w / n, 3) if n else None, "games": n} for p, (w, n) in gvr.items()},
        "rarely_chosen_by_greedy": sorted(cards, key=lambda c: c["greedy_mirror_uses"])[:8],
        "top_lift": sorted((c for c in cards if c["greedy_mirror_uses"] >= 30), key=lambda c: -c["lift"])[:8],
        "bottom_lift": sorted((c for c in cards if c["greedy_mirror_uses"] >= 30), key=lambda c: c["lift"])[:8],
        "cards": cards,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=900)
    parser.add_argument("--out", default="ancients-balance.json")
    args = parser.parse_args()
    report = run(args.games, args.seconds)
    with open(args.out, "w") as fh:
        json.dump(report, fh, indent=1)
    short = {k: v for k, v in report.items() if k != "cards"}
    print(json.dumps(short, indent=1))


if __name__ == "__main__":
    main()
