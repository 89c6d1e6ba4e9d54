"""The ``inkhorn`` command: list games, read rules, play, watch, simulate and replay."""

from __future__ import annotations

import json
import os
import secrets
import statistics
import sys
from collections import Counter, defaultdict
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from inkhorn import games
from inkhorn.agents import DEFAULT_BOT, split_agents
from inkhorn.core import InkhornError, ReplayLog
from inkhorn.core.errors import clip
from inkhorn.core.options import parse_key_values
from inkhorn.match import MatchResult, check_agent_count, play_match

app = typer.Typer(
    help="Rules engines, bots and a playtesting lab for five manuscript-themed games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err = Console(stderr=True)


def _version(value: bool) -> None:
    if value:
        console.print(f"inkhorn {package_version('inkhorn')}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Rules engines, bots and a playtesting lab for five manuscript-themed games."""

OptionArg = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="A game option as key=value (repeatable).")
]

RULINGS_DIR = Path(__file__).resolve().parent.parent / "docs" / "rulings"


def _fail(exc: Exception) -> None:
    message = str(exc)
    if len(message) > 600:  # a message quoting a huge input stays a few lines
        message = f"{message[:600]}… ({len(message)} characters)"
    err.print(f"[red]error:[/red] {escape(message)}")
    raise typer.Exit(2)


def _output_file(path: Path, flag: str, overwrite: bool = True, example: str = "games.jsonl") -> Path:
    """``path`` checked before any game is played: a file we may write (a folder, a missing
    folder or a read-only place is refused now, not after the games)."""
    try:
        if path.is_dir():
            raise InkhornError(f"{flag} {path} is a folder; give a file name, e.g. {path / example}")
        if path.exists() and not overwrite:
            raise InkhornError(f"{flag} {path} already exists; give another name, or --force to overwrite it")
        parent = path.parent if str(path.parent) else Path(".")
        if not parent.is_dir():
            raise InkhornError(f"{flag} {path}: the folder {parent} does not exist")
        if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise InkhornError(f"{flag} {path}: not writable here")
    except (OSError, ValueError) as exc:  # a NUL in the name, a name too long for the system
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else "it holds a NUL character"
        raise InkhornError(f"{flag} {clip(str(path))}: not a usable file name ({why})") from None
    return path


def _free_log_name(game_id: str, seed: int) -> Path:
    """The default log name of a game, never one already taken."""
    path = Path(f"inkhorn-{game_id}-seed{seed}.json")
    k = 2
    while path.exists():
        path = Path(f"inkhorn-{game_id}-seed{seed}-{k}.json")
        k += 1
    return path


def _progress() -> Progress:
    """The bar shown on stderr while many games are played (gone when they are done)."""
    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=err, transient=True,
    )


def _options(pairs: list[str] | None) -> dict[str, str]:
    return parse_key_values(pairs or [])


@app.command("games")
def list_games() -> None:
    """List the games inkhorn plays."""
    table = Table(title="Games")
    for column in ("id", "name", "players", "options"):
        table.add_column(column)
    for game in games.all_games():
        players = f"{game.min_players}-{game.max_players}" if game.min_players != game.max_players else str(
            game.min_players
        )
        table.add_row(game.id, game.name, players, ", ".join(game.Options.model_fields))
    console.print(table)


@app.command()
def rules(game_id: Annotated[str, typer.Argument(metavar="GAME")]) -> None:
    """A game's rules in our words, its options, and the rulings we made."""
    try:
        game = games.get_game(game_id)
    except InkhornError as exc:
        _fail(exc)
    from inkhorn.terminal import legend_table

    console.print(Markdown(game.rules_summary()))
    console.print(legend_table(game))
    table = Table(title="Options (--option key=value)")
    for column in ("key", "default", "meaning"):
        table.add_column(column)
    for key, default, description in game.Options.describe():
        table.add_row(key, default, description)
    console.print(table)
    rulings = RULINGS_DIR / f"{game.id}.md"
    if rulings.exists():
        console.print(Markdown(rulings.read_text()))


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    seats: Annotated[
        str | None, typer.Option(help=f"Comma-separated seats: human, random, greedy, mcts:iters=N ... "
                                 f"(default: you, then {DEFAULT_BOT} bots)")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the game (default: a new deal each time, printed and saved).")
    ] = None,
    option: OptionArg = None,
    save: Annotated[Path | None, typer.Option(help="Where to save the game log (a new file).")] = None,
    hell_profile: Annotated[
        Path | None,
        typer.Option(help="Scriptoria's Hell of the Library: the table's experience file (read, then updated)."),
    ] = None,
    delay: Annotated[float | None, typer.Option(
        min=0, max=60, help="Seconds between bots' moves (default: 0.4 at a terminal, none when piped). "
                            "While bots play, p or space pauses and q leaves.")] = None,
    plain: Annotated[bool, typer.Option("--plain", help="Print the whole table and every choice at each "
                                        "decision, scrolling (as when the output is piped).")] = False,
) -> None:
    """Play a game in the terminal (or watch bots play one: give no human seat)."""
    from inkhorn.terminal import make_seats, play_in_terminal

    try:
        game = games.get_game(game_id)
        specs = split_agents(seats) if seats else ["human"] + [DEFAULT_BOT] * (
            game.default_players - 1
        )
        options = _options(option)
        if hell_profile is not None:
            if game.id != "scriptoria":
                raise InkhornError("--hell-profile is Scriptoria's Hell of the Library; it has no meaning here")
            from inkhorn.games.scriptoria.hell import experience

            options["hell_level"] = str(experience(hell_profile))
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        state = game.new_game(len(specs), seed, options)
        agents = make_seats(specs, seed, console, plain=True if plain else None)
        log_path = _output_file(save, "--save", overwrite=False, example="game.json") if save else _free_log_name(game.id, seed)
    except InkhornError as exc:
        _fail(exc)
    console.print(f"[dim]{escape(game.name)}, seed {seed}; the log will be saved to {escape(str(log_path))}[/dim]")
    outcome = play_in_terminal(state, agents, console, log_path, delay=delay)
    if hell_profile is not None and outcome["finished"]:
        from inkhorn.games.scriptoria.hell import record_finished_game

        games_played = record_finished_game(hell_profile, max(outcome["scores"]))
        console.print(f"Hell of the Library: {games_played} games of experience; next game starts at "
                      f"{2 * games_played} points.")


