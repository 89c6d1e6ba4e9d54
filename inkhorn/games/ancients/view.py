"""Terminal rendering: each builder's Timeline as a 2 x 6 grid, the Past, artifacts,
technologies, the technology tiles and (for the viewing seat) the hand with card texts."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from inkhorn.core.picture import Picture, SeatPicture
from inkhorn.games.ancients.content import Artifact, Monument, Technology, describe, requirement_text
from inkhorn.games.ancients.scoring import total
from inkhorn.games.ancients.state import EMPTY, AncientsState

KIND_STYLE = {"city": "bold yellow", "megalith": "bold cyan", "pyramid": "bold magenta"}
KIND_MARK = {"city": "C", "megalith": "M", "pyramid": "P"}


# What each code of the picture means (Game.legend: `help` at the prompt, `inkhorn rules`)
LEGEND = (
    ("[g06 M col 3 · 3★ · 2 knowledge · cost 0]", "a monument card: its id, its kind (M megalith, "
                                                   "P pyramid, C city), the Timeline column it is built in, its "
                                                   "points, the knowledge it holds, its cost in cards"),
    ("[t2a5 ancient L2 · needs …]", "a technology: its id, its type, its level and what it needs"),
    ("5★ 4k", "a monument in the Timeline: 5 points, 4 knowledge on it"),
    ("·", "an empty place of the Timeline"),
    ("1 (declines)", "column 1: its monuments go to the Past next"),
    ("↻", "a monument of the Past turned by Excavate"),
    ("locked", "a locked card: played on its own column only, never moved"),
    ("◆ turn", "the builder whose turn it is"),
    ("(you)", "your own civilisation"),
)


def card_line(card: Monument | Artifact | Technology) -> Text:
    """One readable line: name, numbers and the effect in words."""
    t = Text()
    if isinstance(card, Monument):
        t.append(f"{card.name} ", style=KIND_STYLE[card.kind])
        lock = " locked" if card.locked else ""
        t.append(
            f"[{card.id} {KIND_MARK[card.kind]} col {card.column}{lock} · {card.stars}★ · "
            f"{card.tokens} knowledge · cost {card.cost}] "
        )
    elif isinstance(card, Artifact):
        t.append(f"{card.name} ", style="bold green")
        t.append(f"[{card.id} artifact · cost {card.cost}] ")
    else:
        t.append(f"{card.name} ", style="bold blue")
        t.append(f"[{card.id} {card.type} L{card.level} · needs {requirement_text(card.requires)}] ")
    t.append(describe(card), style="dim")
    return t


def timeline_table(state: AncientsState, seat: int) -> Table:
    c = state.content
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for col in range(1, 7):
        table.add_column(f"{col}{' (declines)' if col == 1 else ''}", min_width=14)
    base = seat * 12
    for row in (1, 0):
        cells = []
        for col in range(6):
            x = state.timeline[base + col * 2 + row]
            if x == EMPTY:
                cells.append(Text("·", style="dim"))
            else:
                card = c.all[x]
                cell = Text(card.name, style=KIND_STYLE[card.kind])  # type: ignore[union-attr]
                cell.append(f"\n{c.stars[x]}★ {state.tokens[x]}k")
                cells.append(cell)
        table.add_row(*cells)
    return table


def board_panel(state: AncientsState, seat: int, viewer: int | None) -> Panel:
    c = state.content
    parts: list[Any] = [timeline_table(state, seat)]
    past = ", ".join(
        c.all[x].name + ("↻" if state.rotated[x] else "") for x in state.past[seat]
    )
    parts.append(Text(f"Past ({len(state.past[seat])}): {past or '-'}"))
    parts.append(Text("Artifacts: " + (", ".join(c.all[x].name for x in state.artifacts[seat]) or "-")))
    rows: dict[str, list[str]] = {}
    for t in state.techs[seat]:
        card = c.techs[t - c.n_builders]
        rows.setdefault(card.type, []).append(f"{card.name} (L{card.level})")
    parts.append(
        Text("Technologies: " + ("; ".join(f"{k}: {', '.join(v)}" for k, v in sorted(rows.items())) or "-"))
    )
    parts.append(
        Text(
            f"Lost knowledge {state.lost[seat]} · gained {state.banked[seat]} · "
            f"hand {len(state.hands[seat])} · "
            f"score now {total(state, seat)}"
        )
    )
    title = f"Builder {seat}" + (" (you)" if seat == viewer else "")
    title += " ◆ turn" if seat == state.turn else ""
    return Panel(Group(*parts), title=title, border_style="green" if seat == viewer else "white")


def picture(state: AncientsState, seat: int | None, compact: bool = True) -> Picture:
    """The table in parts; ``compact`` gives each card in hand one line (its effect cut short:
    ``board`` shows it whole)."""
    c = state.content
    if state.phase == "over":
        status = "game over · " + ", ".join(f"builder {s}: {int(v)}" for s, v in enumerate(state.scores()))
    else:
        deciding = state.current_seat()
        who = (f"builder {state.turn} to play" if deciding in (None, state.turn)
               else f"builder {deciding} decides now (builder {state.turn}'s turn)")
        status = f"phase {state.phase} · {who} · {state.actions_left} action(s) left"
    head = Text(
        f"Round {state.round} · {status} · deck {len(state.deck)} · discard {len(state.discard)} · "
        f"reserve {state.reserve}"
    )
    if state.end_triggered:
        head.append(" · LAST ROUND", style="bold red")
    tiles = Table(title="Technology tiles", box=None, show_header=False)
    tiles.add_column()
    for t, (cards, lvl) in enumerate(zip(state.tiles, state.tile_level)):
        if lvl == 0:
            tiles.add_row(Text(f"Tile {t + 1}: removed", style="dim"))
            continue
        tiles.add_row(Text(f"Tile {t + 1} (level {'I' if lvl == 1 else 'II'})", style="bold"))
        for x in cards:
            tiles.add_row(card_line(c.all[x]))
    shared: list[Any] = [head, tiles]
    if state.placing != EMPTY:
        shared.append(Text("Being created: ").append(card_line(c.all[state.placing])))
    seats = []
    for s in range(state.num_players):
        detail: Any = board_panel(state, s, seat)
        if s == seat:
            hand = Table(title=f"Your hand ({len(state.hands[seat])})", box=None, show_header=False,
                         title_justify="left")
            hand.add_column(no_wrap=compact, overflow="ellipsis" if compact else "fold")
            for x in sorted(state.hands[seat]):
                hand.add_row(card_line(c.all[x]))
            detail = Group(detail, hand)
        built = sum(1 for x in state.timeline[s * 12:(s + 1) * 12] if x != EMPTY)
        summary = (f"Builder {s}{' ◆ turn' if s == state.turn else ''}: score now {total(state, s)} · "
                   f"Timeline {built} · Past {len(state.past[s])} · lost knowledge {state.lost[s]} · "
                   f"hand {len(state.hands[s])}")
        seats.append(SeatPicture(summary, detail))
    now = []
    if state.stack:
        now.append(Text(f"Now: {state.stack[-1].prompt(state)} (builder {state.current_seat()})", style="bold"))
    return Picture(shared=shared, seats=seats, status=now)


def render(state: AncientsState, seat: int | None) -> Any:
    return Group(*picture(state, seat, compact=False).whole())


def holdings(state: AncientsState) -> list[dict[str, Counter[str]]]:
    """Per seat: cards in hand and technologies learned (acquired), monuments on the
    timeline and artifacts (played), monuments declined into the Past (scored); see
    ``Game.holdings``."""
    cards = state.content.all
    out = []
    for seat in range(state.num_players):
        acquired = Counter(cards[x].name for x in state.hands[seat])
        acquired.update(cards[x].name for x in state.techs[seat])
        played = Counter(cards[x].name for x in state.timeline[seat * 12 : seat * 12 + 12] if x != EMPTY)
        played.update(cards[x].name for x in state.artifacts[seat])
        out.append({"acquired": acquired, "played": played,
                    "scored": Counter(cards[x].name for x in state.past[seat])})
    return out
