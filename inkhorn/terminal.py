"""Playing and watching games in a terminal: the human seat and the table view."""

from __future__ import annotations

import json
import os
import select
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from inkhorn.agents import Agent, make_agent
from inkhorn.core import ActionLog, IllegalAction, ReplayLog
from inkhorn.core.errors import clip
from inkhorn.core.state import GameState
from inkhorn.match import agent_seed

try:  # keys while watching (POSIX terminals); elsewhere the pace is kept without them
    import termios
    import tty
except ImportError:  # pragma: no cover
    termios = tty = None  # type: ignore[assignment]

HELP = """Type the number of an action, or its id, at the prompt.
Open decisions (a word to spell, a placement) also accept any id of the form shown.
Commands:  board  show the table again     log   the actions so far
           help   this text                quit  save the game log and leave"""


def legend_table(game: Any) -> Table:
    """The game's legend: every code of its terminal picture and what it means."""
    table = Table(title=f"Legend: what the codes of {game.name} mean", show_header=True, title_justify="left")
    table.add_column("code", no_wrap=True)
    table.add_column("means")
    for code, meaning in game.legend():
        table.add_row(escape(code), escape(meaning))
    return table


class Quit(Exception):
    """The person at the keyboard asked to leave; the game log is saved."""


WATCH_DELAY = 0.4  # seconds between bots' moves when a person watches at a terminal


class Pacer:
    """Waits ``delay`` seconds after each bot move so a person can follow the game; at a
    terminal, p or space pauses (and goes on again), q leaves. Piped output never waits."""

    def __init__(self, console: Console, delay: float | None):
        interactive = console.is_terminal and sys.stdin.isatty()
        self.delay = (WATCH_DELAY if interactive else 0.0) if delay is None else max(0.0, delay)
        self.console = console
        self.keys = interactive and termios is not None

    def wait(self) -> None:
        if self.delay <= 0:
            return
        if not self.keys:
            time.sleep(self.delay)
            return
        key = self._key(self.delay)
        if key in ("p", " "):
            self.console.print("[yellow]Paused: p or space goes on, q leaves.[/yellow]")
            while (key := self._key(None)) not in ("p", " ", "q"):
                pass
        if key == "q":
            raise Quit

    def _key(self, timeout: float | None) -> str:
        """A key pressed within ``timeout`` seconds (None: wait for one), else ""."""
        assert termios is not None and tty is not None
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd)
            ready, _, _ = select.select([fd], [], [], timeout)
            return os.read(fd, 1).decode(errors="replace").lower() if ready else ""
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)


class HumanAgent(Agent):
    """A person choosing at the keyboard; every choice is checked before it is taken."""

    name = "human"

    def __init__(self, console: Console, seed: int = 0, actions: ActionLog | None = None):
        super().__init__(seed)
        self.console = console
        # What happened so far, shown only as this seat may know it.
        self.actions = actions if actions is not None else ActionLog()

    def choose(self, state: GameState, seat: int) -> str:
        game = state.game
        self.console.print(game.render(state, seat))
        step = state.decision()
        assert step is not None
        legal = state.legal_actions()
        self.console.print(f"\n[bold]Seat {seat}[/bold] — {escape(step.prompt(state))}")
        if len(legal) == 1 and not step.open:
            # nothing to decide: taken at once, and said
            self.console.print(f"[dim]Your only choice:[/dim] {escape(state.action_label(legal[0]))}")
            return legal[0]
        table = Table(show_header=False, box=None, pad_edge=False)
        for number, action in enumerate(legal, 1):
            label = state.action_label(action)
            table.add_row(f"[cyan]{number:>3}[/cyan]", escape(label),
                          f"[dim]{escape(action)}[/dim]" if label != action else "")
        self.console.print(table)
        if step.open:
            self.console.print("[dim]This decision also accepts other ids of the same form.[/dim]")
        while True:
            try:
                raw = self.console.input("[bold]> [/bold]").strip()
            except EOFError:
                raise Quit from None
            if not raw:
                continue
            if raw in ("quit", "exit", "q"):
                raise Quit
            if raw in ("help", "?", "h"):
                self.console.print(HELP)
                self.console.print(legend_table(game))
                continue
            if raw == "board":
                self.console.print(game.render(state, seat))
                continue
            if raw == "log":
                seen = [f"#{r.index + 1} seat {r.seat}: {r.seen_by(seat)}" for r in self.actions]
                self.console.print(escape("\n".join(seen)) or "(no actions yet)")
                continue
            action = legal[int(raw) - 1] if raw.isdigit() and 1 <= int(raw) <= len(legal) else raw
            try:
                state.check(action)
            except IllegalAction as exc:
                reason = exc.reason if len(exc.reason) <= 200 else exc.reason[:200] + "…"
                self.console.print(f"[red]{escape(reason)}[/red]: {escape(clip(action))}. "
                                   f"Type a number from 1 to {len(legal)}, an action id, or 'help'.")
                continue
            return action