@app.command()
def replay(
    log: Annotated[Path, typer.Argument(help="A game log saved by play or simulate --logs.")],
    step: Annotated[bool, typer.Option(help="Wait for Enter between actions.")] = False,
    seat: Annotated[int | None, typer.Option(help="Show the table as this seat saw it.")] = None,
) -> None:
    """Step through a saved game."""
    try:
        record = ReplayLog.load(log)
        game = games.get_game(record.game)
        start = record.new_game(game)
        seat = start.seat_arg(seat)
        console.print(game.render(start, seat))
        state = start
        for state, entry in record.records(game, start):
            console.print(f"[dim]#{entry.index + 1:>4}[/dim] seat {entry.seat}: {escape(entry.seen_by(seat))}")
            if step:
                console.print(game.render(state, seat))
                if sys.stdin.isatty():
                    try:
                        answer = input("(Enter for the next action, q to quit) ")
                    except (EOFError, KeyboardInterrupt):
                        answer = "q"
                    if answer.strip().lower() in ("q", "quit", "exit"):
                        console.print(f"[dim]left the replay at action {entry.index + 1} of "
                                      f"{len(record.actions)}[/dim]")
                        return
        console.print(game.render(state, seat))
        console.print(f"scores {state.scores()}  winners {state.winners()}")
    except InkhornError as exc:
        _fail(exc)


def _summary_table(results: list[MatchResult]) -> Table:
    table = Table(title=f"{len(results)} games", caption="wins: games won, a shared win counted as its share")
    for column in ("seat", "agent", "wins", "win rate", "mean score"):
        table.add_column(column, justify="right" if column not in ("agent",) else "left")
    players = results[0].players
    for seat in range(players):
        share = sum(1 / len(r.winners) for r in results if seat in r.winners)
        mean = statistics.fmean(r.scores[seat] for r in results)
        agents = Counter(r.agents[seat] for r in results)
        table.add_row(
            str(seat), ", ".join(agents), f"{share:.1f}", f"{share / len(results):.1%}", f"{mean:.2f}"
        )
    return table


def _stats_table(results: list[MatchResult]) -> Table:
    table = Table(title="Per game")
    for column in ("figure", "mean", "min", "max", "distribution"):
        table.add_column(column)
    figures: dict[str, list[float]] = defaultdict(list)
    for r in results:
        figures["decisions"].append(r.decisions)
        figures["seconds"].append(r.seconds)
        for key, value in r.stats.items():
            figures[key].append(value)
    for key, values in figures.items():
        counts = Counter(values)
        distribution = ""
        if len(counts) <= 15 and all(float(v).is_integer() for v in values):
            distribution = "  ".join(f"{_plain(v)}:{counts[v]}" for v in sorted(counts))
        table.add_row(key, _plain(statistics.fmean(values)), _plain(min(values)), _plain(max(values)), distribution)
    return table


def _plain(x: float) -> str:
    """A figure as people write it: 3,320 and 0.25, not 3.32e+03."""
    if float(x).is_integer():
        return f"{int(x):,}"
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:.3g}"


