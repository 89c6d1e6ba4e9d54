"""The table page in Chromium: how fast it loads and draws, and how fast a move redraws it.

Starts a real ``inkhorn serve`` (SQLite), and for each game makes a table (one person, bots
in the other seats) and plays it some way in over the API, so the page opens on a table in
mid-game. Then, in Debian's Chromium driven by Playwright:

- **load and draw**: a fresh browser context opens the seat's link; measured with
  Chromium's navigation timing, from the start of the navigation to the later of the load
  event and the first drawn table (the page's ``inkhorn:drawn`` mark). Median of ``--loads``.
- **redraw**: the page plays ``--moves`` moves by clicking its table; each state frame is
  timed from its arrival to the next paint (``inkhorn:redraw`` measures). p50, p95, max.

The yardstick, measured in the same run and browser, is the load of the server's smallest
page (the "no such table" page, no script): ratios to it say how much the table page costs
beyond what any page costs on this machine. Targets: load and draw < 1000 ms, redraw p95 < 100 ms.

    python bench/page.py [--loads 5] [--moves 30] [--advance 40] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from inkhorn.server.harness import start_server  # noqa: E402

GAMES = {"scriptoria": 3, "verse_variant": 3, "manuscript": 3, "novelist": 2, "ancients": 3}
CHROMIUM = "/usr/bin/chromium"
LOADED = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const drawn = performance.getEntriesByName('inkhorn:drawn')[0];
  return [nav.loadEventEnd, drawn ? drawn.startTime : null];
}"""


def advance(http: httpx.Client, table: str, token: str, moves: int, rng: random.Random) -> None:
    """Play the person's seat ``moves`` times over the API (the bots answer in between)."""
    headers = {"X-Seat-Token": token}
    played = 0
    for _ in range(moves * 200):
        view = http.get(f"/api/tables/{table}/state", headers=headers).json()
        if view["finished"] or played >= moves:
            return
        if view["actions"]:
            action = rng.choice(view["actions"])["id"]
            reply = http.post(f"/api/tables/{table}/moves", headers=headers,
                              json={"action": action, "version": view["version"]})
            played += reply.status_code == 200
        else:
            time.sleep(0.02)


def load_ms(browser: Any, url: str, ready: str) -> float:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(ready)
    if ready == "#board .zone":
        page.wait_for_function("performance.getEntriesByName('inkhorn:drawn').length > 0")
    loaded, drawn = page.evaluate(LOADED)
    context.close()
    return max(loaded, drawn or 0)


def redraws(browser: Any, url: str, moves: int, rng: random.Random) -> list[float]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#board .zone")
    clicked = 0
    for _ in range(moves * 100):
        if clicked >= moves or page.locator("#result:visible").count():
            break
        if not page.locator("#turn.yours").count():
            page.wait_for_timeout(20)
            continue
        before = page.get_attribute("#table", "data-version")
        pieces = page.locator("#board .choosable[data-choices]")  # not a letter being added to a word
        if pieces.count():
            pieces.nth(rng.randrange(pieces.count())).click()
            menu = page.locator(".choice-menu button[data-action]")
            if menu.count():
                menu.first.click()
        else:
            buttons = page.locator("#actions button[data-action]")
            if not buttons.count():
                page.wait_for_timeout(20)
                continue
            buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(f"document.getElementById('table').dataset.version !== '{before}' || "
                               "document.getElementById('move-error').textContent.length > 0")
        clicked += 1
    page.wait_for_timeout(200)
    times = page.evaluate("() => performance.getEntriesByName('inkhorn:redraw').map((m) => m.duration)")
    context.close()
    return times[1:]  # the first frame is the load's own draw


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--advance", type=int, default=40, help="moves played before the page opens")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rng = random.Random(1)
    folder = Path(tempfile.mkdtemp(prefix="inkhorn-page-"))
    server = start_server(str(folder / "bench.db"))
    rows = []
    try:
        with sync_playwright() as p, httpx.Client(base_url=server.url, timeout=30) as http:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
            load_ms(browser, f"{server.url}/t/none", "h1")  # warm the browser and the server
            yardstick = statistics.median(load_ms(browser, f"{server.url}/t/none", "h1") for _ in range(args.loads))
            for game, players in GAMES.items():
                seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
                created = http.post("/api/tables", json={"game": game, "players": players, "seats": seats}).json()
                link = created["seat_links"][0]
                advance(http, created["table"]["id"], link["token"], args.advance, rng)
                loads = [load_ms(browser, link["url"], "#board .zone") for _ in range(args.loads)]
                times = sorted(redraws(browser, link["url"], args.moves, rng))
                rows.append({
                    "game": game, "load_ms": statistics.median(loads), "load_ratio": statistics.median(loads) / yardstick,
                    "redraw_p50_ms": times[len(times) // 2], "redraw_p95_ms": times[int(len(times) * 0.95) - 1],
                    "redraw_max_ms": times[-1], "redraws": len(times),
                })
            browser.close()
    finally:
        server.stop()
    print(f"yardstick: the smallest page loads in {yardstick:.0f} ms (median of {args.loads})\n")
    print("| game | load+draw ms | × yardstick | redraw p50 ms | p95 ms | max ms | redraws |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['game']} | {r['load_ms']:.0f} | {r['load_ratio']:.1f} | {r['redraw_p50_ms']:.1f} | "
              f"{r['redraw_p95_ms']:.1f} | {r['redraw_max_ms']:.1f} | {r['redraws']} |")
    ok = all(r["load_ms"] < 1000 and r["redraw_p95_ms"] < 100 for r in rows)
    print(f"\ntargets (load+draw < 1000 ms, redraw p95 < 100 ms): {'met' if ok else 'NOT met'}")
    if args.json:
        args.json.write_text(json.dumps({"yardstick_ms": yardstick, "games": rows}, indent=1))


if __name__ == "__main__":
    main()
