"""The web server: the lobby and table pages, the JSON API (documented at ``/docs``) and
the WebSocket each page plays through.

Nothing here knows a game's rules: it uses the core contract only (``inkhorn.server.tables``
builds every seat's view), and every error a client can cause is answered with one line of
JSON naming the problem, never a traceback.
"""

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.security import APIKeyHeader
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError
from sqlalchemy.engine import URL
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from inkhorn import games
from inkhorn.agents import AGENTS, DEFAULT_BOT
from inkhorn.server.api import (
    Created,
    GameInfo,
    GamesInfo,
    Move,
    NewTable,
    OptionInfo,
    Problem,
    SeatView,
    TableInfo,
    Undo,
)
from inkhorn.server.bots import Bots
from inkhorn.server.db import async_engine, is_sqlite
from inkhorn.server.hub import Hub, Watcher
from inkhorn.server.migrate import upgrade
from inkhorn.server.tables import (
    Conflict,
    Forbidden,
    Live,
    NotFound,
    Refused,
    ServerError,
    Tables,
    seat_view,
    view_of,
)

log = logging.getLogger("inkhorn.server")

PACKAGE = resources.files("inkhorn.server")
SEAT_TOKEN = APIKeyHeader(name="X-Seat-Token", auto_error=False,
                          description="The secret of a seat link; without it you see what a spectator sees.")
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "description": what}
    for code, what in [
        (400, "a body that cannot be read (not UTF-8 JSON)"),
        (403, "a seat link that is not this table's"),
        (404, "no such table"),
        (409, "stale version, not your turn, or the game is over"),
        (422, "a malformed request or an illegal action"),
    ]
}


async def _table(request: Request, table_id: str) -> Live:
    server: Server = request.app.state.server
    return await server.tables.live(table_id)


LiveTable = Annotated[Live, Depends(_table)]
Token = Annotated[str | None, Depends(SEAT_TOKEN)]


@dataclass(frozen=True)
class Settings:
    db: URL
    bot_workers: int = 1
    bot_delay: float = 0.2
    sweep_every: float = 10.0


class Server:
    """One server process: its tables, its connections, its bots."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.engine = async_engine(settings.db)
        self.postgres = not is_sqlite(settings.db)
        self.tables = Tables(self.engine, notify=self.postgres, caught_up=lambda table_id: self.hub.publish(table_id))
        self.hub = Hub(self.tables)
        self.bots = Bots(settings.bot_workers, settings.bot_delay, self.submit)
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        if self.postgres:
            conninfo = self.settings.db.set(drivername="postgresql").render_as_string(hide_password=False)
            listening = asyncio.Event()
            self.tasks.append(asyncio.create_task(
                self.hub.listen(conninfo, self.on_notices, listening, self.reconcile)))
            # no request is served before this process hears the others' moves
            await asyncio.wait_for(listening.wait(), 60)
        self.tasks.append(asyncio.create_task(self.sweep()))

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        self.bots.close()
        await self.engine.dispose()

    async def submit(self, table_id: str, seat: int, action: str, version: int) -> Live:
        """The one path of every move, a person's or a bot's."""
        try:
            live = await self.tables.move(table_id, seat, action, version)
        except BaseException:
            self.dropped(table_id)
            raise
        self.moved(live)
        return live

    async def take_back(self, table_id: str, seat: int, version: int) -> Live:
        try:
            live = await self.tables.undo(table_id, seat, version)
        except BaseException:
            self.dropped(table_id)
            raise
        self.hub.publish(table_id)
        return live

    def dropped(self, table_id: str) -> None:
        """A refused move may have dropped this process's copy of the table (another process
        committed first): whoever follows the table here is sent the database's version."""
        if table_id not in self.tables.cache:
            self.hub.publish(table_id)

    def moved(self, live: Live) -> None:
        self.hub.publish(live.info.id)
        self.bots.poke(live)

    async def on_notices(self, payload: str) -> None:
        """Another process (or this one) committed moves: ``table:version,table:version``."""
        for item in payload.split(","):
            table_id, _, version = item.rpartition(":")
            with contextlib.suppress(ServerError, ValueError):
                if version == "undo":  # a move was taken back: this copy is ahead of the truth
                    self.tables.forget(table_id)
                    if table_id in self.hub.watchers:
                        await self.tables.live(table_id)
                        self.hub.publish(table_id)
                else:
                    await self.on_notice(table_id, int(version))

    async def on_notice(self, table_id: str, version: int) -> None:
        """Move ``version`` of ``table_id`` was committed (by this process or another)."""
        live = self.tables.cache.get(table_id)
        if live is not None and live.version >= version:
            return
        if live is None and table_id not in self.hub.watchers and table_id not in self.tables.loading:
            return  # nobody here follows that table (one being read may predate the move)
        await self.tables.refresh(table_id)
        self.hub.publish(table_id)

    async def reconcile(self) -> None:
        """The net under the notices: each table followed here is compared with the database
        and brought up to date (a notice lost while the link to the database was down)."""
        followed = list(self.hub.watchers)
        if not followed:
            return
        for table_id, (version, last) in (await self.tables.versions(followed)).items():
            live = self.tables.cache.get(table_id)
            if live is not None and live.version == version:
                if live.last_action() == last:
                    continue
                self.tables.forget(table_id)  # a move taken back, and another made in its place
            with contextlib.suppress(ServerError):
                await self.tables.refresh(table_id)
            self.hub.publish(table_id)

    async def sweep(self) -> None:
        """Tables waiting for a bot that no process is playing (after a restart, or a process
        that died mid-move): at start, then now and then."""
        older_than: float | None = None
        while True:
            try:
                for table_id in await self.tables.waiting_for_bots(older_than):
                    with contextlib.suppress(ServerError):
                        self.bots.poke(await self.tables.refresh(table_id))
                if self.postgres:
                    await self.reconcile()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("looking for tables that wait for a bot failed")
            older_than = self.settings.sweep_every
            await asyncio.sleep(self.settings.sweep_every)


