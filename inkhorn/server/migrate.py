"""Bring a database up to the newest schema (Alembic), at every server start.

Several processes may start at once on one PostgreSQL database; an advisory lock makes
them upgrade one after the other, so each finds the schema complete.
"""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import URL

from inkhorn.server.db import is_sqlite, sync_engine_for_migrations

# Any fixed 64-bit number: the lock that serialises schema upgrades.
_UPGRADE_LOCK = 0x1_4B_48_52_4E


def alembic_config(url: URL) -> Config:
    config = Config()
    config.set_main_option("script_location", str(resources.files("inkhorn.server") / "migrations"))
    config.attributes["url"] = url
    return config


def upgrade(url: URL) -> None:
    """Create or upgrade the schema at ``url`` to the newest revision."""
    if is_sqlite(url) and url.database:
        from pathlib import Path

        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
    engine = sync_engine_for_migrations(url)
    try:
        with engine.connect() as connection:
            if not is_sqlite(url):
                connection.execute(text("SELECT pg_advisory_lock(:k)"), {"k": _UPGRADE_LOCK})
                connection.commit()
            config = alembic_config(url)
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            connection.commit()
            if not is_sqlite(url):
                connection.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _UPGRADE_LOCK})
                connection.commit()
    finally:
        engine.dispose()
