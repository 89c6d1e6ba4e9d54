"""The designer's lab: experiments over many bot games, run on Dask, stored as Parquet,
queried with DuckDB and summed up in an HTML report.

Uses only the core contract (``Game``, states, ``play_match``) and the registry: what a game
tells the lab about its components comes from ``Game.holdings``.
"""
