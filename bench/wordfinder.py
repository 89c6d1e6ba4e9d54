"""Word finder latency for Novelist: full finds (words with their best layouts) on random
hands of 5-7 cards drawn from all 190 cards, with and without Timeless Classics in play.

    python bench/wordfinder.py [--hands 400] [--seed 1]

Prints the median, 90th percentile and worst time per find, and the median of the cheap
candidate-list call that the bots' spell decision and a learner's legal list use (a hand
not seen before). The target is a median find under 5 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from inkhorn.games.novelist.content import load_content
from inkhorn.games.novelist.scoring import Spelling
from inkhorn.games.novelist.words import WordFinder, load_dictionary


def sample_spellings(hands: int, seed: int) -> list[tuple[Spelling, dict[str, int]]]:
    content = load_content()
    rng = random.Random(seed)
    classics = [c.id for c in content.cards if c.classic]
    out = []
    for i in range(hands):
        cards = rng.sample(range(len(content.cards)), rng.choice([5, 6, 7]) + 3)
        hand = tuple(sorted(c for c in cards[:-3] if c not in classics))
        own = tuple(sorted(rng.sample(classics, 1))) if i % 3 == 0 else ()
        foreign = tuple(sorted(c for c in rng.sample(classics, 2) if c not in own)) if i % 4 == 0 else ()
        inked = (hand[0],) if i % 5 == 0 else ()
        sp = Spelling(hand=hand, must_up=inked, must_wild=(), own_classics=own, foreign_classics=foreign,
                      inked=inked, awards=((7, 5), (8, 6), (9, 7)), coin_weight=0.75)
        genres: dict[str, int] = {}
        out.append((sp, genres))
    return out


def measure(hands: int, seed: int) -> dict[str, float]:
    content = load_content()
    finder = WordFinder(load_dictionary(), content.cards, cache_size=0)
    samples = sample_spellings(hands, seed)
    full, cheap = [], []
    found = 0
    for sp, genres in samples:
        t = time.perf_counter()
        plays = finder.find(sp, genres)
        full.append(time.perf_counter() - t)
        found += len(plays)
        t = time.perf_counter()
        finder.candidates(sp, 10)
        cheap.append(time.perf_counter() - t)
    full.sort()
    return {
        "hands": hands,
        "median_ms": statistics.median(full) * 1000,
        "p90_ms": full[int(0.9 * len(full))] * 1000,
        "max_ms": full[-1] * 1000,
        "candidates_median_ms": statistics.median(cheap) * 1000,
        "words_per_find": found / hands,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_dictionary()
    r = measure(args.hands, args.seed)
    print(f"word finder over {r['hands']} hands of 5-7 cards: median {r['median_ms']:.2f} ms, "
          f"p90 {r['p90_ms']:.2f} ms, max {r['max_ms']:.2f} ms, {r['words_per_find']:.1f} words a find; "
          f"bots' candidate list: median {r['candidates_median_ms'] * 1000:.1f} µs")


if __name__ == "__main__":
    main()
