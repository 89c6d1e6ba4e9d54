"""Players and spectators as the tests (and ``bench/serve.py``) run them: real HTTP and
WebSocket clients of a real server, and the audit of everything a seat was sent."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

from inkhorn import games
from inkhorn.core.checks import leaked_name, secrets


@dataclass
class Sent:
    """Something the server sent a seat (``None``: a spectator): a frame (with its scene: the
    table drawn for that seat) or an API answer, with the table version it was made at."""

    seat: int | None
    version: int
    kind: str
    data: Any


@dataclass
class Seat:
    """One connection: a seat (with its token) or a spectator, playing random legal moves."""

    ws_url: str
    table_id: str
    token: str | None
    seed: int = 0
    sent: list[Sent] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    moves: int = 0
    last: dict[str, Any] | None = None

    async def play(self, http: httpx.AsyncClient | None = None, http_every: int = 0,
                   stop_after: int | None = None, post_every: int = 0) -> dict[str, Any]:
        """Play (or watch) to the end of the game; the last frame. ``http_every``: fetch this
        seat's state over HTTP before every n-th own move;
        ``post_every``: send every n-th own move over HTTP instead of the WebSocket."""
        rng = random.Random(self.seed)
        async with websockets.connect(f"{self.ws_url}/ws/tables/{self.table_id}", max_size=1 << 24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token, "have": len(self.log), "scene": True}))
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "error":
                    self.errors.append(message)
                    continue
                self.take(message)
                if message["finished"] or (stop_after is not None and self.moves >= stop_after):
                    return message
                if message["actions"]:
                    if http is not None and http_every and self.moves % http_every == 0:
                        await self.fetch_extras(http, message["seat"])
                    action = rng.choice(message["actions"])["id"]
                    move = {"action": action, "version": message["version"]}
                    self.moves += 1
                    if http is not None and post_every and self.moves % post_every == 0:
                        reply = await http.post(f"/api/tables/{self.table_id}/moves", json=move,
                                                headers={"X-Seat-Token": str(self.token)})
                        assert reply.status_code == 200, reply.text
                        answer = reply.json()
                        self.sent.append(Sent(answer["seat"], answer["version"], "state", answer))
                    else:
                        await ws.send(json.dumps({"type": "move", **move}))

    def take(self, frame: dict[str, Any]) -> None:
        assert frame["log_from"] <= len(self.log), "a frame skipped log entries"
        self.log[frame["log_from"]:] = frame["log"]
        assert len(self.log) == frame["version"], "the log and the version disagree"
        self.sent.append(Sent(frame["seat"], frame["version"], "frame", frame))
        self.last = frame

    async def fetch_extras(self, http: httpx.AsyncClient, seat: int | None) -> None:
        headers = {"X-Seat-Token": self.token} if self.token else {}
        state = (await http.get(f"/api/tables/{self.table_id}/state", headers=headers,
                                params={"scene": "true"})).json()
        self.sent.append(Sent(seat, state["version"], "state", state))


async def create_table(http: httpx.AsyncClient, game: str, seats: list[dict[str, Any]],
                       players: int | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    reply = await http.post("/api/tables", json={"game": game, "players": players or len(seats),
                                                 "seats": seats, "options": options or {}})
    assert reply.status_code == 201, reply.text
    return reply.json()


def audit(log: dict[str, Any], sent: list[Sent]) -> int:
    """Replay a finished game's log and check that nothing sent to a seat named a component
    hidden from that seat when it was sent (``Game.hidden_names``, the core's leak check):
    the observation, prompt and choices against the secrets of that version; each log
    entry against what was hidden from the seat both just before and just after that
    action (a card played face up was hidden before and is not after). Returns the number
    of items checked."""
    game = games.get_game(log["game"])
    state = game.new_game(log["players"], log["seed"], log["options"])
    at_version: dict[int, list[Sent]] = {}
    entries: dict[int, list[tuple[int | None, dict[str, Any]]]] = {}
    for item in sent:
        at_version.setdefault(item.version, []).append(item)
        if item.kind == "frame":
            for entry in item.data["log"]:
                entries.setdefault(entry["index"], []).append((item.seat, entry))
    checked = 0

    def check_items(now: dict[int | None, set[str]], version: int) -> int:
        n = 0
        for item in at_version.get(version, []):
            data = item.data
            if item.kind in ("frame", "state"):
                # the log is checked entry by entry below; the table's id is random letters
                # made by the server, not of the game, and may spell a name by chance (a
                # Verse & Variant table "G1-dXA78fT6E" holds the card code G1)
                data = {k: v for k, v in data.items() if k not in ("log", "table")}
            text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
            name = leaked_name(now[item.seat], text)
            assert name is None, f"{item.kind} sent to seat {item.seat} at version {version} names {name!r}"
            n += 1
        return n

    before = secrets(state)
    checked += check_items(before, 0)
    for index, action in enumerate(log["actions"]):
        draws = state.rng.counter
        state.apply(action)
        after = secrets(state)
        if state.rng.counter == draws:  # see inkhorn.core.checks.play_watched
            for seat, entry in entries.get(index, []):
                name = leaked_name(before[seat] & after[seat], json.dumps(entry, ensure_ascii=False))
                assert name is None, f"log entry {index} sent to seat {seat} names {name!r}: {entry}"
                checked += 1
        checked += check_items(after, index + 1)
        before = after
    return checked


async def gather_players(*coroutines: Any) -> list[Any]:
    return list(await asyncio.gather(*coroutines))
