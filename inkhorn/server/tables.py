"""Tables as this process knows them, and the one path every move takes.

A move (a person's over HTTP or the WebSocket, or a bot's) is checked by the engine on the
process's live copy of the table, then the move and the new version are committed in one
transaction, and only then is anyone told. If the commit loses a race with another process,
the live copy is dropped and rebuilt from the database: the database is the truth.

Everything a seat is sent is built here by :func:`seat_view` from the three things the core
allows: ``observation(seat)``, the seat's view of the action history and, for the seat that
decides, its legal actions with their labels.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from inkhorn import games
from inkhorn.agents import make_agent
from inkhorn.core import ActionLog, ActionRecord, GameState, IllegalAction, InkhornError
from inkhorn.core.errors import clip
from inkhorn.core.game import Game
from inkhorn.server.api import (
    Created,
    NewTable,
    SeatInfo,
    SeatLink,
    SeatSpec,
    TableInfo,
)
from inkhorn.server.db import MoveRow, SeatRow, TableRow, now

NOTIFY_CHANNEL = "inkhorn_moves"


class ServerError(InkhornError):
    """A request refused, with the HTTP status that says why; nothing was changed."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str, version: int | None = None):
        super().__init__(message)
        self.version = version


class NotFound(ServerError):
    status = 404
    code = "not_found"


class Forbidden(ServerError):
    status = 403
    code = "forbidden"


class Conflict(ServerError):
    status = 409
    code = "conflict"


class Stale(Conflict):
    code = "stale"


