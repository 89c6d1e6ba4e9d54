"""A lab results folder copied into a new one with each table in a single Parquet file, small
enough to keep beside the specs that made it (``bench/results/``). The copy is a results
folder like any other: ``inkhorn lab run SPEC --out COPY`` resumes it, ``query``, ``report``
and ``bench/paired.py`` read it.

    python bench/keep.py lab-results bench/results/ladder-scriptoria
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import pyarrow.parquet as pq

from inkhorn.lab.spec import LabError
from inkhorn.lab.store import TABLES, Results


def keep(source: Path, dest: Path) -> int:
    """Copy ``source`` into the new folder ``dest``; the number of games copied."""
    results = Results(source)
    results.meta()  # a folder without lab.json is refused here, with the lab's own message
    if dest.exists():
        raise LabError(f"{dest} exists already: give a new folder")
    tmp = dest.with_name(dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    for table in TABLES:
        (tmp / table).mkdir(parents=True)
        rows = results.table(table)
        if rows.num_rows:
            pq.write_table(rows, tmp / table / "part-000000.parquet", compression="zstd")
    shutil.copy(source / "lab.json", tmp / "lab.json")
    tmp.rename(dest)  # in place only when whole
    return len(Results(dest).done())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="a lab results folder")
    parser.add_argument("dest", type=Path, help="the new folder for the copy")
    args = parser.parse_args()
    try:
        games = keep(args.source, args.dest)
    except LabError as exc:
        raise SystemExit(f"error: {exc}") from None
    print(f"{games} games kept in {args.dest}")


if __name__ == "__main__":
    main()
