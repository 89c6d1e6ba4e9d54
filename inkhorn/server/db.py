"""The database: a table is its seats and its action log, nothing else.

The full state of a game is never stored: ``new_game(game, players, seed, options)`` plus the
moves re-create it, so what is written is small, append-only and easy to check. A move is
accepted by one transaction that moves the table's ``version`` from N to N+1 (refused if
another move got there first) and inserts move N+1, whose ``(table_id, version)`` key is
unique: two processes racing for the same table cannot both win.

SQLite (the default, one process) and PostgreSQL (any number of processes) use the same
tables, created and upgraded by Alembic (``migrations/``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String, Text, event
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.pool import NullPool

from inkhorn.core.errors import InkhornError, clip


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One game being played: its set-up (the seed never leaves the server until the end)."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Moves applied so far; the next move is version + 1.
    version: Mapped[int] = mapped_column(Integer, default=0)
    # The seat that decides now (None once the game is over), so a restarted server knows
    # which tables wait for a bot without replaying them.
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    finished: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatRow(Base):
    """Who sits where: a person holding the seat link (only its hash is kept) or a bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    # An agent spec ("greedy", "mcts:time=1") for a bot; None for a person.
    agent: Mapped[str | None] = mapped_column(String(200), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)


class MoveRow(Base):
    """Move ``version`` of a table (the first move is version 1)."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


# ---- URLs -------------------------------------------------------------------------------------
def database_url(raw: str | Path) -> URL:
    """A ``--db`` value as a SQLAlchemy URL: ``postgresql://…``, ``sqlite:///file`` or a plain path."""
    text = str(raw)
    if "\x00" in text:
        raise InkhornError("--db holds a NUL character")
    if "://" not in text:
        return URL.create("sqlite", database=str(Path(text).expanduser()))
    try:
        url = make_url(text)
    except Exception:  # SQLAlchemy's ArgumentError, or a bad port number
        raise InkhornError(f"--db {clip(text)} is not a database URL (postgresql://… or sqlite:///file)") from None
    backend = url.get_backend_name()
    if backend in ("postgresql", "postgres"):
        return url.set(drivername="postgresql+psycopg")
    if backend == "sqlite":
        return url.set(drivername="sqlite")
    raise InkhornError(f"--db {clip(text)}: {backend} is not supported; use postgresql://… or sqlite:///file")


def is_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL: readers never wait for the writer. synchronous=NORMAL: a commit survives the
    # server process being killed (the WAL is in the operating system's hands), which is
    # the crash the server promises to survive; FULL would add an fsync per move.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def async_engine(url: URL) -> AsyncEngine:
    if is_sqlite(url):
        # aiosqlite hands each connection to its own thread; one connection per transaction
        # would pay that thread's start every move, so keep a small pool instead.
        engine = create_async_engine(url.set(drivername="sqlite+aiosqlite"), pool_size=1, max_overflow=4)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def sync_engine_for_migrations(url: URL) -> Engine:
    from sqlalchemy import create_engine

    engine = create_engine(url, poolclass=NullPool)
    if is_sqlite(url):
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine
