"""Alembic's entry point: runs the revisions in ``versions/`` on the connection it is handed
(``inkhorn.server.migrate.upgrade``) or, from the ``alembic`` command, on ``-x db=URL``."""

from __future__ import annotations

from alembic import context

from inkhorn.server.db import Base, database_url, sync_engine_for_migrations

config = context.config
target_metadata = Base.metadata

connection = config.attributes.get("connection")
if connection is None:  # the alembic command line: alembic -x db=URL upgrade head
    url = database_url(context.get_x_argument(as_dictionary=True)["db"])
    with sync_engine_for_migrations(url).connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
