"""A terminal picture of the table (rich): Cup, lecterns, Scriptorium and each copyist's scroll."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from inkhorn.core.picture import Picture, SeatPicture
from inkhorn.games.scriptoria.content import COLOURS, KINDS, SUPPLIES
from inkhorn.games.scriptoria.scoring import HELL_DOOR, breakdown, score
from inkhorn.games.scriptoria.state import EMPTY, PHASE_NAMES, ScriptoriaState

STYLE = {"red": "red", "blue": "blue", "green": "green", "black": "white on grey23", "gold": "yellow"}
SHORT = {"red": "R", "blue": "B", "green": "G", "black": "K", "gold": "Au"}


# What each code of the picture means (Game.legend: `help` at the prompt, `inkhorn rules`)
LEGEND = (
    ("B17:2(RGK)", "a sketch: B17 is its id (B border, C corner, T text, M miniature, D drop cap), "
                   "2 its points, (RGK) the inks it costs"),
    ("R B G K Au", "the inks: red, blue, green, black, gold"),
    ("3R 4B", "inks held: 3 red, 4 blue"),
    ("L:[ ]  R:[ ]", "an empty place of the left or right frieze (L:B56... a sketch placed there)"),
    ("[ ]", "an empty place on the scroll"),
    ("→ seat1", "this lectern was taken by copyist 1 today"),
    ("5/3/2", "an achievement pile: the points of its tiles, the next one first"),
    ("-", "nothing"),
    ("(you)", "your own copyist"),
)


def inks_text(counts: list[int]) -> Text:
    t = Text()
    for col, n in zip(COLOURS, counts):
        if n:
            t.append(f"{n}{SHORT[col]} ", style=STYLE[col])
    return t if t.plain else Text("-")


def sketch_text(state: ScriptoriaState, i: int) -> Text:
    sk = state.content.sketches[i]
    t = Text(f"{sk.id}:{sk.points}(")
    for col, n in zip(COLOURS, sk.cost):
        if n:
            t.append(SHORT[col] * n if col != "gold" else "Au" * n, style=STYLE[col])
    t.append(")")
    return t


def sketches_text(state: ScriptoriaState, items: Any) -> Text:
    t = Text()
    for k, i in enumerate(items):
        if k:
            t.append(" ")
        t.append_text(sketch_text(state, i))
    return t if t.plain else Text("-")


def picture(state: ScriptoriaState, seat: int | None) -> Picture:
    c = state.content
    head = Text(
        f"Day {state.day} · {PHASE_NAMES[state.phase]} · Archivist: seat{state.archivist}"
        + (f" · Grimoire: seat{state.grimoire}" if state.grimoire >= 0 else "")
        + f" · sketch bag {len(state.sketch_bag)} · ink bag {sum(state.ink_bag)}"
    )
    table = Table(title=None, show_lines=False, expand=False)
    table.add_column("")
    table.add_column("contents")
    table.add_row("Cup", inks_text(state.cup))
    for k, lec in enumerate(state.lecterns):
        owner = state.lectern_owner[k]
        who = f" → seat{owner}" if owner >= 0 else ""
        table.add_row(f"{c.lectern_names[lec]} ({SUPPLIES[c.lectern_supply[lec]]} supply){who}",
                      sketches_text(state, state.lectern_sketches[k]))
    table.add_row("Scriptorium", sketches_text(state, state.scriptorium))
    piles = " ".join(
        f"{c.part_ids[p]}:{'/'.join(str(a[2]) for a in c.achievements[p][state.pile_taken[p]:]) or '-'}"
        for p in range(c.num_parts)
    )
    table.add_row("Achievements", piles)
    seats = []
    for s in range(state.num_players):
        b = breakdown(state, s)
        title = f"seat{s}" + (" (you)" if s == seat else "") + (" · Archivist" if s == state.archivist else "")
        t = Table.grid(padding=(0, 1))
        t.add_row("inks", inks_text(state.ink_row(s)))
        t.add_row("stock", sketches_text(state, state.stocks[s]))
        scroll = state.scrolls[s]
        for kind in range(len(KINDS)):
            slots = c.slots_of_kind[kind]
            if not slots:
                continue
            row = Text()
            for i in slots:
                side = c.slot_side[i]
                row.append("L:" if side == "left" else "R:" if side == "right" else "")
                row.append_text(sketch_text(state, scroll[i]) if scroll[i] != EMPTY else Text("[ ]", style="dim"))
                row.append(" ")
            t.add_row(KINDS[kind], row)
        ach = ", ".join(c.achievements[a >> 4][a & 15][1] for a in state.achievements[s]) or "-"
        t.add_row("achievements", ach)
        t.add_row("help", f"{state.help_left[s]} left, {state.help_received[s]} received")
        t.add_row("score", f"{b['total']} ({b['scored']} scored + {b['achievements']} achievements + {b['help']} help)")
        placed = sum(1 for x in scroll if x != EMPTY)
        summary = (f"{title}: {b['total']} points · inks {inks_text(state.ink_row(s)).plain or '-'} · "
                   f"stock {len(state.stocks[s])} · scroll {placed} of {len(scroll)} · help {state.help_left[s]}")
        seats.append(SeatPicture(summary, Panel(t, title=title, expand=False)))
    parts: list[Any] = []
    if state.stack:
        step = state.stack[-1]
        parts.append(Text(f"seat{step.seat} to act: {step.prompt(state)}", style="bold"))
    else:
        winners = ", ".join(f"seat{w}" for w in state.winners())
        parts.append(Text(f"Game over after {state.day} Days. Winner(s): {winners}", style="bold"))
        door = [f"seat{s}" for s in range(state.num_players) if score(state, s) >= HELL_DOOR]
        if door:
            parts.append(Text(f"{', '.join(door)} reached {HELL_DOOR}: the black door of the Hell of the Library opens.", style="bold red"))
    return Picture(shared=[head, table], seats=seats, status=parts)


def render(state: ScriptoriaState, seat: int | None) -> Any:
    return Group(*picture(state, seat).whole())


def holdings(state: ScriptoriaState) -> list[dict[str, Counter[str]]]:
    """Per seat: sketches in stock and lecterns drawn today (acquired), sketches on the
    scroll (played), achievement tiles (scored); see ``Game.holdings``."""
    c = state.content
    sketches = c.sketches
    piles = c.achievements
    out = []
    for seat in range(state.num_players):
        acquired = Counter(sketches[x].name for x in state.stocks[seat])
        out.append({
            "acquired": acquired,
            "played": Counter(sketches[x].name for x in state.scrolls[seat] if x != EMPTY),
            "scored": Counter(piles[code >> 4][code & 15][1] for code in state.achievements[seat]),
        })
    for k, owner in enumerate(state.lectern_owner):
        if owner >= 0:
            out[owner]["acquired"][c.lectern_names[state.lecterns[k]]] += 1
    return out
