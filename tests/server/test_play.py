"""Whole games through a real ``inkhorn serve`` process: two people over WebSockets, bots in
the other seats, a spectator following; on SQLite and on PostgreSQL. Everything any of them
was sent is audited for secrets, and the downloaded log replays to the same scores."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from inkhorn import games
from inkhorn.core import ReplayLog
from tests.server.clients import Seat, audit, create_table
from tests.server.conftest import BOTH

# (players, the bots in the seats after the two people)
TABLES = {
    "scriptoria": (3, ["greedy"]),
    "verse_variant": (4, ["random", "greedy"]),
    "manuscript": (3, ["random"]),
    "novelist": (3, ["random"]),
    "ancients": (3, ["greedy"]),
}


async def play_whole_game(url: str, ws: str, game: str, ws_of: list[str] | None = None,
                          patience: float = 600) -> None:
    """Two people, bots and a spectator play ``game`` to its end; ``ws_of``: the servers the
    first person, the second and the spectator connect to (default: all to ``ws``); it fails
    if someone is still waiting after ``patience`` seconds."""
    players, bots = TABLES[game]
    ws_of = ws_of or [ws, ws, ws]
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]
        seats += [{"kind": "bot", "agent": agent} for agent in bots]
        created = await create_table(http, game, seats, players)
        table_id = created["table"]["id"]
        people = [Seat(ws_of[k], table_id, link["token"], seed=k) for k, link in enumerate(created["seat_links"])]
        spectator = Seat(ws_of[2], table_id, None)
        ends = await asyncio.wait_for(asyncio.gather(
            *(p.play(http, http_every=20, post_every=7) for p in people), spectator.play(http)), patience)
        await spectator.fetch_extras(http, None)
        reply = await http.get(f"/api/tables/{table_id}/log")
        assert reply.status_code == 200, reply.text
        log = reply.json()

    results = [end["result"] for end in ends]
    assert results[0] is not None and all(r == results[0] for r in results), "seats saw different results"
    for client in [*people, spectator]:
        assert client.errors == [], client.errors
        assert len(client.log) == len(log["actions"]), "a client missed log entries"
    assert all(p.moves > 0 for p in people)
    assert sum(p.moves for p in people) == sum(1 for e in spectator.log if e["seat"] < 2)
    replayed = ReplayLog.from_json(log).final_state(games.get_game(game))
    assert replayed.is_terminal()
    assert replayed.scores() == results[0]["scores"] and replayed.winners() == results[0]["winners"]
    assert log["agents"] == ["human", "human", *bots]
    checked = audit(log, [item for c in [*people, spectator] for item in c.sent])
    assert checked > len(log["actions"])


@BOTH
@pytest.mark.parametrize("game", sorted(TABLES))
def test_two_people_and_bots_play_a_whole_game(server, game):
    asyncio.run(play_whole_game(server.url, server.ws, game))
