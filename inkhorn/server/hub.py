"""Telling every connected seat and spectator, at once, that a table moved.

Each WebSocket has one sender task and a queue: a move wakes it, and it builds that
connection's own view of the newest version (several moves in a burst become one frame,
and a slow client never holds up the others). With PostgreSQL, a move committed by any
process reaches the others through ``LISTEN/NOTIFY``: the notice is sent in the move's own
transaction, so it arrives only if the move was committed. A notice can still be lost (the
link to the database cut): each process compares the tables it shows with the database when
the link returns and at each sweep (``Server.reconcile``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import WebSocket, WebSocketDisconnect

from inkhorn.server.tables import NOTIFY_CHANNEL, Live, Tables, seat_view

log = logging.getLogger("inkhorn.server")

_WAKE = object()


@dataclass(eq=False)
class Watcher:
    """One WebSocket: a seat (or a spectator, ``seat`` None) of one table."""

    table_id: str
    seat: int | None
    websocket: WebSocket
    sent: int = 0  # log entries this client has
    version: int = -1  # the version of the last state sent
    undo: bool = False  # whether it offered to take back a move
    outbox: asyncio.Queue[Any] = field(default_factory=asyncio.Queue)
    first: bool = True
    scene: bool = False  # frames carry the drawn table (a page asks for it)

    def wake(self) -> None:
        self.outbox.put_nowait(_WAKE)

    def tell(self, message: dict[str, Any]) -> None:
        self.outbox.put_nowait(message)


class Hub:
    def __init__(self, tables: Tables):
        self.tables = tables
        self.watchers: dict[str, set[Watcher]] = {}

    def join(self, watcher: Watcher) -> None:
        self.watchers.setdefault(watcher.table_id, set()).add(watcher)

    def leave(self, watcher: Watcher) -> None:
        group = self.watchers.get(watcher.table_id)
        if group is not None:
            group.discard(watcher)
            if not group:
                del self.watchers[watcher.table_id]

    def publish(self, table_id: str) -> None:
        for watcher in self.watchers.get(table_id, ()):
            watcher.wake()

    async def send_loop(self, watcher: Watcher) -> None:
        """Send ``watcher`` what it is owed until its socket closes. If a frame cannot be made
        (the database unreachable while the table is read again), the socket is closed with
        1011 and the page reconnects: a client is never left waiting on a dead sender."""
        try:
            while True:
                item = await watcher.outbox.get()
                if item is _WAKE:
                    while not watcher.outbox.empty() and watcher.outbox._queue[0] is _WAKE:  # type: ignore[attr-defined]
                        watcher.outbox.get_nowait()  # a burst of moves: one frame of the newest
                    frame = self.frame(watcher, await self.tables.committed(watcher.table_id))
                    if frame is not None:
                        await watcher.websocket.send_text(orjson.dumps(frame).decode())
                else:
                    await watcher.websocket.send_text(orjson.dumps(item).decode())
        except (asyncio.CancelledError, WebSocketDisconnect):
            raise
        except Exception as exc:
            log.warning("table %s: could not send seat %s its view (%s); closing the connection",
                        watcher.table_id, watcher.seat, exc)
            with contextlib.suppress(Exception):
                await watcher.websocket.close(code=1011)

    @staticmethod
    def frame(watcher: Watcher, live: Live) -> dict[str, Any] | None:
        """The frame ``watcher`` is owed of ``live`` (None: nothing new for this seat, as
        another seat's tentative move)."""
        shown = len(live.seen(watcher.seat).history)
        undo = live.can_undo(watcher.seat)
        if (shown, undo) == (watcher.version, watcher.undo):
            return None
        frame = seat_view(live, watcher.seat, watcher.sent, watcher.scene)
        if watcher.first:
            frame["info"] = live.public_info().model_dump(mode="json")
            watcher.first = False
        watcher.sent = watcher.version = shown
        watcher.undo = undo
        return frame

    async def listen(self, conninfo: str, on_moves: Callable[[str], Awaitable[None]],
                     listening: asyncio.Event, reconnected: Callable[[], Awaitable[None]]) -> None:
        """Follow the moves other processes commit (PostgreSQL), reconnecting if the link
        drops; ``listening`` is set once the first ``LISTEN`` holds, and ``reconnected`` runs
        after each later one (the notices sent meanwhile are lost)."""
        import psycopg

        delay = 0.5
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    delay = 0.5
                    if listening.is_set():
                        try:
                            await reconnected()
                        except Exception as exc:  # the next sweep tries again
                            log.warning("could not catch up after reconnecting (%s)", exc)
                    listening.set()
                    async for notice in conn.notifies():
                        try:
                            await on_moves(notice.payload)
                        except Exception:
                            log.exception("a move notice (%s) could not be followed", notice.payload[:200])
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database restarting: try again, a little later each time
                log.warning("lost the database's move notices (%s); reconnecting", exc)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10)
