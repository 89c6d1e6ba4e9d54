"""Manuscript's table for the browser: the Shop, the exemplars, and each scribe's two pages
square by square, with the Active Text Area, the pool and the cubes.

A text or a decoration is placed by pointing at the page: each square that can start it
stands for that choice and ``covers`` the squares it would take."""

from __future__ import annotations

from typing import Any

from inkhorn.core.scene import Piece, Scene, Zone, seat_order
from inkhorn.games.manuscript.content import Content, TextCard, load_content
from inkhorn.games.manuscript.grid import COLS, HALF, geometry
from inkhorn.games.manuscript.state import DECO


def describe(t: TextCard) -> str:
    shape = f"prose, {t.squares} squares" if t.form == "prose" else f"{t.lines} lines of {t.line_length}"
    return f"{t.language}; {shape}; {t.points_single} points single-spaced, {t.points_double} double"


def text_card(c: Content, tid: str, choices: tuple[str, ...] = (), sub: str = "", **extra: Any) -> Piece:
    t = c.texts[c.text_index[tid]]
    shape = f"prose {t.squares}" if t.form == "prose" else f"{t.lines}×{t.line_length}"
    return Piece(text=t.title, sub=sub or f"{shape} · {t.points_single}/{t.points_double} pts", kind="card",
                 tip=f"{t.title}: {describe(t)}", choices=choices, **extra)