class Refused(ServerError):
    status = 422
    code = "refused"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Live:
    """One table in this process: its public facts, the state at ``version`` and every
    action's record (what each seat may know of it)."""

    info: TableInfo
    seed: int
    token_hashes: dict[int, str]
    state: GameState
    log: ActionLog = field(default_factory=ActionLog)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    marks: dict[int, GameState] = field(default_factory=dict)  # replay positions kept
    # Undo (Board Game Arena's policy): the deciding seat's moves since ``settled`` may be
    # taken back; the other seats are shown the game at ``settled`` (``public``) until the
    # turn passes, something random is drawn or something hidden is revealed.
    settled: int = 0
    public: GameState | None = None
    hidden: dict[int | None, set[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.settled = self.version
        self.hidden = self._secrets()

    def _secrets(self) -> dict[int | None, set[str]]:
        return {s: self.game.hidden_names(self.state, s) for s in [None, *range(self.info.players)]}

    def play(self, action: str) -> None:
        """Check and apply ``action`` (a refused one changes nothing), and settle the game if
        the move cannot be taken back."""
        state = self.state
        seat = state.current_seat()
        draws = state.rng.counter
        before = state.clone() if self.public is None else None
        self.log.apply(state, action)
        hidden = self._secrets()
        revealed = any(self.hidden[s] - hidden[s] for s in hidden)
        self.hidden = hidden
        if revealed or state.rng.counter != draws or state.current_seat() != seat:
            self.settled, self.public = self.version, None
        elif self.public is None:
            self.public = before

    def take_back(self) -> None:
        """Undo the last move (a tentative one): replay the others from the settled game."""
        assert self.public is not None and self.version > self.settled
        keep = self.state.history[self.settled:self.version - 1]
        state = self.public.clone()
        for action in keep:
            state.apply_trusted(action)
        self.state = state
        del self.log.records[len(state.history):]
        if not keep:
            self.public = None
        self.hidden = self._secrets()

    def seen(self, seat: int | None) -> GameState:
        """The game as ``seat`` is shown it: the newest for the seat deciding (its own
        tentative moves included), the settled game for everyone else."""
        if self.public is None or seat == self.state.current_seat():
            return self.state
        return self.public

    def can_undo(self, seat: int | None) -> bool:
        return self.version > self.settled and seat == self.state.current_seat()

    @property
    def version(self) -> int:
        return len(self.log)

    def last_action(self) -> str | None:
        return self.state.history[-1] if self.state.history else None

    @property
    def game(self) -> Game:
        return self.state.game

    def seat_for(self, token: str | None) -> int | None:
        """The seat a token opens; ``None`` (a spectator) for no token; :class:`Forbidden`
        for a token that opens no seat of this table. Compared in constant time."""
        if token is None:
            return None
        digest = hash_token(token)
        found = None
        for seat, stored in self.token_hashes.items():
            if hmac.compare_digest(stored, digest):
                found = seat
        if found is None:
            raise Forbidden("this seat link is not valid for this table")
        return found

    def position(self, version: int) -> GameState:
        """The game after its first ``version`` moves, for a replay: played on from the
        nearest position kept (one every 64 moves), and kept in turn."""
        if not 0 <= version <= self.version:
            raise Refused(f"no move {version}: this game has moves 0 to {self.version}")
        base = max((v for v in self.marks if v <= version), default=None)
        if base is None:
            state, base = self.game.new_game(self.info.players, self.seed, self.info.options), 0
        else:
            state = self.marks[base].clone()
        for k in range(base, version):
            state.apply_trusted(self.state.history[k])  # committed moves, checked when played
            if (k + 1) % 64 == 0 and k + 1 not in self.marks:
                self.marks[k + 1] = state.clone()
        return state

    def public_info(self) -> TableInfo:
        info = self.info
        info.version = self.version
        info.to_move = self.state.current_seat()
        info.finished = self.state.is_terminal()
        return info


def seat_view(live: Live, seat: int | None, have: int = 0, scene: bool = False) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) is shown now, with the log from entry ``have``
    on: a :class:`~inkhorn.server.api.SeatView` as plain JSON (built for every frame, so
    kept to dicts)."""
    shown = live.seen(seat)
    view = view_of(live.info, shown, live.log.records, seat, min(have, len(shown.history)), scene)
    view["undo"] = live.can_undo(seat)
    return view


def view_of(info: TableInfo, state: GameState, records: list[ActionRecord], seat: int | None,
            have: int = 0, scene: bool = False) -> dict[str, Any]:
    """:func:`seat_view` of any position: ``state`` after the moves of ``records``. ``scene``:
    with the table drawn for the seat (what a page draws; a bot or script leaves it out,
    and spares the server the drawing)."""
    step = state.decision()
    observation = state.observation(seat)
    view: dict[str, Any] = {
        "type": "state",
        "table": info.id,
        "version": len(state.history),
        "seat": seat,
        "finished": step is None,
        "turn": None if step is None else
        {"seat": step.seat, "name": info.seats[step.seat].name, "sealed": step.sealed},
        "prompt": None,
        "open": False,
        "actions": [],
        "observation": observation,
        "scene": state.game.scene(observation, seat, state.options).to_json() if scene else None,
        "log_from": have,
        "log": [record.view(seat) for record in records[have:len(state.history)]],
        "result": None,
    }
    if step is not None and step.seat == seat:
        view["prompt"] = step.prompt(state)
        view["open"] = step.open
        view["actions"] = [{"id": a, "label": step.label(state, a)} for a in state.legal_actions()]
    if step is None:
        view["result"] = {"scores": state.scores(), "winners": state.winners()}
    return view


@dataclass
class _Pending:
    """A move checked by the engine, waiting for its commit."""

    table_id: str
    version: int  # the table's version before the move
    seat: int
    action: str
    to_move: int | None
    finished: bool
    done: asyncio.Future[None]

    def advance(self, stamp: datetime) -> dict[str, Any]:
        return {"t": self.table_id, "v": self.version, "nv": self.version + 1, "to_move": self.to_move,
                "finished": self.finished, "updated": stamp}

    def row(self, stamp: datetime) -> dict[str, Any]:
        return {"table_id": self.table_id, "version": self.version + 1, "seat": self.seat,
                "action": self.action, "created": stamp}


# Built once: the table moves from version v to v + 1 only if it is still at v.
_ADVANCE = (
    update(TableRow)
    .where(TableRow.id == bindparam("t"), TableRow.version == bindparam("v"))
    .values(version=bindparam("nv"), to_move=bindparam("to_move"), finished=bindparam("finished"),
            updated=bindparam("updated"))
)


class Tables:
    """The tables of one server process, backed by the database."""

    def __init__(self, engine: AsyncEngine, notify: bool, cache_size: int = 512,
                 caught_up: Callable[[str], None] = lambda table_id: None):
        self.engine = engine
        self.notify = notify  # PostgreSQL: tell the other processes of each move
        # Called when a copy took other processes' moves from the database (or was read
        # again): their notices may come later and then find nothing new, so this is when the
        # table's followers are told.
        self.caught_up = caught_up
        self.cache: OrderedDict[str, Live] = OrderedDict()
        self.cache_size = cache_size
        self.loading: dict[str, asyncio.Future[Live]] = {}
        self.pending: list[_Pending] = []
        self.writer: asyncio.Task[None] | None = None

    # ---- creating ------------------------------------------------------------------------------
    async def create(self, request: NewTable, base_url: str) -> Created:
        try:
            game = games.get_game(request.game)
            wanted = request.players
            if wanted is None:
                wanted = max(game.default_players, len(request.seats))
            players = game.check_players(wanted)
            options = game.options(request.options)
        except InkhornError as exc:
            raise Refused(str(exc)) from None
        seats = list(request.seats)
        if len(seats) > players:
            raise Refused(f"{len(seats)} seats given for a {players}-player game")
        seats += [SeatSpec() for _ in range(players - len(seats))]
        for k, spec in enumerate(seats):
            if spec.kind == "bot":
                try:
                    make_agent(spec.agent)
                except InkhornError as exc:
                    raise Refused(f"seat {k}: {exc}") from None
        table_id = secrets.token_urlsafe(9)
        seed = secrets.randbits(62)
        tokens: dict[int, str] = {}
        rows = []
        infos = []
        for k, spec in enumerate(seats):
            if spec.kind == "human":
                tokens[k] = secrets.token_urlsafe(32)
                name = spec.name or f"Player {k + 1}"
            else:
                name = spec.name or f"{spec.agent.partition(':')[0]} bot"
            agent = spec.agent if spec.kind == "bot" else None
            rows.append({"table_id": table_id, "seat": k, "name": name, "agent": agent,
                         "token_hash": hash_token(tokens[k]) if k in tokens else None})
            infos.append(SeatInfo(seat=k, name=name, kind=spec.kind, agent=agent))
        try:
            state = game.new_game(players, seed, options)  # options that only clash at set-up
        except InkhornError as exc:
            raise Refused(str(exc)) from None
        people = [info.name for info in infos if info.kind == "human"]
        name = request.name or (f"{', '.join(people)}'s table" if people else "A table of bots")
        async with self.engine.begin() as conn:
            await conn.execute(insert(TableRow).values(
                id=table_id, name=name, game=game.id, players=players, seed=seed,
                options=options.model_dump(mode="json"), version=0, to_move=state.current_seat(),
                finished=state.is_terminal(), created=now(), updated=now()))
            await conn.execute(insert(SeatRow), rows)
        live = Live(
            info=TableInfo(id=table_id, name=name, game=game.id, game_name=game.name, players=players,
                           options=options.model_dump(mode="json"), seats=infos, version=0,
                           to_move=state.current_seat(), finished=state.is_terminal(), url=f"/t/{table_id}"),
            seed=seed, token_hashes={k: hash_token(t) for k, t in tokens.items()}, state=state)
        self._remember(live)
        base = base_url.rstrip("/")
        return Created(
            table=live.public_info(),
            seat_links=[SeatLink(seat=k, name=infos[k].name, token=t, url=f"{base}/t/{table_id}#seat={t}")
                        for k, t in tokens.items()],
            spectator_url=f"{base}/t/{table_id}",
        )

    # ---- loading -----------------------------------------------------------------------------
    def _remember(self, live: Live) -> None:
        self.cache[live.info.id] = live
        self.cache.move_to_end(live.info.id)
        if len(self.cache) > self.cache_size:
            # the least recently used go first, but never a table with a move in flight: a copy
            # read again before its commit ends would miss that move
            idle = [t for t, other in self.cache.items() if not other.lock.locked()]
            for table_id in idle[:len(self.cache) - self.cache_size]:
                del self.cache[table_id]

    def forget(self, table_id: str) -> None:
        self.cache.pop(table_id, None)

    async def live(self, table_id: str) -> Live:
        """The table as this process knows it (loaded from the database on first use; two
        requests for a table not yet loaded wait for one load)."""
        live = self.cache.get(table_id)
        if live is not None:
            return live
        pending = self.loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Live] = asyncio.get_running_loop().create_future()
        self.loading[table_id] = future
        try:
            live = await self._load(table_id)
            self._remember(live)
            future.set_result(live)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved here, so an unawaited failure is not reported twice
            raise
        finally:
            del self.loading[table_id]
        return live

    @asynccontextmanager
    async def _locked(self, table_id: str) -> AsyncIterator[Live]:
        """The table's copy, under its lock, and still this process's copy once the lock is
        had (a failed commit drops the copy it was made on: see :meth:`move`)."""
        while True:
            live = await self.live(table_id)
            await live.lock.acquire()
            if self.cache.get(table_id) is live:
                break
            live.lock.release()
        try:
            yield live
        finally:
            live.lock.release()

    async def committed(self, table_id: str) -> Live:
        """The table with no move in flight. A move is applied to this process's copy before
        it is committed, under the table's lock; it is shown to nobody until it is in the
        database, and if the commit fails the copy is dropped and read again. Use the
        result before the next ``await``."""
        async with self._locked(table_id) as live:
            return live

    async def refresh(self, table_id: str) -> Live:
        """The table at the newest version in the database (moves by other processes). A
        copy ahead of the database (a move taken back by another process, whose notice
        never came) is dropped and read again."""
        async with self._locked(table_id) as live:
            if await self._catch_up(live) is not None:
                return live
            self.forget(table_id)
        live = await self.live(table_id)
        self.caught_up(table_id)
        return live

    async def versions(self, table_ids: list[str]) -> dict[str, tuple[int, str | None]]:
        """Each table's version in the database, with its last move's action."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(
                select(TableRow.id, TableRow.version, MoveRow.action)
                .outerjoin(MoveRow, (MoveRow.table_id == TableRow.id) & (MoveRow.version == TableRow.version))
                .where(TableRow.id.in_(table_ids)))).all()
        return {row.id: (row.version, row.action) for row in rows}

    async def _load(self, table_id: str) -> Live:
        if not isinstance(table_id, str) or len(table_id) > 24:
            raise NotFound("no such table")
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(TableRow).where(TableRow.id == table_id))).one_or_none()
            if row is None:
                raise NotFound(f"no table {clip(table_id, 30)}")
            seats = (await conn.execute(select(SeatRow).where(SeatRow.table_id == table_id)
                                        .order_by(SeatRow.seat))).all()
            moves = (await conn.execute(select(MoveRow.action).where(MoveRow.table_id == table_id)
                                        .order_by(MoveRow.version))).scalars().all()
        game = games.get_game(row.game)
        state = game.new_game(row.players, row.seed, row.options)
        live = Live(
            info=TableInfo(id=row.id, name=row.name, game=game.id, game_name=game.name, players=row.players,
                           options=row.options, version=0, to_move=None, finished=False, url=f"/t/{row.id}",
                           seats=[SeatInfo(seat=s.seat, name=s.name, kind="bot" if s.agent else "human",
                                           agent=s.agent) for s in seats]),
            seed=row.seed, token_hashes={s.seat: s.token_hash for s in seats if s.token_hash}, state=state)
        for action in moves:
            live.play(action)
        return live

    async def _catch_up(self, live: Live) -> int | None:
        """Apply the moves other processes committed since ``live.version`` (the caller
        holds the table's lock); how many, or None if the copy is ahead of the database."""
        async with self.engine.connect() as conn:
            version = (await conn.execute(select(TableRow.version).where(TableRow.id == live.info.id))).scalar()
            moves = (await conn.execute(
                select(MoveRow.action).where(MoveRow.table_id == live.info.id, MoveRow.version > live.version)
                .order_by(MoveRow.version))).scalars().all()
        if version is None or version < live.version:
            return None
        for action in moves:
            live.play(action)
        if moves:
            self.caught_up(live.info.id)
        return len(moves)

    # ---- moving ------------------------------------------------------------------------------
    async def _require_version(self, live: Live, version: int) -> None:
        """Refuse a request made at another version than the table's newest (the caller
        holds the table's lock); moves of other processes are caught up first."""
        if version != live.version and await self._catch_up(live) is None:
            self.forget(live.info.id)  # ahead of the database: read again by whoever asks next
            raise Stale("the table has changed; reload it", None)
        if version != live.version:
            raise Stale(f"the table has moved on: it is at version {live.version}, not {version}", live.version)

    async def move(self, table_id: str, seat: int, action: str, version: int) -> Live:
        """Apply ``action`` for ``seat`` if the table is at ``version`` and it is legal, and
        commit it; raise (changing nothing) otherwise. Returns the table, moved on."""
        async with self._locked(table_id) as live:
            await self._require_version(live, version)
            state = live.state
            if state.is_terminal():
                raise Conflict("the game is over", live.version)
            turn = state.current_seat()
            if turn != seat:
                assert turn is not None
                raise Conflict(f"it is not your turn: {live.info.seats[turn].name} (seat {turn}) decides now",
                               live.version)
            try:
                live.play(action)
            except IllegalAction as exc:
                raise Refused(f"{clip(action, 60)} is refused: {exc.reason}", live.version) from None
            try:
                await self._commit(live, seat, action, version)
            except BaseException:
                # The database is the truth: this copy ran ahead of it, so it goes.
                self.forget(table_id)
                raise
        return live

    async def undo(self, table_id: str, seat: int, version: int) -> Live:
        """Take back ``seat``'s last move, if the table is at ``version`` and the move is
        still tentative; the move is deleted from the database before anyone is told."""
        async with self._locked(table_id) as live:
            await self._require_version(live, version)
            if not live.can_undo(seat):
                raise Conflict("nothing of yours can be taken back now: your turn has passed, or something "
                               "was drawn or revealed since", live.version)
            try:
                async with self.engine.begin() as conn:
                    done = await conn.execute(
                        update(TableRow).where(TableRow.id == table_id, TableRow.version == version)
                        .values(version=version - 1, to_move=seat, finished=False, updated=now()))
                    if done.rowcount != 1:
                        raise Stale("another move was accepted first; reload the table", None)
                    await conn.execute(delete(MoveRow).where(MoveRow.table_id == table_id,
                                                             MoveRow.version == version))
                    if self.notify:
                        await conn.execute(select(func.pg_notify(NOTIFY_CHANNEL, f"{table_id}:undo")))
            except BaseException:
                self.forget(table_id)
                raise
            live.take_back()
        return live

    async def _commit(self, live: Live, seat: int, action: str, version: int) -> None:
        """Commit move ``version + 1``; returns once it is in the database. Moves of many
        tables that arrive together are committed in one transaction (group commit)."""
        state = live.state
        pending = _Pending(live.info.id, version, seat, action, state.current_seat(), state.is_terminal(),
                           asyncio.get_running_loop().create_future())
        self.pending.append(pending)
        if self.writer is None or self.writer.done():
            self.writer = asyncio.create_task(self._write_pending())
        await pending.done

    async def _write_pending(self) -> None:
        """Write every pending move, batch after batch, until none is left."""
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                await self._write(batch)
            except Exception:
                # One stale move (another process won its table) fails the whole batch:
                # write each alone, so only that one is refused.
                for move in batch:
                    try:
                        await self._write([move])
                    except Exception as exc:
                        if not move.done.done():
                            move.done.set_exception(exc)
            for move in batch:
                if not move.done.done():
                    move.done.set_result(None)

    async def _write(self, batch: list[_Pending]) -> None:
        stamp = now()
        try:
            async with self.engine.begin() as conn:
                if self.engine.dialect.supports_sane_multi_rowcount:
                    updates = [await conn.execute(_ADVANCE, [m.advance(stamp) for m in batch])]
                else:
                    updates = [await conn.execute(_ADVANCE, m.advance(stamp)) for m in batch]
                if sum(u.rowcount for u in updates) != len(batch):
                    raise Stale("another move was accepted first; reload the table", None)
                await conn.execute(insert(MoveRow), [m.row(stamp) for m in batch])
                if self.notify:
                    payload = ",".join(f"{m.table_id}:{m.version + 1}" for m in batch)
                    await conn.execute(select(func.pg_notify(NOTIFY_CHANNEL, payload)))
        except IntegrityError:
            raise Stale("another move was accepted first; reload the table", None) from None

    # ---- listing -------------------------------------------------------------------------------
    async def listing(self, finished: bool, limit: int) -> list[TableInfo]:
        async with self.engine.connect() as conn:
            rows = (await conn.execute(
                select(TableRow).where(TableRow.finished == finished)
                .order_by(TableRow.updated.desc()).limit(limit))).all()
            ids = [r.id for r in rows]
            seats = (await conn.execute(select(SeatRow).where(SeatRow.table_id.in_(ids))
                                        .order_by(SeatRow.table_id, SeatRow.seat))).all() if ids else []
        by_table: dict[str, list[SeatInfo]] = {}
        for s in seats:
            by_table.setdefault(s.table_id, []).append(
                SeatInfo(seat=s.seat, name=s.name, kind="bot" if s.agent else "human", agent=s.agent))
        out = []
        for r in rows:
            game = games.get_game(r.game)
            out.append(TableInfo(id=r.id, name=r.name, game=r.game, game_name=game.name, players=r.players,
                                 options=r.options, seats=by_table.get(r.id, []), version=r.version,
                                 to_move=r.to_move, finished=r.finished, url=f"/t/{r.id}"))
        return out

    async def waiting_for_bots(self, older_than: float | None = None) -> list[str]:
        """Unfinished tables whose deciding seat is a bot (``older_than`` seconds without a move)."""
        from datetime import timedelta

        query = (select(TableRow.id).join(SeatRow, (SeatRow.table_id == TableRow.id)
                                           & (SeatRow.seat == TableRow.to_move))
                 .where(TableRow.finished.is_(False), SeatRow.agent.is_not(None)))
        if older_than is not None:
            query = query.where(TableRow.updated < now() - timedelta(seconds=older_than))
        async with self.engine.connect() as conn:
            return list((await conn.execute(query)).scalars().all())

    def replay_log(self, live: Live) -> dict[str, Any]:
        if not live.state.is_terminal():
            raise Conflict("the game is not over; its log is given when it ends", live.version)
        log = live.state.replay_log()
        log["agents"] = [s.agent or "human" for s in live.info.seats]
        return log
