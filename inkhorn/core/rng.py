"""The state's own random source.

Search bots clone states hundreds of thousands of times, and copying a Mersenne Twister
(625 words) costs more than copying a whole game. So the state keeps only two integers, a
seed and a counter, and every random operation draws from a fresh ``random.Random`` keyed by
both. Same seed and same actions give the same draws; cloning is two integer copies; the
JSON form is the pair.

A determinized world re-deals its hidden parts every search iteration, and there
``shuffle``'s per-item Python calls and one seeding per list cost more than the rest of the
world. ``dealer()`` gives one stream for all of a world's re-deal and ``permute`` orders a
list by random keys (one C call per item); no saved game depends on how a world is dealt.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from random import Random
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class StateRng:
    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an integer, not {seed!r}")
        self.seed = seed
        self.counter = counter

    def _stream(self) -> Random:
        key = ((self.seed & _MASK64) << 64) | (self.counter & _MASK64)
        self.counter += 1
        return Random(key)

    def clone(self) -> StateRng:
        return StateRng(self.seed, self.counter)

    def reseed(self, seed: int) -> None:
        """Replace the future of this source (determinization gives each world its own)."""
        self.seed = seed
        self.counter = 0

    # One call, one stream: each operation below is a single draw event.
    def shuffle(self, items: MutableSequence[T]) -> None:
        self._stream().shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        return self._stream().choice(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._stream().sample(items, k)

    def randrange(self, stop: int) -> int:
        return self._stream().randrange(stop)

    def random(self) -> float:
        return self._stream().random()

    def dealer(self) -> Random:
        """One stream for many draws at once (a world's whole re-deal): a single draw event."""
        return self._stream()

    def to_json(self) -> list[int]:
        return [self.seed, self.counter]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> StateRng:
        return cls(int(data[0]), int(data[1]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StateRng) and (self.seed, self.counter) == (other.seed, other.counter)

    def __repr__(self) -> str:
        return f"StateRng(seed={self.seed}, counter={self.counter})"


def permute(items: MutableSequence[T], dealer: Random) -> None:
    """Put ``items`` in a uniformly random order drawn from ``dealer`` (see :meth:`StateRng.dealer`):
    sorted by independent random keys, a uniform permutation like ``shuffle``'s but a
    different one, so it is for worlds only, never for a real game's deal."""
    keys = [dealer.random() for _ in items]
    items[:] = [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]
