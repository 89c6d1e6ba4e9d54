"""Running an experiment on Dask: an embedded ``LocalCluster`` (one single-threaded worker
process per core) or an existing cluster reached through its scheduler address.

Games are submitted one task each, at most a few per worker ahead of time, and written to
Parquet in chunks as they finish (every ``chunk`` games or ``flush_seconds``, whichever
comes first). Games already in the results folder are not played again.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from inkhorn.core.errors import InkhornError
from inkhorn.lab.play import play_task, warm_up
from inkhorn.lab.spec import BASELINE, LabError, Spec
from inkhorn.lab.store import Results


@dataclass
class RunSummary:
    played: int  # games played by this run
    skipped: int  # games found already done
    wall_seconds: float
    play_seconds: float  # time inside the games, summed over workers
    watch_seconds: float  # time reading holdings and scores, summed over workers
    workers: int
    startup_seconds: float = 0.0  # workers loading the game and agents, before the clock

    @property
    def games_per_second(self) -> float:
        return self.played / self.wall_seconds if self.wall_seconds else 0.0

    @property
    def overhead(self) -> float:
        """Share of worker time not spent playing: scheduling, Parquet, watching."""
        busy = self.wall_seconds * self.workers
        return (busy - self.play_seconds) / self.play_seconds if self.play_seconds else 0.0


def _client(scheduler: str | None, workers: int | None) -> tuple[Any, Any]:
    from dask.distributed import Client, LocalCluster

    if scheduler:
        try:
            return Client(scheduler, timeout="20s"), None
        except (OSError, TimeoutError) as exc:
            raise LabError(f"no Dask scheduler answers at {scheduler}: {exc}") from None
    n = workers or os.cpu_count() or 1
    # Ctrl-C reaches every process of the terminal's group: the worker processes are started
    # ignoring it (a spawned Python keeps an ignored SIGINT), so only this process answers,
    # saves what finished and closes the cluster, with no worker tracebacks on the screen.
    # The cluster's own logs stay off the screen too: a game that fails or a worker that dies
    # comes back as the future's error and is said once, in one line; what a worker logs when
    # its scheduler closes first (a heartbeat cut short) is noise on the progress bar.
    with _sigint_ignored():
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0",
                               silence_logs=logging.CRITICAL)
    return Client(cluster), cluster


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _task_name(task: dict[str, Any]) -> str:
    """A game of the experiment as a person replays it: its seed and who sat where."""
    seats = ", ".join(task["agents"])
    variant = f"variant {task['variant']}, " if task["variant"] != BASELINE else ""
    return (f"game {task['index']} ({variant}{task['players']} players, seed {task['seed']}, "
            f"seats: {seats})")


def run_experiment(
    spec: Spec,
    out: str | Path,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk: int = 50,
    flush_seconds: float = 5.0,
    progress: Callable[[int, int], None] | None = None,
    limit: int | None = None,
) -> RunSummary:
    """Play every game of ``spec`` not yet in ``out``; ``limit`` stops after that many."""
    from dask.distributed import as_completed

    results = Results(out)
    done = results.open_for(spec)
    todo = [t for t in spec.tasks() if (t["variant"], t["players"], t["index"]) not in done]
    skipped = sum(1 for _ in spec.tasks()) - len(todo)
    if limit is not None:
        todo = todo[:limit]
    client, cluster = _client(scheduler, workers)
    pending: list[dict[str, Any]] = []
    played = 0
    play_seconds = watch_seconds = 0.0
    startup = time.perf_counter()
    try:
        if todo:
            try:
                client.run(warm_up, todo[0])
            except Exception as exc:  # the same error the first game would meet, said once
                raise LabError(f"a worker could not set up {spec.game}: {exc}") from None
        started = time.perf_counter()
        startup = started - startup
        n_workers = max(1, len(client.scheduler_info().get("workers", {})))
        ahead = 4 * n_workers
        queue = iter(todo)
        futures = as_completed()
        submitted: dict[str, dict[str, Any]] = {}

        def submit(task: dict[str, Any]) -> None:
            key = f"game-{task['variant']}-{task['players']}-{task['index']}"
            submitted[key] = task
            futures.add(client.submit(play_task, task, pure=False, key=key))

        for task in itertools.islice(queue, ahead):  # a few games per worker ahead, the rest as they finish
            submit(task)
        last_flush = time.perf_counter()
        if progress is not None:
            progress(0, len(todo))
        for future in futures:
            try:
                result = future.result()
            except Exception as exc:  # a game that fails names its task; the others are kept
                # a rules or bot error is said as it is; any other is a bug, named by its kind
                said = str(exc) if isinstance(exc, InkhornError) else f"{type(exc).__name__}: {exc}"
                raise LabError(f"{_task_name(submitted[future.key])} failed on a worker: {said}") from None
            finally:
                submitted.pop(future.key, None)
                future.release()
            pending.append(result)
            played += 1
            play_seconds += result["game"]["play_seconds"]
            watch_seconds += result["game"]["watch_seconds"]
            nxt = next(queue, None)
            if nxt is not None:
                submit(nxt)
            if len(pending) >= chunk or time.perf_counter() - last_flush > flush_seconds:
                results.write_chunk(pending)
                pending = []
                last_flush = time.perf_counter()
            if progress is not None:
                progress(played, len(todo))
        wall = time.perf_counter() - started
    except KeyboardInterrupt:
        # stopping on purpose: the scheduler's notes on tasks lost with their workers are noise,
        # and so is a callback of its event loop cut short by the interrupt (tornado logs it)
        for name in ("distributed", "tornado.application"):
            logging.getLogger(name).setLevel(logging.CRITICAL)
        raise
    finally:
        results.write_chunk(pending)
        client.close()
        if cluster is not None:
            cluster.close()
    return RunSummary(played, skipped, wall, play_seconds, watch_seconds, n_workers, startup)
