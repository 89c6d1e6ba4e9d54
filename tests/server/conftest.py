"""Real servers for the server tests: ``inkhorn serve`` processes on SQLite files and on a
PostgreSQL cluster of their own (Debian's ``postgresql``; CI installs it)."""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from inkhorn.server.harness import Postgres, ServerProcess, postgres_available, start_postgres, start_server


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    if not postgres_available():
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed; .ci/run installs Debian's postgresql")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    cluster = start_postgres()
    yield cluster
    cluster.stop()


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path) -> str:
    """A new, empty database of the kind the test is parametrised with."""
    if request.param == "sqlite":
        return str(tmp_path / "inkhorn.db")
    cluster: Postgres = request.getfixturevalue("postgres")
    return cluster.create_database(f"t_{uuid.uuid4().hex[:12]}")


BOTH = pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)


@contextlib.contextmanager
def logs_on_failure(*servers: ServerProcess) -> Iterator[None]:
    """Stop the servers at the end; if the test failed, print the end of each one's log (pytest
    shows it with the failure)."""
    try:
        yield
    except BaseException:
        for k, process in enumerate(servers):
            print(f"---- server {k} ({process.url}) log ----\n{process.log()[-4000:]}")
        raise
    finally:
        for process in servers:
            process.stop()


@pytest.fixture
def server(database: str) -> Iterator[ServerProcess]:
    process = start_server(database)
    with logs_on_failure(process):
        yield process


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def any_server(request: pytest.FixtureRequest, tmp_path_factory) -> Iterator[ServerProcess]:
    """One server shared by a module's tests, on SQLite and then on PostgreSQL."""
    if request.param == "sqlite":
        db = str(tmp_path_factory.mktemp("db") / "inkhorn.db")
    else:
        cluster: Postgres = request.getfixturevalue("postgres")
        db = cluster.create_database(f"m_{uuid.uuid4().hex[:12]}")
    process = start_server(db)
    yield process
    process.stop()


# ---- Chromium (Debian's, driven by Playwright) ------------------------------------------------
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: apt-get install -y chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def new_page(browser, width=1400, height=1000):
    """A page of its own browser context that fails the test if any script opens a dialog,
    and collects page errors in ``page.errors``."""
    # bypass_csp: Playwright evaluates its waits as strings; escaping must hold without CSP anyway
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    page.on("dialog", lambda d: pytest.fail(f"a script ran: dialog {d.message!r}"))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


