"""Ours and the yardstick measured in turns, so both see the same machine.

A figure measured in one stretch and its yardstick in another differ by whatever else the
machine did in between (another process, a clock change): on a shared two-core machine the
yardstick alone varied by a third between runs. Here each is a stream of units of work (a
game, a search, a pass of clones) that runs on where it left off; the two take turns in
``rounds`` slices of equal time, and each rate is its work over its time in all the slices.
"""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

# A unit of work: how much was done (decisions, simulations, clones) and the seconds it took
# (the time that counts: setting up between units is not measured).
Work = Iterator[tuple[float, float]]


@dataclass
class Meter:
    """A stream of work and what it has done so far."""

    stream: Work = field(default_factory=lambda: iter(()))
    done: float = 0.0
    seconds: float = 0.0
    units: int = 0

    def run(self, seconds: float) -> None:
        """Take units until this slice has counted ``seconds`` (the last unit runs to its end)."""
        spent = 0.0
        while spent < seconds:
            try:
                work, took = next(self.stream)
            except StopIteration:
                return
            self.done += work
            self.seconds += took
            spent += took
            self.units += 1

    def add(self, other: Meter) -> None:
        """Count ``other``'s work as this meter's too (a total over several runs)."""
        self.done += other.done
        self.seconds += other.seconds
        self.units += other.units

    @property
    def rate(self) -> float:
        return self.done / self.seconds if self.seconds else 0.0


def side_by_side(yardstick: Meter | None, ours: Meter, seconds: float, rounds: int = 4) -> float | None:
    """Run both for ``seconds`` each, in turns; the ratio of our rate to the yardstick's
    (``None`` without a yardstick)."""
    for _ in range(rounds):
        if yardstick is not None:
            yardstick.run(seconds / rounds)
        ours.run(seconds / rounds)
    if yardstick is None or not yardstick.rate:
        return None
    return ours.rate / yardstick.rate


def timed(fn, *args) -> tuple[object, float]:
    """``fn(*args)`` and the seconds it took."""
    started = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - started


def machine() -> str:
    """The processor, its cores and its per-core second-level cache, as Linux tells them.

    A ratio holds for the machine it was measured on. The same build's RL ratios fell by a
    third from one two-core machine to another whose cores have 1 MB of second-level cache:
    less than a learner's step takes in code and data, so each step fetches them again from
    the cache the cores share, the yardstick's step less so."""
    model = platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.partition(":")[2].strip()
                break
    except OSError:
        pass
    try:
        cache = Path("/sys/devices/system/cpu/cpu0/cache/index2/size").read_text().strip()
    except OSError:
        cache = "unknown"
    return f"{model}, {os.cpu_count()} cores, second-level cache {cache} a core"
