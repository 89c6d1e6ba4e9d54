"""Real servers on this machine, for the tests and ``bench/serve.py``: an ``inkhorn serve``
process on a free loopback port, and a throwaway PostgreSQL cluster (Debian's
``postgresql`` package) in a temporary folder. Nothing here is a stand-in: both are the
programs a player or an operator runs.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def postgres_available() -> bool:
    return _pg_bin("initdb") is not None and _pg_bin("pg_ctl") is not None


@dataclass
class Postgres:
    """A PostgreSQL server of its own, in a temporary folder, on a loopback port."""

    folder: Path
    port: int
    url: str
    _as: list[str] = field(default_factory=list)

    def stop(self) -> None:
        pg_ctl = _pg_bin("pg_ctl")
        if pg_ctl:
            subprocess.run([*self._as, pg_ctl, "-D", str(self.folder / "data"), "-m", "immediate", "stop"],
                           capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)

    def create_database(self, name: str) -> str:
        """A new empty database on this server; its URL."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url.rsplit("/", 1)[0] + "/" + name


def start_postgres() -> Postgres:
    """initdb and start a cluster (as the ``postgres`` user when run as root: PostgreSQL
    refuses to run as root)."""
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if not initdb or not pg_ctl:
        raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="inkhorn-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        import pwd

        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
        os.chmod(folder, 0o700)
        run_as = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    data = folder / "data"
    subprocess.run([*run_as, initdb, "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                    "--no-sync"], check=True, capture_output=True, timeout=120)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on"
    subprocess.run([*run_as, pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w",
                    "-t", "60", "start"], check=True, capture_output=True, timeout=90)
    return Postgres(folder, port, f"postgresql://postgres@127.0.0.1:{port}/postgres", run_as)


@dataclass
class ServerProcess:
    """An ``inkhorn serve`` process. Its output goes to a temporary log, read with ``log()``
    while it runs and removed once it has been stopped or killed."""

    process: subprocess.Popen[bytes]
    port: int
    db: str
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return "(no log: the server was stopped and its log removed)"

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind in the server, as a crash."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.log_path.unlink(missing_ok=True)

    def stop(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log_path.unlink(missing_ok=True)


def start_server(db: str, *, port: int | None = None, extra: Sequence[str] = (), bot_delay: float = 0,
                 wait: float = 60) -> ServerProcess:
    """Start ``inkhorn serve`` on ``db`` and wait until it answers (its own process group,
    so a kill takes its bot workers too)."""
    port = port or free_port()
    log_path = Path(tempfile.mkstemp(prefix="inkhorn-serve-", suffix=".log")[1])
    command = [sys.executable, "-m", "inkhorn.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--db", db, "--bot-delay", str(bot_delay), *extra]
    with log_path.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    server = ServerProcess(process, port, db, log_path)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log = server.log()
            server.stop()
            raise RuntimeError(f"inkhorn serve exited with {process.returncode}: {log[-2000:]}")
        try:
            with urllib.request.urlopen(f"{server.url}/api/games", timeout=2) as reply:
                if reply.status == 200:
                    return server
        except OSError:
            time.sleep(0.2)
    log = server.log()
    server.stop()
    raise RuntimeError(f"inkhorn serve did not answer within {wait} s: {log[-2000:]}")


@contextlib.contextmanager
def running_server(db: str, **kwargs: object) -> Iterator[ServerProcess]:
    server = start_server(db, **kwargs)  # type: ignore[arg-type]
    try:
        yield server
    finally:
        server.stop()
