"""What a stranger, a wrong link or a bad request can do to a table: nothing. Each refusal is
one line of JSON naming the problem, with the right status, and the table is unchanged."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets

from inkhorn.agents import DEFAULT_BOT
from tests.server.clients import create_table

WRONG = "x" * 43


@pytest.fixture
def table(any_server):
    """A Scriptoria table of two people and a bot, and another table."""
    with httpx.Client(base_url=any_server.url, timeout=30) as http:
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "random"}]
        one = asyncio.run(_create(any_server.url, "scriptoria", seats))
        other = asyncio.run(_create(any_server.url, "scriptoria", seats))
        yield http, one, other


async def _create(url, game, seats):
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        return await create_table(http, game, seats)


def state(http, created, seat=None):
    token = created["seat_links"][seat]["token"] if seat is not None else None
    headers = {"X-Seat-Token": token} if token else {}
    reply = http.get(f"/api/tables/{created['table']['id']}/state", headers=headers)
    assert reply.status_code == 200, reply.text
    return reply.json()


def refused(reply, status, words):
    assert reply.status_code == status, reply.text
    body = reply.json()
    assert set(body) == {"error", "code", "version"} and words in body["error"], body
    assert "Traceback" not in reply.text and "\n" not in body["error"]


def test_a_wrong_missing_or_other_tables_token_is_refused_and_changes_nothing(table):
    http, one, other = table
    tid = one["table"]["id"]
    before = state(http, one)
    mover = before["turn"]["seat"]
    action = state(http, one, mover)["actions"][0]["id"]
    move = {"action": action, "version": before["version"]}
    for token in [WRONG, other["seat_links"][mover]["token"], "é".encode() * 10]:
        refused(http.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": token}), 403, "not valid")
        refused(http.post(f"/api/tables/{tid}/moves", json=move, headers={"X-Seat-Token": token}), 403, "not valid")
    refused(http.post(f"/api/tables/{tid}/moves", json=move), 403, "needs your seat link")
    refused(http.post(f"/api/tables/{tid}/moves", json=move, headers={"X-Seat-Token": ""}), 403, "needs your seat")
    for path in ("", "/state", "/log"):
        refused(http.get(f"/api/tables/no-such-table{path}"), 404, "no table")
    refused(http.post("/api/tables/no-such-table/moves", json=move, headers={"X-Seat-Token": WRONG}), 404, "no table")
    assert state(http, one) == before


def test_out_of_turn_stale_illegal_and_malformed_moves_are_refused(table):
    http, one, _ = table
    tid = one["table"]["id"]
    before = state(http, one)
    mover = before["turn"]["seat"]
    idle = 1 - mover if mover in (0, 1) else 0
    legal = state(http, one, mover)["actions"][0]["id"]
    post = lambda seat, body: http.post(  # noqa: E731
        f"/api/tables/{tid}/moves", json=body, headers={"X-Seat-Token": one["seat_links"][seat]["token"]})
    # another seat's move, played with this seat's link: out of turn
    refused(post(idle, {"action": legal, "version": before["version"]}), 409, "not your turn")
    refused(post(mover, {"action": legal, "version": before["version"] + 1}), 409, "moved on")
    refused(post(mover, {"action": "no-such-move", "version": before["version"]}), 422, "refused")
    for body in [{}, {"action": legal}, {"action": 3, "version": 0}, {"action": legal, "version": -1},
                 {"action": legal, "version": "0"}, {"action": "x" * 5000, "version": 0},
                 {"action": legal, "version": 0, "extra": 1}, [], "move"]:
        reply = post(mover, body)
        assert reply.status_code == 422, (body, reply.text)
        assert reply.json()["code"] == "malformed"
    reply = http.post(f"/api/tables/{tid}/moves", content=b"{not json",
                      headers={"X-Seat-Token": one["seat_links"][mover]["token"], "Content-Type": "application/json"})
    assert reply.status_code == 422
    assert state(http, one) == before
    # and the legal move is taken
    after = post(mover, {"action": legal, "version": before["version"]})
    assert after.status_code == 200 and after.json()["version"] == before["version"] + 1


def test_bad_tables_are_refused_with_the_choices_that_exist(any_server):
    with httpx.Client(base_url=any_server.url, timeout=30) as http:
        refused(http.post("/api/tables", json={"game": "chess"}), 422, "known games: ancients")
        refused(http.post("/api/tables", json={"game": "scriptoria", "players": 9}), 422, "players")
        refused(http.post("/api/tables", json={"game": "scriptoria", "players": 7}), 422, "2-4 players")
        refused(http.post("/api/tables", json={"game": "scriptoria", "options": {"nope": 1}}), 422,
                "unknown option 'nope'")
        refused(http.post("/api/tables", json={"game": "scriptoria", "seats": [{"kind": "bot", "agent": "wizard"}]}),
                422, "unknown agent 'wizard'; agents: greedy, mcts, random")
        refused(http.post("/api/tables", json={"game": "scriptoria", "players": 2,
                                               "seats": [{}, {}, {}]}), 422, "3 seats given for a 2-player game")
        assert http.get("/api/tables").status_code == 200


def test_names_are_kept_as_plain_text(any_server):
    hostile = '<script>alert("x")</script>\u202e\x00\nBob'
    with httpx.Client(base_url=any_server.url, timeout=30) as http:
        reply = http.post("/api/tables", json={"game": "novelist", "players": 2, "name": hostile,
                                               "seats": [{"name": hostile}, {"kind": "bot"}]})
        assert reply.status_code == 201, reply.text
        info = reply.json()["table"]
        assert info["seats"][0]["name"] == '<script>alert("x")</script> Bob'
        assert info["seats"][1]["agent"] == DEFAULT_BOT
        page = http.get(info["url"]).text
        assert "<script>alert" not in page and "&lt;script&gt;alert" in page
        assert "script-src 'self'" in http.get(info["url"]).headers["content-security-policy"]


def test_the_websocket_refuses_a_bad_link_and_bad_messages(table, any_server):
    http, one, _ = table
    tid = one["table"]["id"]
    before = state(http, one)

    async def talk():
        url = f"{any_server.ws}/ws/tables/{tid}"
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "token": WRONG}))
            assert json.loads(await ws.recv())["code"] == "forbidden"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd.code == 4403
        async with websockets.connect(url) as ws:
            await ws.send("not json")
            assert json.loads(await ws.recv())["code"] == "refused"
        async with websockets.connect(f"{any_server.ws}/ws/tables/nope") as ws:
            await ws.send(json.dumps({"type": "hello"}))
            assert json.loads(await ws.recv())["code"] == "not_found"
        async with websockets.connect(url) as ws:  # a spectator
            await ws.send(json.dumps({"type": "hello", "token": None, "have": 10**9}))
            frame = json.loads(await ws.recv())
            assert frame["seat"] is None and frame["log_from"] == 0 and frame["actions"] == []
            for bad in ["{", "[]", json.dumps({"type": "move"}),
                        json.dumps({"type": "move", "action": "x", "version": frame["version"]})]:
                await ws.send(bad)
                error = json.loads(await ws.recv())
                assert error["type"] == "error" and error["error"], error
        seat = before["turn"]["seat"]
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "token": one["seat_links"][seat]["token"]}))
            frame = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "move", "action": "no-such", "version": frame["version"]}))
            error = json.loads(await ws.recv())
            assert error["code"] == "refused" and "no-such" in error["error"]
            await ws.send(json.dumps({"type": "move", "action": frame["actions"][0]["id"],
                                      "version": frame["version"] - 1 if frame["version"] else 99}))
            assert json.loads(await ws.recv())["code"] == "stale"

    asyncio.run(talk())
    assert state(http, one) == before
