"""Undo as Board Game Arena allows it: a seat takes back its own moves within its turn until
something random is drawn or something hidden revealed, the server enforcing it; the other
seats never see a move taken back."""

from __future__ import annotations

import asyncio
import json
import random

import httpx
import websockets

from inkhorn import games
from inkhorn.core import ReplayLog
from tests.server.clients import Seat, audit, create_table


async def undoing_player(ws_url: str, table_id: str, token: str, seed: int, undone: list[tuple[int, str]],
                         refused: list[str]) -> Seat:
    """Plays random moves; takes back every other move it may take back, then plays another."""
    rng = random.Random(seed)
    me = Seat(ws_url, table_id, token)
    avoid: dict[int, str] = {}
    async with websockets.connect(f"{ws_url}/ws/tables/{table_id}", max_size=1 << 24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "have": 0}))
        while True:
            frame = json.loads(await ws.recv())
            if frame["type"] == "error":
                refused.append(frame["code"])
                continue
            me.take(frame)
            if frame["finished"]:
                return me
            if frame["undo"] and rng.random() < 0.5:
                last = me.log[-1]
                undone.append((last["index"], last["action"]))
                avoid[last["index"]] = last["action"]
                await ws.send(json.dumps({"type": "undo", "version": frame["version"]}))
                # what this seat was shown after the move belongs to a branch taken back: the
                # audit replays the game as it stands, so those frames are not judged by it
                while me.sent and me.sent[-1].version > last["index"]:
                    me.sent.pop()
                back = json.loads(await ws.recv())
                assert back["type"] == "state" and back["version"] == frame["version"] - 1, back
                me.take(back)
                frame = back
            if frame["actions"]:
                if not frame["undo"] and not refused and frame["version"] > 0:
                    # nothing of this seat's may be taken back now: refused, nothing changes
                    await ws.send(json.dumps({"type": "undo", "version": frame["version"]}))
                    error = json.loads(await ws.recv())
                    assert error["type"] == "error", error
                    refused.append(error["code"])
                choices = [a["id"] for a in frame["actions"] if a["id"] != avoid.get(frame["version"])]
                action = rng.choice(choices or [a["id"] for a in frame["actions"]])
                await ws.send(json.dumps({"type": "move", "action": action, "version": frame["version"]}))


def test_a_move_taken_back_is_never_seen_by_the_other_seats(any_server):
    async def play():
        async with httpx.AsyncClient(base_url=any_server.url, timeout=30) as http:
            created = await create_table(http, "manuscript", [{"kind": "human"}, {"kind": "human"},
                                                              {"kind": "bot", "agent": "random"}])
            table_id = created["table"]["id"]
            undone: list[tuple[int, str]] = []
            refused: list[str] = []
            other = Seat(any_server.ws, table_id, created["seat_links"][1]["token"], seed=5)
            spectator = Seat(any_server.ws, table_id, None)
            me, *_ = await asyncio.wait_for(asyncio.gather(
                undoing_player(any_server.ws, table_id, created["seat_links"][0]["token"], 3, undone, refused),
                other.play(), spectator.play()), 600)
            log = (await http.get(f"/api/tables/{table_id}/log")).json()
            return me, other, spectator, undone, refused, log

    me, other, spectator, undone, refused, log = asyncio.run(play())
    replaced = [(i, a) for i, a in undone if log["actions"][i] != a]
    assert len(undone) >= 3 and replaced, f"the test should take back several moves: {undone}"
    assert refused and set(refused) <= {"conflict"}, refused
    for client in (other, spectator):
        # everything the others were ever told stands in the game: a move taken back (and
        # replaced by another) would differ from the log at its place
        assert client.errors == []
        for item in client.sent:
            for entry in item.data["log"]:
                assert entry["action"] is None or entry["action"] == log["actions"][entry["index"]], entry
    final = ReplayLog.from_json(log).final_state(games.get_game("manuscript"))
    assert final.scores() == me.last["result"]["scores"]
    audit(log, [item for c in (me, other, spectator) for item in c.sent])


def test_a_seat_cannot_take_back_another_seats_move_or_after_its_turn(any_server):
    with httpx.Client(base_url=any_server.url, timeout=30) as http:
        created = http.post("/api/tables", json={"game": "manuscript", "players": 2}).json()
        tid = created["table"]["id"]
        tokens = [link["token"] for link in created["seat_links"]]
        state = http.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[0]}).json()
        mover = state["turn"]["seat"]
        for seat in (0, 1):  # nothing played yet: nothing to take back
            reply = http.post(f"/api/tables/{tid}/undo", json={"version": state["version"] or 1},
                              headers={"X-Seat-Token": tokens[seat]})
            assert reply.status_code in (409, 422) and reply.json()["error"], reply.text
        assert http.post(f"/api/tables/{tid}/undo", json={"version": 1}).status_code == 403
        assert http.post(f"/api/tables/{tid}/undo", json={"version": "1"},
                         headers={"X-Seat-Token": tokens[mover]}).status_code == 422
