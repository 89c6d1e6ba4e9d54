"""DuckDB over a results folder: the views ``games``, ``seats``, ``events`` and ``pairs``.

``pairs`` holds, for every two seats of one game played by different agents, whether the
first beat the second (``beats``: 1, 0, or 0.5 when equal; a winner beats a non-winner,
else the higher score), so head-to-head rates are one ``GROUP BY`` away::

    inkhorn lab query RESULTS "SELECT first, second, avg(beats), count(*) FROM pairs GROUP BY ALL"
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
from rich.table import Table

from inkhorn.lab.spec import LabError
from inkhorn.lab.store import TABLES, Results

PAIRS = """
CREATE VIEW pairs AS
SELECT a.variant, a.players, a.game_index, a.seed, a.seat AS first_seat, b.seat AS second_seat,
       a.agent AS first, b.agent AS second,
       CASE WHEN (a.win > 0) <> (b.win > 0) THEN CASE WHEN a.win > 0 THEN 1.0 ELSE 0.0 END
            WHEN a.win > 0 OR a.score = b.score THEN 0.5
            WHEN a.score > b.score THEN 1.0 ELSE 0.0 END AS beats
FROM seats a JOIN seats b USING (variant, players, game_index)
WHERE a.seat <> b.seat AND a.agent <> b.agent
"""


def connect(root: str | Path) -> duckdb.DuckDBPyConnection:
    results = Results(root)
    results.meta()  # a clear error when this is no results folder
    con = duckdb.connect()
    for table in TABLES:
        if any((results.root / table).glob("part-*.parquet")):
            pattern = results.glob(table).replace("'", "''")
            con.execute(f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{pattern}', union_by_name = true)")
    if any((results.root / "seats").glob("part-*.parquet")):
        con.execute(PAIRS)
    return con


READING = {duckdb.StatementType.SELECT, duckdb.StatementType.EXPLAIN}


def check_sql(sql: str) -> None:
    """One statement that only reads (SELECT, WITH, DESCRIBE, SUMMARIZE, SHOW, EXPLAIN): a
    query never changes or writes anything (``COPY … TO``, ``CREATE``, ``ATTACH``, ``SET``)."""
    try:
        statements = duckdb.extract_statements(sql)
    except duckdb.Error as exc:
        first = str(exc).strip().splitlines()[0]
        raise LabError(f"query failed: {first} (views: games, seats, events, pairs)") from None
    if not statements:
        raise LabError("no SQL given: write one SELECT over the views games, seats, events, pairs")
    if len(statements) > 1:
        raise LabError(f"one statement at a time, got {len(statements)}")
    kind = statements[0].type
    if kind not in READING:
        raise LabError(f"a query only reads the results: {kind.name} is refused (use SELECT, WITH, DESCRIBE, "
                       "SUMMARIZE or EXPLAIN)")


def run_query(root: str | Path, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    check_sql(sql)
    con = connect(root)
    try:
        cur = con.execute(sql)
        if cur.description is None:
            return [], []
        return [d[0] for d in cur.description], cur.fetchall()
    except duckdb.Error as exc:
        first = str(exc).strip().splitlines()[0]
        raise LabError(f"query failed: {first} (views: games, seats, events, pairs)") from None
    finally:
        con.close()


def query_table(columns: list[str], rows: list[tuple[Any, ...]], limit: int = 200) -> Table:
    table = Table(caption=f"{len(rows)} rows" + (f", first {limit} shown" if len(rows) > limit else ""))
    for c in columns:
        table.add_column(c)
    for row in rows[:limit]:
        table.add_row(*(f"{v:.4g}" if isinstance(v, float) else str(v) for v in row))
    return table
