"""Play with friends in the browser: ``inkhorn serve``.

``db`` (the tables, seats and move logs, migrated by Alembic), ``tables`` (live tables and
the one path of every move), ``hub`` (live updates over WebSockets, across processes through
PostgreSQL's LISTEN/NOTIFY), ``bots`` (bots' turns in worker processes), ``api`` (the JSON
API's models) and ``app`` (the FastAPI application, its pages and routes).
"""
