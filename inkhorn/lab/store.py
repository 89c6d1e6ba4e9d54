"""A results folder: Parquet files written in chunks as games finish.

::

    RESULTS/lab.json              the spec and its fingerprint
    RESULTS/games/part-N.parquet  one row per game
    RESULTS/seats/part-N.parquet  one row per seat of each game
    RESULTS/events/part-N.parquet content events (seat, decision, kind, component)

A chunk's games file is renamed into place last, so a game counts as done only once all of
its rows are on disk; chunk files without their games file (a crash mid-write) are removed
on the next start. A crash or Ctrl-C thus loses at most the games not yet written.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from inkhorn.lab.spec import LabError, Spec

TABLES = ("games", "seats", "events")
KEY = ("variant", "players", "game_index")


class Results:
    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    # ---- opening --------------------------------------------------------------------------
    def open_for(self, spec: Spec) -> set[tuple[str, int, int]]:
        """Create or reopen the folder for ``spec``; the games already done."""
        meta = self.root / "lab.json"
        if self.root.exists() and not self.root.is_dir():
            raise LabError(f"{self.root} is a file, not a results folder")
        if meta.exists():
            old = self.meta()
            if old.get("fingerprint") != spec.fingerprint():
                raise LabError(
                    f"{self.root} holds results of another experiment (game {old.get('spec', {}).get('game')!r});"
                    " choose a new folder, or the same spec to resume"
                )
        elif self.root.exists() and any(self.root.iterdir()):
            raise LabError(f"{self.root} is not empty and holds no lab results; choose a new folder")
        for table in TABLES:
            (self.root / table).mkdir(parents=True, exist_ok=True)
        tmp = meta.with_suffix(".tmp")
        tmp.write_text(json.dumps({"fingerprint": spec.fingerprint(), "spec": spec.model_dump(mode="json")},
                                  indent=1))
        os.replace(tmp, meta)
        self._clean()
        return self.done()

    def meta(self) -> dict[str, Any]:
        try:
            return json.loads((self.root / "lab.json").read_text())
        except FileNotFoundError:
            raise LabError(f"{self.root} holds no lab results (no lab.json)") from None
        except (OSError, json.JSONDecodeError) as exc:
            raise LabError(f"{self.root}/lab.json cannot be read: {exc}") from None

    def _clean(self) -> None:
        finished = {p.name for p in (self.root / "games").glob("part-*.parquet")}
        for table in TABLES:
            for p in (self.root / table).iterdir():
                if p.suffix == ".tmp" or (table != "games" and p.name not in finished):
                    p.unlink()

    def done(self) -> set[tuple[str, int, int]]:
        parts = sorted((self.root / "games").glob("part-*.parquet"))
        if not parts:
            return set()
        t = pq.read_table(parts, columns=list(KEY)).to_pydict()
        return set(zip(t["variant"], t["players"], t["game_index"]))

    def _next_part(self) -> int:
        numbers = [int(p.stem.split("-")[1]) for p in (self.root / "games").glob("part-*.parquet")]
        return max(numbers, default=-1) + 1

    # ---- writing --------------------------------------------------------------------------
    def write_chunk(self, results: list[dict[str, Any]]) -> None:
        """The rows of finished games, as one chunk (games file last)."""
        if not results:
            return
        name = f"part-{self._next_part():06d}.parquet"
        rows = {
            "games": [r["game"] for r in results],
            "seats": [s for r in results for s in r["seats"]],
            "events": [e for r in results for e in r["events"]],
        }
        for table in ("events", "seats", "games"):
            if not rows[table]:
                continue
            path = self.root / table / name
            tmp = path.with_suffix(".tmp")
            pq.write_table(pa.Table.from_pylist(rows[table]), tmp)
            os.replace(tmp, path)

    # ---- reading --------------------------------------------------------------------------
    def table(self, name: str) -> pa.Table:
        parts = sorted((self.root / name).glob("part-*.parquet"))
        if not parts:
            return pa.table({})
        return pa.concat_tables([pq.read_table(p) for p in parts], promote_options="default")

    def glob(self, name: str) -> str:
        return str(self.root / name / "part-*.parquet")
