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
from rich.text import Text

from inkhorn.agents import Agent, make_agent
from inkhorn.core import ActionLog, IllegalAction, ReplayLog
from inkhorn.core.errors import clip
from inkhorn.core.picture import Picture
from inkhorn.core.state import GameState
from inkhorn.match import agent_seed

try:  # keys while watching (POSIX terminals); elsewhere the pace is kept without them
    import termios
    import tty
except ImportError:  # pragma: no cover
    termios = tty = None  # type: ignore[assignment]

HELP = """Type the number of an action, or its id, at the prompt.
Open decisions (a word to spell, a placement) also accept any id of the form shown.
Commands:  board   the whole table           show N      seat N's part in full
           more    the next choices          find WORDS  the choices that match
           log     the actions so far        help        this text and the legend
           quit    save the game log and leave"""


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


MIN_OPTIONS = 6  # choices always listed on a screen, whatever else has to give way
SHARED_MIN = 12  # lines of the shared table kept on a screen before more choices are listed


def lines_of(console: Console, renderable: Any) -> list[Any]:
    """The lines ``renderable`` takes at the console's width."""
    return console.render_lines(renderable, console.options.update(height=None), pad=False)


def line_text(segments: Sequence[Any]) -> Text:
    """One rendered line (rich segments) as a Text again, styles kept."""
    text = Text(no_wrap=True, overflow="crop")
    for segment in segments:
        if not segment.control:
            text.append(segment.text, segment.style)
    return text


def options_table(state: GameState, legal: Sequence[str], start: int, count: int) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True, overflow="ellipsis")
    table.add_column(no_wrap=True, overflow="ellipsis")
    for number in range(start, min(len(legal), start + count)):
        action = legal[number]
        label = state.action_label(action)
        table.add_row(f"[cyan]{number + 1:>3}[/cyan]", escape(label),
                      f"[dim]{escape(action if len(action) <= 40 else action[:39] + '…')}[/dim]"
                      if label != action else "")
    return table


def compose_screen(console: Console, state: GameState, seat: int, picture: Picture, head: str,
                   legal: Sequence[str], page: int, height: int) -> tuple[list[Any], int]:
    """What one screen of ``height`` rows shows a seat deciding: the shared table (cut with a
    note when it does not fit), the other seats' summary lines, the seat's own part whole,
    the prompt and as many choices as fit (from ``page``). Returns the renderables and how
    many choices are listed."""
    own = picture.seats[seat].detail if seat < len(picture.seats) else None
    own_lines = len(lines_of(console, own)) if own is not None else 0
    head_lines = len(lines_of(console, Text.from_markup(head)))
    others = [p.summary for s, p in enumerate(picture.seats) if s != seat]
    shared = [line for part in picture.shared for line in lines_of(console, part)]
    room = height - 1 - head_lines - own_lines  # 1: the input line
    # the choices share what is left with the table everyone sees (at least its first lines)
    keep = min(len(shared), SHARED_MIN) + (len(others) + 1 if others else 0)
    shown = max(MIN_OPTIONS, min(len(legal) - page, room - keep))
    if shown < len(legal) - page:
        shown = max(MIN_OPTIONS, shown - 1)  # a line to say how to see the rest
    shown = min(shown, len(legal) - page)
    paging = len(legal) > shown
    room -= shown + (1 if paging else 0)
    parts: list[Any] = []
    width = console.width
    summary_lines = [Text(line if len(line) < width else line[:width - 2] + "…") for line in others]
    if room >= len(summary_lines) + 1:
        room -= len(summary_lines) + 1
    else:
        summary_lines = summary_lines[:max(0, room - 1)]
        room = 0
    if len(shared) > room:
        cut = max(0, room - 1)
        parts.extend(line_text(line) for line in shared[:cut])
        if room > 0:
            parts.append(Text(f"… {len(shared) - cut} more lines of the table: type 'board' to see it all",
                              style="dim"))
    else:
        parts.extend(line_text(line) for line in shared)
    if summary_lines:
        parts.append(Text("Others (type 'show N' for seat N in full):", style="dim"))
        parts.extend(summary_lines)
    if own is not None:
        parts.append(own)
    parts.append(Text.from_markup(head))
    parts.append(options_table(state, legal, page, shown))
    if paging:
        end = page + shown
        parts.append(Text(f"choices {page + 1}–{end} of {len(legal)}: 'more' shows the next, "
                          "'find WORDS' the ones that match; any number works", style="dim"))
    return parts, shown