def scene(obs: dict[str, Any], me: int | None, options: Any) -> Scene:
    c = load_content(options.content)
    costs = options.costs()
    n = len(obs["scribes"])
    zones: list[Zone] = []

    shop = []
    row = len(obs["shop"]) // 2
    for i, tid in enumerate(obs["shop"]):
        cost = costs[i % row]
        at = (i // row, i % row)
        if tid is None:
            shop.append(Piece(text="—", kind="slot", empty=True, at=at, tip=f"an empty space ({cost} cubes)"))
        else:
            shop.append(text_card(c, tid, (f"buy:{tid}",), at=at, marks=(f"{cost} cube{'s' if cost > 1 else ''}",)))
    zones.append(Zone("Shop", shop, layout="grid", size=(2, row), key="shop",
                      note=f"draw pile {obs['draw_pile']} · discard {len(obs['discard'])}"))

    exemplars = []
    for ex in obs["exemplars"]:
        e = c.exemplars[c.exemplar_index[ex["id"]]]
        d = next(d for d in c.decorations if d.id == e.decoration)
        holder = ex["decoration_holder"]
        titles = ", ".join(c.texts[c.text_index[x]].title for x in e.texts)
        exemplars.append(Piece(
            text=e.title, kind="card", colour="gold",
            sub=f"{len(e.texts)} texts · {e.partial_needs}→{e.partial_bonus} · all {e.total_bonus}",
            marks=tuple(f"scribe {s}" for s in ex["followers"]),
            tip=f"Exemplar {e.title}: {titles}. Copy {e.partial_needs} of them for {e.partial_bonus} points, all for "
                f"{e.total_bonus}. Decoration {d.name} ({d.points} points): "
                + ("available" if holder == -1 else "unused" if holder == -2 else f"won by scribe {holder}")
                + ". Followed by " + (", ".join(f"scribe {s}" for s in ex["followers"]) or "no one"),
            choices=(f"follow:{ex['id']}",)))
    zones.append(Zone("Exemplars", exemplars, key="exemplars"))

    for s in seat_order(n, me):
        zones.extend(scribe(c, obs, s, me, options.page_rows))
    status = f"Round {obs['round']} · {obs['phase']}"
    if obs["end_triggered_by"] >= 0:
        status += f" · last round (triggered by scribe {obs['end_triggered_by']})"
    return Scene(status=status, zones=zones, legend=[
        ("letters", "the first line of a text, spelling its title"),
        ("▒", "a square of a text being copied, reserved but not yet written"),
        ("✚", "a decoration tile"), ("✓", "the last square of a finished text, with its points"),
        ("pts", "points single-spaced / double-spaced"),
    ])


def scribe(c: Content, obs: dict[str, Any], s: int, me: int | None, rows: int) -> list[Zone]:
    sc = obs["scribes"][s]
    own = s == me
    detail = obs.get("decision_detail") or {}
    decision = obs.get("decision") if own and obs["to_act"] == s else None
    geo = geometry(rows)
    grid = sc["grid"]
    ids = [t.id for t in c.texts]
    finished = dict((tid, pts) for tid, pts in sc["finished"])
    plan = set(sc["plan"][sc["progress"]:])
    last_square: dict[int, str] = {}  # a finished text's last square shows its points
    first_line: dict[int, str] = {}  # a text's first line spells its title
    for tid, page, r, col, width, double in sc["texts"]:
        t = c.texts[c.text_index[tid]]
        cells = geo.layout(c.lines(c.text_index[tid], width), bool(double), r, col, apart=False) or ()
        if cells and tid in finished:
            last_square[page * geo.page_cells + cells[-1]] = tid
        letters = "".join(ch for ch in t.title if ch.isalnum()).upper()
        for k in range(width):
            first_line[page * geo.page_cells + r * COLS + col + k] = letters[k] if k < len(letters) else ""
    squares: dict[int, Piece] = {}
    pointing = decision in ("ChoosePage", "Scrape", "ChooseAnchor", "PlaceDecoration")
    for cell, v in enumerate(grid):
        if not v and not pointing and cell not in plan:
            continue  # a blank square: the page draws it
        page, x = divmod(cell, geo.page_cells)
        r, col = divmod(x, COLS)
        at = (r, col)
        side = "left" if page == 0 else "right"
        where = f"{side} page, row {r + 1}, column {col + 1}"
        if v >= DECO:
            piece = Piece(text="✚", kind="square", tip=f"{where}: a decoration")
        elif v > 0:
            tid = ids[v - 1]
            title = c.texts[v - 1].title
            mark = f"{finished[tid]}✓" if last_square.get(cell) == tid else first_line.get(cell, "")
            piece = Piece(text=mark, kind="square", tip=f"{where}: {title}"
                          + (f" (finished, {finished[tid]} points)" if tid in finished else ""))
        elif cell in plan:
            piece = Piece(text="▒", kind="square", tip=f"{where}: reserved for {c.texts[c.text_index[sc['active']]].title}"
                          if sc["active"] else f"{where}: reserved")
        else:
            piece = Piece(text="", kind="square", empty=True, tip=where)
        piece.at = at
        if decision == "ChoosePage":
            piece.choices = (f"page:{page + 1}",)
        elif decision == "Scrape":
            action = f"row:p{page + 1}:r{r + 1}"
            piece.choices = (action,)
            piece.covers = {action: [(r, k) for k in range(COLS)]}
        squares[cell] = piece
    if decision == "ChooseAnchor" and sc["active"]:
        page = detail["page"]
        lens = c.lines(c.text_index[sc["active"]], detail["width"])
        for r in range(rows):
            for col in range(COLS):
                shape = geo.layout(lens, detail["double"], r, col)
                if not shape or any(grid[page * geo.page_cells + x] for x in shape):
                    continue
                action = f"at:r{r + 1}:c{col + 1}"
                piece = squares[page * geo.page_cells + r * COLS + col]
                piece.choices = (action,)
                piece.covers = {action: [(x // COLS, x % COLS) for x in shape]}
    if decision == "PlaceDecoration":
        deco = next(d for d in c.decorations if d.id == detail["decoration"])
        for page in (0, 1):
            for r in range(rows):
                for col in range(COLS):
                    tile = [(r + dr, col + dc) for dr, dc in deco.cells()]
                    if any(rr >= rows or cc >= COLS for rr, cc in tile):
                        continue
                    action = f"deco:p{page + 1}:r{r + 1}:c{col + 1}"
                    piece = squares[page * geo.page_cells + r * COLS + col]
                    piece.choices = (action,)
                    piece.covers = {action: tile}

    active = sc["active"]
    desk = []
    if active:
        copied = f"{sc['progress']} of {len(sc['plan'])} squares copied" if sc["plan"] else "not started"
        desk.append(text_card(c, active, ("copy", "active") if own else (), marks=("active",),
                              sub=copied))
    else:
        desk.append(Piece(text="Active Text Area", kind="slot", empty=True, choices=("active",) if own else (),
                          tip="the Active Text Area: empty"))
    desk.append(Piece(text="Cubes", kind="counter", count=sc["cubes"],
                      tip=f"{sc['cubes']} cubes in hand ({sc['own_cubes']} of your own colour), "
                          f"{sc['on_exemplars']} on exemplars, {sc['reserved']} kept for next round"))
    desk.append(Piece(text="Score", kind="counter", count=round(obs["scores"][s]), tip=f"{obs['scores'][s]} points"))
    pool_choices = ("activate:{}", "keep:{}") if own else ("borrow:{}",)
    pool = [text_card(c, t, tuple(f.format(t) for f in pool_choices)) for t in sc["pool"]]
    if own:
        pool.append(Piece(text="into the pool", kind="slot", choices=("pool",), tip="put the new text in your pool"))
    kept = [text_card(c, t, marks=("kept",)) for t in sc["kept"]]
    voided = ", ".join(c.texts[c.text_index[t]].title for t in sc["voided"])
    return [
        Zone("Desk", desk, seat=s, key=f"desk-{s}",
             note=f"{len(finished)} texts finished" + (f" · voided: {voided}" if voided else "")
             + (" · first player" if obs["first_player"] == s else "")),
        Zone("Pool", pool + kept, seat=s, key=f"pool-{s}"),
        *(Zone(f"{side.title()} page", [p for cell, p in squares.items() if cell // geo.page_cells == page],
               seat=s, layout="grid", size=(rows, COLS), fill=True, key=f"page-{s}-{page + 1}",
               tip=f"the {side} page: {COLS} columns in two text columns of {HALF}; its mid-lines cut four quadrants")
          for page, side in ((0, "left"), (1, "right"))),
    ]