def problem(exc: ServerError) -> JSONResponse:
    return JSONResponse({"error": str(exc), "code": exc.code, "version": exc.version}, status_code=exc.status)


def validation_line(exc: RequestValidationError | ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "request"
    return f"{where}: {first.get('msg', 'invalid')}"[:300]


def create_app(settings: Settings) -> FastAPI:
    server = Server(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await run_in_threadpool(upgrade, settings.db)
        await server.start()
        yield
        await server.stop()

    app = FastAPI(
        title="inkhorn",
        version="1",
        summary="Play inkhorn's five games with friends: tables, seat links, moves and live updates.",
        description=(
            "Create a table (`POST /api/tables`), hand each player their seat link, and play. "
            "A seat's secret travels in the `X-Seat-Token` header (pages keep it in the link's "
            "`#seat=` fragment, which browsers never send). Live play goes over the WebSocket "
            "`/ws/tables/{id}`: send `{\"type\": \"hello\", \"token\": …, \"have\": N, \"scene\": true}` "
            "with the log entries you have (`scene`: every frame carries the table drawn), then "
            "`{\"type\": \"move\", \"action\": …, \"version\": N}`; "
            "every change arrives as a `state` frame (the `SeatView` schema) and every refusal "
            "as `{\"type\": \"error\", …}`."
        ),
        lifespan=lifespan,
    )
    app.state.server = server
    templates = Jinja2Templates(directory=str(PACKAGE / "templates"))
    app.mount("/static", StaticFiles(directory=str(PACKAGE / "static")), name="static")

    # ---- errors: one line of JSON, never a traceback -------------------------------------------
    @app.exception_handler(ServerError)
    async def server_error(request: Request, exc: ServerError) -> JSONResponse:
        return problem(exc)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": validation_line(exc), "code": "malformed", "version": None},
                            status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404 and not request.url.path.startswith("/api/"):
            return HTMLResponse(templates.get_template("missing.html").render(), status_code=404)
        return JSONResponse({"error": str(exc.detail), "code": "http", "version": None},
                            status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s", request.url.path)
        return JSONResponse({"error": "the server failed on this request; nothing was changed",
                             "code": "internal", "version": None}, status_code=500)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        # Scripts and styles only from this server (the boards are drawn with the DOM API).
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; script-src 'self'; style-src 'self'; "
            "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    # ---- pages -----------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, "lobby.html", {"games": games.all_games()})

    async def table_page_of(request: Request, table_id: str, template: str) -> Response:
        try:
            live = await server.tables.live(table_id)
        except NotFound:
            return HTMLResponse(templates.get_template("missing.html").render(), status_code=404)
        return templates.TemplateResponse(request, template, {"info": live.public_info()})

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(request: Request, table_id: str) -> Response:
        return await table_page_of(request, table_id, "table.html")

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(request: Request, table_id: str) -> Response:
        return await table_page_of(request, table_id, "replay.html")

    # ---- the API -------------------------------------------------------------------------------------
    @app.get("/api/games", response_model=GamesInfo, tags=["games"])
    async def list_games() -> GamesInfo:
        """The games, their player counts and options, and the bots that can take a seat."""
        out = []
        for game in games.all_games():
            schema = game.Options.model_json_schema()
            props = schema.get("properties", {})
            out.append(GameInfo(
                id=game.id, name=game.name, min_players=game.min_players, max_players=game.max_players,
                default_players=game.default_players,
                options=[OptionInfo(key=k, default=d, description=desc, schema=props.get(k, {}))
                         for k, (d, desc) in ((name, (f.default, f.description or ""))
                                              for name, f in game.Options.model_fields.items())],
            ))
        return GamesInfo(games=out, agents=sorted(AGENTS), default_bot=DEFAULT_BOT)

    @app.post("/api/tables", response_model=Created, status_code=201, tags=["tables"], responses=ERRORS)
    async def create_table(request: Request, body: NewTable) -> Created:
        """A new table. The answer holds each person's secret seat link: it is shown only once."""
        created = await server.tables.create(body, str(request.base_url))
        server.bots.poke(await server.tables.live(created.table.id))
        return created

    @app.get("/api/tables", response_model=list[TableInfo], tags=["tables"])
    async def list_tables(finished: bool = False,
                          limit: Annotated[int, Query(ge=1, le=200)] = 50) -> list[TableInfo]:
        """Tables in play (or, with ``finished``, the newest finished ones), newest first."""
        return await server.tables.listing(finished, limit)

    @app.get("/api/tables/{table_id}", response_model=TableInfo, tags=["tables"], responses=ERRORS)
    async def get_table(live: LiveTable) -> TableInfo:
        return live.public_info()

    @app.get("/api/tables/{table_id}/state", response_model=SeatView, tags=["play"], responses=ERRORS)
    async def get_state(table_id: str, token: Token,
                        have: Annotated[int, Query(ge=0, description="Log entries you already have.")] = 0,
                        scene: Annotated[bool, Query(description="With the table drawn for your seat.")] = False,
                        ) -> dict[str, Any]:
        """What your seat (or, without a token, a spectator) is shown now."""
        live = await server.tables.committed(table_id)  # a move being committed is not shown yet
        seat = live.seat_for(token)
        return seat_view(live, seat, min(have, live.version), scene)

    @app.post("/api/tables/{table_id}/moves", response_model=SeatView, tags=["play"], responses=ERRORS)
    async def post_move(live: LiveTable, token: Token, move: Move) -> dict[str, Any]:
        """Play ``action`` for your seat at ``version``; refused, changing nothing, if the table
        has moved on, it is not your turn or the action is not legal."""
        if token is None:
            raise Forbidden("a move needs your seat link's token (X-Seat-Token)")
        seat = live.seat_for(token)
        assert seat is not None
        moved = await server.submit(live.info.id, seat, move.action, move.version)
        return seat_view(moved, seat, move.version)

    @app.post("/api/tables/{table_id}/undo", response_model=SeatView, tags=["play"], responses=ERRORS)
    async def post_undo(live: LiveTable, token: Token, undo: Undo) -> dict[str, Any]:
        """Take back your last move at ``version``: allowed within your turn until something
        random is drawn or something hidden is revealed. The other seats never saw it."""
        if token is None:
            raise Forbidden("an undo needs your seat link's token (X-Seat-Token)")
        seat = live.seat_for(token)
        assert seat is not None
        back = await server.take_back(live.info.id, seat, undo.version)
        return seat_view(back, seat, 0)

    def replay_seat(live: Live, seat: int | None) -> int | None:
        if not live.state.is_terminal():
            raise Conflict("the game is not over; its replay opens when it ends", live.version)
        if seat is not None and not 0 <= seat < live.info.players:
            raise Refused(f"no seat {seat}: this table has seats 0 to {live.info.players - 1}")
        return seat

    @app.get("/api/tables/{table_id}/replay", response_model=SeatView, tags=["replay"], responses=ERRORS)
    async def get_replay(live: LiveTable,
                         version: Annotated[int, Query(ge=0, description="After this many moves.")],
                         seat: Annotated[int | None, Query(ge=0, description="Whose view (none: a spectator's).")]
                         = None) -> dict[str, Any]:
        """A finished game as ``seat`` saw it after ``version`` moves (any seat: the game is over)."""
        seat = replay_seat(live, seat)
        return view_of(live.info, live.position(version), live.log.records, seat, scene=True)

    @app.get("/api/tables/{table_id}/log", tags=["tables"], responses=ERRORS)
    async def get_log(live: LiveTable) -> Response:
        """A finished game's replay log: ``inkhorn replay`` reads it."""
        data = server.tables.replay_log(live)
        name = f"inkhorn-{live.info.game}-{live.info.id}.json"
        return Response(json.dumps(data, indent=1), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    # ---- live play ---------------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            hello = json.loads(await asyncio.wait_for(websocket.receive_text(), 30))
            if not isinstance(hello, dict) or hello.get("type") != "hello":
                raise Refused('the first message must be {"type": "hello", "token": …, "have": N}')
            token, have = hello.get("token"), hello.get("have", 0)
            if token is not None and not isinstance(token, str):
                raise Forbidden("a token is text")
            if isinstance(have, bool) or not isinstance(have, int) or have < 0:
                have = 0
            live = await server.tables.live(table_id)
            seat = live.seat_for(token)
        except (ServerError, ValueError, TimeoutError, WebSocketDisconnect) as exc:
            if isinstance(exc, WebSocketDisconnect):
                return
            error = exc if isinstance(exc, ServerError) else Refused("the first message must be JSON")
            with contextlib.suppress(Exception):
                await websocket.send_json({"type": "error", "error": str(error), "code": error.code})
                await websocket.close(code=4000 + error.status)
            return
        watcher = Watcher(table_id, seat, websocket, sent=have if have <= live.version else 0,
                          scene=hello.get("scene") is True)
        server.hub.join(watcher)
        sender = asyncio.create_task(server.hub.send_loop(watcher))
        watcher.wake()
        try:
            while True:
                text = await websocket.receive_text()
                try:
                    data = json.loads(text)
                    if not isinstance(data, dict) or data.get("type") not in ("move", "undo"):
                        raise Refused('send {"type": "move", "action": …, "version": N} or '
                                      '{"type": "undo", "version": N}')
                    if seat is None:
                        raise Forbidden("a spectator cannot move; open your seat link to play")
                    if data["type"] == "undo":
                        undo = Undo.model_validate({k: v for k, v in data.items() if k != "type"})
                        await server.take_back(table_id, seat, undo.version)
                    else:
                        move = Move.model_validate({k: v for k, v in data.items() if k != "type"})
                        await server.submit(table_id, seat, move.action, move.version)
                except ServerError as exc:
                    watcher.tell({"type": "error", "error": str(exc), "code": exc.code, "version": exc.version})
                except ValidationError as exc:
                    watcher.tell({"type": "error", "error": validation_line(exc), "code": "malformed",
                                  "version": None})
                except ValueError:
                    watcher.tell({"type": "error", "error": "a message must be JSON", "code": "malformed",
                                  "version": None})
                if sender.done():
                    break
        except WebSocketDisconnect:
            pass
        finally:
            server.hub.leave(watcher)
            sender.cancel()

    return app
