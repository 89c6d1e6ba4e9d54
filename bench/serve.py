"""The server under load: concurrent tables of people playing as fast as it answers.

Starts a real ``inkhorn serve`` (on a SQLite file, then on a throwaway PostgreSQL cluster),
opens ``--tables`` tables of 3 seats, and connects one WebSocket client per seat. The seat
that decides sends a random legal move at once; the round trip is from sending it to
receiving its own next frame (the move committed, and the seat's new view built and sent).
A finished table is replaced by a new one, so the load stays constant. Reported: p50, p95
and p99 round trip, moves/s and errors. Target: p95 < 50 ms and no error on both databases.

    python bench/serve.py [--tables 50] [--seconds 20] [--db sqlite,postgresql] [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from inkhorn.server.harness import start_postgres, start_server  # noqa: E402

GAMES = ["scriptoria", "verse_variant", "manuscript", "novelist", "ancients"]


class Load:
    def __init__(self, url: str, ws: str, deadline: float, warmup_until: float):
        self.url, self.ws = url, ws
        self.deadline, self.warmup_until = deadline, warmup_until
        self.rtts: list[float] = []
        self.errors: list[str] = []
        self.moves = 0
        self.games_finished = 0

    async def seat(self, table_id: str, token: str, seed: int) -> None:
        rng = random.Random(seed)
        async with websockets.connect(f"{self.ws}/ws/tables/{table_id}", max_size=1 << 24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "have": 0}))
            sent_at: float | None = None
            sent_version = -1
            while True:
                # the other seats are sent nothing for a move that may still be taken back, so a
                # seat waiting when the others stop at the deadline stops a moment later
                try:
                    text = await asyncio.wait_for(ws.recv(), max(1.0, self.deadline - time.perf_counter() + 1))
                except TimeoutError:
                    return
                frame = json.loads(text)
                now = time.perf_counter()
                if frame["type"] == "error":
                    self.errors.append(frame["error"])
                    sent_at = None
                    continue
                if sent_at is not None and frame["version"] > sent_version:
                    if now >= self.warmup_until and now <= self.deadline:
                        self.rtts.append(now - sent_at)
                        self.moves += 1
                    sent_at = None
                if frame["finished"]:
                    return
                if now > self.deadline:
                    return
                if frame["actions"] and sent_at is None:
                    action = rng.choice(frame["actions"])["id"]
                    sent_version = frame["version"]
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "move", "action": action, "version": frame["version"]}))

    async def table(self, http: httpx.AsyncClient, k: int) -> None:
        n = 0
        while time.perf_counter() < self.deadline:
            game = GAMES[(k + n) % len(GAMES)]
            reply = await http.post("/api/tables", json={"game": game, "players": 3})
            if reply.status_code != 201:
                self.errors.append(reply.text)
                return
            created = reply.json()
            table_id = created["table"]["id"]
            try:
                await asyncio.gather(*(self.seat(table_id, link["token"], k * 1000 + n * 10 + i)
                                       for i, link in enumerate(created["seat_links"])))
            except Exception as exc:  # a dropped connection counts as an error
                self.errors.append(f"{type(exc).__name__}: {exc}")
                return
            if time.perf_counter() < self.deadline:
                self.games_finished += 1
            n += 1


async def run_load(url: str, ws: str, tables: int, seconds: float, warmup: float) -> dict[str, Any]:
    start = time.perf_counter()
    load = Load(url, ws, start + warmup + seconds, start + warmup)
    limits = httpx.Limits(max_connections=tables)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        await asyncio.gather(*(load.table(http, k) for k in range(tables)))
    rtts = sorted(load.rtts)

    def pct(p: float) -> float:
        return rtts[min(len(rtts) - 1, int(p / 100 * len(rtts)))] * 1000 if rtts else float("nan")

    return {"tables": tables, "seconds": seconds, "moves": load.moves, "moves_per_s": load.moves / seconds,
            "p50_ms": pct(50), "p95_ms": pct(95), "p99_ms": pct(99),
            "mean_ms": statistics.fmean(rtts) * 1000 if rtts else float("nan"),
            "errors": len(load.errors), "first_error": load.errors[0] if load.errors else "",
            "games_finished": load.games_finished}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = []
    for kind in args.db.split(","):
        cluster = None
        if kind == "sqlite":
            db = str(Path(tempfile.mkdtemp(prefix="inkhorn-bench-")) / "bench.db")
        else:
            cluster = start_postgres()
            db = cluster.create_database("bench")
        server = start_server(db)
        try:
            result = asyncio.run(run_load(server.url, server.ws, args.tables, args.seconds, args.warmup))
        finally:
            server.stop()
            if cluster:
                cluster.stop()
        result["db"] = kind
        rows.append(result)
        print(f"{kind}: {result}", file=sys.stderr)
    print("| database | tables | moves | moves/s | p50 ms | p95 ms | p99 ms | errors | target p95 < 50 ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        ok = "met" if r["p95_ms"] < 50 and r["errors"] == 0 else "missed"
        print(f"| {r['db']} | {r['tables']} | {r['moves']:,} | {r['moves_per_s']:.0f} | {r['p50_ms']:.1f} | "
              f"{r['p95_ms']:.1f} | {r['p99_ms']:.1f} | {r['errors']} | {ok} |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
