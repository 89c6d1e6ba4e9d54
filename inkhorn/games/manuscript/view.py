"""Terminal view: the Shop, the exemplars, and both pages of every scribe drawn square by square.

Each square takes two characters. A text shows its title in its first line and its points in
its last square once complete; a text in progress shows its remaining squares faintly; the
darker mid-lines of each page (the quadrant borders) are drawn as rules.
"""

from __future__ import annotations

from collections import Counter

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from inkhorn.core.picture import Picture, SeatPicture
from inkhorn.games.manuscript import rules, scoring
from inkhorn.games.manuscript.grid import HALF
from inkhorn.games.manuscript.state import DECO, SHOP_ROW, ManuscriptState

PALETTE = ("cyan", "green", "magenta", "blue", "yellow", "bright_red", "bright_cyan", "bright_green")


# What each code of the picture means (Game.legend: `help` at the prompt, `inkhorn rules`)
LEGEND = (
    ("·", "an empty square of a page"),
    ("▓", "a copied square of a text"),
    ("FLOR", "the first letters of a text's title, on its first line"),
    ("░", "a square planned for the text being copied, not copied yet"),
    ("12", "on a text's last square: the points of a finished text"),
    ("✚", "a square of a decoration"),
    ("# and .", "a decoration's shape: # a square it takes, . a gap"),
    ("│ ┼ ─", "the lines between a page's quadrants"),
    ("3 → 8", "an exemplar: copy 3 of its texts for its partial bonus; all of them for its total"),
    ("← … →", "the shop's cards in order, from next to the discard pile to next to the draw pile"),
    ("2/4 points", "a text's points copied single-spaced / double-spaced"),
    ("(you)", "your own scribe"),
)


def _title_letters(title: str) -> str:
    return "".join(ch for ch in title if ch.isalnum()).upper()


def page_cells(state: ManuscriptState, seat: int) -> dict[int, tuple[str, str]]:
    """Grid cell -> (two characters, style) for every marked or reserved square of a scribe."""
    geo = state.geo
    content = state.content
    grid = state.grid[seat]
    out: dict[int, tuple[str, str]] = {}
    finished = dict(state.finished[seat])
    voided = set(state.voided[seat])
    plan = set(state.plan[seat])
    for card, page, r, c, w, double in state.records[seat]:
        lens = rules.text_shapes(state, card, w)[0]
        cells = geo.layout(lens, bool(double), r, c, apart=False) or ()
        off = page * geo.page_cells
        colour = PALETTE[card % len(PALETTE)]
        if card in voided:
            colour = "red dim"
        letters = _title_letters(content.texts[card].title)
        for i, x in enumerate(cells):
            cell = off + x
            if grid[cell] != card + 1:
                if cell in plan:
                    out[cell] = ("░░", "dim " + colour)
                continue
            if i < lens[0]:
                out[cell] = ((letters[2 * i : 2 * i + 2] or "▓▓").ljust(2, "▓"), "bold " + colour)
            else:
                out[cell] = ("▓▓", colour)
        if card in finished and grid[off + cells[-1]] == card + 1:
            out[off + cells[-1]] = (f"{finished[card]:>2}", "bold white on " + PALETTE[card % len(PALETTE)])
    for cell, v in enumerate(grid):
        if v >= DECO:
            out[cell] = ("✚✚", "bold yellow")
    return out


def draw_pages(state: ManuscriptState, seat: int) -> Text:
    geo = state.geo
    marks = page_cells(state, seat)
    text = Text()
    for page in (0, 1):
        text.append("   " if page == 0 else "    ")
        for c in range(geo.cols):
            if c == HALF:
                text.append(" ")
            text.append(f"{c + 1:>2}", style="bold" if c % 2 else "dim")
    text.append("\n")
    mid = geo.rows // 2
    for r in range(geo.rows):
        if r == mid:
            rule = "──" * HALF + "┼" + "──" * HALF
            text.append("   " + rule + "    " + rule + "\n", style="bright_black")
        for page in (0, 1):
            text.append(f"{r + 1:>2} " if page == 0 else "    ", style="dim")
            for c in range(geo.cols):
                if c == HALF:
                    text.append("│", style="bright_black")
                cell = page * geo.page_cells + r * geo.cols + c
                chars, style = marks.get(cell, ("· ", "bright_black"))
                text.append(chars, style=style)
        text.append("\n")
    return text