def make_seats(
    specs: Sequence[str], seed: int, console: Console, actions: ActionLog | None = None
) -> list[Agent]:
    actions = actions if actions is not None else ActionLog()
    return [
        HumanAgent(console, agent_seed(seed, i), actions) if spec == "human"
        else make_agent(spec, agent_seed(seed, i))
        for i, spec in enumerate(specs)
    ]


def save_log(state: GameState, agents: Sequence[Agent], path: Path) -> None:
    log = ReplayLog.from_json(state.replay_log())
    log.agents = [a.spec() for a in agents]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(log.to_json(), indent=1))


def play_in_terminal(
    state: GameState, agents: Sequence[Agent], console: Console, log_path: Path, watch_every: int = 0,
    delay: float | None = None,
) -> dict[str, Any]:
    """Play to the end (or until a person quits); the log is saved whatever happens. Bots'
    moves are paced by ``delay`` seconds (see :class:`Pacer`)."""
    game = state.game
    humans = [i for i, a in enumerate(agents) if isinstance(a, HumanAgent)]
    # One person at the keyboard sees as their seat; several (or none) see the public table.
    view_seat = humans[0] if len(humans) == 1 else None
    actions = next((a.actions for a in agents if isinstance(a, HumanAgent)), ActionLog())
    chapter = None
    finished = False
    pacer = Pacer(console, delay)
    try:
        while not state.is_terminal():
            seat = state.current_seat()
            assert seat is not None
            if not humans and game.chapter(state) != chapter:
                chapter = game.chapter(state)
                if chapter:
                    console.rule(chapter)
                console.print(game.render(state, None))
            action = agents[seat].choose(state, seat)
            record = actions.apply(state, action)
            who = "you" if seat == view_seat else escape(agents[seat].spec())
            console.print(f"[dim]#{record.index + 1:>4}[/dim] seat {seat} ({who}): {escape(record.seen_by(view_seat))}")
            if not isinstance(agents[seat], HumanAgent) and not state.is_terminal():
                pacer.wait()
        finished = True
    except Quit:
        console.print("[yellow]Game left before its end.[/yellow]")
    finally:
        try:
            save_log(state, agents, log_path)
        except OSError as exc:  # the game is never lost: the log goes to a temporary file
            fallback = Path(tempfile.mkstemp(prefix=f"inkhorn-{game.id}-", suffix=".json")[1])
            save_log(state, agents, fallback)
            console.print(f"[yellow]Could not write {escape(str(log_path))} ({escape(exc.strerror or str(exc))}); "
                          f"the game log is in {escape(str(fallback))}[/yellow]")
        else:
            console.print(f"[dim]Game log saved to {escape(str(log_path))}[/dim]")
    if finished:
        console.print(game.render(state, view_seat))
        console.print(Panel(result_text(state, agents), title="Result"))
    return {"finished": finished, "scores": state.scores(), "winners": state.winners()}


def result_text(state: GameState, agents: Sequence[Agent]) -> str:
    scores = state.scores()
    winners = state.winners()
    lines = []
    for seat in sorted(range(state.num_players), key=lambda s: -scores[s]):
        mark = " ★ winner" if seat in winners else ""
        lines.append(f"seat {seat} ({agents[seat].spec()}): {scores[seat]:g}{mark}")
    if len(winners) > 1:
        lines.append("Shared victory.")
    return "\n".join(lines)