@app.command()
def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int | None, typer.Option(help="Number of seats (default: the game's).")] = None,
    games_count: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed + i.")] = 0,
    agents: Annotated[
        str, typer.Option(help="Comma-separated agents, one per seat, or one for every seat.")
    ] = "random",
    option: OptionArg = None,
    out: Annotated[Path | None, typer.Option(help="Write one JSON object per game (JSON lines).")] = None,
    logs: Annotated[bool, typer.Option(help="Include each game's actions in the JSON lines.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite --out if it exists.")] = False,
) -> None:
    """Play many bot games and summarise them."""
    try:
        game = games.get_game(game_id)
        count = game.check_players(players)
        specs = split_agents(agents)
        if len(specs) == 1:
            specs = specs * count
        check_agent_count(specs, count)
        options = game.options(_options(option)).model_dump()
        if out:
            _output_file(out, "--out", overwrite=force)
    except InkhornError as exc:
        _fail(exc)
    results: list[MatchResult] = []
    handle = out.open("w") if out else None
    try:
        with _progress() as progress:
            task = progress.add_task(f"{game.id}", total=games_count)
            for i in range(games_count):
                try:
                    result = play_match(game.id, specs, seed + i, options)
                except InkhornError as exc:
                    _fail(exc)
                results.append(result)
                if handle:
                    handle.write(json.dumps(result.record(with_actions=logs)) + "\n")
                    handle.flush()
                progress.advance(task)
    finally:
        if handle:
            handle.close()
    console.print(_summary_table(results))
    console.print(_stats_table(results))
    endings = Counter(r.ending for r in results)
    console.print("How the games ended: " + "; ".join(
        f"{escape(name)}: {n} ({n / len(results):.0%})" for name, n in endings.most_common()))
    if out:
        console.print(f"[dim]{len(results)} games written to {escape(str(out))}[/dim]")


@app.command()
def arena(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int | None, typer.Option(help="Number of seats (default: the game's).")] = None,
    agents: Annotated[str, typer.Option(help="Comma-separated agents to compare (parameters follow their agent: mcts:iters=300,depth=3,greedy).")] = "mcts,greedy,random",
    games_count: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 60,
    seed: Annotated[int, typer.Option(help="Seed of the first deal; block b uses seed + b.")] = 0,
    option: OptionArg = None,
    out: Annotated[Path | None, typer.Option(help="Write one JSON object per game (JSON lines).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite --out if it exists.")] = False,
) -> None:
    """Compare agents over seat-rotated games: win rates, margins, ratings."""
    from inkhorn.arena import render_report, run_arena

    specs = split_agents(agents)
    try:
        if len(set(specs)) < 2:
            raise InkhornError(f"an arena compares at least two different agents, got {', '.join(specs) or 'none'}"
                               " (e.g. --agents mcts,greedy,random; one agent alone: inkhorn simulate)")
        if out:
            _output_file(out, "--out", overwrite=force)
    except InkhornError as exc:
        _fail(exc)
    with _progress() as progress:
        task = progress.add_task(game_id, total=games_count)
        try:
            report = run_arena(
                game_id, players, specs, games_count, seed, _options(option), out,
                progress=lambda done, total, result: progress.update(task, completed=done),
            )
        except InkhornError as exc:
            _fail(exc)
        except KeyboardInterrupt:
            err.print("interrupted before the first game finished: nothing to report")
            raise typer.Exit(130) from None
    console.print(render_report(report))
    if out:
        console.print(f"[dim]{report.games} games written to {escape(str(out))}[/dim]")
    if report.planned > report.games:
        raise typer.Exit(130)  # interrupted: the report is partial


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every network).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[str | None, typer.Option(
        help="postgresql://user:pass@host/name, sqlite:///file or a file path. "
             "Default: a SQLite file in your data folder.")] = None,
    bot_workers: Annotated[int, typer.Option(help="Processes that play the bots' turns.", min=1, max=64)] = 1,
    bot_delay: Annotated[float, typer.Option(
        help="Seconds a bot waits before playing, so people can follow.", min=0, max=30)] = 0.2,
    sweep_every: Annotated[float, typer.Option(
        help="Seconds between looks for bots' turns no process is playing and, with PostgreSQL, "
             "for tables this process shows out of date (a move notice lost).", min=0.05, max=3600)] = 10.0,
) -> None:
    """Serve the lobby and the tables: play with friends in the browser."""
    import uvicorn
    from platformdirs import user_data_path

    from inkhorn.server.app import Settings, create_app
    from inkhorn.server.db import database_url

    try:
        url = database_url(db if db is not None else user_data_path("inkhorn") / "inkhorn.db")
    except InkhornError as exc:
        _fail(exc)
    import socket

    try:  # a clear word now, rather than uvicorn's after start-up
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        _fail(InkhornError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; "
                           "another server may be running there (choose another with --port)"))
    shown = url.render_as_string(hide_password=True)
    where = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
    console.print(f"inkhorn: open [bold]http://{where}:{port}/[/bold] to start a table (Ctrl-C stops)", soft_wrap=True)
    console.print(f"[dim]database: {escape(shown)}[/dim]", soft_wrap=True)
    app_ = create_app(Settings(db=url, bot_workers=bot_workers, bot_delay=bot_delay,
                             sweep_every=sweep_every))
    # No per-message deflate: frames are small, and compressing each costs more than it saves.
    uvicorn.run(app_, host=host, port=port, log_level="warning", ws_max_size=1 << 16,
                ws_per_message_deflate=False)


from inkhorn.lab.cli import app as lab_app  # noqa: E402  (imports dask & co. only when a command runs)

app.add_typer(lab_app, name="lab")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