def scribe_panel(state: ManuscriptState, seat: int, viewer: int | None) -> Panel:
    content = state.content
    parts = scoring.breakdown(state, seat)
    a = state.active[seat]
    if a >= 0:
        t = content.texts[a]
        active = f"{t.title} [{rules.describe_card(t)}]"
        if state.plan[seat]:
            active += f", {state.progress[seat]}/{len(state.plan[seat])} squares copied"
    else:
        active = "(empty)"
    pool = ", ".join(content.texts[c].title for c in state.pool[seat]) or "(none)"
    info = Text()
    info.append(f"Cubes {state.hand[seat]}  on exemplars {state.locked[seat]}  "
                f"texts finished {len(state.finished[seat])}  quadrants {state.quadrants_with_text(seat)}/8\n")
    info.append(f"Active: {active}\nPool: {pool}\n")
    info.append(
        f"Score {parts['total']}  (texts {parts['texts']}, decorations {parts['decorations']}, "
        f"exemplars {parts['exemplars']}, luxury {parts['luxury']})",
        style="bold",
    )
    who = f"Scribe {seat}" + (" (you)" if viewer == seat else "") + (" — first player" if state.first == seat else "")
    style = "bold green" if state.current_seat() == seat else "white"
    return Panel(Group(draw_pages(state, seat), info), title=who, border_style=style, expand=False)


def shop_table(state: ManuscriptState) -> Table:
    content = state.content
    table = Table(title="Shop (discard pile ← … → draw pile)", show_lines=False, expand=False)
    table.add_column("row")
    for cost in state.costs:
        table.add_column(f"{cost} cube{'s' if cost > 1 else ''}")
    for row in (0, 1):
        cells = []
        for i in range(SHOP_ROW):
            card = state.shop[row * SHOP_ROW + i]
            if card < 0:
                cells.append("—")
            else:
                t = content.texts[card]
                cells.append(f"{t.title}\n[dim]{t.language}; {rules.describe_card(t)}[/dim]")
        table.add_row(str(row + 1), *cells)
    return table


def exemplar_table(state: ManuscriptState) -> Table:
    content = state.content
    table = Table(title="Exemplars", expand=False)
    for col in ("exemplar", "texts", "partial", "total", "decoration", "followers"):
        table.add_column(col)
    for j, e in enumerate(state.exemplars):
        ex = content.exemplars[e]
        tile = content.decorations[content.deco_of[e]]
        owner = state.deco_owner[j]
        holder = "available" if owner == -1 else "unused" if owner == -2 else f"scribe {owner}"
        texts = ", ".join(content.texts[c].title for c in content.components[e])
        table.add_row(ex.title, texts, f"{ex.partial_needs} → {ex.partial_bonus}", str(ex.total_bonus),
                      f"{tile.name} ({tile.points}; {holder})\n" + "\n".join(tile.shape),
                      ", ".join(str(s) for s in state.followers[j]) or "—")
    return table


def picture(state: ManuscriptState, seat: int | None) -> Picture:
    content = state.content
    status = f"Round {state.round}  phase {state.phase}  draw pile {len(state.deck)}"
    if state.end_trigger >= 0:
        status += f"  — the end was triggered by scribe {state.end_trigger}: this is the last round"
    discard = ", ".join(content.texts[c].title for c in state.discard) or "(empty)"
    seats = []
    for s in range(state.num_players):
        parts = scoring.breakdown(state, s)
        summary = (f"Scribe {s}{' ◀' if state.current_seat() == s else ''}: score {parts['total']} · "
                   f"cubes {state.hand[s]} · texts finished {len(state.finished[s])} · "
                   f"quadrants {state.quadrants_with_text(s)}/8 · pool {len(state.pool[s])}")
        seats.append(SeatPicture(summary, scribe_panel(state, s, seat)))
    shared = [Text(status, style="bold"), shop_table(state), Text(f"Discard pile: {discard}", style="dim"),
              exemplar_table(state)]
    return Picture(shared=shared, seats=seats)


def render(state: ManuscriptState, seat: int | None) -> Group:
    pic = picture(state, seat)
    order = [seat] + [s for s in range(state.num_players) if s != seat] if seat is not None else range(
        state.num_players)
    return Group(*pic.shared, *(pic.seats[s].detail for s in order))


def holdings(state: ManuscriptState) -> list[dict[str, Counter[str]]]:
    """Per seat: texts in the pool and decorations won (acquired), the text being copied
    (played), complete texts (scored); see ``Game.holdings``."""
    c = state.content
    texts = c.texts
    out = []
    for seat in range(state.num_players):
        active = state.active[seat]
        out.append({
            "acquired": Counter(texts[x].title for x in state.pool[seat]),
            "played": Counter((texts[active].title,) if active >= 0 else ()),
            "scored": Counter(texts[x].title for x, _ in state.finished[seat]),
        })
    for j, owner in enumerate(state.deco_owner):
        if owner >= 0:
            out[owner]["acquired"][c.decorations[j].name] += 1
    return out