class HumanAgent(Agent):
    """A person choosing at the keyboard; every choice is checked before it is taken.

    At a terminal each decision is one screen laid out for its size (``compose_screen``);
    ``plain`` (a pipe, a log, ``--plain``) prints the whole table and every choice instead."""

    name = "human"

    def __init__(self, console: Console, seed: int = 0, actions: ActionLog | None = None,
                 plain: bool | None = None):
        super().__init__(seed)
        self.console = console
        self.plain = not console.is_terminal if plain is None else plain
        self.shown = 0  # choices listed on the last screen (for 'more')
        # What happened so far, shown only as this seat may know it.
        self.actions = actions if actions is not None else ActionLog()

    def choose(self, state: GameState, seat: int) -> str:
        game = state.game
        step = state.decision()
        assert step is not None
        legal = state.legal_actions()
        head = f"[bold]Seat {seat} (you)[/bold] — {escape(step.prompt(state))}"
        page = 0
        if self.plain:
            self.console.print(game.render(state, seat))
            self.console.print("\n" + head)
        if len(legal) == 1 and not step.open:
            if not self.plain:
                self.show_screen(state, seat, head, legal, page)
            # nothing to decide: taken at once, and said
            self.console.print(f"[dim]Your only choice:[/dim] {escape(state.action_label(legal[0]))}")
            return legal[0]
        if self.plain:
            self.console.print(options_table(state, legal, 0, len(legal)))
        else:
            self.show_screen(state, seat, head, legal, page)
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
            if raw == "more":
                page = page + self.shown if page + self.shown < len(legal) else 0
                self.show_screen(state, seat, head, legal, page)
                continue
            if raw.startswith("find "):
                words = raw[5:].lower().split()
                hits = [n for n, a in enumerate(legal) if all(w in f"{state.action_label(a)} {a}".lower() for w in words)]
                rows = Table(show_header=False, box=None, pad_edge=False)
                for n in hits[:MIN_OPTIONS * 3]:
                    rows.add_row(f"[cyan]{n + 1:>3}[/cyan]", escape(state.action_label(legal[n])))
                self.console.print(rows if hits else "[dim]no choice matches[/dim]")
                if len(hits) > MIN_OPTIONS * 3:
                    self.console.print(f"[dim]… and {len(hits) - MIN_OPTIONS * 3} more: add a word[/dim]")
                continue
            if raw.startswith("show "):
                arg = raw[5:].strip()
                picture = game.picture(state, seat)
                if arg.isdigit() and int(arg) < len(picture.seats):
                    self.console.print(picture.seats[int(arg)].detail)
                else:
                    self.console.print(f"[red]no seat {escape(clip(arg))}[/red]: seats are 0 to {state.num_players - 1}")
                continue
            if raw == "log":
                seen = [f"#{r.index + 1} seat {r.seat}: {r.seen_by(seat)}" for r in self.actions]
                self.console.print(escape("\n".join(seen)) or "(no actions yet)")
                continue
            action = legal[int(raw) - 1] if raw.isdigit() and 1 <= int(raw) <= len(legal) else raw
            try:
                state.check(action)
            except IllegalAction as exc:
                self.console.print(f"[red]{escape(exc.reason)}[/red]: {escape(clip(action))}. "
                                   f"Type a number from 1 to {len(legal)}, an action id, or 'help'.")
                continue
            return action

    def show_screen(self, state: GameState, seat: int, head: str, legal: Sequence[str], page: int) -> None:
        parts, self.shown = compose_screen(self.console, state, seat, state.game.picture(state, seat), head,
                                           legal, page, self.console.height)
        self.console.clear()
        for part in parts:
            self.console.print(part)


def make_seats(
    specs: Sequence[str], seed: int, console: Console, actions: ActionLog | None = None, plain: bool | None = None
) -> list[Agent]:
    actions = actions if actions is not None else ActionLog()
    return [
        HumanAgent(console, agent_seed(seed, i), actions, plain) if spec == "human"
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
