"""``inkhorn lab``: run experiments, query their results, write their report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from inkhorn.agents import split_agents
from inkhorn.core.errors import InkhornError
from inkhorn.core.options import parse_key_values

app = typer.Typer(help="The designer's lab: experiments on Dask, results in Parquet, a report.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
console = Console()
err = Console(stderr=True)


def _fail(exc: Exception) -> None:
    err.print(f"[red]error:[/red] {exc}")
    raise typer.Exit(2)


def _missing(name: str) -> None:
    err.print(f"[red]error:[/red] the lab needs {name}: pip install -e '.[lab]'")
    raise typer.Exit(2)


@app.command()
def run(
    spec_file: Annotated[Path | None, typer.Argument(metavar="[SPEC.toml]", help="The experiment.")] = None,
    out: Annotated[Path, typer.Option("--out", help="Results folder (resumed if it exists).")] = Path("lab-results"),
    game: Annotated[str | None, typer.Option(help="Game id (overrides the spec).")] = None,
    players: Annotated[list[int] | None, typer.Option("--players", help="A player count (repeatable).")] = None,
    agents: Annotated[str | None, typer.Option(help="Comma-separated agents, rotated over the seats (parameters follow their agent: mcts:iters=300,depth=3,greedy).")] = None,
    games: Annotated[int | None, typer.Option("--games", help="Games per cell.")] = None,
    seed: Annotated[int | None, typer.Option(help="First seed.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Baseline option key=value.")] = None,
    variant: Annotated[
        list[str] | None,
        typer.Option("--variant", help="NAME:key=value[,key=value] compared with the baseline (repeatable)."),
    ] = None,
    no_events: Annotated[bool, typer.Option("--no-events", help="Do not record content events.")] = False,
    scheduler: Annotated[str | None, typer.Option(help="An existing Dask scheduler, tcp://HOST:8786.")] = None,
    workers: Annotated[int | None, typer.Option(help="Local workers (default: one per core).")] = None,
    chunk: Annotated[int, typer.Option(min=1, help="Games per Parquet chunk (also written every 5 s).")] = 50,
) -> None:
    """Play an experiment's games (those not yet in the results folder)."""
    try:
        from inkhorn.lab.run import run_experiment
    except ImportError as exc:
        _missing(exc.name or "dask")
    from inkhorn.lab.spec import absolute_paths, load_spec, make_spec

    try:
        overrides: dict = {
            "game": game, "players": players or None, "games": games, "seed": seed,
            "agents": split_agents(agents) if agents else None,
            "events": False if no_events else None,
        }
        if option:
            overrides["options"] = absolute_paths(parse_key_values(option), Path.cwd())
        if variant:
            overrides["variants"] = {}
            for v in variant:
                name, sep, pairs = v.partition(":")
                if not sep or not name.strip():
                    raise InkhornError(f"variant {v!r} is not of the form NAME:key=value[,key=value]")
                overrides["variants"][name.strip()] = absolute_paths(
                    parse_key_values(p for p in pairs.split(",") if p.strip()), Path.cwd())
        if spec_file is not None:
            spec = load_spec(spec_file, **overrides)
        else:
            if game is None:
                raise InkhornError("give a SPEC.toml or at least --game")
            spec = make_spec({k: v for k, v in overrides.items() if v is not None}, source="flags")
        total = sum(1 for _ in spec.tasks())
        bar = Progress(
            TextColumn(f"{spec.game}"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
            TextColumn("{task.fields[rate]} games/s"), TimeElapsedColumn(), TextColumn("ETA"),
            TimeRemainingColumn(), console=err,
        )
        with bar:
            task = bar.add_task("games", total=total, rate="-")
            clock: dict[str, float] = {}  # when the first report came, and the games done before

            def progress(played: int, todo: int) -> None:
                import time

                if not clock:
                    clock.update(t0=time.perf_counter(), base=total - todo)
                spent = time.perf_counter() - clock["t0"]
                rate = f"{played / spent:.1f}" if spent > 0 and played else "-"
                bar.update(task, completed=clock["base"] + played, rate=rate)

            summary = run_experiment(spec, out, scheduler=scheduler, workers=workers, chunk=chunk,
                                     progress=progress)
    except KeyboardInterrupt:
        err.print(f"stopped: the games finished so far are saved in {out}; run again to resume")
        raise typer.Exit(130) from None
    except (InkhornError, OSError) as exc:
        _fail(exc)
    console.print(
        f"{summary.played} games played, {summary.skipped} already done, in {summary.wall_seconds:.1f}s "
        f"({summary.games_per_second:.1f} games/s on {summary.workers} workers) -> {out}"
    )


@app.command(context_settings={"ignore_unknown_options": True})
def query(
    results: Annotated[Path, typer.Argument(metavar="RESULTS", help="A results folder.")],
    sql: Annotated[str, typer.Argument(metavar="SQL", help="DuckDB SQL over the views games, seats, events, "
                                       "pairs; one statement that only reads.")],
) -> None:
    """Run DuckDB SQL over a results folder (read only) and print the answer as a table."""
    try:
        from inkhorn.lab.query import query_table, run_query
    except ImportError as exc:
        _missing(exc.name or "duckdb")
    try:
        console.print(query_table(*run_query(results, sql)))
    except InkhornError as exc:
        _fail(exc)


@app.command()
def report(
    results: Annotated[Path, typer.Argument(metavar="RESULTS", help="A results folder.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="The HTML file to write.")] = Path("report.html"),
) -> None:
    """Write one self-contained HTML report (plots embedded) of a results folder."""
    try:
        from inkhorn.lab.report import write_report
    except ImportError as exc:
        _missing(exc.name or "matplotlib")
    try:
        write_report(results, out)
    except (InkhornError, OSError) as exc:
        _fail(exc)
    console.print(f"report written to {out}")
